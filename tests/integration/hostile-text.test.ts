/**
 * Issue 21, items 3 to 5, over real HTTP: hostile text as old data could hold it (written straight
 * into the database) reaches calendar files and CSV downloads harmless, and the forms refuse
 * control and text-direction characters in every short public text field, changing nothing.
 */
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { forbiddenCharactersMessage } from "~/lib/util/input-rules";
import { competitors, outboxMessages, races } from "~/db/schema";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration, createResult, createAdmin } from "../support/factories";

const { db } = await useTestDatabase();
let site: TestSite;
let cookie: string;
const { admin } = await createAdmin(db, "hostile-admin", "a long hostile password");

beforeAll(async () => {
  site = await startTestSite(db);
  cookie = `admin_session=${await createSession(db, admin.id)}`;
}, 60_000);
afterAll(() => site?.close());

/** An iCalendar file with its folded lines joined again (RFC 5545 3.1). */
const unfolded = (body: string) => body.replace(/\r\n[ \t]/g, "");

describe("calendar files with a hostile race title (issue 21, item 3)", () => {
  const title = "Cup, Bay; A\\B\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM";
  const location = "Lake\nEND:VEVENT\nBEGIN:VEVENT\nUID:evil";

  it("event.ics and every feed hold one VEVENT for the race, no VALARM, the title as written, , ; \\ escaped", async () => {
    const race = await createRace(db, { title, location, date: "2026-07-01", status: "upcoming" });
    for (const path of [`/calendar/${race.id}/event.ics`, "/calendar.ics", "/calendar/open.ics"]) {
      const response = await site.request(path);
      expect(response.status, path).toBe(200);
      const body = await response.text();
      // Nothing the title or location carried became a line of its own.
      expect(body, path).not.toMatch(/^(BEGIN:VALARM|ACTION|TRIGGER|UID:evil|END:VALARM)/m);
      const calendar = new ICAL.Component(ICAL.parse(body));
      const events = calendar.getAllSubcomponents("vevent");
      expect(
        events.filter((e) => String(e.getFirstPropertyValue("uid")).startsWith(`race-${race.id}@`)),
        path,
      ).toHaveLength(1);
      expect(
        events.every((e) => String(e.getFirstPropertyValue("uid")).startsWith("race-")),
        path,
      ).toBe(true);
      expect(
        events.flatMap((e) => e.getAllSubcomponents("valarm")),
        path,
      ).toEqual([]);
      const event = new ICAL.Event(events.find((e) => String(e.getFirstPropertyValue("uid")).startsWith(`race-${race.id}@`)));
      // iCalendar has one line break, written \n: CRLF comes back as LF.
      expect(event.summary, path).toBe(title.replaceAll("\r\n", "\n"));
      expect(event.location, path).toBe(location);
    }
    // The calendar's own name is the race title, escaped as a TEXT value too.
    const body = unfolded(await (await site.request(`/calendar/${race.id}/event.ics`)).text());
    const escaped = "Cup\\, Bay\\; A\\\\B\\nBEGIN:VALARM\\nACTION:DISPLAY\\nTRIGGER:-PT5M\\nEND:VALARM";
    expect(body).toContain(`\r\nNAME:${escaped}\r\n`);
    expect(body).toContain(`\r\nX-WR-CALNAME:${escaped}\r\n`);
    expect(body).toContain(`\r\nSUMMARY:${escaped}\r\n`);
  });

  it("drops the control characters iCalendar text cannot carry (ESC, BEL, DEL) and keeps the rest", async () => {
    const race = await createRace(db, { title: "Red\u001b[31m Cup\u0007\u007f \u202eeno", date: "2026-07-02" });
    const body = await (await site.request(`/calendar/${race.id}/event.ics`)).text();
    expect(body).not.toMatch(/[^\P{Cc}\t\n\r]/u);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe("Red[31m Cup \u202eeno");
  });
});

