/**
 * The racer profile at scale (issue 11): the Race Results table holds one season, while the
 * career statistics, season lines, personal bests and trend count every season. Each figure must
 * equal what the rules in app/lib compute from every result.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CAREER_TABLE_ROWS, careerResults, racerProfile, racerSeasons } from "~/domain/racer-profile/profile.server";
import { personalBests, recentFinishes } from "~/lib/racer-profile/racer-history";
import { racerStatistics } from "~/lib/championship/standings";
import { loader as profileLoader } from "~/routes/competitor";
import { useTestDatabase } from "../support/database";
import { competitorResults } from "../support/reference-queries";
import { createCompetitor, createRace, createResult } from "../support/factories";
import { callWithParams, routeContext } from "../support/routes";

const { db } = await useTestDatabase();
const TODAY = "2026-06-15";
type Racer = Awaited<ReturnType<typeof createCompetitor>>;
let racers: Racer[] = [];
let loner: Racer;

/** A small seeded generator, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

beforeAll(async () => {
  racers = [];
  for (const name of ["Ann", "Ben", "Cal", "Dot"])
    racers.push(await createCompetitor(db, { firstName: name, lastName: "Seasons" }));
  loner = await createCompetitor(db, { firstName: "Lee", lastName: "Loner" });
  const random = prng(11);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // Four seasons of 9 races; heats, two classes (one also typed in lower case), lap times in
  // several spellings (some equal, some unreadable), a few stored points.
  for (const year of [2023, 2024, 2025, 2026]) {
    for (let n = 0; n < 9; n++) {
      const date = `${year}-${String(n + 2).padStart(2, "0")}-${n % 2 ? "10" : "03"}`;
      const race = await createRace(db, { title: `Race ${year}-${n}`, date });
      for (const racer of racers) {
        if (random() < 0.2) continue;
        const heats = random() < 0.5 ? 3 : 1;
        for (let heat = 1; heat <= heats; heat++) {
          await createResult(db, {
            raceId: race.id,
            competitorId: racer.id,
            position: 1 + Math.floor(random() * 6),
            heatNumber: heat,
            boatClass: pick(["Open", "Open", "Superboat", "open"]),
            bestLap: pick([null, "0:40.90", "40.9", "0:41.20", " 0:39.50", "DNF", "0:39.5", "1:02.5"]),
            points: random() < 0.1 ? 7 : null,
          });
        }
      }
    }
  }
  // Two races on one day, so the trend's cut and the tie-breaks by race id are exercised.
  const a = await createRace(db, { title: "Twin A", date: "2026-05-20" });
  const b = await createRace(db, { title: "Twin B", date: "2026-05-20" });
  for (const racer of racers) {
    await createResult(db, { raceId: a.id, competitorId: racer.id, position: 1, bestLap: "0:39.50" });
    await createResult(db, { raceId: b.id, competitorId: racer.id, position: 1, bestLap: "0:39.50" });
  }
});

describe("careerResults", () => {
  it("reads every result of the racer as competitorResults does, newest race first", async () => {
    for (const racer of [...racers, loner]) {
      expect(await careerResults(db, racer.id)).toEqual(await competitorResults(db, racer.id));
    }
  });
});

describe("racerProfile", () => {
  it("shows the newest season with results by default, and each season on request", async () => {
    for (const racer of racers) {
      const all = await competitorResults(db, racer.id);
      const profile = await racerProfile(db, racer.id, { today: TODAY, careerTableRows: 10 });
      expect(profile.resultSeasons.map((s) => s.key)).toEqual(["2026", "2025", "2024", "2023"]);
      expect(profile.resultSeason).toEqual({ key: "2026", name: "2026 Season" });
      expect(profile.results).toEqual(all.filter((r) => r.raceDate.startsWith("2026")));
      expect(profile.stats).toEqual(racerStatistics(all));
      expect(profile.bests).toEqual(personalBests(all));
      expect(profile.recent).toEqual(recentFinishes(all));
      expect(profile.recent.length).toBeGreaterThan(0);
      expect(profile.seasons).toEqual(await racerSeasons(db, racer.id, all, TODAY));
      expect(profile.seasons.map((line) => line.seasonKey)).toEqual(expect.arrayContaining(["2023", "2024", "2025", "2026"]));

      const older = await racerProfile(db, racer.id, { today: TODAY, season: "2024", careerTableRows: 10 });
      expect(older.resultSeason?.key).toBe("2024");
      expect(older.results).toEqual(all.filter((r) => r.raceDate.startsWith("2024")));
      // The career figures do not depend on the season shown.
      expect({ ...older, results: [], resultSeason: null }).toEqual({ ...profile, results: [], resultSeason: null });
    }
  });

  it("falls back to the newest season for a season the racer has no results in, or no season at all", async () => {
    for (const asked of ["2019", "all", "nonsense", "", "2026-27"]) {
      const profile = await racerProfile(db, racers[1]!.id, { today: TODAY, season: asked, careerTableRows: 10 });
      expect(profile.resultSeason?.key).toBe("2026");
    }
  });

  it("is empty for a racer without results", async () => {
    expect(await racerProfile(db, loner.id, { today: TODAY })).toEqual({
      stats: { races: 0, points: 0, wins: 0, podiums: 0 },
      seasons: [],
      bests: [],
      recent: [],
      resultSeasons: [],
      resultSeason: null,
      results: [],
    });
  });

  it("shows the whole career, without a season choice, up to CAREER_TABLE_ROWS results", async () => {
    const racer = racers[2]!;
    const all = await competitorResults(db, racer.id);
    expect(CAREER_TABLE_ROWS).toBe(50);
    const whole = await racerProfile(db, racer.id, { today: TODAY, season: "2024", careerTableRows: all.length });
    expect(whole.results).toEqual(all);
    expect(whole.resultSeasons).toEqual([]);
    expect(whole.resultSeason).toBeNull();
    const bySeason = await racerProfile(db, racer.id, { today: TODAY, careerTableRows: all.length - 1 });
    expect(bySeason.resultSeason?.key).toBe("2026");
  });

  it("the profile route passes ?season= on and never fails on a bad one", async () => {
    const load = (query: string) =>
      callWithParams(profileLoader, {
        request: new Request(`http://localhost/competitor/${racers[0]!.id}${query}`),
        context: routeContext(db),
        params: { id: String(racers[0]!.id) },
      });
    expect((await competitorResults(db, racers[0]!.id)).length).toBeGreaterThan(CAREER_TABLE_ROWS);
    const shown = await load("?season=2023");
    expect(shown.resultSeason?.key).toBe("2023");
    expect(shown.results?.every((r) => r.raceDate.startsWith("2023"))).toBe(true);
    expect((await load("?season=%00bad")).resultSeason?.key).toBe("2026");
  });
});
