/**
 * The public JSON API (/api/v1, issue 25 item 4) over real HTTP: the OpenAPI document is valid and
 * every endpoint's real answers (data and problems) validate against it; no answer holds an e-mail
 * address, a telephone number or a key named like them; the standings are the numbers of
 * /standings; ETag and 304, CORS and its preflight, nosniff, the rate limit's 429, and JSON 404s
 * for unknown ids, paths and versions.
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/db/demo-data";
import { eq } from "drizzle-orm";
import { images, races, seasons } from "~/db/schema";
import { openApiDocument } from "~/lib/api/openapi";
import type { Problem } from "~/lib/api/problem";
import type { ApiRace, ApiRaceSummary, ApiRacer, ApiStandings } from "~/lib/api/shape";
import { standingsView } from "~/domain/championship/championship.server";
import { startTestSite, type TestSite } from "../support/admin-http";
import { createTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";

const TODAY = "2026-06-15";
const database = await createTestDatabase();
const { db } = database;
let site: TestSite;

await seedDemoData(db, { today: TODAY });
// A racer with contact details, two classes and two heats in one race, and a defined season.
const private_ = await createCompetitor(db, {
  firstName: "Priya",
  lastName: "Contact",
  email: "priya.contact@example.com",
  telephone: "+1 441-555-0199",
  boatClasses: ["Open", "Superboat"],
});
const rival = await createCompetitor(db, { email: "rival@example.net", telephone: "441 555 0123" });
const race = await createRace(db, { title: "API Cup", date: "2026-05-10", status: "completed" });
await createResult(db, { raceId: race.id, competitorId: private_.id, position: 1, heatNumber: 1, laps: 12, bestLap: "0:31.20" });
await createResult(db, { raceId: race.id, competitorId: rival.id, position: 2, heatNumber: 1, laps: 11 });
await createResult(db, { raceId: race.id, competitorId: rival.id, position: 1, heatNumber: 2 });
await createResult(db, { raceId: race.id, competitorId: private_.id, position: 1, boatClass: "Superboat" });
await db.insert(seasons).values({
  key: "2026",
  name: "Season 2026",
  startsOn: "2026-01-01",
  endsOn: "2026-12-31",
  pointsTable: [10, 6, 4],
  pointsBelow: 1,
  minRounds: 1,
});

const document = structuredClone(openApiDocument) as unknown as Record<string, any>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, "openapi.json");

/** The schema the document gives for this operation's answer, resolving a shared response. */
function schemaFor(pathKey: string, status: number, contentType: string): object {
  let response = document.paths[pathKey].get.responses[String(status)];
  expect(response, `${pathKey} documents ${status}`).toBeDefined();
  if (response.$ref) response = document.components.responses[(response.$ref as string).split("/").pop()!];
  const schema = response.content?.[contentType]?.schema;
  expect(schema, `${pathKey} ${status} documents ${contentType}`).toBeDefined();
  return schema.$ref ? { $ref: `openapi.json${schema.$ref}` } : schema;
}

/** GETs `path` and checks its answer against the document's operation `pathKey`. */
async function getValid<T>(pathKey: string, path: string, init: RequestInit = {}) {
  const response = await site.request(`/api/v1${path}`, init);
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!;
  const body = (await response.json()) as unknown;
  const validate = ajv.compile(schemaFor(pathKey, response.status, contentType));
  expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
  return { response, body: body as T };
}

const EMAIL = /[^\s@"]+@[^\s@"]+\.[a-z]{2,}/i;
/** Digits in groups, as telephone numbers are written ("+1 441-555-0199", "441 555 0123", "(441) 555.0123"). */
const PHONE = /\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}|\b\d{3}[\s.-]\d{4}\b/;
const CONTACT_KEY = /e-?mail|phone|telephone|address|token/i;

/** Every key and string value in a JSON value, found however deep. */
function walk(value: unknown, seen: { keys: string[]; strings: string[] }) {
  if (typeof value === "string") seen.strings.push(value);
  else if (Array.isArray(value)) for (const item of value) walk(item, seen);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      seen.keys.push(key);
      walk(item, seen);
    }
  return seen;
}

beforeAll(async () => {
  site = await startTestSite(db, { pinnedToday: TODAY });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await database.drop();
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document, served at /api/v1/openapi.json", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    const { response, body } = await getValid<unknown>("/openapi.json", "/openapi.json");
    expect(response.status).toBe(200);
    expect(body).toEqual(document);
  });
});

