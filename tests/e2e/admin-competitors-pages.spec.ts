/**
 * Competitor Management a page at a time on a phone: 50 racers a page, by last name; a racer past
 * the first 50 is a few "More racers" links away, and "Previous racers" goes back.
 * Links, so the same without JavaScript. tests/integration/admin-competitors-paging.test.ts has
 * the pages' contents exactly.
 */
import { ADMIN, expect, logIn, test } from "./admin-support";
import { createCompetitor, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { PHONE } from "./fixtures";

test.use({ baseURL: OWN_DATA_SITE, viewport: PHONE });

// More than a page of racers of one last name (sorting late: other tests' racers come first).
const RACERS = 55;
let lastName: string;
test.beforeAll(async () => {
  lastName = `Zzyzx ${uniqueName()}`;
  await withSiteDatabase(async (db) => {
    for (let i = 1; i <= RACERS; i++)
      await createCompetitor(db, { firstName: `No${String(i).padStart(2, "0")}`, lastName, email: null });
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a racer past the first 50 by name is a link or more away, and back", async ({ page: phone }) => {
      await logIn(phone, OWN_DATA_SITE, ADMIN);
      await phone.goto("/admin/competitors");
      const pages = phone.getByRole("navigation", { name: "Competitor pages" });
      const racer = (n: number) => phone.getByRole("row").filter({ hasText: `No${String(n).padStart(2, "0")} ${lastName}` });
      await expect(pages).toContainText(/Page 1 of \d+/);
      const count = Number((await pages.textContent())!.match(/of (\d+)/)![1]);
      expect(count).toBeGreaterThanOrEqual(2);
      await expect(racer(RACERS)).toHaveCount(0);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // Our 55 sort together (by first name within one last name), so the 55th is on page 2 or later.
      let at = 1;
      while ((await racer(RACERS).count()) === 0 && at < count) {
        await pages.getByRole("link", { name: "More racers" }).click();
        at += 1;
        await expect(pages).toContainText(`Page ${at} of ${count}`);
      }
      expect(at).toBeGreaterThanOrEqual(2);
      await expect(racer(RACERS)).toBeVisible();
      await expect(racer(RACERS - 1)).toBeVisible();

      await pages.getByRole("link", { name: "Previous racers" }).click();
      await expect(pages).toContainText(`Page ${at - 1} of ${count}`);
      await expect(racer(RACERS)).toHaveCount(0);
    });
  });
}
