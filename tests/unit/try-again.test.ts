/** The rate limits' "try again" wording. */
import { describe, expect, it } from "vitest";
import { minutesToWait, tryAgainIn } from "~/lib/util/try-again";

describe("tryAgainIn", () => {
  it("rounds up to whole minutes, never below one", () => {
    expect(minutesToWait(0)).toBe(1);
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(60)).toBe(1);
    expect(minutesToWait(61)).toBe(2);
    expect(minutesToWait(900)).toBe(15);
  });

  it("says minute for one and minutes for more", () => {
    expect(tryAgainIn(30)).toBe("Please try again in 1 minute.");
    expect(tryAgainIn(900)).toBe("Please try again in 15 minutes.");
  });
});
