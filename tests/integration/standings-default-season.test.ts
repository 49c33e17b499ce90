/**
 * /standings without ?season= over real HTTP (issue 21 items 12 and 13): the season that covers
 * today, else the most recent one that has ended (said on the page), never one picked by the
 * order the seasons were created in; and the provisional note names only the rounds shown.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSeason } from "~/domain/championship/championship.server";
import { DEFAULT_RULES } from "~/lib/championship/championship";
import { races, seasons } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const TODAY = "2026-06-15";
let site: TestSite;

function defineSeason(key: string, startsOn: string, endsOn: string) {
  return saveSeason(db, {
    key,
    name: `${key} Championship`,
    startsOn,
    endsOn,
    pointsTable: DEFAULT_RULES.pointsTable.join(", "),
    pointsBelow: DEFAULT_RULES.pointsBelow,
  });
}

const page = async (path: string) => (await site.request(path)).text();
/** The season the selector shows, and the text of the provisional note. */
const selected = (html: string) => /<option value="([^"]+)" selected="">/.exec(html)?.[1];
const note = (html: string) => /<p role="note"[^>]*>(.*?)<\/p>/s.exec(html)?.[1]?.replace(/<[^>]+>|<!-- -->/g, "") ?? null;

const racer = await createCompetitor(db, { firstName: "Ann", lastName: "Able" });
const race2019 = await createRace(db, { date: "2019-05-04", title: "Spring Regatta 2019" });
const race2026 = await createRace(db, { date: "2026-05-02", title: "Spring Regatta 2026" });
// A provisional race no defined season covers: 2024, a calendar-year season of its own.
const race2024 = await createRace(db, { date: "2024-07-01", title: "Midsummer 2024" });
for (const race of [race2019, race2026, race2024])
  await createResult(db, { raceId: race.id, competitorId: racer.id, position: 1 });
// 2019's results are official; 2026's and 2024's are still provisional.
await db
  .update(races)
  .set({ resultsOfficialAt: new Date("2019-05-05T12:00:00Z") })
  .where(eq(races.id, race2019.id));

beforeAll(async () => {
  site = await startTestSite(db, { pinnedToday: TODAY });
}, 60_000);
afterAll(() => site?.close());

describe("/standings without ?season=", () => {
  it("shows this year's season although 2019's was created first", async () => {
    await defineSeason("2019", "2019-01-01", "2019-12-31");
    await defineSeason("2026", "2026-01-01", "2026-12-31");
    const html = await page("/standings");
    expect(selected(html)).toBe("2026");
    expect(html).toContain("Spring Regatta 2026");
    expect(html).not.toContain("Spring Regatta 2019");
    expect(html).not.toContain("No season is running today");
    expect(selected(await page("/?tab=standings"))).toBe("2026");
  });

  it("names in its provisional note only the rounds the shown standings count", async () => {
    const season = note(await page("/standings"));
    expect(season).toContain("Spring Regatta 2026");
    expect(season).not.toContain("Midsummer 2024");
    expect(note(await page("/standings?season=2024"))).toContain("Midsummer 2024");
    expect(note(await page("/standings?season=2024"))).not.toContain("Spring Regatta 2026");
    // 2019's only round is official: no note at all.
    expect(note(await page("/standings?season=2019"))).toBeNull();
    // All seasons counts every result: both provisional races.
    const all = note(await page("/standings?season=all"));
    expect(all).toContain("Midsummer 2024");
    expect(all).toContain("Spring Regatta 2026");
  });

  it("shows the season under way even when only the calendar year has results (not a defined season)", async () => {
    await db.delete(seasons).where(eq(seasons.key, "2026"));
    const html = await page("/standings");
    expect(selected(html)).toBe("2026");
    expect(html).toContain("Spring Regatta 2026");
  });

  it("with no season covering today, shows the most recent one that has ended and says so", async () => {
    await db.delete(races).where(eq(races.id, race2026.id));
    await defineSeason("2027", "2027-01-01", "2027-12-31");
    const html = await page("/standings");
    expect(selected(html)).toBe("2024");
    expect(html).toContain("Midsummer 2024");
    expect(html).toContain("No season is running today: showing 2024 Season, the most recent.");
    expect(await page("/?tab=standings")).toContain("No season is running today: showing 2024 Season, the most recent.");
    // Asked for by name, the same season needs no explanation.
    expect(await page("/standings?season=2024")).not.toContain("No season is running today");
  });
});
