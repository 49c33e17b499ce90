/**
 * Issue 21, item 1: public race entries must not let anyone flood a racer's inbox. 300 entries for
 * one racer at once (150 open races x 2 classes, each request from its own address, over HTTP on
 * the production build) all succeed, and at most MAIL_CAP.perWindow e-mails plus one digest are
 * queued to the racer's address.
 */
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { MAIL_CAP } from "~/lib/platform/mail-cap";
import { todayInZone } from "~/lib/util/dates";
import { createTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await database.drop();
});

it(
  "300 parallel race entries for one racer queue at most the cap plus one digest to the racer",
  { timeout: 120_000 },
  async () => {
    const { db } = database;
    const d = new Date(`${todayInZone("Atlantic/Bermuda")}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 10);
    const date = d.toISOString().slice(0, 10);
    const racer = await createCompetitor(db, { email: "flooded.racer@example.com", boatClasses: ["Open", "Superboat"] });
    const races = [];
    for (let i = 0; i < 150; i++) races.push(await createRace(db, { date, status: "upcoming", title: `Flood Cup ${i}` }));

    server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "0", TRUST_PROXY: "1", LOG_LEVEL: "warn" });
    const entries = races.flatMap((race) => ["Open", "Superboat"].map((boatClass) => ({ raceId: race.id, boatClass })));
    const statuses = await Promise.all(
      entries.map(async ({ raceId, boatClass }, i) => {
        const res = await fetch(`${server!.url}/race-registration`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Origin: server!.url,
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          },
          body: new URLSearchParams({ competitorId: String(racer.id), raceId: String(raceId), boatClasses: boatClass }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s !== 302)).toEqual([]);

    const { rows: entered } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM race_registrations WHERE competitor_id = ${racer.id}`,
    );
    expect(entered[0]!.n).toBe(300);
    const { rows: mails } = await db.execute<{ kind: string }>(
      sql`SELECT kind FROM outbox_messages WHERE lower(recipient) = 'flooded.racer@example.com' ORDER BY id`,
    );
    expect(mails.length).toBe(MAIL_CAP.perWindow + 1);
    expect(mails.filter((m) => m.kind === "race-entry")).toHaveLength(MAIL_CAP.perWindow);
    expect(mails.filter((m) => m.kind === "digest")).toHaveLength(1);
  },
);
