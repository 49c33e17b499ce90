/**
 * Two app instances on one DATABASE_URL behave as one site: a session from one works on the
 * other, and login rate limits count across both (they live in the database, not in memory).
 */
import { afterAll, expect, it } from "vitest";
import { cookieValue, signInResponse, siteAt } from "../support/admin-http";
import { createTestDatabase } from "../support/database";
import { completeAccount } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await s.exited;
  }
  await database.drop();
});

const env = {
  DATABASE_URL: database.url,
  DEMO_DATA: "0",
  ADMIN_USERNAME: "race-secretary",
  ADMIN_PASSWORD: "two-instances-password",
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
};

function login(url: string, password: string, address: string) {
  return fetch(`${url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "X-Forwarded-For": address, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "race-secretary", password }),
  });
}

it("shares sessions and rate limits between two instances", { timeout: 120_000 }, async () => {
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);

  // The admin has set up their e-mail and authenticator: the password, then the code.
  await completeAccount(database.db, "race-secretary");
  const response = await signInResponse(siteAt(a.url), database.db, "race-secretary", "two-instances-password", {
    headers: { "X-Forwarded-For": "192.0.2.1" },
  });
  expect(response.status).toBe(302);
  const cookie = `admin_session=${cookieValue(response, "admin_session")}`;

  const page = await fetch(`${b.url}/admin/competitors`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Competitor Management");
  const anonymous = await fetch(`${b.url}/admin/competitors`, { redirect: "manual" });
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("location")).toContain("/admin/login");

  // Five failures spread over both instances lock the sixth attempt out on either one.
  for (let i = 0; i < 5; i++) {
    expect((await login(i % 2 ? a.url : b.url, "wrong-password-x", "192.0.2.99")).status).toBe(401);
  }
  expect((await login(a.url, "two-instances-password", "192.0.2.99")).status).toBe(429);
});
