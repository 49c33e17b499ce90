/**
 * The duty roster (issue 36 item 2, decision 0058) at 375 px: a racer takes a duty from their
 * entry link and asks another member to swap; that member accepts from the e-mailed link (read from
 * the outbox, as an inbox would receive it) and the race page names them. An admin assigns and
 * removes people on the race's Duties screen. On the own-data site, each test with its own race.
 */
import { and, eq } from "drizzle-orm";
import { outboxMessages, raceEntryLinks } from "~/db/schema";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { DUTY_TEXT, ROSTER_TEXT } from "~/lib/race-day/duties";
import { ADMIN, logIn, toast } from "./admin-support";
import {
  createDriver,
  createRace,
  createRegistration,
  dayFromToday,
  OWN_DATA_SITE,
  uniqueName,
  withSiteDatabase,
} from "./factories";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

/** A race ten days ahead with two Open entrants, the first holding an entry link. */
async function raceWithCrew() {
  const token = newToken();
  const made = await withSiteDatabase(async (db) => {
    const race = await createRace(db, { title: `Duty Cup ${uniqueName()}`, date: dayFromToday(10), status: "upcoming" });
    const ann = await createDriver(db, { firstName: "Ann", boatNumber: "61" });
    const ben = await createDriver(db, { firstName: "Ben", boatNumber: "62" });
    for (const c of [ann, ben]) await createRegistration(db, { raceId: race.id, competitorId: c.id, boatClass: "Open" });
    await db.insert(raceEntryLinks).values({ tokenHash: hashToken(token), raceId: race.id, competitorId: ann.id });
    return { race, ann, ben };
  });
  return { ...made, token };
}

test("a racer takes a duty from the entry link, asks another member to swap, who accepts from the e-mailed link", async ({
  browser,
}) => {
  const { race, ann, ben, token } = await raceWithCrew();
  // The racer's phone, without JavaScript (the entry link's pages ship none).
  const racer = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL: OWN_DATA_SITE });
  const phone = await racer.newPage();
  await phone.goto(`/race-entry/${token}`);
  const duties = phone.getByRole("region", { name: DUTY_TEXT.heading });
  await expect(duties).toContainText(DUTY_TEXT.free(6));
  await duties.getByRole("link", { name: DUTY_TEXT.open }).click();
  await expect(phone.getByRole("heading", { name: DUTY_TEXT.title })).toBeVisible();
  await phone.getByRole("button", { name: `${DUTY_TEXT.volunteer}: Starter` }).click();
  await expect(phone.getByRole("status")).toHaveText(DUTY_TEXT.volunteered("Starter"));

  const own = phone.getByRole("region", { name: DUTY_TEXT.onDuty("Starter") });
  await own.getByLabel(DUTY_TEXT.askLabel).selectOption({ label: ben.name });
  await own.getByRole("button", { name: DUTY_TEXT.askButton }).click();
  await expect(phone.getByRole("status")).toHaveText(DUTY_TEXT.asked(ben.name));
  const box = (await own.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await racer.close();

  // Ben's inbox: the request with its private link.
  const body = await withSiteDatabase(async (db) => {
    const [mail] = await db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, ben.email!), eq(outboxMessages.kind, "duty-swap")));
    return mail!.body;
  });
  const link = body.match(/^https?:\/\/\S+\/duty-swap\/[A-Za-z0-9_-]+$/m)![0];
  const member = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await member.newPage();
  await page.goto(`${OWN_DATA_SITE}${new URL(link).pathname}`);
  await expect(page.getByText(DUTY_TEXT.swapAsk(ann.name, "Starter", race.title))).toBeVisible();
  await page.getByRole("button", { name: DUTY_TEXT.accept }).click();
  await expect(page.getByRole("status")).toHaveText(DUTY_TEXT.accepted("Starter", race.title));

  await page.goto(`${OWN_DATA_SITE}/results/${race.id}`);
  const onDuty = page.locator("li").filter({ hasText: /^Starter:/ });
  await expect(onDuty).toHaveText(`Starter: ${ben.name}`);
  await member.close();
});

test("an admin assigns a racer to a duty and removes them on the race's Duties screen", async ({ page }) => {
  const { race, ann } = await raceWithCrew();
  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`${OWN_DATA_SITE}/admin/races/${race.id}/duties`);
  await expect(page.getByRole("heading", { name: ROSTER_TEXT.title(race.title) })).toBeVisible();
  const officer = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Race officer:/ }) });
  await officer.getByLabel(ROSTER_TEXT.assignLabel).selectOption({ label: `${ann.name} #61` });
  await officer.getByRole("button", { name: ROSTER_TEXT.assign }).click();
  await expect(toast(page, ROSTER_TEXT.assigned(`${ann.name} #61`, "Race officer"))).toBeVisible();
  await expect(page.getByRole("heading", { name: `Race officer: ${ann.name}` })).toBeVisible();
  const box = (await officer.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

  await page.getByRole("button", { name: `${ROSTER_TEXT.remove} ${ann.name} from Race officer` }).click();
  await expect(page.getByRole("heading", { name: "Race officer: 1 place free" })).toBeVisible();
});
