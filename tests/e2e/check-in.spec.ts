/**
 * Check-in at the lake (issue 36 item 1, decision 0055) at 375 px: a racer checks in from their
 * entry link on race day; an admin's phone list checks boats in, keeps the taps made while the
 * connection is down and sends each once when it returns; a tap on a boat another admin changed
 * meanwhile is shown as a conflict. The race page's "N of M boats checked in" follows.
 * On the own-data site, each test with its own race dated the run's "today".
 */
import type { Page } from "@playwright/test";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, checkInTaps, raceCheckIns, raceEntryLinks } from "~/db/schema";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { applyTap } from "~/domain/race-day/check-in.server";
import { saveCheckInSettings } from "~/domain/race-day/check-in-settings.server";
import { CHECK_IN, CHECK_IN_DEFAULTS } from "~/lib/race-day/check-in";
import { newTapKey } from "~/lib/race-day/check-in-queue";
import { ADMIN, logIn } from "./admin-support";
import {
  createDriver,
  createRace,
  createRegistration,
  dayFromToday,
  OWN_DATA_SITE,
  today,
  uniqueName,
  withSiteDatabase,
} from "./factories";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

const OTHER_ADMIN = { adminId: null, username: "other-phone", address: null };

/** A race on the run's "today" with one Open entrant per boat number. */
async function raceDay(boatNumbers: string[]) {
  return withSiteDatabase(async (db) => {
    const race = await createRace(db, { title: `Check-in Cup ${uniqueName()}`, date: today(), status: "upcoming" });
    const boats = [];
    for (const [i, boatNumber] of boatNumbers.entries()) {
      const boat = await createDriver(db, { firstName: ["Ada", "Ben", "Cal", "Dee", "Eve"][i] ?? "Fay", boatNumber });
      await createRegistration(db, { raceId: race.id, competitorId: boat.id, boatClass: "Open" });
      boats.push({ ...boat, label: `#${boatNumber} ${boat.name}` });
    }
    return { race, boats };
  });
}

/** The race page's check-in line for the Open class, as a visitor sees it. */
async function expectRaceCount(page: Page, raceId: number, line: string) {
  await page.goto(`${OWN_DATA_SITE}/results/${raceId}`);
  await expect(page.getByRole("list", { name: "Check-in" })).toHaveText(`Open: ${line}`);
}

// The site is shared with other specs: the club's check-in window goes back to its default after.
test.afterAll(async () => {
  await withSiteDatabase((db) => saveCheckInSettings(db, CHECK_IN_DEFAULTS, OTHER_ADMIN));
});

test("a racer checks in from the entry link on race day; the race page counts the boat", async ({ browser }) => {
  const token = newToken();
  const { race, boats } = await raceDay(["31", "32"]);
  await withSiteDatabase(async (db) => {
    await db.insert(raceEntryLinks).values({ tokenHash: hashToken(token), raceId: race.id, competitorId: boats[0]!.id });
    // Open from the day before the start until the race day ends: open now, whatever the hour.
    await saveCheckInSettings(db, { startTime: "10:00", opensMinutesBefore: 24 * 60 }, OTHER_ADMIN);
  });

  // The racer's phone, without JavaScript (the entry link's page ships none).
  const racer = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL: OWN_DATA_SITE });
  const phone = await racer.newPage();
  await phone.goto(`/race-entry/${token}`);
  const checkIn = phone.getByRole("region", { name: CHECK_IN.heading });
  await expect(checkIn).toContainText("At the lake? Check in so your boat is in the heat draw.");
  await checkIn.getByRole("button", { name: CHECK_IN.button }).click();
  await expect(phone.getByRole("status")).toHaveText(CHECK_IN.done);
  await expect(checkIn).toHaveText(/^Check-in\s*You are checked in \(since \d{2}:\d{2}\)\.$/);
  await expect(checkIn.getByRole("button")).toHaveCount(0);
  const box = (await checkIn.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

  // Tapping again (the page reloaded, the form resent) is still one check-in.
  await phone.goto(`/race-entry/${token}`);
  await expect(checkIn).toContainText("You are checked in (since");

  await expectRaceCount(phone, race.id, "1 of 2 boats checked in");
  await racer.close();
});

