import { describe, expect, it } from "vitest";
import { todayInZone } from "~/lib/util/dates";
import { loader } from "~/routes/race";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration } from "../support/factories";
import { CLUB, routeContext } from "../support/routes";
import { inDays } from "../support/club-days";

const { db } = await useTestDatabase();
const today = todayInZone(CLUB.timeZone);

async function racePage(id: number) {
  const url = `http://localhost/calendar/${id}`;
  return loader({
    request: new Request(url),
    context: routeContext(db),
    params: { id: String(id) },
    url: new URL(url),
    pattern: "/calendar/:id",
  });
}

describe("the public entry list", () => {
  it("lists an upcoming race's entrants per class by boat number, with counts and no contact data", async () => {
    const race = await createRace(db, { date: inDays(5), status: "upcoming" });
    const a = await createCompetitor(db, {
      boatNumber: "11",
      boatName: "Moongate",
      email: "moon@example.com",
      telephone: "441-222-3333",
    });
    const b = await createCompetitor(db, { boatNumber: "5", boatName: "Tidal Flash" });
    const c = await createCompetitor(db, { boatNumber: "7", boatName: null, firstName: "Nora", lastName: "Nameless" });
    await createRegistration(db, { raceId: race.id, competitorId: a.id, boatClass: "Open" });
    await createRegistration(db, { raceId: race.id, competitorId: b.id, boatClass: "Open" });
    await createRegistration(db, { raceId: race.id, competitorId: a.id, boatClass: "Superboat" });
    await createRegistration(db, { raceId: race.id, competitorId: c.id, boatClass: "Superboat" });

    const data = await racePage(race.id);
    expect(data.entries!.map((e) => e.boatClass)).toEqual(["Open", "Superboat"]);
    // "5" before "11": boat numbers compare as numbers.
    expect(data.entries![0]!.entrants.map((e) => [e.boatNumber, e.boatName])).toEqual([
      ["5", "Tidal Flash"],
      ["11", "Moongate"],
    ]);
    expect(data.entries![1]!.entrants.map((e) => [e.boatNumber, e.driver])).toEqual([
      ["7", "Nora Nameless"],
      ["11", `${a.firstName} ${a.lastName}`],
    ]);
    const json = JSON.stringify(data);
    expect(json).not.toContain("moon@example.com");
    expect(json).not.toContain("441-222-3333");
  });

  it("is shown for today's race and empty until someone enters; a past race has none", async () => {
    const todays = await createRace(db, { date: today, status: "upcoming" });
    expect((await racePage(todays.id)).entries).toEqual([]);
    const racer = await createCompetitor(db, { boatNumber: "3" });
    await createRegistration(db, { raceId: todays.id, competitorId: racer.id, boatClass: "Open" });
    expect((await racePage(todays.id)).entries![0]!.entrants.map((e) => e.boatNumber)).toEqual(["3"]);

    const past = await createRace(db, { date: inDays(-3), status: "completed" });
    await createRegistration(db, { raceId: past.id, competitorId: racer.id, boatClass: "Open" });
    expect((await racePage(past.id)).entries).toBeNull();
  });
});
