/**
 * The admins screen in the browser (issue 23 item 2), on a phone: an owner invites a results
 * officer by e-mail; the invited person opens the mailed link in their own browser, chooses a
 * username and password, turns on an authenticator app, then signs in with a code and with a
 * recovery code; the owner then sees them in the list with two-factor on, changes their role,
 * ends their sessions and removes them. The pages pass axe.
 */
import { createAdmin } from "../support/factories";
import { removeAdmin } from "~/domain/admin/admins.server";
import { inviteAdmin } from "~/domain/admin/invitations.server";
import { expect, PHONE, test } from "./fixtures";
import { totpCode } from "~/lib/admin/totp";
import { ADMIN_PORT, ADMIN_SITE, confirmItsYou, enterCode, toast } from "./admin-support";
import { axeViolations } from "./axe";
import { OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { invitationLinkMailedTo, mailsTo } from "./mailbox";

test.use({ viewport: PHONE });

test("an owner invites a results officer, who joins; the owner changes their role, ends their sessions and removes them", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two people, four sign-ins, ten argon2 hashes twice and axe runs on a busy machine
  const name = uniqueName().toLowerCase();
  const owner = { username: `owner-${name}`, password: "owner-admins-pass-1985" };
  await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password));
  const invitee = {
    email: `new.officer.${name}@example.org`,
    username: `officer-${name}`,
    password: "invited-officer-pass-1985",
  };

  await page.goto(`${OWN_DATA_SITE}/admin/login`);
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Login" }).click();
  await enterCode(page, owner.username);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/competitors`);

  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await tabs.getByRole("link", { name: "Admins" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/admins`);
  await page.getByLabel("E-mail address").fill(invitee.email);
  await page.getByLabel("Role", { exact: true }).selectOption("results_officer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  // The test sites have no mail server (issue 32 item 5): the owner is told nothing was sent, and
  // gets the link to copy and hand over; it is the link the e-mail would carry.
  await expect(toast(page, "Invitation created, not sent")).toContainText(`nothing was sent to ${invitee.email}`);
  await expect(toast(page, /on its way/)).toHaveCount(0);
  const offered = page.getByRole("textbox", { name: "Invitation link" });
  await expect(offered).toBeVisible();
  const link = await offered.inputValue();
  expect(link).toBe(await invitationLinkMailedTo(invitee.email));
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const pending = page
    .getByRole("list", { name: "Pending invitations" })
    .getByRole("listitem")
    .filter({ hasText: invitee.email });
  await expect(pending).toContainText("Results officer");
  // Shown once: only its hash is kept, so a reload cannot show it again.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Invitation link" })).toHaveCount(0);

  // The invited person, in a browser of their own.
  const theirs = await browser.newContext({ viewport: PHONE });
  try {
    const joining = await theirs.newPage();
    await joining.goto(link);
    await expect(joining.getByRole("heading", { name: "Join the club's admins" })).toBeVisible();
    await expect(joining.getByText(invitee.email)).toBeVisible();
    expect(await joining.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(joining)).toEqual([]);
    await joining.getByLabel("Username").fill(invitee.username);
    await joining.getByLabel("Password", { exact: true }).fill(invitee.password);
    await joining.getByLabel("Password again").fill(invitee.password);
    await joining.getByRole("button", { name: "Create my admin account" }).click();
    await expect(joining).toHaveURL(`${OWN_DATA_SITE}/admin/account/two-factor`);

    // Two-factor sign-in: the authenticator app (its key read as text), then the recovery codes.
    await confirmItsYou(joining, invitee.password);
    await joining.getByRole("button", { name: "Set up an authenticator app" }).click();
    const secret = (await joining.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    await joining.getByLabel("6-digit code from your app").fill(totpCode(secret));
    await joining.getByRole("button", { name: "Turn on" }).click();
    const codes = joining.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allInnerTexts();
    await joining.getByRole("button", { name: "Log out" }).click();
    // Signed out before the next sign-in: a navigation started now would cancel the logout.
    await expect(joining).toHaveURL(`${OWN_DATA_SITE}/admin/login`);

    // Signing in: the password, then a code from the app...
    const passwordStep = async () => {
      await joining.goto(`${OWN_DATA_SITE}/admin/login`);
      await joining.getByLabel("Username").fill(invitee.username);
      await joining.getByLabel("Password").fill(invitee.password);
      await joining.getByRole("button", { name: "Login" }).click();
      await expect(joining).toHaveURL(`${OWN_DATA_SITE}/admin/login/code`);
    };
    await passwordStep();
    await enterCode(joining, invitee.username, secret);
    await expect(joining).toHaveURL(`${OWN_DATA_SITE}/admin/races`);
    await joining.getByRole("button", { name: "Log out" }).click();
    // Signed out before the next sign-in: a navigation started now would cancel the logout.
    await expect(joining).toHaveURL(`${OWN_DATA_SITE}/admin/login`);
    // ...or, with the phone lost, a recovery code.
    await passwordStep();
    await joining.getByLabel("Code", { exact: true }).fill(recovery[0]!);
    await joining.getByRole("button", { name: "Continue" }).click();
    await expect(joining).toHaveURL(`${OWN_DATA_SITE}/admin/races`);
    await expect(toast(joining, "Success")).toContainText("9 recovery codes left");
  } finally {
    await theirs.close();
  }

  // Reloaded: the new admin is listed, and axe does not meet a toast fading in.
  await page.reload();
  await expect(page.getByText("Admins", { exact: true }).first()).toBeVisible();
  const row = page.getByRole("list", { name: "Admins" }).getByRole("listitem").filter({ hasText: invitee.username });
  await expect(row).toContainText(invitee.email);
  await expect(row.getByRole("definition")).toHaveText(["Results officer", "On (app)", /\d{2}:\d{2}$/]);
  await expect(page.getByRole("list", { name: "Pending invitations" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);

  await row.getByLabel(`Role of ${invitee.username}`).selectOption("owner");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(toast(page, "Role changed")).toBeVisible();
  await expect(row.getByRole("definition").first()).toHaveText("Owner");

  await row.getByRole("button", { name: `End all sessions of ${invitee.username}` }).click();
  await expect(toast(page, "Sessions ended")).toContainText("1 session was ended.");

  await row.getByText(`Remove ${invitee.username}...`).click();
  await row.getByRole("button", { name: `Remove ${invitee.username}`, exact: true }).click();
  await expect(toast(page, "Admin removed")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Admins" }).getByRole("listitem").filter({ hasText: invitee.username }),
  ).toHaveCount(0);
});

test("an invitation refuses a look-alike username in the browser, and says so when its owner was removed", async ({
  page,
  expectRefusal,
}) => {
  test.setTimeout(120_000);
  const name = uniqueName().toLowerCase();
  const email = `look.alike.${name}@example.org`;
  // On the other site with its own database: the first test counts the pending invitations of its own.
  const sender = await withSiteDatabase(async (db) => {
    const { admin } = await createAdmin(db, `sender-${name}`, "sender-admins-pass-1985");
    const actor = { adminId: admin.id, username: admin.username, address: "127.0.0.1" };
    const club = { clubName: "Club", clubEmail: "club@example.org", siteUrl: ADMIN_SITE };
    expect(await inviteAdmin(db, { email, role: "owner" }, actor, club)).toEqual({ ok: true, link: expect.any(String) });
    return admin;
  }, ADMIN_PORT);
  const [mail] = await mailsTo(email, "admin-invitation", ADMIN_PORT);
  const link = /^http\S+\/admin\/invitation\/[A-Za-z0-9_-]{43}$/m.exec(mail!.body)![0];
  const path = new URL(link).pathname;
  expectRefusal(path, 400);
  expectRefusal(path, 410);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Join the club's admins" })).toBeVisible();

  // "secadmin" with a zero-width space: refused with the rule, and no account.
  await page.getByLabel("Username").fill("secadmin\u200b");
  await page.getByLabel("Password", { exact: true }).fill("look-alike-admin-pass-1985");
  await page.getByLabel("Password again").fill("look-alike-admin-pass-1985");
  await page.getByRole("button", { name: "Create my admin account" }).click();
  await expect(page.getByText("Username must be 3 to 32 characters: lowercase letters a-z and digits")).toBeVisible();
  await expect(page).toHaveURL(link);

  // Its sender is removed: the same link now says it ended, and why.
  await withSiteDatabase((db) => removeAdmin(db, sender.id, { adminId: null, username: "(test)", address: null }), ADMIN_PORT);
  await page.reload();
  await expect(
    page.getByText("This invitation has ended: the owner who sent it was removed from the club's admins."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Create my admin account" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
