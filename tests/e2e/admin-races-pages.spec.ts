/**
 * Race Management in pages on a phone (issue 34 item 6): it opens on this year's races and the
 * upcoming ones; an older season is a link away, and back. Links, so the same without JavaScript.
 */
import { ADMIN, expect, logIn, test } from "./admin-support";
import { createRace, dayFromToday, OWN_DATA_SITE, today, uniqueName, withSiteDatabase } from "./factories";
import { PHONE } from "./fixtures";

test.use({ baseURL: OWN_DATA_SITE, viewport: PHONE });

// A season long before any other test's races: its page holds this file's race alone.
const OLD_SEASON = "1987";
let names: { upcoming: string; thisYear: string; old: string };

test.beforeAll(async () => {
  const tag = uniqueName();
  names = { upcoming: `Harbour Dash ${tag}`, thisYear: `New Year Sprint ${tag}`, old: `Old Gold Cup ${tag}` };
  await withSiteDatabase(async (db) => {
    await createRace(db, { title: names.upcoming, date: dayFromToday(10), status: "upcoming" });
    await createRace(db, { title: names.thisYear, date: `${today().slice(0, 4)}-01-01`, status: "completed" });
    await createRace(db, { title: names.old, date: `${OLD_SEASON}-05-02`, status: "completed" });
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("upcoming races first, an older season by its link", async ({ page: phone }) => {
      await logIn(phone, OWN_DATA_SITE, ADMIN);
      const row = (title: string) => phone.getByRole("row").filter({ hasText: title });
      const years = phone.getByRole("navigation", { name: "Races by year" });
      const current = `${today().slice(0, 4)} and upcoming`;

      await phone.goto("/admin/races");
      await expect(phone.getByText("Race Management", { exact: true })).toBeVisible();
      await expect(years.getByRole("link").first()).toHaveText(current);
      await expect(years.getByRole("link", { name: current })).toHaveAttribute("aria-current", "page");
      await expect(row(names.upcoming)).toContainText("Upcoming");
      await expect(row(names.thisYear)).toContainText("Completed");
      await expect(row(names.old)).toHaveCount(0);
      // The year tabs run onto more lines: nothing is pushed off a 375 px screen.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      await years.getByRole("link", { name: OLD_SEASON, exact: true }).click();
      await expect(phone).toHaveURL(`${OWN_DATA_SITE}/admin/races?year=${OLD_SEASON}`);
      await expect(years.getByRole("link", { name: OLD_SEASON, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(row(names.old)).toContainText("Completed");
      await expect(row(names.upcoming)).toHaveCount(0);
      await expect(row(names.thisYear)).toHaveCount(0);
      if (javaScriptEnabled) {
        // The screen's dialogs work on an older season's page as on the first.
        await row(names.old)
          .getByRole("button", { name: `Edit ${names.old}`, exact: true })
          .click();
        await expect(phone.getByRole("dialog", { name: "Edit Race" }).getByLabel("Title")).toHaveValue(names.old);
        await phone.keyboard.press("Escape");
      }

      await years.getByRole("link", { name: current }).click();
      await expect(phone).toHaveURL(`${OWN_DATA_SITE}/admin/races`);
      await expect(row(names.upcoming)).toBeVisible();
      await expect(row(names.old)).toHaveCount(0);
    });
  });
}