describe("every endpoint's answers validate against the document and hold no contact data", () => {
  const answers: unknown[] = [];

  it("races, filtered by year and status", async () => {
    const all = await getValid<{ races: ApiRaceSummary[] }>("/races", "/races");
    expect(all.response.status).toBe(200);
    expect(all.body.races.map((r: { id: number }) => r.id)).toContain(race.id);
    const ours = all.body.races.find((r: { id: number }) => r.id === race.id);
    expect(ours).toMatchObject({
      date: "2026-05-10",
      status: "completed",
      timing: "past",
      links: { page: `/results/${race.id}` },
    });
    const year = await getValid<{ races: ApiRaceSummary[] }>("/races", "/races?year=2026&status=completed");
    expect(year.body.races.length).toBeGreaterThan(0);
    expect(
      year.body.races.every((r: { date: string; status: string }) => r.date.startsWith("2026") && r.status === "completed"),
    ).toBe(true);
    answers.push(all.body, year.body);
  });

  it("a race: its results per class and heat, labelled as its page shows them", async () => {
    const { response, body } = await getValid<ApiRace>("/races/{raceId}", `/races/${race.id}`);
    expect(response.status).toBe(200);
    expect(body.results.groups.map((g: { label: string }) => g.label)).toEqual(["Open, Heat 1", "Open, Heat 2", "Superboat"]);
    expect(body.results.groups[0]!.results[0]).toMatchObject({
      position: 1,
      competitorId: private_.id,
      racerName: "Priya Contact",
      laps: 12,
      bestLap: "0:31.20",
    });
    expect(body.results.official).toBe(false);
    answers.push(body);
  });

  // Issue 31 item 17: the answer said "imageUrl": null for a race whose picture was uploaded.
  it("a race's imageUrl is the picture its page shows, an uploaded one included", async () => {
    const pictured = await createRace(db, { title: "Pictured Cup", date: "2026-05-17", status: "completed" });
    const hash = "0123456789abcdef0123456789abcdef";
    await db.insert(images).values({ hash, purpose: "race", width: 1152, height: 648, widths: [384, 768, 1152] });
    await db.update(races).set({ imageHash: hash }).where(eq(races.id, pictured.id));
    const { response, body } = await getValid<ApiRace>("/races/{raceId}", `/races/${pictured.id}`);
    expect(response.status).toBe(200);
    expect(body.imageUrl).toBe(`/images/u/${hash}-1152.webp`);
    const page = await (await site.request(`/results/${pictured.id}`)).text();
    expect(page).toContain(`${body.imageUrl} 1152w`);
    // Without one: the bundled picture the page shows.
    const plain = await getValid<ApiRace>("/races/{raceId}", `/races/${race.id}`);
    expect(plain.body.imageUrl).toBe("/images/race-default.svg");
    expect(await (await site.request(`/results/${race.id}`)).text()).toContain('src="/images/race-default.svg"');
    answers.push(body);
  });

  it("the standings: the numbers of /standings, for the default season, one class and every result", async () => {
    for (const query of ["", "?class=", "?season=2026&class=Open", "?season=all", "?season=all&class=Superboat"]) {
      const { response, body } = await getValid<ApiStandings>("/standings", `/standings${query}`);
      expect(response.status).toBe(200);
      const view = await standingsView(db, TODAY, new URLSearchParams(query));
      if (view.kind === "not-found") throw new Error("no standings");
      const expected =
        view.kind === "all"
          ? [view.rows.map((r) => [r.competitorId, r.position, r.points])]
          : view.tables.map((t) => [...t.classified, ...t.notClassified].map((r) => [r.competitorId, r.position, r.points]));
      expect(body.tables.map((t) => t.rows.map((r) => [r.competitorId, r.position, r.points]))).toEqual(expected);
      answers.push(body);
    }
    const season = await getValid<ApiStandings>("/standings", "/standings?season=2026&class=Open");
    expect(season.body.season).toMatchObject({ key: "2026", pointsTable: [10, 6, 4] });
    const row = season.body.tables[0]!.rows.find((r: { competitorId: number }) => r.competitorId === private_.id);
    expect(row!.points).toBeGreaterThanOrEqual(10);
  });

  it("a racer: the profile's public fields and the whole career", async () => {
    const { response, body } = await getValid<ApiRacer>("/racers/{racerId}", `/racers/${private_.id}`);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ id: private_.id, name: "Priya Contact", boatClasses: ["Open", "Superboat"] });
    expect(body.results).toHaveLength(2);
    expect(body.stats.wins).toBe(2);
    answers.push(body);
    // Demo racers too (their rows hold e-mail addresses).
    const demo = await getValid<ApiRacer>("/racers/{racerId}", `/racers/1`);
    answers.push(demo.body);
  });

  it("the calendar: races from today on, soonest first", async () => {
    const { response, body } = await getValid<{ today: string; races: ApiRaceSummary[] }>("/calendar", "/calendar");
    expect(response.status).toBe(200);
    expect(body.today).toBe(TODAY);
    const dates = body.races.map((r: { date: string }) => r.date);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((d: string) => d >= TODAY)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    answers.push(body);
  });

  it("problems: 400 for an unusable query, 404 for unknown ids, seasons, classes, paths and versions", async () => {
    for (const [pathKey, path] of [
      ["/races", "/races?year=20x6"],
      ["/races", "/races?status=draft"],
    ]) {
      const { response, body } = await getValid<Problem>(pathKey!, path!);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(body.status).toBe(400);
    }
    for (const [pathKey, path] of [
      ["/races/{raceId}", "/races/999999999"],
      ["/races/{raceId}", "/races/abc"],
      ["/races/{raceId}", "/races/99999999999999999999999"],
      ["/races/{raceId}", "/races/-1"],
      ["/racers/{racerId}", "/racers/0"],
      ["/racers/{racerId}", "/racers/2147483648"],
      ["/standings", "/standings?season=1850"],
      ["/standings", "/standings?class=Hovercraft"],
    ]) {
      const { response, body } = await getValid<Problem>(pathKey!, path!);
      expect(response.status, path).toBe(404);
      expect(body).toMatchObject({ status: 404, title: "Not Found" });
      answers.push(body);
    }
    for (const path of ["/api/v2/races", "/api/v1/nothing", "/api/v1/races/1/extra", "/api", "/api/v1/RACES"]) {
      const response = await site.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toBe("application/problem+json");
      const body = await response.json();
      expect(ajv.compile({ $ref: "openapi.json#/components/schemas/Problem" })(body)).toBe(true);
    }
  });

  it("no answer holds an e-mail address, a telephone number or a key named like them", () => {
    expect(answers.length).toBeGreaterThan(8);
    const { keys, strings } = walk(answers, { keys: [], strings: [] });
    expect(keys.filter((k) => CONTACT_KEY.test(k))).toEqual([]);
    expect(strings.filter((s) => EMAIL.test(s))).toEqual([]);
    expect(strings.filter((s) => PHONE.test(s))).toEqual([]);
    const text = JSON.stringify(answers);
    for (const secret of ["priya.contact@example.com", "441-555-0199", "rival@example.net", "555 0123"])
      expect(text).not.toContain(secret);
  });
});

