/**
 * The admin area on a phone as a first-time secretary meets it (issue 32 items 3 and 5), at 375 px:
 * an owner (who sees every section) reaches each one without sideways scrolling, finds the
 * mail-not-set-up warning on every screen (the test sites have no SMTP_URL), and from a public
 * page finds the way back to the admin area; anonymous pages never show that way. No screen of
 * the admin area shows a password reset link or a racer's private link.
 */
import { createAdmin } from "../support/factories";
import { mailEntryLink } from "~/domain/registration/entry-links.server";
import { requestPasswordReset } from "~/domain/admin/password-reset.server";
import { NO_MAIL } from "~/lib/platform/mail-setup";
import { INVITATION_HOURS } from "~/lib/admin/admins";
import { ADMIN_TABS } from "~/lib/admin/roles";
import { expect, PHONE, test } from "./fixtures";
import { logIn } from "./admin-support";
import { createDriver, createRace, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { mailsTo } from "./mailbox";

test.use({ viewport: { width: PHONE.width, height: 800 } });

const PRIVATE_LINK = /\/(?:race-entry|admin\/reset-password)\/[A-Za-z0-9_-]{20,}/;

async function newOwner() {
  const name = uniqueName().toLowerCase();
  const owner = { username: `phone-${name}`, password: "phone-owner-pass-1985", email: `phone.${name}@example.org` };
  await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password, { email: owner.email }));
  return owner;
}

test("an owner reaches every admin section at 375 px without sideways scrolling; each says e-mail is not set up and shows no private link", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwner();
  // A reset link for the owner and a racer's private link are waiting in the outbox.
  const club = { clubName: "Club", clubEmail: "info@example.org", siteUrl: OWN_DATA_SITE };
  await withSiteDatabase(async (db) => {
    await requestPasswordReset(db, { email: owner.email, address: "10.32.3.1", club, onLateFailure: () => undefined });
    const driver = await createDriver(db, { firstName: "Pia", boatNumber: "32" });
    const race = await createRace(db, { title: `Phone Cup ${uniqueName()}`, date: dayFromToday(9), status: "upcoming" });
    await db.transaction((tx) => mailEntryLink(tx, { raceId: race.id, competitorId: driver.id, boatClasses: ["Open"] }, club));
  });
  await expect.poll(async () => (await mailsTo(owner.email, "admin-password-reset")).length).toBe(1);

  await logIn(page, OWN_DATA_SITE, owner);
  const sections = page.getByRole("navigation", { name: "Admin sections" });
  await expect(sections.getByRole("link")).toHaveText(ADMIN_TABS.map((tab) => tab.label));
  for (const tab of ADMIN_TABS) {
    // Every section in sight: inside the screen's width, and the strip does not scroll.
    const link = sections.getByRole("link", { name: tab.label, exact: true });
    const box = (await link.boundingBox())!;
    expect(box.x, tab.label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, tab.label).toBeLessThanOrEqual(PHONE.width);
    expect(await sections.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBe(0);

    await link.click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}${tab.to}`);
    await expect(sections.getByRole("link", { name: tab.label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(NO_MAIL.banner)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.content(), `${tab.label} shows no private link`).not.toMatch(PRIVATE_LINK);
  }
});

test("signed in, a public page's header leads back to the admin area; an anonymous page never does", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two browsers, six pages, on a busy 2-core machine
  const owner = await newOwner();
  // An anonymous visit first, so the page cache holds the standings page.
  const anonymous = await browser.newContext({ viewport: PHONE });
  const visitor = await anonymous.newPage();
  await visitor.goto(`${OWN_DATA_SITE}/standings`);
  await expect(visitor.getByRole("banner").getByRole("link", { name: "Admin", exact: true })).toHaveAttribute(
    "href",
    "/admin/login",
  );

  await logIn(page, OWN_DATA_SITE, owner);
  await page.goto(`${OWN_DATA_SITE}/standings`);
  const back = page.getByRole("banner").getByRole("link", { name: "Admin area" });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/competitors`);

  // The same page for a visitor after the admin's visit: from the cache or not, no way in but the login.
  for (let i = 0; i < 2; i++) {
    await visitor.goto(`${OWN_DATA_SITE}/standings`);
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Admin area" })).toHaveCount(0);
    await expect(visitor.getByRole("banner").getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  }
  await anonymous.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an owner invites a results officer and is given the link to hand over, once", async ({ page }) => {
    const owner = await newOwner();
    const email = `plain.officer.${uniqueName().toLowerCase()}@example.org`;
    await logIn(page, OWN_DATA_SITE, owner);
    await page.goto(`${OWN_DATA_SITE}/admin/admins`);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("heading", { name: NO_MAIL.invitationTitle })).toBeVisible();
    await expect(page.getByText(NO_MAIL.invitation(email, INVITATION_HOURS))).toBeVisible();
    const [mail] = await mailsTo(email, "admin-invitation");
    expect(mail!.body).toContain(await page.getByRole("textbox", { name: "Invitation link" }).inputValue());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
