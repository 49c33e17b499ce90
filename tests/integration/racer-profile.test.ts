/** Racer profile 2.0 (issue 14): season lines from the championship, head-to-head, the picker. */
import { beforeAll, describe, expect, it } from "vitest";
import { standingsView } from "~/domain/championship/championship.server";
import { headToHeadView, opponents, racerSeasons } from "~/domain/racer-profile/profile.server";
import { loader as profileLoader } from "~/routes/competitor";
import { loader as pickLoader } from "~/routes/competitor-vs-pick";
import { loader as vsLoader } from "~/routes/competitor-vs";
import { seasons } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { competitorResults } from "../support/reference-queries";
import { createCompetitor, createRace, createResult } from "../support/factories";
import { callWithParams, outcome, routeContext } from "../support/routes";

const { db } = await useTestDatabase();

const TODAY = "2026-06-15";
type Racer = Awaited<ReturnType<typeof createCompetitor>>;
let ann: Racer, ben: Racer, cal: Racer, dee: Racer;
const race: Record<string, number> = {};

beforeAll(async () => {
  ann = await createCompetitor(db, { firstName: "Ann", lastName: "Able" });
  ben = await createCompetitor(db, { firstName: "Ben", lastName: "Baker" });
  cal = await createCompetitor(db, { firstName: "Cal", lastName: "Cole" });
  // Dee never races.
  dee = await createCompetitor(db, { firstName: "Dee", lastName: "Dunn" });
  for (const [key, date] of [
    ["r1", "2025-03-01"],
    ["r2", "2025-05-01"],
    ["r3", "2025-07-01"],
    ["s1", "2026-02-01"],
    ["s2", "2026-03-01"],
  ] as const) {
    race[key] = (await createRace(db, { date, title: `Race ${key}` })).id;
  }
  const finishes: [string, Racer, number, Partial<{ boatClass: string; heatNumber: number; bestLap: string }>][] = [
    ["r1", ann, 1, { bestLap: "0:41.20" }],
    ["r1", ben, 2, {}],
    ["r1", cal, 3, {}],
    ["r2", ben, 1, {}],
    ["r2", ann, 2, { bestLap: "0:40.90" }],
    ["r2", cal, 3, {}],
    ["r2", ann, 1, { boatClass: "Superboat", bestLap: "0:35.00" }],
    ["r2", cal, 2, { boatClass: "Superboat" }],
    ["r3", cal, 1, {}],
    ["r3", ann, 3, { bestLap: "0:40.90" }],
    // 2026, a defined season needing 2 rounds: Ann runs one (two heats), Ben two.
    ["s1", ann, 4, { heatNumber: 1 }],
    ["s1", ann, 2, { heatNumber: 2 }],
    ["s1", ben, 1, { heatNumber: 1 }],
    ["s2", ben, 1, {}],
  ];
  for (const [key, racer, position, extra] of finishes) {
    await createResult(db, { raceId: race[key]!, competitorId: racer.id, position, ...extra });
  }
  await db.insert(seasons).values({
    key: "2026",
    name: "2026 Championship",
    startsOn: "2026-01-01",
    endsOn: "2026-12-31",
    pointsTable: [10, 8, 6, 5],
    pointsBelow: 1,
    minRounds: 2,
  });
});

describe("racerSeasons", () => {
  it("is the racer's row of each season's championship, newest season first, club classes first", async () => {
    const lines = await racerSeasons(db, ann.id, await competitorResults(db, ann.id), TODAY);
    expect(lines.map((l) => [l.seasonKey, l.seasonName, l.boatClass])).toEqual([
      ["2026", "2026 Championship", "Open"],
      ["2025", "2025 Season", "Open"],
      ["2025", "2025 Season", "Superboat"],
    ]);
    // 2026: the season's own table (4th = 5, 2nd = 8), one round: not classified.
    expect(lines[0]).toMatchObject({ races: 1, points: 13, wins: 0, podiums: 1, bestFinish: 2, position: null, classified: 1 });
    // 2025 Open: Ann 25 + 20 + 15 = 60, Cal 55, Ben 45.
    expect(lines[1]).toMatchObject({ races: 3, points: 60, wins: 1, podiums: 3, bestFinish: 1, position: 1, classified: 3 });
    expect(lines[2]).toMatchObject({ races: 1, points: 25, wins: 1, bestFinish: 1, position: 1, classified: 2 });
  });

  it("agrees with the season standings for every racer (one championship rule)", async () => {
    for (const racer of [ann, ben, cal]) {
      const lines = await racerSeasons(db, racer.id, await competitorResults(db, racer.id), TODAY);
      for (const line of lines) {
        const view = await standingsView(db, TODAY, new URLSearchParams({ season: line.seasonKey, class: line.boatClass }));
        if (view.kind === "not-found") throw new Error("season missing");
        const table = view.tables.find((t) => t.boatClass === line.boatClass)!;
        const row = [...table.classified, ...table.notClassified].find((r) => r.competitorId === racer.id)!;
        expect(
          [line.points, line.position, line.races, line.wins],
          `${racer.firstName} ${line.seasonKey} ${line.boatClass}`,
        ).toEqual([row.points, row.position, row.roundsRun, row.wins]);
      }
    }
  });

  it("is empty for a racer without results", async () => {
    expect(await racerSeasons(db, dee.id, [], TODAY)).toEqual([]);
  });
});

