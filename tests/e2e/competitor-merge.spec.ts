/**
 * One racer, one record at 375 px (issue 25 item 2), with JavaScript on and off: an admin finds
 * a racer registered twice on the duplicates screen, previews the merge, confirms it, and sees
 * one profile with both histories; the merged-away profile is gone. On the own-data site, with
 * unique names, removed at the end whatever happens.
 */
import { inArray } from "drizzle-orm";
import { competitors, raceResults, races } from "~/db/schema";
import { ADMIN, logIn, test, toast } from "./admin-support";
import { axeViolations } from "./axe";
import {
  createCompetitor,
  createRace,
  createResult,
  dayFromToday,
  OWN_DATA_SITE,
  uniqueName,
  withSiteDatabase,
} from "./factories";
import { expect, PHONE } from "./fixtures";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("an admin merges a racer registered twice and sees one profile with both histories", async ({ page, expectRefusal }) => {
      const last = uniqueName();
      const { keep, gone, raceIds } = await withSiteDatabase(async (db) => {
        const keep = await createCompetitor(db, { firstName: "Zoë", lastName: `Ångström${last}`, boatNumber: "", email: null });
        const gone = await createCompetitor(db, { firstName: "zoe", lastName: `angstrom${last.toLowerCase()}`, boatNumber: "" });
        const spring = await createRace(db, { title: `Spring ${last}`, date: dayFromToday(-60), status: "completed" });
        const summer = await createRace(db, { title: `Summer ${last}`, date: dayFromToday(-30), status: "completed" });
        await createResult(db, { raceId: spring.id, competitorId: keep.id, position: 1 });
        await createResult(db, { raceId: summer.id, competitorId: gone.id, position: 2 });
        return { keep, gone, raceIds: [spring.id, summer.id] };
      });
      const keepName = `${keep.firstName} ${keep.lastName}`;
      try {
        await logIn(page, OWN_DATA_SITE, ADMIN);
        await page.getByRole("link", { name: "Find duplicates" }).click();
        await expect(page.getByRole("heading", { name: "Duplicate Competitors" })).toBeVisible();
        const pairs = page.getByRole("list", { name: "Likely duplicates" }).getByRole("listitem");
        const pair = pairs.filter({ hasText: keepName });
        await expect(pair).toContainText("same name");
        await pair.getByRole("link", { name: `Keep ${keepName} (#${keep.id})` }).click();

        await expect(page.getByRole("heading", { name: `Merge zoe ${gone.lastName} into ${keepName}` })).toBeVisible();
        await expect(page.getByRole("region", { name: "Stays" })).toContainText(keepName);
        await expect(page.getByRole("region", { name: "Merged away" })).toContainText(gone.email!);
        await expect(page.getByText("1 results", { exact: true })).toBeVisible();
        // axe runs in the page: only with JavaScript on.
        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

        await page.getByRole("button", { name: `Merge into ${keepName}` }).click();
        const done = javaScriptEnabled
          ? toast(page, "Competitors merged")
          : page.getByRole("status").filter({ hasText: "Competitors merged" });
        await expect(done).toBeVisible();
        await expect(pairs.filter({ hasText: keepName })).toHaveCount(0);

        await page.goto(`${OWN_DATA_SITE}/competitor/${keep.id}`);
        const results = page.locator("#race-results");
        await expect(results.getByRole("link", { name: `Spring ${last}` })).toBeVisible();
        await expect(results.getByRole("link", { name: `Summer ${last}` })).toBeVisible();
        expectRefusal(`/competitor/${gone.id}`, 404);
        const gonePage = await page.goto(`${OWN_DATA_SITE}/competitor/${gone.id}`);
        expect(gonePage?.status()).toBe(404);
      } finally {
        await withSiteDatabase(async (db) => {
          await db.delete(raceResults).where(inArray(raceResults.raceId, raceIds));
          await db.delete(races).where(inArray(races.id, raceIds));
          await db.delete(competitors).where(inArray(competitors.id, [keep.id, gone.id]));
        });
      }
    });
  });
}
