/**
 * A racer's own data in the browser (issue 35 item 2), on a phone: from the footer to the privacy
 * notice, asks for their data with their e-mail address, follows the mailed link, sees what the club
 * holds, downloads it as JSON and a section as CSV, and erases their record (their result stays,
 * under an anonymous label); every screen passes axe and fits 375 px. Then the same request without JavaScript.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, PHONE, test } from "./fixtures";
import { axeViolations } from "./axe";
import { createDriver, createRace, createResult, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { mailsTo } from "./mailbox";
import { MY_DATA_TEXTS } from "~/lib/privacy/my-data";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";

test.use({ viewport: PHONE });

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function checked(page: Page) {
  await fitsThePhone(page);
  expect(await axeViolations(page)).toEqual([]);
}

async function racerWithAResult() {
  return withSiteDatabase(async (db) => {
    const racer = await createDriver(db, { firstName: "Priya", boatNumber: "42" });
    const race = await createRace(db, { title: `Privacy Cup ${uniqueName()}`, date: "2025-06-01", status: "completed" });
    await createResult(db, { raceId: race.id, competitorId: racer.id, position: 3 });
    return { racer, race };
  });
}

/** The link of the latest "my data" e-mail to `to`, on this test's site. */
async function myDataLinkMailedTo(to: string): Promise<string> {
  const link = (await mailsTo(to, "privacy-link")).at(-1)?.body.match(/^https?:\/\/\S+\/privacy\/link\/[A-Za-z0-9_-]{43}$/m)?.[0];
  if (!link) throw new Error(`no my-data link was mailed to ${to}`);
  return link.replace(/^https?:\/\/[^/]+/, OWN_DATA_SITE);
}

test("a racer asks for their data at 375 px, opens the mailed link, downloads it, asks for erasure", async ({ page }) => {
  // Five axe-checked pages and two downloads, on 2 shared cores.
  test.setTimeout(150_000);
  const { racer, race } = await racerWithAResult();

  await page.goto(`${OWN_DATA_SITE}/`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/privacy`);
  await expect(page.getByRole("heading", { name: "Privacy notice", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How long we keep it" })).toBeVisible();
  await checked(page);

  // Capitals as the racer types them: the address on file is lower case.
  await page.getByLabel("E-mail address you registered with").fill(racer.email!.toUpperCase());
  await page.getByRole("button", { name: MY_DATA_TEXTS.requestButton }).click();
  // The test sites have no mail server: the answer says so, the same words for any address.
  await expect(page.getByRole("status").filter({ hasText: MY_DATA_TEXTS.noMail })).toBeVisible();
  await checked(page);

  const link = await myDataLinkMailedTo(racer.email!);
  expect(await page.content()).not.toContain(new URL(link).pathname);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: MY_DATA_TEXTS.linkTitle })).toBeVisible();
  await checked(page);
  await page.getByRole("button", { name: MY_DATA_TEXTS.openButton }).click();

  await expect(page).toHaveURL(`${OWN_DATA_SITE}/privacy/my-data`);
  await expect(page.getByRole("heading", { name: "Registration" })).toBeVisible();
  await expect(page.getByText(racer.email!, { exact: true })).toBeVisible();
  await expect(page.getByText(race.title, { exact: true })).toBeVisible();
  await checked(page);

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "All my data (JSON)" }).click(),
  ]);
  expect(json.suggestedFilename()).toBe("my-data.json");
  const data = JSON.parse(await readFile(await json.path(), "utf8"));
  expect(data.sections.registration.rows[0]).toMatchObject({ email: racer.email, firstName: "Priya" });
  expect(data.sections.results.rows).toEqual([expect.objectContaining({ race: race.title, position: 3 })]);
  expect(data.sections.requests.rows).toEqual([expect.objectContaining({ kind: "access", status: "done" })]);

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Race results (CSV)" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe("results.csv");
  expect(await readFile(await csv.path(), "utf8")).toContain(race.title);

  // A used link does not open again.
  const again = await page.request.get(link);
  expect(again.status()).toBe(410);

  // Erasing: asked once more, then done at once; the data page closes with it.
  await page.getByRole("link", { name: MY_DATA_TEXTS.eraseHeading }).click();
  await page.getByRole("button", { name: MY_DATA_TEXTS.eraseConfirm }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/privacy/my-data?erased`);
  await expect(page.getByRole("status").filter({ hasText: "Your record is erased." })).toBeVisible();
  await checked(page);
  const closed = await page.request.get(`${OWN_DATA_SITE}/privacy/my-data`);
  expect(closed.status()).toBe(403);
  // The result stays, under the anonymous label, and links nowhere.
  await page.goto(`${OWN_DATA_SITE}/results/${race.id}`);
  await expect(page.getByText(/^Former racer \d+$/).first()).toBeVisible();
  await expect(page.getByText("Priya")).toHaveCount(0);

  // The version the consent record names stays readable, linked from the notice.
  await page.goto(`${OWN_DATA_SITE}/privacy`);
  await page.getByRole("link", { name: `This version (${CURRENT_NOTICE.version})` }).click();
  await expect(page.getByRole("heading", { name: `Privacy notice, version ${CURRENT_NOTICE.version}` })).toBeVisible();
  await checked(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the request, the link and the data page work as plain HTML", async ({ page, expectRefusal }) => {
    const { racer } = await racerWithAResult();
    await page.goto(`${OWN_DATA_SITE}/privacy`);
    await page.getByLabel("E-mail address you registered with").fill(racer.email!);
    await page.getByRole("button", { name: MY_DATA_TEXTS.requestButton }).click();
    await expect(page.getByRole("status").filter({ hasText: MY_DATA_TEXTS.noMail })).toBeVisible();
    await page.goto(await myDataLinkMailedTo(racer.email!));
    await page.getByRole("button", { name: MY_DATA_TEXTS.openButton }).click();
    await expect(page.getByText(racer.email!, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: MY_DATA_TEXTS.endButton }).click();
    expectRefusal("/privacy/my-data", 403);
    await page.goto(`${OWN_DATA_SITE}/privacy/my-data`);
    await expect(page.getByText(MY_DATA_TEXTS.noSession)).toBeVisible();
  });
});
