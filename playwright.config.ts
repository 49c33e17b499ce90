import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { todayInZone } from "~/lib/util/dates";
import { siteDataDir } from "./tests/support/scratch-dir";

/**
 * Browser tests run against the production build, served four times (SITES below): with demo data
 * (most tests), empty (SPEC's empty states), and two empty sites with an admin for the tests that
 * write. Each site gets a fresh embedded PostgreSQL in the system temp directory.
 */
// E2E_PORT lets two checkouts run their browser tests at the same time.
export const DEMO_PORT = Number(process.env.E2E_PORT ?? 4100);
export const EMPTY_PORT = DEMO_PORT + 1;
/** The admin tests' own site (empty, admin from ADMIN_*): their writes never disturb other tests. */
export const ADMIN_PORT = DEMO_PORT + 2;
/**
 * The own-data site (empty, admin from ADMIN_*): tests that write build the data they need there
 * through its database (tests/e2e/factories.ts), each with its own rows, so the demo site that
 * read-only tests share never changes under them.
 */
export const OWN_DATA_PORT = DEMO_PORT + 3;

/**
 * The club's "today" for the whole run, fixed when the run starts and handed to every server
 * (TEST_TODAY) and, through the environment the workers inherit, to the tests (tests/e2e/factories.ts):
 * a run that crosses midnight in Bermuda keeps one "today" everywhere.
 */
process.env.TEST_TODAY ??= todayInZone("Atlantic/Bermuda");
export const TODAY = process.env.TEST_TODAY;

// Debian's Chromium where it exists (Playwright's own download is not reachable on our machines):
// its headless shell first, the lighter build Playwright itself runs headless tests in (it starts
// in about half the time of the full browser), else the full browser.
const systemChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file));
const launchOptions = systemChromium
  ? {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }
  : {};

export interface Site {
  port: number;
  url: string;
  dataDir: string;
  env: Record<string, string>;
}

function site(port: number, demo: boolean, extraEnv: Record<string, string> = {}): Site {
  // In memory when there is room, else under the system temp directory (tests/support/scratch-dir.ts):
  // the postgres system user must be able to reach it.
  const dataDir = siteDataDir(port);
  return {
    port,
    url: `http://localhost:${port}/`,
    dataDir,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_DATA: demo ? "1" : "0",
      LOG_LEVEL: "warn",
      CLUB_EMAIL: "info@example.org",
      NODE_ENV: "production",
      TEST_TODAY: TODAY,
      // A backup proven at start (dumped, restored into a scratch database, counted) on each of four
      // sites just as the tests begin; the backups test starts its own site with them on.
      DAILY_BACKUPS: "0",
      ...extraEnv,
    },
  };
}

/** The four sites, each on a fresh embedded PostgreSQL, started at once by tests/e2e/global-setup.ts. */
export const SITES = [
  site(DEMO_PORT, true),
  site(EMPTY_PORT, false),
  site(ADMIN_PORT, false, { ADMIN_USERNAME: "club-admin", ADMIN_PASSWORD: "e2e-admin-password-1985" }),
  site(OWN_DATA_PORT, false, { ADMIN_USERNAME: "club-admin", ADMIN_PASSWORD: "e2e-admin-password-1985" }),
];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries, in CI either: a flaky test must fail, not pass on its second try.
  retries: 0,
  workers: 2,
  // A flow over several pages, each checked by axe, takes 20-35 s when the whole suite, its four
  // servers and two browsers share 2 cores (the password reset and news flows ran past 30 s).
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${DEMO_PORT}`,
    // No trace: recording one (the DOM at every action) cost a sixth of the suite's time (282 tests:
    // 3.7 -> 3.1 min), and CI keeps only what it prints, never a trace file. A failed test prints
    // its error and call log and leaves a screenshot of its last state; to see every step, run it
    // again with `npx playwright test <file> --trace on` (decision 0061).
    trace: "off",
    screenshot: "only-on-failure",
    // Every page registers the offline worker, which on a context's first page installs and fetches
    // the page and its scripts again: work every test paid for and only the offline tests check.
    // They allow it (tests/e2e/offline.spec.ts).
    serviceWorkers: "block",
    launchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions } }],
  globalSetup: "./tests/e2e/global-setup.ts",
});
