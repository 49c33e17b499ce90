/**
 * Live results across instances (issue 13): an admin saves a heat on instance A; a browser's
 * Server-Sent Events stream on instance B hears of it within a second (NOTIFY race_changed), and
 * the page B then serves shows the result. Also: the stream's headers, its caps, unknown races,
 * and a clean SIGTERM with streams open.
 */
import { afterAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { completeAccount, createCompetitor, createRace } from "../support/factories";
import { signInResponse, siteAt } from "../support/admin-http";
import { startServer, type ServerProcess } from "../support/server-process";
import { todayInZone } from "~/lib/util/dates";

const database = await createTestDatabase();
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null) s.child.kill("SIGTERM");
    await s.exited;
  }
  await database.drop();
});

const env = {
  DATABASE_URL: database.url,
  DEMO_DATA: "0",
  ADMIN_USERNAME: "race-secretary",
  ADMIN_PASSWORD: "live-results-password",
  LOG_LEVEL: "warn",
};

/** An SSE stream read as text; `next(name)` resolves with the next event of that name. */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/event-stream" } });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const events: { event: string; data: string; at: number }[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.match(new RegExp(`^${name}: ?(.*)$`, "m"))?.[1];
          if (field("event")) events.push({ event: field("event")!, data: field("data") ?? "", at: Date.now() });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    response,
    events,
    /** The first event of that name after the first `seen` events (default: from now on). */
    async next(name: string, timeoutMs: number, seen = events.length) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.slice(seen).find((e) => e.event === name);
        if (found) return found;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 20);
        });
      }
      return null;
    },
    close: () => controller.abort(),
  };
}

it("a heat saved on instance A reaches a live page on instance B within a second", { timeout: 120_000 }, async () => {
  const today = todayInZone("Atlantic/Bermuda");
  const race = await createRace(database.db, { title: "Live Regatta", date: today, status: "upcoming" });
  const racer = await createCompetitor(database.db, { firstName: "Wanda", lastName: "Waverley", boatNumber: "42" });
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);

  // The admin has set up their e-mail and authenticator: the password, then the code.
  await completeAccount(database.db, "race-secretary");
  const login = await signInResponse(siteAt(a.url), database.db, "race-secretary", "live-results-password");
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;

  // The page on B, cached before the save (anonymous visitors get the page cache).
  const before = await fetch(`${b.url}/calendar/${race.id}`);
  expect(await before.text()).not.toContain("Waverley");
  expect(before.headers.get("x-page-cache")).toBe("miss");
  expect((await fetch(`${b.url}/calendar/${race.id}`)).headers.get("x-page-cache")).toBe("hit");

  const stream = await openStream(`${b.url}/live/races/${race.id}`);
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
  expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
  expect(stream.response.headers.get("cache-control")).toContain("no-transform");
  expect(stream.response.headers.get("content-encoding")).toBeNull();

  const seen = stream.events.length;
  const saved = Date.now();
  const save = await fetch(`${a.url}/admin/results`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: a.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      raceId: String(race.id),
      heatNumber: "1",
      boatClass: "Open",
      competitorCount: "1",
      "rows[0].position": "1",
      "rows[0].competitorId": String(racer.id),
      "rows[0].laps": "12",
    }),
  });
  expect(save.status).toBe(200);
  const event = await stream.next("change", 1_000, seen);
  expect(event, "no change event on instance B within 1 s of the save on A").not.toBeNull();
  expect(event!.data).toBe(String(race.id));
  expect(event!.at - saved).toBeLessThan(1_000);

  // What the live page's script then fetches from B is the new page, not the cached one.
  const after = await (await fetch(`${b.url}/calendar/${race.id}`)).text();
  expect(after).toContain("Waverley");
  expect(after).toMatch(/Last updated \d\d:\d\d/);
  stream.close();

  // Unknown races and malformed ids are 404, never a stream.
  expect((await fetch(`${b.url}/live/races/999999`)).status).toBe(404);
  expect((await fetch(`${b.url}/live/races/abc`)).status).toBe(404);
  expect((await fetch(`${b.url}/live/races/99999999999999`)).status).toBe(404);

  // SIGTERM with live streams open: the streams end and the server stops cleanly.
  const open = await Promise.all([1, 2, 3].map(() => openStream(`${a.url}/live/races/${race.id}`)));
  const started = Date.now();
  a.child.kill("SIGTERM");
  expect(await a.exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  open.forEach((s) => s.close());
});

it("caps the live streams one address may hold", { timeout: 120_000 }, async () => {
  const race = await createRace(database.db, { date: todayInZone("Atlantic/Bermuda"), status: "upcoming" });
  const server = await startServer({ ...env, LIVE_MAX_PER_ADDRESS: "3" });
  servers.push(server);
  const streams = await Promise.all([1, 2, 3].map(() => openStream(`${server.url}/live/races/${race.id}`)));
  expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200]);
  const refused = await fetch(`${server.url}/live/races/${race.id}`);
  expect(refused.status).toBe(429);
  streams[0]!.close();
  // The closed stream's place is free again once the server has seen the close.
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const retry = await fetch(`${server.url}/live/races/${race.id}`);
    status = retry.status;
    if (status === 200) await retry.body?.cancel();
  }
  expect(status).toBe(200);
  streams.forEach((s) => s.close());
});
