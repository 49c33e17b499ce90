import { describe, expect, it } from "vitest";
import { raceSchema } from "~/lib/races/race-schema";
import {
  entryWindowState,
  entryWindowText,
  formatEntryTime,
  fromClubLocalInput,
  toClubLocalInput,
} from "~/lib/races/entry-window";

const TZ = "Atlantic/Bermuda";
const now = new Date("2026-03-05T12:00:00Z");

describe("entryWindowState", () => {
  it("is open without limits, closed from the closing instant on, not open before the opening one", () => {
    expect(entryWindowState({ opensAt: null, closesAt: null }, now)).toBe("open");
    expect(entryWindowState({ opensAt: null, closesAt: new Date(now.getTime() + 1000) }, now)).toBe("open");
    expect(entryWindowState({ opensAt: null, closesAt: now }, now)).toBe("closed");
    expect(entryWindowState({ opensAt: null, closesAt: new Date(now.getTime() - 1000) }, now)).toBe("closed");
    expect(entryWindowState({ opensAt: new Date(now.getTime() + 1000), closesAt: null }, now)).toBe("not-open");
    expect(entryWindowState({ opensAt: now, closesAt: null }, now)).toBe("open");
  });
});

describe("the words", () => {
  it("say the club's wall clock: 'Entries closed on Thursday, March 5, 2026, 6 pm'", () => {
    // 22:00 UTC is 18:00 in Bermuda in March (UTC-4 before the DST change on March 8).
    const closesAt = "2026-03-05T22:00:00Z";
    expect(entryWindowText({ opensAt: null, closesAt }, new Date("2026-03-06T00:00:00Z"), TZ)).toBe(
      "Entries closed on Thursday, March 5, 2026, 6 pm",
    );
    expect(entryWindowText({ opensAt: null, closesAt }, now, TZ)).toBe("Entries close on Thursday, March 5, 2026, 6 pm");
    expect(entryWindowText({ opensAt: "2026-03-10T12:30:00Z", closesAt: null }, now, TZ)).toBe(
      "Entries open on Tuesday, March 10, 2026, 9:30 am",
    );
    expect(entryWindowText({ opensAt: null, closesAt: null }, now, TZ)).toBeNull();
    expect(formatEntryTime("2026-07-01T16:00:00Z", TZ)).toBe("Wednesday, July 1, 2026, 1 pm");
  });
});

describe("club-time input", () => {
  it("round-trips across a DST change and refuses days that do not exist", () => {
    expect(fromClubLocalInput("2026-03-07T18:00", TZ)!.toISOString()).toBe("2026-03-07T22:00:00.000Z");
    expect(fromClubLocalInput("2026-03-09T18:00", TZ)!.toISOString()).toBe("2026-03-09T21:00:00.000Z");
    expect(toClubLocalInput(new Date("2026-03-09T21:00:00Z"), TZ)).toBe("2026-03-09T18:00");
    expect(toClubLocalInput(null, TZ)).toBe("");
    expect(fromClubLocalInput("2026-02-30T18:00", TZ)).toBeNull();
    expect(fromClubLocalInput("tomorrow", TZ)).toBeNull();
  });

  it("the race form: both optional, a date and a time each, closing after opening", () => {
    const race = {
      title: "Window Cup",
      date: "2026-04-04",
      location: "Ferry Reach",
      description: "A race with an entry window.",
      status: "upcoming",
    };
    expect(raceSchema.safeParse(race).success).toBe(true);
    expect(raceSchema.safeParse({ ...race, entriesOpen: "2026-03-01T09:00", entriesClose: "2026-04-02T18:00" }).success).toBe(
      true,
    );
    const reversed = raceSchema.safeParse({ ...race, entriesOpen: "2026-04-02T18:00", entriesClose: "2026-03-01T09:00" });
    expect(reversed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["entriesClose", "Entries must close after they open."],
    ]);
    const bad = raceSchema.safeParse({ ...race, entriesClose: "2026-02-30T18:00" });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["Please enter a date and a time."]);
  });
});
