import { describe, expect, it } from "vitest";
import { sessionCookie } from "~/domain/admin/auth.server";
import { secureCookies } from "~/domain/platform/cookies.server";
import { competitorSchema } from "~/lib/racer/competitor-schema";
import { effectivePosition, resultsSchema } from "~/lib/race-day/results-schema";
import { raceSchema } from "~/lib/races/race-schema";
import { csvCell, toCsv } from "~/lib/util/csv";

describe("CSV for the timing PC", () => {
  it("quotes commas, quotes and line breaks (RFC 4180) and ends lines with CRLF", () => {
    expect(toCsv([["a,b", 'say "hi"', "two\nlines", 7, null]])).toBe('"a,b","say ""hi""","two\nlines",7,\r\n');
  });
  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    for (const start of ["+", "-", "@", "\t"])
      expect(csvCell(`${start}1`).startsWith(`'${start}`) || csvCell(`${start}1`).startsWith(`"'`)).toBe(true);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("Sea Hornet")).toBe("Sea Hornet");
  });
  it("defuses a formula after any separator, so a spreadsheet splitting on ; , or tab gets no live formula (issue 21)", () => {
    const hostile = ["Ab;=cmd|' /C calc'!A0;", "x,+1", "a\t@SUM(A1)", "a;-2+3", "line\n=1", 'q;"=1"', "a; =1"];
    const csv = toCsv([hostile, ["Sea Hornet", "Smith-Jones", "2026-06-15 Round 1"]]);
    for (const separator of [";", ",", "\t", "\r\n", "\n"]) {
      for (const piece of csv.split(separator)) {
        expect(piece.replace(/^[\s"]+/, ""), JSON.stringify([separator, piece])).not.toMatch(/^[=+\-@]/);
      }
    }
    // The text a reader sees stays the text typed, with an apostrophe before each formula start.
    expect(csvCell("Ab;=cmd|' /C calc'!A0;")).toBe(`"Ab;'=cmd|' /C calc'!A0;"`);
    // Ordinary values are written as before.
    expect(toCsv([["Sea Hornet", "Smith-Jones", "2026-06-15 Round 1", -5]])).toBe(
      "Sea Hornet,Smith-Jones,2026-06-15 Round 1,-5\r\n",
    );
  });
});

describe("the session cookie", () => {
  const req = (url: string) => new Request(url);
  it("is Secure with the __Host- prefix in production, except plain http on this machine", () => {
    expect(secureCookies(req("https://club.example/admin"), true)).toBe(true);
    expect(secureCookies(req("http://club.example/admin"), true)).toBe(true);
    expect(secureCookies(req("http://localhost:4300/admin"), true)).toBe(false);
    expect(secureCookies(req("https://localhost/admin"), true)).toBe(true);
    expect(secureCookies(req("https://club.example/admin"), false)).toBe(false);
    expect(sessionCookie(req("https://club.example/"), true, "abc")).toBe(
      "__Host-admin_session=abc; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
  });
});

describe("admin form rules (SPEC section 5)", () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];
  it("competitor: SPEC's messages, one or both classes, SuperBoat accepted", () => {
    expect(
      messages(
        competitorSchema.safeParse({
          firstName: "A",
          lastName: "B",
          email: "x",
          telephone: "123",
          boatName: "C",
          boatClasses: [],
        }),
      ),
    ).toEqual([
      "First name must be at least 2 characters.",
      "Last name must be at least 2 characters.",
      "Please enter a valid email address.",
      "Telephone number must be at least 5 characters.",
      "Boat name must be at least 2 characters.",
      "Boat number is required.",
      "Please select a boat class.",
    ]);
    const ok = competitorSchema.parse({
      firstName: "Ann",
      lastName: "Lee",
      email: "a@b.co",
      boatNumber: "7",
      boatClasses: ["Open", "SuperBoat"],
    });
    expect(ok.boatClasses).toEqual(["Open", "Superboat"]);
  });
  it("race: SPEC's messages and a safe image URL", () => {
    expect(
      messages(
        raceSchema.safeParse({
          title: "A",
          date: "2026-02-30",
          location: "B",
          description: "short",
          imageUrl: "javascript:alert(1)",
          status: "upcoming",
        }),
      ),
    ).toEqual([
      "Title must be at least 2 characters.",
      "Please select a date.",
      "Location must be at least 2 characters.",
      "Description must be at least 10 characters.",
      "The picture address must be a path on this site, starting with /.",
    ]);
  });
  it("results: heat, class and count messages", () => {
    expect(
      messages(resultsSchema.safeParse({ raceId: 1, heatNumber: 0, boatClass: "Canoe", competitorCount: 51, rows: [] })),
    ).toEqual(
      expect.arrayContaining([
        "Heat number must be at least 1",
        "Please select a boat class",
        "Competitor count must be at most 50",
      ]),
    );
    expect(
      messages(resultsSchema.safeParse({ raceId: 1, heatNumber: 1, boatClass: "SuperBoat", competitorCount: 0, rows: [] })),
    ).toContain("Competitor count must be at least 1");
  });
  it("an invalid position scores as position 1", () => {
    expect(effectivePosition("abc")).toBe(1);
    expect(effectivePosition("0")).toBe(1);
    expect(effectivePosition("4")).toBe(4);
  });
});
