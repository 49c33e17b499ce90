/**
 * Issue 21 item 8: the same-origin rule compares scheme, host and port, not the host alone. On a
 * plain-HTTP site an `Origin: https://<same host>` is another origin: the logout and the admin
 * actions refuse it with 403 before React Router sees it, the session lives on, and the log has
 * one line for the refusal and no stack trace. Behind a trusted proxy the forwarded scheme counts.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { signInResponse, siteAt } from "../support/admin-http";
import { createTestDatabase } from "../support/database";
import { completeAccount } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
const servers: ServerProcess[] = [];
let plain: ServerProcess;
let proxied: ServerProcess;

const env = {
  DATABASE_URL: database.url,
  DEMO_DATA: "0",
  ADMIN_USERNAME: "origin-admin",
  ADMIN_PASSWORD: "origin-check-password",
  LOG_LEVEL: "info",
};

beforeAll(async () => {
  plain = await startServer(env);
  proxied = await startServer({ ...env, TRUST_PROXY: "1" });
  servers.push(plain, proxied);
}, 120_000);

afterAll(async () => {
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await s.exited;
  }
  await database.drop();
});

/** The ADMIN_* admin has set up their e-mail and authenticator: the password, then the code. */
async function login(server: ServerProcess, headers: Record<string, string> = {}): Promise<string> {
  await completeAccount(database.db, "origin-admin");
  const response = await signInResponse(siteAt(server.url), database.db, "origin-admin", "origin-check-password", {
    headers,
  });
  expect(response.status).toBe(302);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

async function signedIn(server: ServerProcess, cookie: string): Promise<boolean> {
  const response = await fetch(`${server.url}/admin/competitors`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.body?.cancel();
  return response.status === 200;
}

it("refuses an https Origin on an http site: logout and admin actions are 403, the session lives on, one log line, no stack trace", async () => {
  const cookie = await login(plain);
  const otherScheme = plain.url.replace("http://", "https://");
  const otherPort = `http://127.0.0.1:${plain.port + 1}`;

  for (const origin of [otherScheme, otherPort]) {
    const logout = await fetch(`${plain.url}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, Cookie: cookie },
    });
    expect(logout.status, `logout with Origin ${origin}`).toBe(403);
    expect(await signedIn(plain, cookie)).toBe(true);

    const save = await fetch(`${plain.url}/admin/competitors`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", id: "1" }),
    });
    expect(save.status, `admin action with Origin ${origin}`).toBe(403);
  }
  // A Referer (no Origin) from the other scheme is refused the same way.
  const viaReferer = await fetch(`${plain.url}/admin/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { Referer: `${otherScheme}/admin`, Cookie: cookie },
  });
  expect(viaReferer.status).toBe(403);
  expect(await signedIn(plain, cookie)).toBe(true);

  // Wait for the request lines, then check the refusals' lines and the absence of any stack.
  const deadline = Date.now() + 10_000;
  while ((plain.output().match(/"status":403/g) ?? []).length < 5 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  const log = plain.output();
  expect(log.match(/cross-origin request refused/g) ?? []).toHaveLength(5);
  expect(log).not.toMatch(/\n\s+at |\\n\s+at /);
  expect(log).not.toMatch(/"level":50/);

  // The site's own origin still logs out.
  const own = await fetch(`${plain.url}/admin/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: plain.url, Cookie: cookie },
  });
  expect(own.status).toBe(302);
  expect(await signedIn(plain, cookie)).toBe(false);
});

it("behind a trusted proxy, the forwarded scheme and host are the site's own", async () => {
  const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example" };
  const cookie = await login(proxied, { ...forwarded, Origin: "https://club.example" });
  const refused = await fetch(`${proxied.url}/admin/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { ...forwarded, Origin: "http://club.example", Cookie: cookie },
  });
  expect(refused.status).toBe(403);
  const accepted = await fetch(`${proxied.url}/admin/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { ...forwarded, Origin: "https://club.example", Cookie: cookie },
  });
  expect(accepted.status).toBe(302);
});
