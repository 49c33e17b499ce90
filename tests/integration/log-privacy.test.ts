/** At the default log level, no e-mail address, telephone or password reaches the log. */
import { afterAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await database.drop();
});

const SECRETS = {
  email: "private.driver@example.net",
  telephone: "441-299-7777",
  adminPassword: "log-privacy-admin-password",
  wrongPassword: "not-the-password-9876",
};

it("logs requests and e-mail ids, never contact details or passwords", { timeout: 60_000 }, async () => {
  const env = {
    DATABASE_URL: database.url,
    DEMO_DATA: "0",
    ADMIN_USERNAME: "log-admin",
    ADMIN_PASSWORD: SECRETS.adminPassword,
  };
  server = await startServer({ ...env, LOG_LEVEL: "" });
  const post = (path: string, fields: Record<string, string>) =>
    fetch(server!.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server!.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  const registration = await post("/registration", {
    firstName: "Private",
    lastName: "Driver",
    boatNumber: "42",
    boatClasses: "Open",
    telephone: SECRETS.telephone,
    email: SECRETS.email,
    pipaConsent: "on",
    intent: "submit",
  });
  expect(registration.status).toBe(302);
  // The same e-mail again, and an invalid form carrying the contact details.
  await post("/registration", { firstName: "P", email: SECRETS.email, telephone: SECRETS.telephone, intent: "submit" });
  expect((await post("/admin/login", { username: "log-admin", password: SECRETS.wrongPassword })).status).toBe(401);
  expect((await post("/admin/login", { username: "log-admin", password: SECRETS.adminPassword })).status).toBe(302);
  // Give the outbox worker a moment to log the waiting messages.
  await new Promise((r) => setTimeout(r, 1_500));

  const log = server.output();
  expect(log).toContain('"msg":"request"');
  for (const [what, secret] of Object.entries(SECRETS)) expect(log, what).not.toContain(secret);
  expect(log).not.toMatch(/[A-Za-z0-9._%+-]+@example\.net/);
});