describe("opponents", () => {
  it("lists every other racer by last name, marking those met in the same race and class", async () => {
    const list = await opponents(db, ben.id);
    expect(list).toEqual([
      { id: ann.id, name: "Ann Able", met: true },
      { id: cal.id, name: "Cal Cole", met: true },
      { id: dee.id, name: "Dee Dunn", met: false },
    ]);
  });
});

describe("headToHeadView", () => {
  it("counts the races both ran in the same class, who was ahead and the points", async () => {
    const view = await headToHeadView(db, ann.id, ben.id);
    if (view.kind !== "ok") throw new Error(view.kind);
    // r1 Ann ahead, r2 Open Ben ahead (Ann's Superboat win is no meeting), s1: Ann's best heat 2nd vs Ben 1st.
    expect(view.h2h.meetings.map((m) => [m.raceId, m.ahead])).toEqual([
      [race.s1, "b"],
      [race.r2, "b"],
      [race.r1, "a"],
    ]);
    // SPEC points: Ann 25 + 20 + (13 + 20), Ben 20 + 25 + 25.
    expect(view.h2h).toMatchObject({ aheadA: 1, aheadB: 2, level: 0, pointsA: 78, pointsB: 70, difference: 8 });
  });

  it("answers not-found for a missing racer on either side, and same for one racer twice", async () => {
    expect(await headToHeadView(db, ann.id, 999_999)).toEqual({ kind: "not-found" });
    expect(await headToHeadView(db, 999_999, ann.id)).toEqual({ kind: "not-found" });
    expect(await headToHeadView(db, ann.id, ann.id)).toMatchObject({ kind: "same", racer: { id: ann.id } });
  });
});

describe("routes", () => {
  const get = (path: string) => new Request(`http://localhost${path}`);

  it("the profile loader returns bests, seasons, the trend chart and the picker", async () => {
    const result = await callWithParams(profileLoader, {
      request: get(`/competitor/${ann.id}`),
      context: routeContext(db),
      params: { id: String(ann.id) },
    });
    expect(result.bests.map((b) => [b.boatClass, b.bestLap?.lap, b.bestLap?.raceId, b.bestFinish.position])).toEqual([
      // 40.90 first set in r2 (r3's equal lap does not move it).
      ["Open", "0:40.90", race.r2, 1],
      ["Superboat", "0:35.00", race.r2, 1],
    ]);
    expect(result.seasons).toHaveLength(3);
    expect(result.chart?.races).toBe(4);
    expect(result.opponents.map((o) => o.id)).not.toContain(ann.id);
  });

  it("the picker redirects to the head-to-head page, or back to the profile without a choice", async () => {
    const pick = (query: string) =>
      outcome(
        callWithParams(pickLoader, {
          request: get(`/competitor/${ann.id}/vs${query}`),
          context: routeContext(db),
          params: { id: String(ann.id) },
        }),
      );
    expect(pick(`?other=${ben.id}`)).toMatchObject({ status: 302, location: `/competitor/${ann.id}/vs/${ben.id}` });
    expect(pick("")).toMatchObject({ status: 302, location: `/competitor/${ann.id}#head-to-head` });
    expect(pick("?other=%2F%2Fevil.example")).toMatchObject({ location: `/competitor/${ann.id}/vs/%2F%2Fevil.example` });
  });

  it("the head-to-head page: 404 for bad ids, 400 with a message for the same racer", async () => {
    const vs = (id: string, otherId: string) =>
      callWithParams(vsLoader, {
        request: get(`/competitor/${id}/vs/${otherId}`),
        context: routeContext(db),
        params: { id, otherId },
      });
    for (const [id, otherId] of [
      [String(ann.id), "999999"],
      ["999999", String(ann.id)],
      ["abc", String(ann.id)],
      [String(ann.id), "1e3"],
    ] as const) {
      const error = await vs(id, otherId).catch((e: unknown) => e);
      expect(outcome(error).status, `${id} vs ${otherId}`).toBe(404);
    }
    const same = outcome(await vs(String(ann.id), String(ann.id)));
    expect(same.status).toBe(400);
    expect(same.data).toMatchObject({ kind: "same", racer: { id: ann.id } });
    const ok = outcome(await vs(String(ann.id), String(ben.id)));
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ kind: "ok", h2h: { difference: 8 } });
  });
});
