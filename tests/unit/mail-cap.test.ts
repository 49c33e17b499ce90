import { describe, expect, it } from "vitest";
import { capDecision, digestMessage, MAIL_CAP } from "~/lib/platform/mail-cap";

describe("the per-address mail cap", () => {
  it("sends up to the cap, then one digest, then nothing", () => {
    const decisions = Array.from({ length: MAIL_CAP.perWindow + 5 }, (_, i) => capDecision(i + 1));
    expect(decisions.filter((d) => d === "send")).toHaveLength(MAIL_CAP.perWindow);
    expect(decisions[MAIL_CAP.perWindow]).toBe("digest");
    expect(decisions.slice(MAIL_CAP.perWindow + 1).every((d) => d === "drop")).toBe(true);
  });

  it("words the digest for the club, without links", () => {
    const digest = digestMessage({ clubName: "Test Club", clubEmail: "info@example.org" });
    expect(digest.subject).toBe("Several new messages from Test Club");
    expect(digest.body).toContain("You have several new entries and messages from Test Club");
    expect(digest.body).toContain("Questions: info@example.org");
    expect(digest.body).not.toMatch(/https?:/);
  });
});
