/**
 * The link-preview pictures (issue 24 item 5) from the production server: a race with results
 * and a racer's profile point og:image at a 1200x630 PNG drawn by the server, small, with an
 * ETag and the pages' Cache-Control, drawn again only when the data changes; unknown ids and a
 * race without results are a 404, and other pages keep the club's logo.
 */
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { competitors } from "~/db/schema";
import { createTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
const { db } = database;
let server: ServerProcess;

const ann = await createCompetitor(db, { firstName: "Ann", lastName: "Lee", boatName: "Tidal Flash", boatNumber: "7" });
const bob = await createCompetitor(db, { firstName: "Bob", lastName: "Smith", boatName: "Moongate", boatNumber: "11" });
const cal = await createCompetitor(db, { firstName: "Cal", lastName: "Jones", boatName: "Sea Dart", boatNumber: "3" });
const dee = await createCompetitor(db, {
  firstName: "Dee",
  lastName: "Outerbridge",
  boatName: "Longtail",
  boatNumber: "21",
  boatClasses: ["Superboat"],
});
const race = await createRace(db, { title: "Summer Regatta", date: "2026-06-13" });
for (const [competitor, position] of [
  [ann, 1],
  [bob, 2],
  [cal, 3],
] as const) {
  await createResult(db, { raceId: race.id, competitorId: competitor.id, position });
}
await createResult(db, { raceId: race.id, competitorId: dee.id, position: 1, boatClass: "Superboat" });
const upcoming = await createRace(db, { title: "Autumn Cup", date: "2099-10-01", status: "upcoming" });

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "0", LOG_LEVEL: "warn", SITE_URL: "https://club.example" });
}, 90_000);
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await database.drop();
});

async function tagsOf(path: string): Promise<Map<string, string>> {
  const response = await fetch(server.url + path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const tags = new Map<string, string>();
  for (const [, key, content] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) {
    if (!tags.has(key!)) tags.set(key!, content!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&"));
  }
  return tags;
}

const local = (url: string) => url.replace("https://club.example", "");

it("a race with results and a racer's profile name their own picture, absolute, with its size and alt text", async () => {
  for (const path of [`/results/${race.id}`, `/calendar/${race.id}`]) {
    const tags = await tagsOf(path);
    expect(tags.get("og:image")).toMatch(new RegExp(`^https://club\\.example/results/${race.id}/preview\\.png\\?v=[0-9a-z]+$`));
    expect(tags.get("og:image:width")).toBe("1200");
    expect(tags.get("og:image:height")).toBe("630");
    expect(tags.get("og:image:type")).toBe("image/png");
    expect(tags.get("og:image:alt")).toBe(
      "Podium of Summer Regatta, Saturday, June 13, 2026. Open: 1st Ann Lee (Tidal Flash #7), 2nd Bob Smith (Moongate #11), 3rd Cal Jones (Sea Dart #3); Superboat: 1st Dee Outerbridge (Longtail #21).",
    );
    expect(tags.get("twitter:card")).toBe("summary_large_image");
  }
  const racer = await tagsOf(`/competitor/${ann.id}`);
  expect(racer.get("og:image")).toMatch(new RegExp(`^https://club\\.example/competitor/${ann.id}/preview\\.png\\?v=[0-9a-z]+$`));
  expect(racer.get("og:image:alt")).toMatch(/^Ann Lee, Tidal Flash #7: .+, Open, 1st of 3, \d+ points, 1 win, 1 podium\.$/);
  // Never the racer's contact data.
  expect(racer.get("og:image:alt")).not.toContain(ann.email);
  expect(racer.get("og:image:alt")).not.toContain(ann.telephone);
  // A race without results keeps the club's logo.
  const plain = await tagsOf(`/results/${upcoming.id}`);
  expect(plain.get("og:image")).toBe("https://club.example/images/icon-512.png");
  expect(plain.get("twitter:card")).toBe("summary");
});

it("the picture is a small 1200x630 PNG with an ETag and the pages' caching; a 304 when unchanged", async () => {
  for (const path of [`/results/${race.id}/preview.png`, `/competitor/${ann.id}/preview.png`]) {
    const response = await fetch(server.url + path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.length).toBeLessThan(100 * 1024);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    // Not blank: the picture holds text and panels, not one colour.
    const stats = await sharp(png).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(10);
    const again = await fetch(server.url + path, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  }
});

it("two racers' pictures differ where the name is drawn", async () => {
  const strip = async (id: number) => {
    const png = Buffer.from(await (await fetch(`${server.url}/competitor/${id}/preview.png`)).arrayBuffer());
    return sharp(png).extract({ left: 64, top: 100, width: 900, height: 80 }).raw().toBuffer();
  };
  const [a, b] = await Promise.all([strip(ann.id), strip(bob.id)]);
  expect(a.equals(b)).toBe(false);
  expect(new Set(a).size).toBeGreaterThan(2);
});

it("unknown ids, ids that are not numbers and a race without results are a 404", async () => {
  for (const path of [
    "/results/999999/preview.png",
    "/results/abc/preview.png",
    `/results/${upcoming.id}/preview.png`,
    "/competitor/999999/preview.png",
    "/competitor/0/preview.png",
  ]) {
    const response = await fetch(server.url + path);
    expect(response.status, path).toBe(404);
    expect(response.headers.get("content-type"), path).not.toBe("image/png");
  }
});

it("is drawn once per data version: the same bytes until the results change, then the new podium", async () => {
  const path = `/results/${race.id}/preview.png`;
  const first = await fetch(server.url + path);
  const etag = first.headers.get("etag");
  const before = (await tagsOf(`/results/${race.id}`)).get("og:image");
  expect((await fetch(server.url + path)).headers.get("etag")).toBe(etag);
  await db.update(competitors).set({ firstName: "Annabel" }).where(eq(competitors.id, ann.id));
  // Every instance drops what it kept on the change notification.
  let changed = etag;
  for (let i = 0; i < 50 && changed === etag; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    changed = (await fetch(server.url + path)).headers.get("etag");
  }
  expect(changed).not.toBe(etag);
  const after = await tagsOf(`/results/${race.id}`);
  expect(after.get("og:image")).not.toBe(before);
  expect(after.get("og:image:alt")).toContain("1st Annabel Lee");
  expect((await fetch(server.url + local(after.get("og:image")!))).status).toBe(200);
});
