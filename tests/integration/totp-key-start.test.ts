/**
 * Issue 31 item 18, as an operator meets it: the production server seals the admins' TOTP
 * secrets at its first start with TOTP_ENCRYPTION_KEY; started again with another key (a typo, a
 * key lost with the old machine) it refuses to start and says which variable, instead of serving
 * a site where every admin's codes are refused; with the right key it serves, and the codes work.
 */
import { randomBytes } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { isSealed } from "~/domain/admin/totp-secret.server";
import { signInOverHttp, siteAt } from "../support/admin-http";
import { createTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { startServer } from "../support/server-process";
import { TEST_TOTP_KEY_TEXT } from "../support/totp-key";

const database = await createTestDatabase();
afterAll(() => database.drop());

async function stop(server: Awaited<ReturnType<typeof startServer>>) {
  server.child.kill("SIGTERM");
  await server.exited;
}

it(
  "a start with another TOTP_ENCRYPTION_KEY stops with a message; the right key serves and the codes work",
  { timeout: 180_000 },
  async () => {
    await createAdmin(database.db, "keyed-owner", "tally-ho-lakeside-9731");
    const env = { DATABASE_URL: database.url, DEMO_DATA: "0", LOG_LEVEL: "info" };

    const first = await startServer({ ...env, TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY_TEXT });
    await stop(first);
    const { rows } = await database.pool.query<{ totp_secret: string }>(
      "SELECT totp_secret FROM admins WHERE username = 'keyed-owner'",
    );
    expect(isSealed(rows[0]!.totp_secret)).toBe(true);

    const wrong = await startServer(
      { ...env, TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64") },
      { waitUntilServing: false },
    );
    expect(await wrong.exited).not.toBe(0);
    expect(wrong.output()).toMatch(/TOTP_ENCRYPTION_KEY is not the key the two-factor secrets of 1 admin\(s\) were sealed with/);

    const missing = await startServer({ ...env, TOTP_ENCRYPTION_KEY: "" }, { waitUntilServing: false });
    expect(await missing.exited).not.toBe(0);
    expect(missing.output()).toMatch(/TOTP_ENCRYPTION_KEY is not set/);

    const right = await startServer({ ...env, TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY_TEXT });
    try {
      const cookie = await signInOverHttp(siteAt(right.url), database.db, "keyed-owner", "tally-ho-lakeside-9731");
      expect(cookie).toBeTruthy();
    } finally {
      await stop(right);
    }
  },
);
