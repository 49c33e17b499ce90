import { describe, expect, it } from "vitest";
import {
  entryReminderMessage,
  preferencesPath,
  preferencesSchema,
  resultsMailedNote,
  resultsUpMessage,
  unsubscribeHeaders,
  unsubscribePath,
} from "~/lib/registration/race-messages";
import { driverRegistrationSchema } from "~/lib/registration/registration";

const base = {
  clubName: "Test Club",
  firstName: "Kim",
  race: { title: "Harbour Sprint", date: "2026-05-10" },
  raceUrl: "https://club.example/results/3",
  preferencesUrl: "https://club.example/messages/abc",
};

describe("results are up", () => {
  it("lists the driver's own finishes with ordinals and points (stored points win over the table)", () => {
    const { subject, body } = resultsUpMessage({
      ...base,
      results: [
        { boatClass: "Open", heatNumber: 1, position: 1, points: null },
        { boatClass: "Open", heatNumber: 2, position: 12, points: null },
        { boatClass: "Superboat", heatNumber: 1, position: 3, points: 1 },
        { boatClass: "Superboat", heatNumber: 2, position: 22, points: null },
      ],
    });
    expect(subject).toBe("Results are up: Harbour Sprint");
    expect(body).toContain("Hello Kim,");
    expect(body).toContain("- Open, Heat 1: 1st (25 points)");
    expect(body).toContain("- Open, Heat 2: 12th (5 points)");
    expect(body).toContain("- Superboat, Heat 1: 3rd (1 point)");
    expect(body).toContain("- Superboat, Heat 2: 22nd (5 points)");
    expect(body).toContain("All results: https://club.example/results/3");
    expect(body).toContain("Change your choices or unsubscribe: https://club.example/messages/abc");
  });

  it("says so when the driver has no result in the race", () => {
    expect(resultsUpMessage({ ...base, results: [] }).body).toContain("No result is recorded for you in this race.");
  });
});

it("the entry reminder names the race, when entries close, and both links", () => {
  const { subject, body } = entryReminderMessage({
    ...base,
    race: { ...base.race, location: "Ferry Reach" },
    closesAt: "on Thursday at 6 pm",
    entryUrl: "https://club.example/race-registration",
  });
  expect(subject).toBe("Entries close soon: Harbour Sprint");
  expect(body).toContain("close on Thursday at 6 pm.");
  expect(body).toContain("Enter the race: https://club.example/race-registration");
  expect(body).toContain("Change your choices or unsubscribe:");
});

it("one-click unsubscribe headers follow RFC 8058", () => {
  expect(unsubscribeHeaders("https://club.example/messages/t/unsubscribe")).toEqual({
    "List-Unsubscribe": "<https://club.example/messages/t/unsubscribe>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });
  expect(preferencesPath("t")).toBe("/messages/t");
  expect(unsubscribePath("t")).toBe("/messages/t/unsubscribe");
});

it("the admin's note counts the drivers", () => {
  expect(resultsMailedNote(1)).toBe('A "results are up" e-mail is on its way to 1 driver who asked for one.');
  expect(resultsMailedNote(3)).toContain("3 drivers");
});

it("nothing is opted in by default: an unticked box means no e-mails", () => {
  expect(preferencesSchema.parse({})).toEqual({ notifyResults: false, notifyReminders: false, dutyReminders: false });
  const driver = driverRegistrationSchema.parse({
    firstName: "Al",
    lastName: "Bo",
    boatNumber: "1",
    boatClasses: ["Open"],
    email: "a@example.com",
    pipaConsent: true,
  });
  expect(driver.raceEmails).toBe(false);
});
