/**
 * The feeds through the real server, next to the page cache: .ics answers set their own headers,
 * are never stored by the cache, answer 304 over HTTP, and show a change at once.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "1", LOG_LEVEL: "warn" });
}, 120_000);

afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await database.drop();
});

function events(body: string) {
  return new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

describe("/calendar.ics on the running server", () => {
  it("is never a page-cache hit, answers 304, and shows an edited race with a higher SEQUENCE", async () => {
    const { rows } = await database.pool.query<{ id: number }>("SELECT id FROM races ORDER BY id LIMIT 1");
    const id = rows[0]!.id;
    const first = await fetch(`${server.url}/calendar.ics`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const before = events(await first.text()).find((e) => e.uid.startsWith(`race-${id}@`))!;
    const etag = first.headers.get("etag")!;

    const again = await fetch(`${server.url}/calendar.ics`);
    expect(again.headers.get("x-page-cache")).not.toBe("hit");
    await again.text();
    const notModified = await fetch(`${server.url}/calendar.ics`, { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");

    await database.pool.query("UPDATE races SET title = 'Renamed For Calendars', updated_at = now() WHERE id = $1", [id]);
    const changed = await fetch(`${server.url}/calendar.ics`, { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    const after = events(await changed.text()).find((e) => e.uid === before.uid)!;
    expect(after.summary).toBe("Renamed For Calendars");
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it("shows a race the admin cancelled with a Cancelled badge on the calendar and its page, and CANCELLED in the feed", async () => {
    const { rows } = await database.pool.query<{ id: number; title: string }>(
      "UPDATE races SET status = 'cancelled' WHERE id = (SELECT max(id) FROM races) RETURNING id, title",
    );
    const race = rows[0]!;
    await expect
      .poll(async () => (await (await fetch(`${server.url}/calendar`)).text()).match(/>Cancelled<\/span>/g)?.length ?? 0, {
        timeout: 5_000,
      })
      .toBe(1);
    expect(await (await fetch(`${server.url}/calendar/${race.id}`)).text()).toMatch(/>Cancelled<\/span>/);
    const event = events(await (await fetch(`${server.url}/calendar/${race.id}/event.ics`)).text())[0]!;
    expect(String(event.component.getFirstPropertyValue("status"))).toBe("CANCELLED");
  });

  it("404s an unknown class and an unknown race", async () => {
    expect((await fetch(`${server.url}/calendar/hydroplane.ics`)).status).toBe(404);
    expect((await fetch(`${server.url}/calendar/987654/event.ics`)).status).toBe(404);
  });
});
