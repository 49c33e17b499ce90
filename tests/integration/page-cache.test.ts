/**
 * Rendered public pages are cached for anonymous visitors (server/page-cache.ts): served again
 * without rendering, answered with 304 when unchanged, dropped by any write to the data behind
 * them, on every instance; requests with a session never come from or go into the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInResponse, siteAt } from "../support/admin-http";
import { createTestDatabase } from "../support/database";
import { completeAccount } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
const servers: ServerProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;

const env = {
  DATABASE_URL: database.url,
  DEMO_DATA: "1",
  ADMIN_USERNAME: "race-secretary",
  ADMIN_PASSWORD: "page-cache-password",
  LOG_LEVEL: "warn",
};

beforeAll(async () => {
  // One after the other: the first seeds the demo data.
  a = await startServer(env);
  b = await startServer(env);
  servers.push(a, b);
}, 120_000);

afterAll(async () => {
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await s.exited;
  }
  await database.drop();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { response, text: await response.text() };
}

/** The first racer of the standings table, as a visitor reads it. */
async function firstRacer(): Promise<{ id: number; name: string }> {
  const { rows } = await database.pool.query<{ id: number; name: string }>(
    `SELECT c.id, c.first_name || ' ' || c.last_name AS name FROM competitors c
      WHERE EXISTS (SELECT 1 FROM race_results r WHERE r.competitor_id = c.id) ORDER BY c.id LIMIT 1`,
  );
  return rows[0]!;
}

