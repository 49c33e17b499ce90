/**
 * The privacy notice's versions (issue 35 item 1): a published version never changes its words.
 * Each version's text, with a fixed club, is fingerprinted here when it is published; changing a
 * retention value, a list item or a sentence of a version fails until the change is made a new
 * version (add it to NOTICE_VERSIONS, freeze the old one's values) and its fingerprint added.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { KEEP } from "~/lib/admin/overview";
import { CURRENT_NOTICE, NOTICE_VERSIONS, noticeText, noticeVersion } from "~/lib/privacy/notice";
import { RETENTION, raceDaySchedule, resultsCheckSchedule } from "~/lib/platform/retention";

const CONTEXT = {
  clubName: "Test Club",
  clubEmail: "club@example.org",
  officer: { name: "Pat Officer", address: "PO Box 1" },
  inactiveYears: 4,
};

/** version -> sha256 of its text with CONTEXT, recorded when the version was published. */
const PUBLISHED: Record<number, string> = {
  1: "25e19af130c611b854591757011bf2f2f78cfd9e5c85b2374b203800b8b74d10",
  2: "958b20e1818cb0ced2e073e806021a31381cf2e38704d342d7b6f34279732501",
  3: "b410ed2901eb078c9f833838ce8af215fac0b1329f505b0279b4952cb913e8e5",
  4: "1ac0fecceea1b3a9b738871da6bb0fc3ee7f697961708c6787f28a39f99c2dbd",
};

const fingerprint = (version: number) =>
  createHash("sha256")
    .update(noticeText(noticeVersion(version)!, CONTEXT))
    .digest("hex");

describe("the privacy notice's versions", () => {
  it("keeps the words of every published version (a change is a new version)", () => {
    for (const v of NOTICE_VERSIONS) expect(fingerprint(v.version), `version ${v.version}`).toBe(PUBLISHED[v.version]);
  });

  it("numbers versions 1, 2, 3... with dates that only move forward; the last is in force", () => {
    expect(NOTICE_VERSIONS.map((v) => v.version)).toEqual(NOTICE_VERSIONS.map((_, i) => i + 1));
    const dates = NOTICE_VERSIONS.map((v) => v.date);
    expect([...dates].sort()).toEqual(dates);
    expect(CURRENT_NOTICE).toBe(NOTICE_VERSIONS.at(-1));
    expect(noticeVersion(0)).toBeNull();
    expect(noticeVersion(NOTICE_VERSIONS.length + 1)).toBeNull();
  });

  it("states the retention the code enforces, backups from the backup code's own value", () => {
    const text = noticeText(CURRENT_NOTICE, CONTEXT);
    for (const line of raceDaySchedule(RETENTION, CONTEXT.inactiveYears)) expect(text).toContain(`${line.what}: ${line.kept}`);
    // Retention by inactivity: the club's years (a setting) and the days to keep one's details.
    expect(text).toContain(`no race entry or result for ${CONTEXT.inactiveYears} years`);
    expect(text).toContain(`within ${RETENTION.inactivityGraceDays} days`);
    expect(text).toContain(`never after those ${RETENTION.myDataLinkDays} days`);
    expect(RETENTION.backupDays).toBe(KEEP.backup);
    expect(text).toContain(`${KEEP.backup} days`);
    expect(text).toContain(`${RETENTION.sentEmailDays} days`);
  });

  it("names check-ins, no-shows and the duty roster from version 3 on, kept as the code keeps them", () => {
    const text = noticeText(CURRENT_NOTICE, CONTEXT);
    expect(text).toContain(
      "- Your check-ins at races, from your entry link or by an admin, and the races you entered but did not come to",
    );
    expect(text).toContain("When your record is erased at your request, they are deleted.");
    expect(text).toContain(`Until the race's results are official, then ${RETENTION.dutyRosterYears} years, then deleted.`);
    expect(noticeText(noticeVersion(3)!, CONTEXT)).toContain("and the duties you take at a race, on the website");
    for (const earlier of [1, 2]) expect(noticeText(noticeVersion(earlier)!, CONTEXT)).not.toContain("check-ins");
  });

  it("names the requests for a results check from version 4 on: what is asked, who sees the outcome, how long it is kept", () => {
    const text = noticeText(CURRENT_NOTICE, CONTEXT);
    expect(CURRENT_NOTICE.version).toBe(4);
    expect(text).toContain("- Your requests for a results check after a race (the heat, what you think went wrong");
    expect(text).toContain("the duties you take at a race, and the outcome of a results check you asked for, on the website");
    expect(text).toContain("Your own words in such a request stay with the club's admins.");
    for (const line of resultsCheckSchedule(RETENTION, CONTEXT.inactiveYears))
      expect(text).toContain(`${line.what}: ${line.kept}`);
    expect(text).toContain("your own words are deleted and the outcome stays under an anonymous label");
    for (const earlier of [1, 2, 3]) expect(noticeText(noticeVersion(earlier)!, CONTEXT)).not.toContain("results check");
  });

  it("names the privacy officer when the club has one, else the club's address", () => {
    expect(noticeText(CURRENT_NOTICE, CONTEXT)).toContain("Pat Officer");
    const none = noticeText(CURRENT_NOTICE, { ...CONTEXT, officer: null });
    expect(none).toContain("club@example.org");
    expect(none).not.toContain("Pat Officer");
  });
});
