/**
 * axe (WCAG 2.2 AA and best practices, every impact) on every screen of the site, public and
 * admin, with data on each: a race with entries in both classes, a heat draw and a heat sheet, a
 * race with results, a racer with a head-to-head (no season: a defined season changes what
 * /standings shows to the other tests on this site; the demo site's seasons screen is checked below). The older a11y specs check the demo
 * site's read pages for serious violations; this one holds every screen to the whole rule set.
 */
import { news } from "~/db/schema";
import { ADMIN, DEMO, logIn } from "./admin-support";
import { axeViolations } from "./axe";
import {
  createDriver,
  createHeat,
  createRace,
  createRegistration,
  createResult,
  dayFromToday,
  OWN_DATA_SITE,
  uniqueName,
  withSiteDatabase,
} from "./factories";
import { DEMO_SITE, expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: OWN_DATA_SITE });

let data: { upcomingId: number; pastId: number; racerId: number; rivalId: number; noticeId: number };

test.beforeAll(async () => {
  data = await withSiteDatabase(async (db) => {
    const drivers = [];
    for (const [index, firstName] of ["Renee", "Nadine", "Colin", "Alana"].entries()) {
      drivers.push(await createDriver(db, { firstName, boatNumber: String(index + 5), boatName: `Boat ${index + 5}` }));
    }
    const upcoming = await createRace(db, { title: `Axe Upcoming ${uniqueName()}`, date: dayFromToday(9), status: "upcoming" });
    for (const driver of drivers) {
      for (const boatClass of ["Open", "Superboat"]) {
        await createRegistration(db, { raceId: upcoming.id, competitorId: driver.id, boatClass });
      }
    }
    await createHeat(db, {
      raceId: upcoming.id,
      boatClass: "Open",
      heatNumber: 1,
      competitorIds: [drivers[0]!.id, drivers[1]!.id],
    });
    await createHeat(db, {
      raceId: upcoming.id,
      boatClass: "Open",
      heatNumber: 2,
      competitorIds: [drivers[2]!.id, drivers[3]!.id],
    });
    const past = await createRace(db, { title: `Axe Past ${uniqueName()}`, date: dayFromToday(-20), status: "completed" });
    for (const [index, driver] of drivers.entries()) {
      await createResult(db, { raceId: past.id, competitorId: driver.id, position: index + 1, laps: 12, totalTime: "9:01.20" });
    }
    // A notice tied to the upcoming race, not pinned (the home page is shared with other tests).
    const [notice] = await db
      .insert(news)
      .values({
        title: `Axe notice ${uniqueName()}`,
        body: "Bring:\n- a boat\n\nSee https://example.org/map",
        raceId: upcoming.id,
      })
      .returning();
    return { upcomingId: upcoming.id, pastId: past.id, racerId: drivers[0]!.id, rivalId: drivers[1]!.id, noticeId: notice!.id };
  });
});

const publicScreens = () => [
  "/",
  "/?tab=standings",
  "/results",
  `/results/${data.pastId}`,
  "/calendar",
  `/calendar/${data.upcomingId}`,
  `/calendar/${data.upcomingId}/heat-sheet`,
  "/standings",
  `/competitor/${data.racerId}`,
  `/competitor/${data.racerId}/vs/${data.rivalId}`,
  "/news",
  `/news/${data.noticeId}`,
  "/registration",
  "/race-registration",
  "/race-entry/not-a-real-link-token-000000000000000000000",
  "/messages/not-a-real-link-token-000000000000000000000",
  "/registration/confirm/not-a-real-link-token-000000000000000",
  "/admin/login",
  "/admin/forgot-password",
  "/admin/reset-password/not-a-real-link-token-000000000000000000",
];

test("every public screen passes axe's WCAG 2.2 AA and best-practice rules", async ({ page, expectRefusal }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  for (const path of publicScreens()) {
    // A link that is not (or no longer) valid is answered 404 with its own page.
    if (/^\/(race-entry|messages|registration\/confirm|admin\/reset-password)\//.test(path)) expectRefusal(path, 404);
    await page.goto(path);
    for (const violation of await axeViolations(page)) found.push(`${path}: ${violation}`);
  }
  expect(found).toEqual([]);
});

test("every admin screen passes axe's WCAG 2.2 AA and best-practice rules", async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, OWN_DATA_SITE, ADMIN);
  const found: string[] = [];
  const screens = [
    "/admin/overview",
    "/admin/competitors",
    "/admin/competitors/duplicates",
    `/admin/competitors/duplicates?keep=${data.racerId}&merge=${data.rivalId}`,
    "/admin/races",
    `/admin/races/${data.upcomingId}/heats`,
    `/admin/races/${data.pastId}/heats`,
    `/admin/results?race=${data.pastId}`,
    `/admin/races/${data.pastId}/import`,
    "/admin/seasons",
    "/admin/news",
    "/admin/news?new",
    `/admin/news?edit=${data.noticeId}`,
    `/admin/news?delete=${data.noticeId}`,
    "/admin/audit",
    "/admin/privacy",
    // The erasure's review step (a GET: nothing is erased until its form is posted).
    `/admin/privacy?erase=${data.rivalId}`,
    "/admin/settings",
    "/admin/account",
  ];
  for (const path of screens) {
    await page.goto(path);
    for (const violation of await axeViolations(page)) found.push(`${path}: ${violation}`);
  }
  // The admin dialogs, open.
  await page.goto("/admin/competitors");
  await page.getByRole("button", { name: "Add Competitor" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  for (const violation of await axeViolations(page, { include: '[role="dialog"]' }))
    found.push(`competitor dialog: ${violation}`);
  expect(found).toEqual([]);
});

test("the demo site's admin screens pass axe's WCAG 2.2 AA and best-practice rules", async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, DEMO_SITE, DEMO);
  const found: string[] = [];
  for (const path of [
    "/admin/races",
    "/admin/races/1/heats",
    "/admin/results?race=1",
    "/admin/seasons",
    "/admin/news",
    "/admin/audit",
  ]) {
    await page.goto(DEMO_SITE + path);
    for (const violation of await axeViolations(page)) found.push(`${path}: ${violation}`);
  }
  expect(found).toEqual([]);
});
