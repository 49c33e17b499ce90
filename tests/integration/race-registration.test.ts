import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { raceRegistrations } from "~/db/schema";
import { RACE_MESSAGES } from "~/lib/registration/registration";
import { todayInZone } from "~/lib/util/dates";
import { action, loader } from "~/routes/race-registration";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration } from "../support/factories";
import { call, CLUB, formRequest, outcome, routeContext } from "../support/routes";
import { inDays } from "../support/club-days";

const { db } = await useTestDatabase();
const today = todayInZone(CLUB.timeZone);

async function post(fields: Record<string, string | string[] | undefined>, ip?: string) {
  return outcome(await call(action, { request: formRequest("/race-registration", fields), context: routeContext(db, ip) }));
}

async function entries(raceId: number, competitorId: number) {
  const rows = await db
    .select({ boatClass: raceRegistrations.boatClass })
    .from(raceRegistrations)
    .where(and(eq(raceRegistrations.raceId, raceId), eq(raceRegistrations.competitorId, competitorId)));
  return rows.map((r) => r.boatClass).sort();
}

describe("the pickers", () => {
  it("list drivers by last name as 'First Last - Boat #N' and only races still open, as 'title, dd MMMM yyyy at location'", async () => {
    const zed = await createCompetitor(db, {
      firstName: "Zara",
      lastName: "Aardvark",
      boatNumber: "9",
      email: "zara@example.com",
      telephone: "441-999-0000",
    });
    await createCompetitor(db, { firstName: "Abe", lastName: "zylstra", boatNumber: "12" });
    const open = await createRace(db, { title: "Open Race", date: inDays(10), location: "Ferry Reach", status: "upcoming" });
    const todays = await createRace(db, { title: "Today Race", date: today, location: "Long Bay", status: "upcoming" });
    await createRace(db, { title: "Past Upcoming", date: inDays(-1), status: "upcoming" });
    await createRace(db, { title: "Done Race", date: inDays(5), status: "completed" });

    const data = await call(loader, { request: new Request("http://localhost/race-registration"), context: routeContext(db) });
    const labels = data.drivers.map((d) => d.label);
    expect(labels.indexOf("Zara Aardvark - Boat #9")).toBeLessThan(labels.indexOf("Abe zylstra - Boat #12"));
    expect(labels[0]).toBe("Zara Aardvark - Boat #9");
    expect(JSON.stringify(data)).not.toContain("zara@example.com");
    expect(JSON.stringify(data)).not.toContain("441-999-0000");
    expect(data.drivers.find((d) => d.id === zed.id)).toEqual({ id: zed.id, label: "Zara Aardvark - Boat #9" });

    expect(data.races.map((r) => r.id)).toEqual([todays.id, open.id]);
    const [y, m, d] = inDays(10).split("-");
    const month = new Date(Date.UTC(+y!, +m! - 1, 15)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    expect(data.races[1]!.label).toBe(`Open Race, ${d} ${month} ${y} at Ferry Reach`);
  });
});

describe("registering for a race", () => {
  it("saves one row per chosen class and goes home with the success toast", async () => {
    const racer = await createCompetitor(db);
    const race = await createRace(db, { date: inDays(7), status: "upcoming" });
    const res = await post({ competitorId: String(racer.id), raceId: String(race.id), boatClasses: ["Open", "SuperBoat"] });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    expect(await entries(race.id, racer.id)).toEqual(["Open", "Superboat"]);
  });

  it("stops with 'Already Registered' naming the class, and saves none of the classes (all or nothing)", async () => {
    const racer = await createCompetitor(db);
    const race = await createRace(db, { date: inDays(7), status: "upcoming" });
    await createRegistration(db, { raceId: race.id, competitorId: racer.id, boatClass: "Superboat" });
    const res = await post({ competitorId: String(racer.id), raceId: String(race.id), boatClasses: ["Open", "Superboat"] });
    expect(res.status).toBe(409);
    expect(res.data.toast).toEqual({
      type: "error",
      title: "Already Registered",
      description: "You are already registered for this race in the Superboat class.",
    });
    expect(await entries(race.id, racer.id)).toEqual(["Superboat"]);
  });

  it("refuses a past, completed or unknown race, and an unknown driver, with a clear message", async () => {
    const racer = await createCompetitor(db);
    const past = await createRace(db, { date: inDays(-3), status: "upcoming" });
    const completed = await createRace(db, { date: inDays(3), status: "completed" });
    for (const race of [past, completed]) {
      const res = await post({ competitorId: String(racer.id), raceId: String(race.id), boatClasses: "Open" });
      expect(res.status).toBe(400);
      expect(res.data.result.error).toEqual({ raceId: [RACE_MESSAGES.raceClosed] });
      expect(await entries(race.id, racer.id)).toEqual([]);
    }
    const unknown = await post({ competitorId: String(racer.id), raceId: "999999", boatClasses: "Open" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.result.error).toEqual({ raceId: [RACE_MESSAGES.raceUnknown] });
    const open = await createRace(db, { date: inDays(3), status: "upcoming" });
    const nobody = await post({ competitorId: "999999", raceId: String(open.id), boatClasses: "Open" });
    expect(nobody.status).toBe(400);
    expect(nobody.data.result.error).toEqual({ competitorId: [RACE_MESSAGES.driverUnknown] });
  });

  it("refuses incomplete or tampered input with SPEC's messages", async () => {
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(empty.data.result.error).toEqual({
      competitorId: [RACE_MESSAGES.competitorId],
      raceId: [RACE_MESSAGES.raceId],
      boatClasses: [RACE_MESSAGES.boatClasses],
    });
    const tampered = await post({ competitorId: "1; DROP TABLE", raceId: "99999999999999", boatClasses: "Open" });
    expect(tampered.data.result.error).toEqual({ competitorId: [RACE_MESSAGES.competitorId], raceId: [RACE_MESSAGES.raceId] });
  });

  it("20 identical entries sent at once give one row per class", async () => {
    const racer = await createCompetitor(db);
    const race = await createRace(db, { date: inDays(7), status: "upcoming" });
    const fields = { competitorId: String(racer.id), raceId: String(race.id), boatClasses: ["Open", "Superboat"] };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(fields, `198.51.100.${i}`)));
    expect(await entries(race.id, racer.id)).toEqual(["Open", "Superboat"]);
    expect(results.filter((r) => r.status === 302)).toHaveLength(1);
    expect(results.filter((r) => r.data?.toast?.title === "Already Registered")).toHaveLength(19);
  });

  it("a filled honeypot saves nothing", async () => {
    const racer = await createCompetitor(db);
    const race = await createRace(db, { date: inDays(7), status: "upcoming" });
    const res = await post({ competitorId: String(racer.id), raceId: String(race.id), boatClasses: "Open", website: "x" });
    expect(res.status).toBe(302);
    expect(await entries(race.id, racer.id)).toEqual([]);
  });

  it("is rate-limited per client address", async () => {
    const ip = "192.0.2.200";
    for (let i = 0; i < 30; i++) await post({}, ip);
    const res = await post({}, ip);
    expect(res.status).toBe(429);
    expect(res.data.toast.title).toBe("Too Many Attempts");
  });
});
