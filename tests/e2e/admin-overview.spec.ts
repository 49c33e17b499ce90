/**
 * The admin overview on a phone (issue 24 item 4), with and without JavaScript: an owner opens
 * Overview, first in the navigation, on the own-data site (no SMTP_URL there), sees the warning
 * that e-mails wait for a mail server, and sends a test e-mail to their own address, which is
 * queued in the outbox. The page passes axe and fits 375 px.
 */
import { sql } from "drizzle-orm";
import { createAdmin } from "../support/factories";
import { expect, PHONE, test } from "./fixtures";
import { logIn } from "./admin-support";
import { axeViolations } from "./axe";
import { OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("an owner sees the no-mail-server warning and sends a test e-mail", async ({ page }) => {
      // An owner of its own: its own address and its own test e-mail limit.
      const name = uniqueName().toLowerCase();
      const owner = { username: `overview-${name}`, password: "overview-screen-pass-1985" };
      const email = `overview.${name}@example.org`;
      await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password, { email }));
      await logIn(page, OWN_DATA_SITE, owner);

      const tabs = page.getByRole("navigation", { name: "Admin sections" });
      await expect(tabs.getByRole("link").first()).toHaveText("Overview");
      await tabs.getByRole("link", { name: "Overview" }).click();
      await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/overview`);
      for (const heading of ["Next race", "Provisional results", "E-mail", "Backups", "Registration changes"])
        await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      const warning = page.getByRole("alert").filter({ hasText: "the site has no mail server" });
      await expect(warning).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // axe runs in the page: only with JavaScript on.
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Send a test e-mail" }).click();
      await expect(page.getByText("Test e-mail queued").first()).toBeVisible();
      await expect(page.getByText(`It waits in the outbox for ${email}`).first()).toBeVisible();
      // Still there after the e-mail, counting it: it stays until mail works. (Other tests queue
      // e-mails on this site at the same time: the number is whatever it is, at least this one.)
      await expect(warning).toContainText(/[1-9]\d* e-mails? ha(s|ve) not been sent: the site has no mail server/);
      const queued = await withSiteDatabase(async (db) => {
        const { rows } = await db.execute<{ kind: string; status: string }>(
          sql`SELECT kind, status FROM outbox_messages WHERE recipient = ${email}`,
        );
        return rows;
      });
      expect(queued).toEqual([{ kind: "admin-test-mail", status: "pending" }]);
      // The page with its answer (the toast, fading in, is outside <main>: axe would meet it half-drawn).
      if (javaScriptEnabled) expect(await axeViolations(page, { include: "main" })).toEqual([]);
    });
  });
}
