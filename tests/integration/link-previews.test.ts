/**
 * Every public page says what it is to search engines and to the chat a link is shared in: a
 * description, and Open Graph and Twitter card tags naming the page by its public address.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "1", LOG_LEVEL: "warn", SITE_URL: "https://club.example" });
}, 90_000);
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await database.drop();
});

/** The page's <head> tags as name/property -> content (the first of each), and its title. */
async function headOf(path: string) {
  const response = await fetch(server.url + path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const tags = new Map<string, string>();
  for (const [, key, content] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) {
    if (!tags.has(key!)) tags.set(key!, content!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&"));
  }
  return { title: /<title>([^<]*)<\/title>/.exec(head)?.[1], tags };
}

const PAGES = [
  "/",
  "/results",
  "/results?year=2026",
  "/results/1",
  "/calendar",
  "/calendar/12",
  "/standings",
  "/competitor/1",
  "/competitor/1/vs/2",
  "/registration",
  "/race-registration",
];

const PICTURED = new Set(["/results/1", "/competitor/1"]);

it.each(PAGES)("%s has a description, Open Graph and Twitter card tags", async (path) => {
  const { title, tags } = await headOf(path);
  const description = tags.get("description");
  expect(description, path).toBeTruthy();
  expect(description!.length).toBeLessThanOrEqual(160);
  expect(tags.get("og:title")).toBe(title);
  expect(tags.get("og:description")).toBe(description);
  expect(tags.get("og:url")).toBe(`https://club.example${path}`);
  if (PICTURED.has(path)) {
    // A race with results and a racer: a picture drawn for the page (link-preview-images.test.ts).
    expect(tags.get("og:image")).toMatch(/^https:\/\/club\.example\/(results|competitor)\/1\/preview\.png\?v=[0-9a-z]+$/);
    expect(tags.get("twitter:card")).toBe("summary_large_image");
  } else {
    expect(tags.get("og:image")).toBe("https://club.example/images/icon-512.png");
    expect(tags.get("twitter:card")).toBe("summary");
  }
  expect(tags.get("og:site_name")).toBe("Bermuda Radio Control Boat Club");
  expect(tags.get("twitter:title")).toBe(title);
});

it("says what a page holds: the race, the racer, the season", async () => {
  expect((await headOf("/results/1")).tags.get("description")).toMatch(/^Results of .+ \([A-Z][a-z]+day, /);
  const racer = await headOf("/competitor/1");
  expect(racer.tags.get("og:type")).toBe("profile");
  expect(racer.tags.get("description")).toMatch(
    /^.+ races with the Bermuda Radio Control Boat Club: \d+ races?, \d+ wins?, \d+ podiums?/,
  );
  expect((await headOf("/results?year=2026")).tags.get("description")).toMatch(/^Race results of 2026 /);
});
