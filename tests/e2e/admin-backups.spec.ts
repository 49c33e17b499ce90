/**
 * Restore from the admin area in a real browser at 375 px (issue 33 item 4): the overview says when
 * the last proven backup was taken; the owner confirms it is them, picks the kept backup, restores
 * it, reads the success message and sees the backup's data on the public page again. On a site of
 * its own (a restore replaces every row: the shared sites' other tests must not lose theirs).
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { competitors } from "~/db/schema";
import { startServer, type ServerProcess } from "../support/server-process";
import { siteDataDir } from "../support/scratch-dir";
import { logIn } from "./admin-support";
import { withSiteDatabase } from "./factories";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

// The last port of this checkout's block (playwright.config.ts uses the first four).
const PORT = Number(process.env.E2E_PORT ?? 4100) + 5;
const SITE = `http://localhost:${PORT}`;
const OWNER = { username: "restore-owner", password: "restore-owner-password-1985" };
// withSiteDatabase finds a site's database by this directory's name.
const dataDir = siteDataDir(PORT);
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  server = await startServer(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: "1",
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      LOG_LEVEL: "warn",
      TEST_TODAY: process.env.TEST_TODAY!,
    },
    { port: PORT },
  );
});
test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

test("an owner confirms it's them, restores a kept backup at 375 px and sees its data", async ({ page }) => {
  test.setTimeout(120_000);
  // The daily backup is written and proven a few seconds after the start.
  await expect
    .poll(async () => (await readdir(path.join(dataDir, "backups")).catch(() => [])).some((f) => f.endsWith(".proof.json")), {
      timeout: 60_000,
    })
    .toBe(true);
  const name = await withSiteDatabase(async (db) => {
    const [row] = await db.select({ first: competitors.firstName }).from(competitors).where(eq(competitors.id, 1));
    await db.update(competitors).set({ firstName: "Overwritten" }).where(eq(competitors.id, 1));
    return row!.first;
  }, PORT);

  await logIn(page, SITE, OWNER);
  await page.goto(`${SITE}/admin/overview`);
  await expect(page.getByText("The last proven backup was taken")).toBeVisible();
  await page.getByRole("link", { name: "Restore a backup" }).click();
  await expect(page).toHaveURL(`${SITE}/admin/backups`);
  // Nothing to restore with before "Confirm it's you".
  await expect(page.getByRole("button", { name: "Restore this backup" })).toHaveCount(0);
  await page.getByLabel("Your password").fill(OWNER.password);
  await page.getByRole("button", { name: "Confirm with your password" }).click();
  await expect(page.getByText("Confirmed: you can restore a backup until")).toBeVisible();

  await page.getByRole("radio", { name: /^Backup of .* Proven/ }).check();
  await page
    .getByRole("checkbox", { name: /Replace the club's data/ })
    .first()
    .check();
  await page.getByRole("button", { name: "Restore this backup" }).click();
  await expect(page.getByText("Backup restored").first()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // The restore point it took first is listed now, proven.
  await page.reload();
  await expect(page.getByText(/^Restore point of /)).toBeVisible();

  await page.goto(`${SITE}/competitor/1`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByText("Overwritten")).toHaveCount(0);
});
