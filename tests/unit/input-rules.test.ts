import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { competitorSchema } from "~/lib/racer/competitor-schema";
import { raceSchema } from "~/lib/races/race-schema";
import { CALENDAR_DATE_RANGE, isCalendarDate } from "~/lib/util/calendar-date";
import {
  forbiddenCharactersMessage,
  hasForbiddenCharacters,
  hasForbiddenCharactersInLongText,
  isTelephone,
  TELEPHONE_MESSAGE,
} from "~/lib/util/input-rules";
import { driverRegistrationSchema } from "~/lib/registration/registration";
import { seasonSchema } from "~/lib/championship/season-schema";

const BIDI_AND_CONTROLS = [
  "\u0000",
  "\u0007",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u2028",
  "\u2029",
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];

describe("characters a name may not hold", () => {
  it("refuses every control character and bidi override or isolate, anywhere in the text", () => {
    for (const c of BIDI_AND_CONTROLS) {
      const hex = c.codePointAt(0)!.toString(16);
      expect(hasForbiddenCharacters(`Ada${c}Lovelace`), hex).toBe(true);
      expect(hasForbiddenCharacters(`${c}Ada`), hex).toBe(true);
    }
  });

  it("accepts the names people really have", () => {
    for (const name of [
      "Ada",
      "O'Brien",
      "Zoë",
      "de Silva-Smith",
      "José María",
      "Nguyễn",
      "李",
      "Ørsted",
      "محمد",
      "Anne‑Marie",
    ]) {
      expect(hasForbiddenCharacters(name), name).toBe(false);
    }
  });
});

