/**
 * The owner's privacy screen at 375 px (issue 35 item 4), with JavaScript on and off: an owner
 * erases a racer who asked on paper, reviewing what goes and what stays first; the racer's profile
 * is then gone (410) and their result shows under the anonymous label. On the own-data site, with
 * unique names, removed at the end whatever happens.
 */
import { readFile } from "node:fs/promises";
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

    test("an owner erases a racer who asked on paper; their result stays under the label", async ({ page, expectRefusal }) => {
      const last = uniqueName();
      const { racer, raceId } = await withSiteDatabase(async (db) => {
        const racer = await createCompetitor(db, { firstName: "Erin", lastName: `Paper${last}`, boatNumber: "" });
        const race = await createRace(db, { title: `Erasure Cup ${last}`, date: dayFromToday(-20), status: "completed" });
        await createResult(db, { raceId: race.id, competitorId: racer.id, position: 1 });
        return { racer, raceId: race.id };
      });
      const name = `${racer.firstName} ${racer.lastName}`;
      try {
        await logIn(page, OWN_DATA_SITE, ADMIN);
        await page.getByRole("link", { name: "Privacy" }).first().click();
        await expect(page.getByRole("heading", { name: "Privacy", exact: true })).toBeVisible();
        await page.getByLabel("Racer", { exact: true }).selectOption(String(racer.id));
        await page.getByRole("button", { name: "Review erasure" }).click();

        await expect(page.getByRole("heading", { name: `Erase ${name}?` })).toBeVisible();
        await expect(page.getByText("1 result, so no other racer's positions or points change")).toBeVisible();
        if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

        await page.getByRole("button", { name: `Erase ${name}` }).click();
        const done = javaScriptEnabled
          ? toast(page, "Racer erased")
          : page.getByRole("status").filter({ hasText: "Racer erased" });
        await expect(done).toBeVisible();
        await expect(page.getByText(new RegExp(`Former racer \\d+ \\(#${racer.id}\\), erased on`))).toBeVisible();

        expectRefusal(`/competitor/${racer.id}`, 410);
        const gone = await page.goto(`${OWN_DATA_SITE}/competitor/${racer.id}`);
        expect(gone?.status()).toBe(410);
        await expect(page.getByText("erased at their request")).toBeVisible();
        await page.goto(`${OWN_DATA_SITE}/results/${raceId}`);
        // The label stays, as plain text: the profile it would link to is gone.
        await expect(page.getByText(/^Former racer \d+$/).first()).toBeVisible();
        await expect(page.getByRole("link", { name: /^Former racer \d+$/ })).toHaveCount(0);
        await expect(page.getByText(name)).toHaveCount(0);
      } finally {
        await withSiteDatabase(async (db) => {
          await db.delete(raceResults).where(inArray(raceResults.raceId, [raceId]));
          await db.delete(races).where(inArray(races.id, [raceId]));
          await db.delete(competitors).where(inArray(competitors.id, [racer.id]));
        });
      }
    });

    test("an owner enters a paper access request, downloads the racer's data and marks it done", async ({ page }) => {
      const last = uniqueName();
      const racer = await withSiteDatabase((db) =>
        createCompetitor(db, { firstName: "Alma", lastName: `Access${last}`, email: `alma.${last.toLowerCase()}@example.net` }),
      );
      const name = `${racer.firstName} ${racer.lastName}`;
      try {
        await logIn(page, OWN_DATA_SITE, ADMIN);
        await page.goto(`${OWN_DATA_SITE}/admin/privacy`);
        await page.getByLabel("What they asked for").selectOption("access");
        await page.getByLabel("Who asked").selectOption(String(racer.id));
        await page.getByLabel("How you confirmed who they are").fill("Letter with a copy of their passport");
        await page.getByRole("button", { name: "Add request" }).click();
        const added = javaScriptEnabled
          ? toast(page, "Request added")
          : page.getByRole("status").filter({ hasText: "Request added" });
        await expect(added).toBeVisible();
        const item = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: `See and get a copy of their data: ${name}` }) });
        await expect(item.getByText(/^Due on /)).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          item.getByRole("link", { name: "Download all (JSON)" }).click(),
        ]);
        const json = JSON.parse(await readFile(await download.path(), "utf8")) as {
          sections: { registration: { rows: { email: string }[] } };
        };
        expect(json.sections.registration.rows[0]!.email).toBe(racer.email);

        await item.getByText("Mark done or refuse").click();
        await item.getByLabel("What was done (optional)").fill("Sent the file by post");
        await item.getByRole("button", { name: "Mark done" }).click();
        const done = javaScriptEnabled
          ? toast(page, "Request done")
          : page.getByRole("status").filter({ hasText: "Request done" });
        await expect(done).toBeVisible();
        const answered = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: `See and get a copy of their data: ${name}` }) });
        await expect(answered.getByText("Done.")).toBeVisible();
        await expect(answered.getByText("Done: Sent the file by post")).toBeVisible();
      } finally {
        await withSiteDatabase(async (db) => {
          await db.delete(competitors).where(inArray(competitors.id, [racer.id]));
        });
      }
    });
  });
}
