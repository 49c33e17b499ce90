/**
 * The protest window (issue 36 item 3) at 375 px: on race day, after results are saved, a racer
 * asks for a results check from their entry link (without JavaScript); the heat is corrected; an
 * admin accepts the request on the Heats page, naming the change; the race page shows the
 * outcome with the racer's name and the quoted change, and nothing the racer wrote.
 */
import { eq, sql } from "drizzle-orm";
import { raceEntryLinks, races } from "~/db/schema";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { ADMIN, logIn, toast } from "./admin-support";
import { createDriver, createRace, createRegistration, OWN_DATA_SITE, today, uniqueName, withSiteDatabase } from "./factories";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

const PROBLEM = "My last lap crossed the line before the horn.";

test("a racer asks for a results check from the entry link, an admin accepts it on the Heats page, the race page shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Protest Cup ${uniqueName()}`;
  const token = newToken();
  const { race, mia, leo } = await withSiteDatabase(async (db) => {
    const race = await createRace(db, { title, date: today(), status: "upcoming" });
    const mia = await createDriver(db, { firstName: "Mia", boatNumber: "31" });
    const leo = await createDriver(db, { firstName: "Leo", boatNumber: "32" });
    for (const d of [mia, leo]) await createRegistration(db, { raceId: race.id, competitorId: d.id, boatClass: "Open" });
    await db.insert(raceEntryLinks).values({ tokenHash: hashToken(token), raceId: race.id, competitorId: mia.id });
    return { race, mia, leo };
  });
  const saveHeat = (order: number[]) =>
    withSiteDatabase((db) =>
      replaceHeatResults(db, {
        raceId: race.id,
        heatNumber: 1,
        boatClass: "Open",
        competitorCount: order.length,
        rows: order.map((competitorId, i) => ({ position: i + 1, competitorId, points: 0 })),
      }),
    );
  // The heat's results are saved at the lake: the window opens.
  expect((await saveHeat([leo.id, mia.id])).ok).toBe(true);

  // The racer, on a phone without JavaScript, from the link of their entry e-mail.
  const racer = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL: OWN_DATA_SITE });
  const phone = await racer.newPage();
  await phone.goto(`/race-entry/${token}`);
  const check = phone.getByRole("region", { name: "Results check" });
  await expect(check).toContainText(/^Results check\s*Requests for a results check are open until \d{2}:\d{2}/);
  await check.getByRole("link", { name: "Request a results check" }).click();
  await expect(phone.getByRole("heading", { name: "Request a Results Check" })).toBeVisible();
  await phone.getByLabel("Heat").selectOption({ label: "Open heat 1 (you raced)" });
  await phone.getByLabel("What you think is wrong").fill(PROBLEM);
  await phone.getByLabel("What you ask for").fill("Place me first.");
  await phone.getByRole("button", { name: "Send the request" }).click();
  await expect(phone.getByRole("status")).toHaveText(
    "Your request about Open heat 1 is filed. An official will decide it; the race page shows the outcome.",
  );
  await expect(phone.getByRole("region", { name: "Your requests" })).toContainText("Waiting for a decision");

  // The officials correct the heat (as the editor saves it); the window runs out without waiting.
  expect((await saveHeat([mia.id, leo.id])).ok).toBe(true);
  await withSiteDatabase((db) =>
    db
      .update(races)
      .set({ resultsUpdatedAt: sql`now() - interval '1 hour'` })
      .where(eq(races.id, race.id)),
  );

  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`${OWN_DATA_SITE}/admin/races/${race.id}/heats`);
  const request = page.getByTestId("results-check-request");
  await expect(request).toContainText(`${mia.name}, Open heat 1`);
  await expect(request).toContainText(PROBLEM);
  await expect(request.getByLabel("The change it made (to accept)")).toHaveValue(/\d+/);
  await request.getByLabel("Reason").fill("The finish camera shows #31 first.");
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(toast(page, "Request decided")).toContainText("The request about Open heat 1 is accepted.");
  await expect(request.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark results official" })).toBeVisible();

  const visitor = await browser.newPage({ viewport: PHONE, baseURL: OWN_DATA_SITE });
  await visitor.goto(`/results/${race.id}`);
  const line = visitor.getByRole("list", { name: "Requests for a results check" }).getByRole("listitem");
  await expect(line).toContainText(`${mia.name}, Open heat 1: Accepted. The finish camera shows #31 first.`);
  await expect(line.locator("q")).toHaveText(/^Heat 1 Open: #31 from 2nd to 1st/);
  await expect(visitor.getByRole("main")).not.toContainText("are open until");
  await expect(visitor.getByRole("main")).not.toContainText(PROBLEM);
  await expect(visitor.getByRole("main")).not.toContainText(mia.email!);
  const box = (await visitor.getByRole("list", { name: "Requests for a results check" }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

  // The racer's own page says so too.
  await phone.goto(`/race-entry/${token}/results-check`);
  await expect(phone.getByRole("region", { name: "Your requests" })).toContainText(
    "Accepted: The finish camera shows #31 first.",
  );
  await racer.close();
  await visitor.close();
});