describe("the page cache", () => {
  it("answers a hit with the same security headers as the render it keeps, the CSP without a nonce", async () => {
    const first = await get(`${a.url}/calendar?filter=upcoming`);
    const hit = await get(`${a.url}/calendar?filter=upcoming`);
    expect(hit.response.headers.get("x-page-cache")).toBe("hit");
    const security = [
      "content-security-policy",
      "strict-transport-security",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "cross-origin-opener-policy",
    ];
    for (const name of security) {
      expect(hit.response.headers.get(name), name).toBeTruthy();
      expect(hit.response.headers.get(name), name).toBe(first.response.headers.get(name));
    }
    expect(hit.response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(hit.response.headers.get("content-security-policy")).not.toContain("nonce-");
    // A 304 from the cache carries them too.
    const revalidated = await fetch(`${a.url}/calendar?filter=upcoming`, {
      headers: { "If-None-Match": hit.response.headers.get("etag")! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("x-frame-options")).toBe(first.response.headers.get("x-frame-options"));
  });

  it("serves a public page again from the cache, with validators and a CDN-friendly Cache-Control", async () => {
    const first = await get(`${a.url}/standings`);
    const second = await get(`${a.url}/standings`);
    expect(first.response.status).toBe(200);
    expect(second.response.headers.get("x-page-cache")).toBe("hit");
    expect(second.text).toBe(first.text);
    expect(second.response.headers.get("etag")).toBe(first.response.headers.get("etag"));
    expect(second.response.headers.get("last-modified")).toBeTruthy();
    expect(second.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    // No per-request nonce in a page every visitor shares.
    expect(first.text).not.toContain("nonce=");
  });

  it("sends brotli to a browser that accepts it, though it lists gzip first, and gzip to one that does not", async () => {
    const raw = async (encodings: string) => {
      const response = await fetch(`${a.url}/results`, { headers: { "Accept-Encoding": encodings } });
      // undici decompresses: the header says what came over the wire, the length how much.
      return {
        encoding: response.headers.get("content-encoding"),
        length: Number(response.headers.get("content-length")),
        text: await response.text(),
      };
    };
    await raw("gzip");
    // The brotli form is made after the first render, while gzip is served.
    await expect.poll(async () => (await raw("gzip, deflate, br, zstd")).encoding, { timeout: 15_000 }).toBe("br");
    const br = await raw("gzip, deflate, br, zstd");
    const gzip = await raw("gzip, deflate");
    expect(gzip.encoding).toBe("gzip");
    expect(br.text).toBe(gzip.text);
    expect(br.length).toBeLessThan(gzip.length);
    expect((await raw("identity")).encoding).toBeNull();
  });

  it("keys pages on the query parameters they read only: cache-busting junk is a hit and adds no entry", async () => {
    const racer = await firstRacer();
    const season = /<option[^>]*value="(\d{4})"/.exec((await get(`${b.url}/standings`)).text)?.[1];
    expect(season).toBeTruthy();
    const pages = ["/standings", `/standings?season=${season}`, "/calendar?filter=past", "/results", `/competitor/${racer.id}`];
    for (const path of pages) {
      // The first render is asked with junk: what is kept is the page without it.
      const join = path.includes("?") ? "&" : "?";
      const first = await get(`${b.url}${path}${join}utm_source=zzjunkzz`);
      expect(first.response.status, path).toBe(200);
      expect(first.text, path).not.toContain("zzjunkzz");
      const canonical = await get(`${b.url}${path}`);
      expect(canonical.response.headers.get("x-page-cache"), path).toBe("hit");
      for (let n = 0; n < 5; n++) {
        const busted = await get(`${b.url}${path}${join}x=${n}&_=${Date.now()}`);
        expect(busted.response.headers.get("x-page-cache"), `${path} ?x=${n}`).toBe("hit");
        expect(busted.text).toBe(canonical.text);
      }
    }
    // A parameter the page reads still makes its own page, whatever the order of the others.
    const picked = await get(`${b.url}/calendar?x=1&filter=upcoming`);
    expect(picked.text).toBe((await get(`${b.url}/calendar?filter=upcoming`)).text);
    expect((await get(`${b.url}/calendar?filter=upcoming&y=2`)).response.headers.get("x-page-cache")).toBe("hit");
  });

  it("leaves the parameters alone on a route that does not say which it reads", async () => {
    const racer = await firstRacer();
    const races = await database.pool.query<{ id: number }>("SELECT id FROM races ORDER BY id LIMIT 1");
    const raceId = races.rows[0]!.id;
    // The head-to-head picker reads ?other= in a resource route that says nothing of its parameters.
    const other = await database.pool.query<{ id: number }>("SELECT id FROM competitors WHERE id <> $1 LIMIT 1", [racer.id]);
    const picked = await fetch(`${b.url}/competitor/${racer.id}/vs?other=${other.rows[0]!.id}`, { redirect: "manual" });
    expect(picked.headers.get("location")).toBe(`/competitor/${racer.id}/vs/${other.rows[0]!.id}`);
    // A race page says it reads none: junk finds it in the cache.
    await get(`${b.url}/results/${raceId}`);
    expect((await get(`${b.url}/results/${raceId}?x=1`)).response.headers.get("x-page-cache")).toBe("hit");
  });

  it("answers 304 Not Modified when the browser has the page", async () => {
    const { response } = await get(`${a.url}/calendar`);
    const etag = response.headers.get("etag")!;
    const again = await fetch(`${a.url}/calendar`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const since = await fetch(`${a.url}/calendar`, { headers: { "If-Modified-Since": response.headers.get("last-modified")! } });
    expect(since.status).toBe(304);
  });

  it("drops the page on every instance when the data behind it changes, whoever writes", async () => {
    const racer = await firstRacer();
    for (const server of [a, b]) {
      await get(`${server.url}/standings`);
      const cached = await get(`${server.url}/standings`);
      expect(cached.response.headers.get("x-page-cache")).toBe("hit");
      expect(cached.text).toContain(racer.name);
    }
    // A write from outside both instances (another pool: a shell command, a third instance).
    const renamed = `${racer.name.split(" ")[0]} Cachebuster`;
    await database.pool.query("UPDATE competitors SET last_name = 'Cachebuster' WHERE id = $1", [racer.id]);
    for (const server of [a, b]) {
      await expect.poll(async () => (await get(`${server.url}/standings`)).text, { timeout: 5_000 }).toContain(renamed);
      const profile = await get(`${server.url}/competitor/${racer.id}`);
      expect(profile.text).toContain(renamed);
    }
  });

  it("drops the home page and /news on every instance when a notice is written (the news table is watched)", async () => {
    for (const server of [a, b]) {
      for (const path of ["/", "/news"]) {
        // Polled: a change the previous test wrote may still be arriving and empty the cache once more.
        await expect
          .poll(async () => (await get(`${server.url}${path}`)).response.headers.get("x-page-cache"), {
            message: path,
            timeout: 5_000,
          })
          .toBe("hit");
      }
    }
    await database.pool.query(
      "INSERT INTO news (title, body, pinned_until) VALUES ('Cachebuster notice', 'Pinned.', DATE '2099-12-31')",
    );
    for (const server of [a, b]) {
      for (const path of ["/", "/news"]) {
        await expect
          .poll(async () => (await get(`${server.url}${path}`)).text, { timeout: 5_000 })
          .toContain("Cachebuster notice");
      }
    }
  });

  it("a profile's championship line, the season's standings and SPEC's standings follow a change on every instance, though they are kept", async () => {
    // A season of its own: one race in 2011 with two racers; the profile says "1st of 2".
    const insertRacer = async (name: string) =>
      (
        await database.pool.query<{ id: number }>(
          `INSERT INTO competitors (first_name, last_name, email, boat_classes)
           VALUES ($1, 'Kept', $2, ARRAY['Open']) RETURNING id`,
          [name, `${name.toLowerCase()}.kept@example.com`],
        )
      ).rows[0]!.id;
    const yearOffered = async (server: ServerProcess) =>
      (await get(`${server.url}/results`, { Cookie: "visitor=1" })).text.includes('<option value="2011">');
    for (const server of [a, b]) expect(await yearOffered(server)).toBe(false);
    const [winner, second] = [await insertRacer("Wren"), await insertRacer("Sid")];
    const race = (
      await database.pool.query<{ id: number }>(
        `INSERT INTO races (title, date, location, description, status)
         VALUES ('Kept Cup', '2011-06-04', 'Ferry Reach', 'One race', 'completed') RETURNING id`,
      )
    ).rows[0]!.id;
    const finish = (competitorId: number, position: number) =>
      database.pool.query(
        `INSERT INTO race_results (race_id, competitor_id, position, heat_number, boat_class) VALUES ($1, $2, $3, 1, 'Open')`,
        [race, competitorId, position],
      );
    await finish(winner, 1);
    await finish(second, 2);
    // A cookie keeps the page cache out of it: the page is rendered, the championship may be kept.
    const field = async (server: ServerProcess) => {
      const { text } = await get(`${server.url}/competitor/${winner}`, { Cookie: "visitor=1" });
      return /1st<span[^>]*>of (?:<!-- -->)?(\d+)</.exec(text)?.[1];
    };
    const standings = async (server: ServerProcess) =>
      (await get(`${server.url}/standings?season=2011`, { Cookie: "visitor=1" })).text;
    const allTime = async (server: ServerProcess) =>
      (await get(`${server.url}/standings?season=all`, { Cookie: "visitor=1" })).text;
    for (const server of [a, b]) {
      await expect.poll(() => field(server), { timeout: 5_000 }).toBe("2");
      expect(await field(server)).toBe("2");
      // The archive's year filter (kept too) offers the new year.
      expect(await yearOffered(server)).toBe(true);
      // 2011 is offered once its first result is in (the offered seasons are kept too).
      expect(await standings(server)).toContain("Sid Kept");
      expect(await allTime(server)).toContain("Sid Kept");
      expect(await allTime(server)).not.toContain("Tam Kept");
    }
    await finish(await insertRacer("Tam"), 3);
    for (const server of [a, b]) {
      await expect.poll(() => field(server), { timeout: 5_000 }).toBe("3");
      expect(await standings(server)).toContain("Tam Kept");
      expect(await allTime(server)).toContain("Tam Kept");
    }
  });

  it("never serves or stores a page for a request with a session", async () => {
    // The admin has set up their e-mail and authenticator: the password, then the code.
    await completeAccount(database.db, "race-secretary");
    const login = await signInResponse(siteAt(a.url), database.db, "race-secretary", "page-cache-password");
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const anonymous = await get(`${a.url}/`);
    expect(anonymous.text).toMatch(/>Admin<\/a>/);
    // With the session the header hides the Admin link: a page of its own, kept by nobody.
    const admin = await get(`${a.url}/`, { Cookie: cookie });
    expect(admin.text).not.toMatch(/>Admin<\/a>/);
    expect(admin.response.headers.get("cache-control")).toBe("private, no-store");
    expect(admin.response.headers.get("x-page-cache")).toBeNull();
    // ...and it did not leak into what anonymous visitors get. A late data-change notice of the test
    // before can still drop (or keep from being stored) the anonymous page once: ask until it is a hit.
    let after = await get(`${a.url}/`);
    await expect
      .poll(
        async () => {
          after = await get(`${a.url}/`);
          return after.response.headers.get("x-page-cache");
        },
        { timeout: 5_000 },
      )
      .toBe("hit");
    expect(after.text).toMatch(/>Admin<\/a>/);

    const adminPage = await get(`${a.url}/admin/competitors`, { Cookie: cookie });
    expect(adminPage.response.status).toBe(200);
    expect(adminPage.response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps hydrated pages (which carry a per-request nonce) out of every cache", async () => {
    const first = await get(`${a.url}/admin/login`);
    const second = await get(`${a.url}/admin/login`);
    expect(second.response.headers.get("cache-control")).toBe("private, no-store");
    expect(second.response.headers.get("x-page-cache")).toBe("bypass");
    const nonce = (text: string) => /nonce="([^"]+)"/.exec(text)?.[1];
    expect(nonce(first.text)).toBeTruthy();
    expect(nonce(second.text)).not.toBe(nonce(first.text));
  });

  it("caches the driver registration form like a read page (decision 0033), never race registration", async () => {
    // A late data-change notice of an earlier test can drop (or keep from being stored) the page
    // once, as above: ask until it is a hit.
    let form = await get(`${a.url}/registration`);
    await expect
      .poll(
        async () => {
          form = await get(`${a.url}/registration`);
          return form.response.headers.get("x-page-cache");
        },
        { timeout: 5_000 },
      )
      .toBe("hit");
    expect(form.text).not.toMatch(/nonce="/);
    // Its list of races follows entry windows opening and closing by the clock.
    await get(`${a.url}/race-registration`);
    const races = await get(`${a.url}/race-registration`);
    expect(races.response.headers.get("cache-control")).toBe("private, no-store");
    expect(races.response.headers.get("x-page-cache")).not.toBe("hit");
  });
});