describe("one rule for every short public text field (issue 21)", () => {
  const driver = { ...{ firstName: "Ada", lastName: "Lovelace", boatNumber: "7", boatClasses: ["Open"] }, email: "a@b.co" };
  const competitor = { firstName: "Ann", lastName: "Lee", email: "a@b.co", boatNumber: "7", boatClasses: ["Open"] };
  const race = {
    title: "Cup",
    date: "2026-07-01",
    location: "Bay",
    description: "A long enough description.",
    status: "upcoming",
  };
  const season = {
    key: "2026",
    name: "2026",
    startsOn: "2026-01-01",
    endsOn: "2026-12-31",
    pointsTable: "10, 6",
    pointsBelow: 0,
  };
  const fields: [string, { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, object, string, string][] =
    [
      ["registration", driverRegistrationSchema, { ...driver, pipaConsent: true }, "firstName", "First name"],
      ["registration", driverRegistrationSchema, { ...driver, pipaConsent: true }, "lastName", "Last name"],
      ["registration", driverRegistrationSchema, { ...driver, pipaConsent: true }, "boatName", "Boat name"],
      ["registration", driverRegistrationSchema, { ...driver, pipaConsent: true }, "boatNumber", "Boat number"],
      ["admin competitor", competitorSchema, competitor, "firstName", "First name"],
      ["admin competitor", competitorSchema, competitor, "lastName", "Last name"],
      ["admin competitor", competitorSchema, competitor, "boatName", "Boat name"],
      ["admin competitor", competitorSchema, competitor, "boatNumber", "Boat number"],
      ["admin competitor", competitorSchema, competitor, "boatColour", "Boat colour"],
      ["admin race", raceSchema, race, "title", "Title"],
      ["admin race", raceSchema, race, "location", "Location"],
      ["admin season", seasonSchema, season, "name", "Name"],
    ];

  it("refuses ESC, U+202E, CR/LF, NUL, every other C0/C1 control and every bidi character, with the field's message", () => {
    for (const [form, schema, valid, field, label] of fields) {
      expect(schema.safeParse({ ...valid, [field]: "Sea Ho" }).error, `${form} ${field}`).toBeUndefined();
      for (const c of [...BIDI_AND_CONTROLS, "\r\n", "\u0001", "\u001f", "\u0080", "\u009f"]) {
        // In the middle and at the end: a trailing CR/LF is refused, not trimmed away.
        for (const value of [`Sea${c}Ho`, `Sea Ho${c}`]) {
          const messages = schema.safeParse({ ...valid, [field]: value }).error?.issues.map((i) => i.message);
          expect(messages, `${form} ${field} ${JSON.stringify(value)}`).toContain(forbiddenCharactersMessage(label));
        }
      }
    }
  });

  it("lets a race description keep its line breaks and tabs, and refuses its other controls and bidi characters", () => {
    const description = (text: string) =>
      raceSchema.safeParse({ ...race, description: text }).error?.issues.map((i) => i.message);
    expect(description("First line.\r\nSecond line.\n\tIndented.")).toBeUndefined();
    for (const c of BIDI_AND_CONTROLS.filter((c) => !"\t\n\r".includes(c))) {
      expect(hasForbiddenCharactersInLongText(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(true);
      expect(description(`A long enough description${c}.`)).toEqual([forbiddenCharactersMessage("Description")]);
    }
  });
});

describe("telephone characters", () => {
  it("accepts digits, spaces and + ( ) - .", () => {
    for (const t of ["441-555-0123", "+1 (441) 555 0123", "441.555.0123", "5550123"]) expect(isTelephone(t), t).toBe(true);
  });
  it("refuses letters, other symbols, controls and a number without digits", () => {
    for (const t of ["call me", "555-0123 ext 4", "555#0123", "555\u00000123", "+()-. ", "\u202e5550123", "５５５０１２３"]) {
      expect(isTelephone(t), JSON.stringify(t)).toBe(false);
    }
  });
});

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const validDriver = {
  firstName: "Ada",
  lastName: "Lovelace",
  boatNumber: "7",
  boatClasses: "Open",
  email: "ada@example.com",
  pipaConsent: "on",
};

describe("the registration form uses the rules", () => {
  const errors = (fields: Record<string, string>) => {
    const result = parseWithZod(form({ ...validDriver, ...fields }), { schema: driverRegistrationSchema });
    return result.status === "success" ? {} : result.error;
  };

  it("refuses a bidi override in a name, with a clear message, and a control at either end", () => {
    expect(errors({ firstName: "Ada\u202egnirts" })).toEqual({ firstName: [forbiddenCharactersMessage("First name")] });
    expect(errors({ lastName: "Lovelace\n" })).toEqual({ lastName: [forbiddenCharactersMessage("Last name")] });
    expect(errors({ boatName: "Sea\u0000Hornet" })).toEqual({ boatName: [forbiddenCharactersMessage("Boat name")] });
    expect(forbiddenCharactersMessage("First name")).toBe("First name must not contain control or text-direction characters.");
  });

  it("refuses a telephone with letters and accepts a blank or a real one", () => {
    expect(errors({ telephone: "call me" })).toEqual({ telephone: [TELEPHONE_MESSAGE] });
    expect(errors({ telephone: "" })).toEqual({});
    expect(errors({ telephone: "+1 (441) 555-0123" })).toEqual({});
  });
});

describe("the admin competitor form uses the same rules", () => {
  const base = { firstName: "Ann", lastName: "Lee", email: "a@b.co", boatNumber: "7", boatClasses: ["Open"] };
  const messages = (fields: Record<string, unknown>) =>
    competitorSchema.safeParse({ ...base, ...fields }).error?.issues.map((i) => i.message) ?? [];

  it("refuses controls and bidi overrides in names and letters in the telephone", () => {
    expect(messages({ firstName: "An\u2066n" })).toEqual([forbiddenCharactersMessage("First name")]);
    expect(messages({ lastName: "Le\u0007e" })).toEqual([forbiddenCharactersMessage("Last name")]);
    expect(messages({ boatName: "Sea\u202dHornet" })).toEqual([forbiddenCharactersMessage("Boat name")]);
    expect(messages({ telephone: "441-CALL-NOW" })).toEqual([TELEPHONE_MESSAGE]);
    expect(messages({ telephone: "441 555 0123", boatName: "Sea Hornet" })).toEqual([]);
  });
});

describe("the calendar-date rule (admin race form and import)", () => {
  it("accepts real days within the club's range", () => {
    for (const d of ["1985-01-01", "2024-02-29", "2024-03-05", "2099-12-31"]) expect(isCalendarDate(d), d).toBe(true);
  });

  it("refuses days that are not on the calendar, out of range or not yyyy-MM-dd", () => {
    for (const d of [
      "2024-02-30",
      "2023-02-29",
      "2024-04-31",
      "2024-13-01",
      "2024-00-10",
      "0000-01-01",
      "1984-12-31",
      "2100-01-01",
      "2024-3-5",
      "05/03/2024",
      "2024-03-05T00:00",
      " 2024-03-05",
      "",
    ]) {
      expect(isCalendarDate(d), d).toBe(false);
    }
    expect(CALENDAR_DATE_RANGE).toEqual({ min: "1985-01-01", max: "2099-12-31" });
  });

  it("is what the admin race form checks", () => {
    const race = { title: "Cup", location: "Bay", description: "A long enough description.", status: "upcoming" };
    expect(raceSchema.safeParse({ ...race, date: "2024-02-30" }).error?.issues.map((i) => i.message)).toEqual([
      "Please select a date.",
    ]);
    expect(raceSchema.safeParse({ ...race, date: "0000-01-01" }).success).toBe(false);
    expect(raceSchema.safeParse({ ...race, date: "2024-02-29" }).success).toBe(true);
  });
});