describe("the admin race form (issue 21, item 3)", () => {
  const valid = {
    intent: "save",
    title: "Harbour Cup",
    date: "2026-08-01",
    location: "Harbour",
    description: "A long enough description.",
    status: "upcoming",
  };

  it("refuses a title or location with a line break or another control character, with a message, and changes nothing", async () => {
    const race = await createRace(db, { title: "Kept Title", location: "Kept Place", status: "upcoming", date: "2026-08-02" });
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(races))[0]!.n;
    const before = await count();
    for (const [field, value, label] of [
      ["title", "Cup\r\nBEGIN:VALARM", "Title"],
      ["title", "Cup\u202e", "Title"],
      ["location", "Harbour\u001b[2J", "Location"],
      ["location", "Harbour\n", "Location"],
    ] as const) {
      for (const id of [undefined, race.id]) {
        const response = await site.request("/admin/races", {
          method: "POST",
          cookie,
          body: form({ ...valid, ...(id ? { id } : {}), [field]: value }),
        });
        expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(await response.text()).toContain(forbiddenCharactersMessage(label));
      }
    }
    expect(await count()).toBe(before);
    expect((await db.select().from(races).where(eq(races.id, race.id)))[0]).toMatchObject({
      title: "Kept Title",
      location: "Kept Place",
    });
  });
});

describe("CSV downloads opened in a semicolon locale (issue 21, item 4)", () => {
  const hostile = "Ab;=cmd|' /C calc'!A0;";

  /** Every piece a spreadsheet could make of the file, whichever separator it splits on. */
  function livePieces(csv: string): string[] {
    return [";", ",", "\t", "\n"].flatMap((separator) =>
      csv.split(separator).filter((piece) => /^[\s"]*[=+\-@]/.test(piece.replace(/^\r/, ""))),
    );
  }

  it("standings.csv and a race's entries CSV have no live formula split on ; or on ,", async () => {
    const racer = await createCompetitor(db, { firstName: hostile, lastName: "-2+3", boatName: hostile, boatNumber: "@1" });
    const past = await createRace(db, { title: hostile, date: "2026-05-01", status: "completed" });
    await createResult(db, { raceId: past.id, competitorId: racer.id, position: 1, points: 25 });
    const upcoming = await createRace(db, { title: hostile, date: "2026-09-01", status: "upcoming" });
    await createRegistration(db, { raceId: upcoming.id, competitorId: racer.id, boatClass: "Open" });

    for (const [path, admin] of [
      ["/standings.csv", false],
      [`/admin/races/${upcoming.id}/entries.csv`, true],
    ] as const) {
      const response = await site.request(path, admin ? { cookie } : {});
      expect(response.status, path).toBe(200);
      const csv = await response.text();
      expect(csv, path).toContain("Ab;'=cmd|' /C calc'!A0;");
      expect(livePieces(csv), path).toEqual([]);
    }
  });
});

describe("boat numbers (issue 21, item 5)", () => {
  it("registration with a control or bidi character in the boat number is a 400 with a message and stores nothing", async () => {
    for (const [i, boatNumber] of ["7\u001b[31m", "\u202e77", "7\r\nBcc: x@example.com", "7\u0085"].entries()) {
      const email = `boat.number.${i}@example.com`;
      const response = await site.request("/registration", {
        method: "POST",
        body: form({
          firstName: "Ada",
          lastName: "Lovelace",
          boatNumber,
          boatClasses: "Open",
          email,
          pipaConsent: "on",
          intent: "submit",
        }),
      });
      expect(response.status, JSON.stringify(boatNumber)).toBe(400);
      expect(await response.text(), JSON.stringify(boatNumber)).toContain(forbiddenCharactersMessage("Boat number"));
      expect(await db.select().from(competitors).where(eq(competitors.email, email))).toEqual([]);
      expect(await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).toEqual([]);
    }
  });

  it("the admin competitor form refuses it too and changes nothing", async () => {
    const racer = await createCompetitor(db, { boatNumber: "9" });
    const response = await site.request("/admin/competitors", {
      method: "POST",
      cookie,
      body: form({
        intent: "save",
        id: racer.id,
        firstName: racer.firstName,
        lastName: racer.lastName,
        email: racer.email!,
        boatNumber: "9\u202e",
        boatClasses: "Open",
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(forbiddenCharactersMessage("Boat number"));
    expect((await db.select().from(competitors).where(eq(competitors.id, racer.id)))[0]!.boatNumber).toBe("9");
  });
});
