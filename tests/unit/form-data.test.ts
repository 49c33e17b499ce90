import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { $ZodObject } from "zod/v4/core";
import { competitorSchema } from "~/lib/racer/competitor-schema";
import { raceSchema } from "~/lib/races/race-schema";
import { resultsSchema } from "~/lib/race-day/results-schema";
import { seasonSchema } from "~/lib/championship/season-schema";
import { driverRegistrationSchema, raceRegistrationSchema } from "~/lib/registration/registration-forms";
import { clubSettingsSchema } from "~/lib/platform/club-settings";
import { formErrors, formPayload } from "~/lib/util/form-data";

// The browser's reading of a form (app/lib/util/form-data.ts) against the server's (Conform):
// the same messages under the same names, whatever was typed.
function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function same(schema: $ZodObject, entries: [string, string][]) {
  const data = form(entries);
  const server = parseWithZod(data, { schema });
  const browser = formErrors(schema, formPayload(data).payload);
  expect(browser ?? {}).toEqual(server.status === "success" ? {} : server.error);
}

describe("the browser reads a form as the server does", () => {
  it("empty, blank, numbers, ticks and lists", () => {
    same(competitorSchema, []);
    same(competitorSchema, [
      ["firstName", " "],
      ["email", "   "],
      ["boatClasses", "Open"],
      ["id", "x"],
    ]);
    same(competitorSchema, [
      ["firstName", "Al"],
      ["lastName", "Bo"],
      ["email", "a@b.co"],
      ["boatNumber", "7"],
      ["boatClasses", "Open"],
      ["boatClasses", "Nope"],
    ]);
    same(raceSchema, [
      ["countsForChampionship", "on"],
      ["status", "bogus"],
      ["entriesOpen", "2026-01-02T10:00"],
      ["entriesClose", "2026-01-01T10:00"],
    ]);
    same(seasonSchema, [
      ["key", "All"],
      ["pointsBelow", ""],
      ["bestRounds", "1.5"],
      ["dropRounds", "2"],
      ["startsOn", "2026-02-01"],
      ["endsOn", "2026-01-01"],
    ]);
    same(clubSettingsSchema, [
      ["name", ""],
      ["social[0].label", "x"],
      ["social[0].href", "nope"],
      ["social[1].label", ""],
      ["social[1].href", ""],
    ]);
    same(driverRegistrationSchema, [
      ["firstName", "A"],
      ["boatClasses", "Open"],
    ]);
    same(raceRegistrationSchema, []);
  });

  it("a heat's rows, by index", () => {
    same(resultsSchema, [
      ["raceId", "1"],
      ["heatNumber", "0"],
      ["boatClass", "Open"],
      ["competitorCount", "2"],
    ]);
    same(resultsSchema, [
      ["raceId", "1"],
      ["heatNumber", "1"],
      ["boatClass", "Open"],
      ["competitorCount", "2"],
      ["rows[0].position", "1"],
      ["rows[0].competitorId", "3"],
      ["rows[0].lapTime", "bad"],
      ["rows[1].position", "1"],
      ["rows[1].competitorId", ""],
      ["rows[1].laps", "-1"],
    ]);
  });
});
