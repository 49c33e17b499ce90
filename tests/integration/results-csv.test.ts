/**
 * Results CSVs (issue 25 item 3) over real HTTP: a race's results (all, one class, one heat) at
 * /results/:id/results.csv and a racer's career at /competitor/:id/results.csv. The rows and
 * numbers of the pages, public fields only, formula cells neutralised, a download's headers, and
 * a 404 for what does not exist; the pages link to them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

const ann = await createCompetitor(db, {
  firstName: "Ann",
  lastName: "Bell",
  boatName: "Wave",
  boatNumber: "1",
  email: "ann.private@example.org",
  telephone: "441-555-0101",
});
const eve = await createCompetitor(db, { firstName: '=HYPERLINK("http://evil")', lastName: "+Eve", boatName: "@SUM(A1)" });
const race = await createRace(db, { title: "Spring Regatta", date: "2026-04-10" });
const later = await createRace(db, { title: "Summer Cup", date: "2026-05-10" });
const empty = await createRace(db, { title: "Rained Off", date: "2026-05-20", status: "cancelled" });
await createResult(db, {
  raceId: race.id,
  competitorId: ann.id,
  position: 1,
  laps: 9,
  totalTime: "5:01.00",
  bestLap: "0:31.20",
  points: 10,
});
await createResult(db, { raceId: race.id, competitorId: eve.id, position: 2, laps: 8 });
await createResult(db, { raceId: race.id, competitorId: ann.id, position: 2, heatNumber: 2 });
await createResult(db, { raceId: race.id, competitorId: eve.id, position: 1, heatNumber: 2 });
await createResult(db, { raceId: later.id, competitorId: ann.id, position: 3, boatClass: "Mini" });

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

const lines = (csv: string) => csv.trimEnd().split("\r\n");

describe("a race's results CSV", () => {
  it("has every result per class and heat, with the download's headers", async () => {
    const response = await site.request(`/results/${race.id}/results.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="results-2026-04-10-spring-regatta.csv"');
    const csv = await response.text();
    expect(csv.endsWith("\r\n")).toBe(true);
    const rows = lines(csv);
    expect(rows[0]).toBe("Race,Date,Class,Heat,Pos,Racer,Boat,Laps,Total Time,Best Lap,Points");
    expect(rows[1]).toBe("Spring Regatta,2026-04-10,Open,1,1,Ann Bell,Wave #1,9,5:01.00,0:31.20,10");
    expect(rows.slice(1).map((r) => r.split(",").slice(2, 5).join(" "))).toEqual([
      "Open 1 1",
      "Open 1 2",
      "Open 2 1",
      "Open 2 2",
    ]);
  });

  it("keeps one class or one heat", async () => {
    const heat = await site.request(`/results/${race.id}/results.csv?class=Open&heat=2`);
    expect(heat.status).toBe(200);
    expect(heat.headers.get("Content-Disposition")).toContain("results-2026-04-10-spring-regatta-open-heat-2.csv");
    expect(lines(await heat.text())).toHaveLength(3);
    const mini = await site.request(`/results/${later.id}/results.csv?class=Mini`);
    expect(lines(await mini.text())).toHaveLength(2);
  });

  it("is only the header for a race without results", async () => {
    const response = await site.request(`/results/${empty.id}/results.csv`);
    expect(response.status).toBe(200);
    expect(lines(await response.text())).toHaveLength(1);
  });

  it.each([
    "/results/99999999/results.csv",
    "/results/abc/results.csv",
    "/results/0/results.csv",
    "/results/99999999999999999999/results.csv",
    `/results/${race.id}/results.csv?class=Nope`,
    `/results/${race.id}/results.csv?heat=9`,
    `/results/${race.id}/results.csv?heat=-1`,
    `/results/${race.id}/results.csv?heat=x`,
  ])("%s is a 404", async (path) => {
    const response = await site.request(path);
    expect(response.status).toBe(404);
  });
});

describe("a racer's career CSV", () => {
  it("has every result, newest race first, and nothing private", async () => {
    const response = await site.request(`/competitor/${ann.id}/results.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="racer-${ann.id}-results.csv"`);
    const csv = await response.text();
    const rows = lines(csv);
    expect(rows[0]).toBe("Racer,Date,Race,Class,Heat,Pos,Points,Best Lap");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^Ann Bell,2026-05-10,Summer Cup,Mini,1,3,/);
    expect(csv).not.toContain("ann.private@example.org");
    expect(csv).not.toContain("441-555-0101");
  });

  it.each(["/competitor/99999999/results.csv", "/competitor/abc/results.csv"])("%s is a 404", async (path) => {
    expect((await site.request(path)).status).toBe(404);
  });
});

describe("formula cells", () => {
  it.each([() => `/results/${race.id}/results.csv`, () => `/competitor/${eve.id}/results.csv`])(
    "are written as text",
    async (path) => {
      const csv = await (await site.request(path())).text();
      expect(csv).toContain(`"'=HYPERLINK(""http://evil"") +Eve"`);
      const live = [";", ",", "\t", "\n"].flatMap((sep) =>
        csv.split(sep).filter((p) => /^[\s"]*[=+\-@]/.test(p.replace(/^\r/, ""))),
      );
      expect(live).toEqual([]);
    },
  );
});

describe("the pages link to them", () => {
  it("the race page and the profile", async () => {
    expect(await (await site.request(`/results/${race.id}`)).text()).toContain(`href="/results/${race.id}/results.csv"`);
    expect(await (await site.request(`/competitor/${ann.id}`)).text()).toContain(`href="/competitor/${ann.id}/results.csv"`);
    expect(await (await site.request(`/results/${empty.id}`)).text()).not.toContain("results.csv");
  });
});
