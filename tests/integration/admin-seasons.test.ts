/** /admin/seasons over real HTTP: rules saved, bad input refused with a message, standings recomputed at once. */
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { seasons } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult, createAdmin } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;
let cookie: string;

const { admin } = await createAdmin(db, "season-admin", "correct horse battery");
const [ann, ben] = [
  await createCompetitor(db, { firstName: "Ann", lastName: "Able" }),
  await createCompetitor(db, { firstName: "Ben", lastName: "Baker" }),
];
for (const [date, first] of [
  ["2027-03-01", ann],
  ["2027-04-01", ben],
  ["2027-05-01", ann],
] as const) {
  const race = await createRace(db, { date });
  // Stored points, as the results editor saves them.
  await createResult(db, { raceId: race.id, competitorId: first.id, position: 1, points: 25 });
  await createResult(db, { raceId: race.id, competitorId: (first === ann ? ben : ann).id, position: 2, points: 20 });
}

const valid = {
  key: "2027",
  name: "2027 Championship",
  startsOn: "2027-01-01",
  endsOn: "2027-12-31",
  pointsTable: "10, 6",
  pointsBelow: 1,
};

beforeAll(async () => {
  site = await startTestSite(db);
  cookie = `admin_session=${await createSession(db, admin.id)}`;
}, 60_000);
afterAll(() => site?.close());

const post = (values: Record<string, string | number>) =>
  site.request("/admin/seasons", { method: "POST", cookie, body: form(values) });
const rows = () =>
  db
    .select({ key: seasons.key, name: seasons.name, bestRounds: seasons.bestRounds, pointsTable: seasons.pointsTable })
    .from(seasons)
    .orderBy(asc(seasons.id));

describe("/admin/seasons", () => {
  it("creates a season and redirects with a toast; the standings use its rules at once", async () => {
    const response = await post(valid);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/seasons");
    expect(response.headers.get("Set-Cookie")).toContain("toast=");
    expect(await rows()).toEqual([{ key: "2027", name: "2027 Championship", bestRounds: null, pointsTable: [10, 6] }]);

    const page = await (await site.request("/standings?season=2027&class=Open")).text();
    expect(page).toContain("Points: 10, 6, then 1.");
    // Ann: 10 + 6 + 10, Ben: 6 + 10 + 6: the season's table, not the stored 25s and 20s.
    const csv = await (await site.request("/standings.csv?season=2027&class=Open")).text();
    expect(csv.split("\r\n")[1]).toMatch(/^2027 Championship,Open,1,Ann Able,.*,10,6,10,26,2,3,$/);
  });

  it("edits a season: best 2 rounds drop each racer's worst", async () => {
    const [row] = await db.select({ id: seasons.id }).from(seasons);
    const response = await post({ ...valid, id: row!.id, bestRounds: 2 });
    expect(response.status).toBe(302);
    const csv = await (await site.request("/standings.csv?season=2027&class=Open")).text();
    expect(csv.split("\r\n")[1]).toMatch(/,10,\(6\),10,20,2,3,$/);
    const html = await (await site.request("/standings?season=2027&class=Open")).text();
    expect(html).toContain("Each racer&#x27;s best 2 rounds count.");
    expect(html).toMatch(/<s aria-hidden="true"[^>]*>6<\/s><span class="sr-only">6(<!-- -->)? points, dropped<\/span>/);
  });

  it.each([
    ["the last day before the first", { endsOn: "2026-12-31" }, "The last day must be on or after the first day."],
    [
      "a points table that is not a list of numbers",
      { pointsTable: "25, twenty" },
      "Points: 1 to 50 whole numbers of 0 or more, separated by commas.",
    ],
    ["a key with capitals", { key: "Winter" }, "Short form: lower-case letters, digits and dashes, such as 2026 or 2026-27."],
    ["drops without the rounds run", { dropRounds: 1 }, "Give both the rounds dropped and after how many rounds run."],
    ["a negative minimum", { minEntrants: -1 }, "Minimum entrants must be a whole number of 0 or more."],
  ])("refuses %s with 400 and its message, changing nothing", async (_label, change, message) => {
    const before = await rows();
    const response = await post({ ...valid, key: "x2028", startsOn: "2028-01-01", endsOn: "2028-12-31", ...change });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it("refuses a duplicate key and overlapping dates with 409", async () => {
    const before = await rows();
    const duplicate = await post({ ...valid, startsOn: "2030-01-01", endsOn: "2030-12-31" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("Another season already has this short form.");
    const overlap = await post({ ...valid, key: "summer-27", startsOn: "2027-06-01", endsOn: "2027-08-31" });
    expect(overlap.status).toBe(409);
    expect(await overlap.text()).toContain("These dates overlap the season 2027 Championship.");
    expect(await rows()).toEqual(before);
  });

  it("lists the seasons with their rules, and opens the form without JavaScript", async () => {
    const html = await (await site.request("/admin/seasons", { cookie })).text();
    expect(html).toContain("2027 Championship");
    expect(html).toContain("best 2 rounds count");
    const formPage = await (await site.request("/admin/seasons?new", { cookie })).text();
    expect(formPage).toContain("Add New Season");
    expect(formPage).toContain('value="2026"');
  });
});
