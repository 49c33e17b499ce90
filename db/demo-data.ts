/**
 * Demo data for a new site (DEMO_DATA): 20 racers, last season's and this season's races with
 * results in both classes (some run in two heats), today's race and upcoming races. Dates are
 * relative to today in the club's time zone, so the calendar always has past, today's and
 * upcoming events. Deterministic: the same day gives the same data.
 */
import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, news, raceResults, races } from "~/db/schema";

const RACERS: [first: string, last: string, boat: string, number: string, classes: string[], colour: string][] = [
  ["Marcus", "Trott", "Sea Hornet", "7", ["Open"], "Yellow"],
  ["Keisha", "Outerbridge", "Blue Marlin", "12", ["Open", "Superboat"], "Blue"],
  ["Devon", "Simmons", "Reef Runner", "3", ["Superboat"], "Red"],
  ["Alana", "Burrows", "Longtail", "21", ["Open"], "White"],
  ["Tyrone", "Furbert", "Dockyard Dash", "44", ["Superboat"], "Black"],
  ["Shari", "Wilson", "Pink Sands", "9", ["Open"], "Pink"],
  ["Jahkeil", "Minors", "Gombey Spirit", "15", ["Open", "Superboat"], "Orange"],
  ["Renee", "Dill", "Tidal Flash", "5", ["Open"], "Silver"],
  ["Colin", "Pearman", "Harbour Hawk", "88", ["Superboat"], "Green"],
  ["Lisa", "Tucker", "Coral Comet", "27", ["Open"], "Coral"],
  ["Dwayne", "Smith", "Rock Fish", "31", ["Superboat"], "Grey"],
  ["Nadine", "Trimm", "Moongate", "11", ["Open"], "Purple"],
  ["Kevin", "Cann", "Whaler", "66", ["Superboat"], "Navy"],
  ["Sophie", "Ingham", "Kiskadee", "2", ["Open"], "Yellow"],
  ["Andre", "DeSilva", "Portuguese Man o' War", "19", ["Open", "Superboat"], "Blue"],
  ["Michelle", "Robinson", "Cedar Wake", "23", ["Open"], "Teal"],
  ["Trevor", "Bean", "Bermuda Triangle", "33", ["Superboat"], "Black"],
  ["Jasmine", "Talbot", "Spray Queen", "8", ["Open"], "Lilac"],
  ["Gavin", "Rego", "Ferry Reach Flyer", "77", ["Superboat"], "Red"],
  ["Paula", "Lambe", "Onion Patch", "14", ["Open"], "Green"],
];

const LOCATIONS = [
  "Ferry Reach Park, St. George's",
  "Spanish Point Park, Pembroke",
  "Long Bay, Somerset",
  "Mangrove Bay, Sandys",
  "Harrington Sound, Smith's",
  "Barr's Bay Park, Hamilton",
  "Shelly Bay, Hamilton Parish",
];

const DESCRIPTIONS = [
  "Fast open-water racing on a six-buoy oval course. Pits open at 9:00, first heat at 10:00. Spectators welcome along the shoreline.",
  "A technical course with a tight hairpin at the far buoy. Bring spare props: the afternoon breeze usually builds a chop.",
  "Sheltered water and a long back straight make this one of the fastest rounds of the season. Family picnic after the final heat.",
  "Club round with a newcomers' practice session in the morning. Experienced drivers are on hand to help set up boats.",
  "Points round of the championship with separate Open and Superboat heats. Timing by the club's lap counter.",
];

