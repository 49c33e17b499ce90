/**
 * The racer profile's Race Results one season at a time for a long career (issue 11): more than
 * 50 results show the newest season the racer has results in, with a Season choice (GET form, no
 * script) for the others, while the career figures above count every season. A short career
 * shows every result as before. Own data on the own-data site, dated 1998 and 1999.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createDriver, createRace, createResult, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { card, readTable } from "./public-helpers";

/** Each race's heats: 10 for the long career (3 races a season = 60 results). */
const HEATS = 10;

async function resultTitles(page: Page): Promise<string[]> {
  const { rows } = await readTable(card(page, "Race Results").getByRole("table"));
  return rows.map((row) => row[0]!.split("\n")[0]!);
}

async function statistic(page: Page, label: string): Promise<string> {
  return card(page, "Statistics")
    .locator("dl > div", { has: page.getByText(label, { exact: true }) })
    .getByRole("definition")
    .innerText();
}

test.describe("racer profile over several seasons", () => {
  let racer = 0;
  let shortCareer = 0;
  const tag = uniqueName();
  const races = [
    { title: `${tag} Spring 1998`, date: "1998-04-05" },
    { title: `${tag} Autumn 1998`, date: "1998-10-04" },
    { title: `${tag} Winter 1998`, date: "1998-12-06" },
    { title: `${tag} Spring 1999`, date: "1999-03-07" },
    { title: `${tag} Summer 1999`, date: "1999-07-11" },
    { title: `${tag} Autumn 1999`, date: "1999-09-12" },
  ];

  test.beforeAll(async () => {
    await withSiteDatabase(async (db) => {
      const driver = await createDriver(db, { firstName: "Seasoned", boatNumber: "98" });
      const single = await createDriver(db, { firstName: "Short", boatNumber: "99" });
      racer = driver.id;
      shortCareer = single.id;
      for (const { title, date } of races) {
        const race = await createRace(db, { title, date, status: "completed" });
        // Heat 1 won, the other heats 5th.
        for (let heat = 1; heat <= HEATS; heat++) {
          await createResult(db, { raceId: race.id, competitorId: driver.id, position: heat === 1 ? 1 : 5, heatNumber: heat });
        }
        if (date.startsWith("1998")) await createResult(db, { raceId: race.id, competitorId: single.id, position: 4 });
        else await createResult(db, { raceId: race.id, competitorId: single.id, position: 2 });
      }
    });
  });

  test("shows the newest season's results and another season on request; the career counts both", async ({ page }) => {
    await page.goto(`${OWN_DATA_SITE}/competitor/${racer}`);
    const season = card(page, "Race Results").getByLabel("Season");
    await expect(season.locator("option")).toHaveText(["1999 Season", "1998 Season"]);
    await expect(season).toHaveValue("1999");
    const newest = await resultTitles(page);
    expect(newest).toHaveLength(3 * HEATS);
    expect(new Set(newest)).toEqual(new Set(races.slice(3).map((r) => r.title)));
    // Newest race first.
    expect(newest[0]).toBe(`${tag} Autumn 1999`);

    // The statistics count the whole career: 6 races, 60 results of 25 or 11 points.
    expect(await statistic(page, "Races")).toBe("6");
    expect(await statistic(page, "Points")).toBe(String(6 * 25 + 6 * (HEATS - 1) * 11));
    expect(await statistic(page, "Wins")).toBe("6");
    await expect(card(page, "Seasons").getByRole("link", { name: /^199[89] Season$/ })).toHaveText([
      "1999 Season",
      "1998 Season",
    ]);

    await season.selectOption("1998");
    await card(page, "Race Results").getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}/competitor/${racer}?season=1998`);
    await expect(card(page, "Race Results").getByLabel("Season")).toHaveValue("1998");
    const older = await resultTitles(page);
    expect(older).toHaveLength(3 * HEATS);
    expect(older[0]).toBe(`${tag} Winter 1998`);
    expect(older.at(-1)).toBe(`${tag} Spring 1998`);
    expect(await statistic(page, "Races")).toBe("6");
  });

  test("a season the racer did not race in shows the newest one; a short career shows every result", async ({ page }) => {
    const response = await page.goto(`${OWN_DATA_SITE}/competitor/${racer}?season=1970`);
    expect(response?.status()).toBe(200);
    await expect(card(page, "Race Results").getByLabel("Season")).toHaveValue("1999");

    // Six results over two seasons: one table as before, no Season choice.
    await page.goto(`${OWN_DATA_SITE}/competitor/${shortCareer}?season=1998`);
    await expect(card(page, "Race Results").getByLabel("Season")).toHaveCount(0);
    expect(await resultTitles(page)).toEqual([...races].reverse().map((r) => r.title));
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Season choice is a plain form", async ({ page }) => {
      await page.goto(`${OWN_DATA_SITE}/competitor/${racer}`);
      await card(page, "Race Results").getByLabel("Season").selectOption("1998");
      await card(page, "Race Results").getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(`${OWN_DATA_SITE}/competitor/${racer}?season=1998`);
      expect((await resultTitles(page))[0]).toBe(`${tag} Winter 1998`);
    });
  });
});
