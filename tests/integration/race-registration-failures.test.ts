/** SPEC section 8's race registration errors, when the database fails underneath the screen. */
import { expect, it } from "vitest";
import { todayInZone } from "~/lib/util/dates";
import { action, loader } from "~/routes/race-registration";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { call, CLUB, formRequest, outcome, routeContext } from "../support/routes";

const { db, pool } = await useTestDatabase();

const load = () => call(loader, { request: new Request("http://localhost/race-registration"), context: routeContext(db) });

it("shows each list's failure as SPEC's toast, with an empty list", async () => {
  await createCompetitor(db);
  await createRace(db, { date: "2099-01-01", status: "upcoming" });

  await pool.query("ALTER TABLE competitors RENAME TO competitors_gone");
  let page = await load();
  expect(page.toasts).toEqual([{ type: "error", title: "Error", description: "Failed to fetch registered competitors" }]);
  expect(page.drivers).toEqual([]);
  expect(page.driversFailed).toBe(true);
  expect(page.races).toHaveLength(1);

  await pool.query("ALTER TABLE races RENAME TO races_gone");
  page = await load();
  expect(page.toasts).toEqual([{ type: "error", title: "Error", description: "Failed to load required data" }]);

  await pool.query("ALTER TABLE competitors_gone RENAME TO competitors");
  page = await load();
  expect(page.toasts).toEqual([{ type: "error", title: "Error", description: "Failed to fetch upcoming races" }]);
  expect(page.races).toEqual([]);
  await pool.query("ALTER TABLE races_gone RENAME TO races");
  expect((await load()).toasts).toEqual([]);
});

it("says 'Failed to register for the race' when the insert fails, and saves nothing", async () => {
  const driver = await createCompetitor(db);
  const race = await createRace(db, { date: todayInZone(CLUB.timeZone), status: "upcoming" });
  await pool.query(`
    CREATE FUNCTION refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
    CREATE TRIGGER refuse_entry BEFORE INSERT ON race_registrations FOR EACH ROW EXECUTE FUNCTION refuse_entry();`);
  try {
    const result = outcome(
      await call(action, {
        request: formRequest("/race-registration", {
          competitorId: String(driver.id),
          raceId: String(race.id),
          boatClasses: ["Open", "Superboat"],
        }),
        context: routeContext(db, "203.0.113.77"),
      }),
    );
    expect(result.status).toBe(500);
    expect(result.data.toast).toEqual({ type: "error", title: "Error", description: "Failed to register for the race" });
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM race_registrations");
    expect(rows[0].n).toBe(0);
  } finally {
    await pool.query("DROP TRIGGER refuse_entry ON race_registrations; DROP FUNCTION refuse_entry()");
  }
});