describe("HTTP", () => {
  it("an ETag, and 304 with no body for If-None-Match; cached like the pages; nosniff", async () => {
    const first = await site.request("/api/v1/races");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    const again = await site.request("/api/v1/races", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const weak = await site.request("/api/v1/races", { headers: { "If-None-Match": `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const stale = await site.request("/api/v1/races", { headers: { "If-None-Match": '"stale"' } });
    expect(stale.status).toBe(200);
    // Cookies are never read: the same answer with one.
    const withCookie = await site.request("/api/v1/races", { cookie: "admin_session=whatever" });
    expect(withCookie.headers.get("etag")).toBe(etag);
  });

  it("CORS for every origin, without credentials, and the preflight", async () => {
    const get = await site.request(`/api/v1/races/${race.id}`, { headers: { Origin: "https://other-club.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    expect(get.headers.get("access-control-allow-credentials")).toBeNull();
    expect(get.headers.get("access-control-expose-headers")).toContain("ETag");
    const preflight = await site.request("/api/v1/standings", {
      method: "OPTIONS",
      headers: {
        Origin: "https://other-club.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "if-none-match",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("If-None-Match");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const head = await site.request("/api/v1/calendar", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBeTruthy();
  });

  it("anything but GET, HEAD and OPTIONS is a 405 problem", async () => {
    const post = await site.request("/api/v1/races", { method: "POST", body: "x=1" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(post.headers.get("content-type")).toBe("application/problem+json");
  });

  // Issue 31 item 17: "/api/v1/RACES" and "/api/v1/races/" answered 200, second addresses of one answer.
  it("one spelling per address: a trailing slash is a 308 to the address without it, other letters' case a 404", async () => {
    for (const [from, to] of [
      ["/api/v1/races/", "/api/v1/races"],
      ["/api/v1/races//?year=2026", "/api/v1/races?year=2026"],
      [`/api/v1/races/${race.id}/`, `/api/v1/races/${race.id}`],
      ["/api/", "/api"],
      ["/results/", "/results"],
      [`/results/${race.id}/?x=1`, `/results/${race.id}?x=1`],
      ["/news/", "/news"],
    ]) {
      const response = await site.request(from!, { method: "HEAD" });
      expect(response.status, from).toBe(308);
      expect(response.headers.get("location"), from).toBe(to);
    }
    const races = await site.request("/api/v1/races");
    expect(races.status).toBe(200);
    for (const path of ["/api/v1/RACES", "/api/v1/Races/1", "/API/v1/races", "/Results", "/NEWS"]) {
      const response = await site.request(path);
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
    // Never to another site: "//evil.example/" is not sent to "//evil.example".
    for (const path of ["//evil.example/", "/\\evil.example/"]) {
      const response = await site.request(path);
      expect(response.headers.get("location") ?? "", path).not.toMatch(/^[/\\]{2}/);
      await response.arrayBuffer();
    }
  });

  // Last: it spends this address's budget for the minute.
  it("the rate limit per address: 429 as a problem with Retry-After", async () => {
    let response: Response | undefined;
    for (let i = 0; i < 300; i++) {
      response = await site.request("/api/v1/nothing");
      if (response.status === 429) break;
      await response.arrayBuffer();
    }
    expect(response!.status).toBe(429);
    expect(Number(response!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(response!.headers.get("ratelimit-remaining")).toBe("0");
    expect(response!.headers.get("access-control-allow-origin")).toBe("*");
    const body = await response!.json();
    expect(ajv.compile(schemaFor("/races", 429, "application/problem+json"))(body)).toBe(true);
    expect(body.status).toBe(429);
    // The other endpoints are limited too.
    expect((await site.request("/api/v1/races")).status).toBe(429);
  });
});
