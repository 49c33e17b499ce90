/**
 * At the default log level, no e-mail address, telephone or password reaches the log, not even
 * when a query fails with a member's details among its parameters; refused requests log one line
 * and no stack trace. Each check first waits for the log line it is about, so it cannot pass
 * because the line was not written yet.
 */
import pg from "pg";
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
  // A member whose registration fails inside PostgreSQL, with these among the query's parameters.
  failingEmail: "failing.member@example.net",
  failingTelephone: "+1 (441) 555-0199",
};

/** Resolves with the log once `pattern` appears in it `times` times; fails after 20 s. */
async function logLine(pattern: RegExp, times = 1): Promise<string> {
  const deadline = Date.now() + 20_000;
  const global = new RegExp(pattern.source, "g");
  while ((server!.output().match(global) ?? []).length < times) {
    if (Date.now() > deadline) throw new Error(`no log line matching ${pattern} (x${times}) in:\n${server!.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return server!.output();
}

it(
  "logs requests, e-mail ids and failures, never contact details, passwords or stack traces of refusals",
  { timeout: 90_000 },
  async () => {
    server = await startServer({
      DATABASE_URL: database.url,
      DEMO_DATA: "0",
      ADMIN_USERNAME: "log-admin",
      ADMIN_PASSWORD: SECRETS.adminPassword,
      LOG_LEVEL: "",
    });
    // A real query error: PostgreSQL refuses this one member's row, and the driver's error then
    // carries the INSERT's parameters (name, telephone, e-mail).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`
    CREATE FUNCTION refuse_failing_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.email = '${SECRETS.failingEmail}' THEN RAISE EXCEPTION 'the disk is full (simulated)'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_failing_member BEFORE INSERT ON competitors FOR EACH ROW EXECUTE FUNCTION refuse_failing_member();
  `);
    await client.end();

    const post = (path: string, fields: Record<string, string>) =>
      fetch(server!.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server!.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const driver = (firstName: string, email: string, telephone: string, boatNumber: string) => ({
      firstName,
      lastName: "Driver",
      boatNumber,
      boatClasses: "Open",
      telephone,
      email,
      pipaConsent: "on",
      intent: "submit",
    });

    expect((await post("/registration", driver("Private", SECRETS.email, SECRETS.telephone, "42"))).status).toBe(302);
    // The same e-mail again, and an invalid form carrying the contact details.
    await post("/registration", { firstName: "P", email: SECRETS.email, telephone: SECRETS.telephone, intent: "submit" });
    const failed = await post("/registration", driver("Failing", SECRETS.failingEmail, SECRETS.failingTelephone, "43"));
    expect(failed.status).toBe(500);
    expect((await post("/admin/login", { username: "log-admin", password: SECRETS.wrongPassword })).status).toBe(401);
    expect((await post("/admin/login", { username: "log-admin", password: SECRETS.adminPassword })).status).toBe(302);
    // Refused requests: an unknown page, a method the page does not take.
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
    expect((await post("/results", { anything: "x" })).status).toBe(405);

    // The failure is logged, with the failing SQL but not its values...
    const log = await logLine(/"msg":"driver registration failed"/);
    const failure = log.split("\n").find((line) => line.includes('"msg":"driver registration failed"'))!;
    expect(failure).toContain("the disk is full (simulated)");
    expect(failure).toMatch(/insert into .*competitors/i);
    // ...the two e-mails of the good registration wait in the outbox, logged by id...
    await logLine(/"outboxId":\d+,"kind":"[^"]+","msg":"e-mail kept in the outbox/, 2);
    // ...and the refusals are request lines.
    await logLine(/"path":"\/no-such-page","status":404/);
    await logLine(/"path":"\/results","status":405/);

    const all = server.output();
    for (const [what, secret] of Object.entries(SECRETS)) expect(all, what).not.toContain(secret);
    expect(all).not.toContain("555-0199");
    expect(all).not.toMatch(/[A-Za-z0-9._%+-]+@example\.net/);
    // No stack trace of a refused request (nor of anything else: the failure is one JSON line).
    expect(all).not.toMatch(/\n\s+at /);
  },
);