/** A small deterministic PRNG (mulberry32): the same seed gives the same demo results. */
function random(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function lapTime(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s.toFixed(2).padStart(5, "0")}`;
}

interface DemoRace {
  title: string;
  offset: number;
  heats: number;
}

const PAST: DemoRace[] = [
  { title: "Season Opener", offset: -400, heats: 1 },
  { title: "Ferry Reach Sprint", offset: -372, heats: 2 },
  { title: "Summer Cup", offset: -330, heats: 1 },
  { title: "Round the Island Grand Prix", offset: -300, heats: 2 },
  { title: "Winter Classic", offset: -150, heats: 1 },
  { title: "Spring Regatta", offset: -98, heats: 2 },
  { title: "Harbour Nights", offset: -63, heats: 1 },
  { title: "Cup Match Warm-up", offset: -35, heats: 2 },
  { title: "Long Bay Challenge", offset: -9, heats: 1 },
];
const TODAY: DemoRace = { title: "Club Day Race", offset: 0, heats: 1 };
const UPCOMING: DemoRace[] = [
  { title: "Harrington Sound Shootout", offset: 12, heats: 1 },
  { title: "Championship Round 7", offset: 40, heats: 1 },
  { title: "Moonlight Mile", offset: 68, heats: 1 },
  { title: "Season Finale", offset: 103, heats: 1 },
];

/** `today`: the club's calendar day ("2026-06-15") the demo is dated from; the caller knows the club's clock. */
// eslint-disable-next-line max-lines-per-function -- the demo data as one list of rows in one transaction, read top to bottom
export async function seedDemoData(db: Database, { today: clubDay, now = new Date() }: { today: string; now?: Date }) {
  // eslint-disable-next-line max-lines-per-function -- the demo data as one list of rows in one transaction, read top to bottom
  return db.transaction(async (tx) => {
    // Two instances starting at once must not both seed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(728301986)`);
    const [{ count }] = (
      await tx.execute<{ count: number }>(sql`SELECT (SELECT count(*) FROM races) + (SELECT count(*) FROM competitors) AS count`)
    ).rows as [{ count: number }];
    if (Number(count) > 0) return false;

    const today = parseISO(clubDay);
    const day = (offset: number) => format(addDays(today, offset), "yyyy-MM-dd");
    const rand = random(1985);

    const racerRows = await tx
      .insert(competitors)
      .values(
        RACERS.map(([firstName, lastName, boatName, boatNumber, boatClasses, boatColour], i) => ({
          firstName,
          lastName,
          email: `${firstName}.${lastName}@example.com`.toLowerCase(),
          telephone: `441-555-${String(100 + i).padStart(4, "0")}`,
          boatName,
          boatNumber,
          boatColour,
          boatClasses,
          pipaConsent: true,
          pipaConsentAt: now,
        })),
      )
      .returning({ id: competitors.id, boatClasses: competitors.boatClasses });

    const all = [
      ...PAST.map((r) => ({ ...r, completed: true })),
      { ...TODAY, completed: false },
      ...UPCOMING.map((r) => ({ ...r, completed: false })),
    ];
    const raceRows = await tx
      .insert(races)
      .values(
        all.map((race, i) => ({
          title: race.title,
          date: day(race.offset),
          location: LOCATIONS[i % LOCATIONS.length]!,
          description: DESCRIPTIONS[i % DESCRIPTIONS.length]!,
          status: race.completed ? ("completed" as const) : ("upcoming" as const),
          // Past races' results are official (the evening of the race); today's stay provisional.
          resultsOfficialAt: race.completed ? new Date(`${day(race.offset)}T20:00:00Z`) : null,
        })),
      )
      .returning({ id: races.id });

    const results: (typeof raceResults.$inferInsert)[] = [];
    all.forEach((race, i) => {
      if (!race.completed) return;
      for (const boatClass of ["Open", "Superboat"]) {
        const field = racerRows.filter((r) => r.boatClasses.includes(boatClass));
        for (let heat = 1; heat <= race.heats; heat++) {
          // Most of the class turns up; shuffle for the finishing order.
          const entrants = field.filter(() => rand() > 0.15).sort(() => rand() - 0.5);
          const base = boatClass === "Open" ? 41 : 35;
          entrants.forEach((racer, index) => {
            const best = base + index * 0.6 + rand() * 0.5;
            const laps = 14 - Math.floor(index / 3);
            results.push({
              raceId: raceRows[i]!.id,
              competitorId: racer.id,
              position: index + 1,
              heatNumber: heat,
              boatClass,
              laps,
              bestLap: lapTime(best),
              lapTime: lapTime(best + 1.2 + rand()),
              totalTime: lapTime(laps * (best + 1.5 + rand())),
            });
          });
        }
      }
    });
    await tx.insert(raceResults).values(results);

    // News: one notice pinned to the home page for the week, tied to the next race; two older ones.
    const hours = (h: number) => new Date(now.getTime() - h * 3_600_000);
    const nextRace = raceRows[PAST.length + 1]!.id;
    await tx.insert(news).values([
      {
        title: "Practice before the Shootout moves to Friday",
        body: `Friday evening practice at the Sound replaces Thursday's this week: the launch ramp is being repaired.\n\nBring:\n- a charged transmitter\n- spare propellers\n\nThe tide table is at https://tidesandcurrents.noaa.gov/ if you want to plan your runs.`,
        pinnedUntil: day(7),
        raceId: nextRace,
        publishedAt: hours(20),
      },
      {
        title: "Long Bay Challenge results are official",
        body: "Thank you to every driver and to the marshals. The results are official, and the championship standings are up to date.",
        publishedAt: hours(24 * 8),
      },
      {
        title: "New season, new rules",
        body: "The committee agreed this season's rules at the AGM.\n\n- Best rounds count as before.\n- Superboat heats run six boats at most.",
        publishedAt: hours(24 * 60),
      },
    ]);
    return true;
  });
}