test.describe("the admin's phone list", () => {
  // The worker a phone at the lake has (the other browser tests block it): the taps must get
  // past it offline and back online. Offline, the browser logs each request it could not send,
  // and React Router logs that it could not ask for the routes of the links on the screen (its
  // lazy route discovery): neither stops the list.
  // (One pattern: Playwright reads a two-item array given to test.use as [value, options].)
  test.use({
    serviceWorkers: "allow",
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|^Failed to fetch manifest patches TypeError: Failed to fetch/],
  });

  /** Signed in, the worker controlling the page, on the race's check-in list. */
  async function openList(page: Page, raceId: number) {
    await logIn(page, OWN_DATA_SITE, ADMIN);
    await page.goto(`${OWN_DATA_SITE}/results/${raceId}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await page.goto(`${OWN_DATA_SITE}/admin/races/${raceId}/check-in`);
    await expect(page.getByRole("heading", { name: /^Check-in: Check-in Cup/ })).toBeVisible();
  }

  const row = (page: Page, label: string) => page.getByRole("listitem").filter({ hasText: label });
  const state = (page: Page, label: string) => row(page, label).locator("[data-check-in-state]");

  test("taps made offline wait on the screen and are sent once when the connection returns", async ({ page, context }) => {
    test.setTimeout(90_000);
    const { race, boats } = await raceDay(["41", "42", "43", "44"]);
    const [ada, ben, cal] = boats as [(typeof boats)[0], (typeof boats)[0], (typeof boats)[0]];
    const taps: string[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(`/admin/races/${race.id}/check-in/tap`)) taps.push(response.url());
    });
    await openList(page, race.id);
    await expect(page.getByText("Open: 0 of 4 boats checked in")).toBeVisible();

    // Online: search a boat by number, check it in.
    await page.getByLabel("Search by boat number or name").fill("42");
    await expect(page.getByRole("listitem").filter({ has: page.locator("[data-check-in-state]") })).toHaveCount(1);
    await page.getByRole("button", { name: `${CHECK_IN.button} ${ben.label}` }).click();
    await expect(state(page, ben.label)).toHaveText("Checked in");
    await expect(page.getByRole("button", { name: `${CHECK_IN.undo} ${ben.label}` })).toBeVisible();

    // The connection drops: two taps wait on the screen.
    await page.getByLabel("Search by boat number or name").fill("");
    await context.setOffline(true);
    await page.getByRole("button", { name: `${CHECK_IN.button} ${ada.label}` }).click();
    await page.getByRole("button", { name: `${CHECK_IN.button} ${cal.label}` }).click();
    await expect(page.getByText(CHECK_IN.queued(2))).toBeVisible();
    await expect(state(page, ada.label)).toHaveText("Checked in (waiting to send)");
    await expect(state(page, cal.label)).toHaveText("Checked in (waiting to send)");
    expect(await checkedIn(race.id)).toEqual([ben.id]);

    // Back online: the waiting taps go, each once.
    await context.setOffline(false);
    await expect(page.getByText(CHECK_IN.queued(2))).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "No connection" })).toHaveCount(0);
    await expect(state(page, ada.label)).toHaveText("Checked in");
    await expect(state(page, cal.label)).toHaveText("Checked in");
    await expect.poll(() => checkedIn(race.id)).toEqual([ada.id, ben.id, cal.id].sort((a, b) => a - b));

    await page.reload();
    for (const boat of [ada, ben, cal]) await expect(state(page, boat.label)).toHaveText(/^Checked in at \d{2}:\d{2}$/);
    await expect(state(page, boats[3]!.label)).toHaveText("Not checked in");
    await expect(page.getByText("Open: 3 of 4 boats checked in")).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), `check-in-queue:${race.id}`)).toBe("[]");
    // Sent once: three requests answered, three keys, three check-ins in the audit log, each boat changed once.
    expect(taps).toHaveLength(3);
    const sent = await withSiteDatabase(async (db) => ({
      keys: (await db.select().from(checkInTaps).where(eq(checkInTaps.raceId, race.id))).length,
      audits: (
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.kind, "checkin.in"), eq(auditLog.recordId, String(race.id))))
      ).length,
      versions: (await db.select({ v: raceCheckIns.version }).from(raceCheckIns).where(eq(raceCheckIns.raceId, race.id))).map(
        (r) => r.v,
      ),
    }));
    expect(sent).toEqual({ keys: 3, audits: 3, versions: [1, 1, 1] });

    await expectRaceCount(page, race.id, "3 of 4 boats checked in");
  });

  test("a tap made offline on a boat another admin changed meanwhile is shown as a conflict", async ({ page, context }) => {
    test.setTimeout(90_000);
    const { race, boats } = await raceDay(["51", "52"]);
    const eve = boats[0]!;
    await openList(page, race.id);
    await expect(state(page, eve.label)).toHaveText("Not checked in");

    await context.setOffline(true);
    await page.getByRole("button", { name: `${CHECK_IN.button} ${eve.label}` }).click();
    await expect(state(page, eve.label)).toHaveText("Checked in (waiting to send)");
    // Meanwhile another admin's phone checks the boat in and undoes it.
    await withSiteDatabase(async (db) => {
      await applyTap(db, race.id, { intent: "in", competitorId: eve.id, basis: 0, key: newTapKey() }, OTHER_ADMIN);
      await applyTap(db, race.id, { intent: "undo", competitorId: eve.id, basis: 1, key: newTapKey() }, OTHER_ADMIN);
    });

    await context.setOffline(false);
    await expect(page.getByRole("alert").filter({ hasText: CHECK_IN.conflict })).toHaveText(`${eve.label}: ${CHECK_IN.conflict}`);
    await expect(state(page, eve.label)).toHaveText("Not checked in");
    await expect(row(page, eve.label)).toContainText(CHECK_IN.conflict);
    expect(await checkedIn(race.id)).toEqual([]);

    // The admin looks again and taps: now it applies.
    await page.getByRole("button", { name: `${CHECK_IN.button} ${eve.label}` }).click();
    await expect(state(page, eve.label)).toHaveText("Checked in");
    await expect(row(page, eve.label)).not.toContainText(CHECK_IN.conflict);
    await expectRaceCount(page, race.id, "1 of 2 boats checked in");
  });
});

test("an admin sees a racer's no-show on the racer's record and the count beside the race", async ({ page }) => {
  // A race three days ago where check-in was used: one boat came, one never did.
  const date = dayFromToday(-3);
  const { race, came, missed } = await withSiteDatabase(async (db) => {
    const race = await createRace(db, { title: `No-show Cup ${uniqueName()}`, date, status: "completed" });
    const came = await createDriver(db, { firstName: "Gus", boatNumber: "61" });
    const missed = await createDriver(db, { firstName: "Hal", boatNumber: "62" });
    for (const boat of [came, missed])
      await createRegistration(db, { raceId: race.id, competitorId: boat.id, boatClass: "Open" });
    await applyTap(db, race.id, { intent: "in", competitorId: came.id, basis: 0, key: newTapKey() }, OTHER_ADMIN);
    return { race, came, missed };
  });

  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`${OWN_DATA_SITE}/admin/competitors`);
  const record = page.getByRole("row").filter({ hasText: missed.name });
  const noShows = record.getByText(/^No-shows:/);
  await expect(noShows).toHaveText(`No-shows: 1 (${race.title} ${date})`);
  const box = (await noShows.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: came.name })
      .getByText(/^No-shows:/),
  ).toHaveCount(0);

  await page.goto(`${OWN_DATA_SITE}/admin/races?year=${date.slice(0, 4)}`);
  await expect(page.getByRole("row").filter({ hasText: race.title }).getByText("1 no-show", { exact: true })).toBeVisible();
});

/** The competitors checked in at a race, by id. */
function checkedIn(raceId: number): Promise<number[]> {
  return withSiteDatabase(async (db) => {
    const rows = await db
      .select({ id: raceCheckIns.competitorId })
      .from(raceCheckIns)
      .where(and(eq(raceCheckIns.raceId, raceId), sql`checked_in_at IS NOT NULL AND undone_at IS NULL`));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  });
}
