/**
 * "Cancelled" is a race status an admin sets (issue 14): the race stays on the calendar with a
 * badge, and the race page says so.
 */
import { describe, expect, it } from "vitest";
import { saveRace } from "~/domain/races/races.server";
import { raceSchema } from "~/lib/races/race-schema";
import { loader as calendarLoader } from "~/routes/calendar";
import { loader as raceLoader } from "~/routes/race";
import { useTestDatabase } from "../support/database";
import { createRace } from "../support/factories";
import { routeContext } from "../support/routes";

const { db } = await useTestDatabase();

describe("a cancelled race", () => {
  it("is saved by the admin race form and shown as Cancelled on the calendar and its page", async () => {
    const race = await createRace(db, { title: "Spring Regatta", date: "2030-05-04", status: "upcoming" });
    const saved = await saveRace(
      db,
      {
        id: race.id,
        title: race.title,
        date: race.date,
        location: race.location,
        description: race.description,
        imageUrl: "",
        status: "cancelled",
        countsForChampionship: true,
      },
      "Atlantic/Bermuda",
    );
    expect(saved).toMatchObject({ ok: true });

    const context = routeContext(db);
    const calendar = await calendarLoader({
      request: new Request("http://localhost/calendar"),
      context,
      params: {},
    } as never);
    expect(calendar.races.find((r) => r.id === race.id)?.status).toBe("cancelled");

    const page = await raceLoader({
      request: new Request(`http://localhost/calendar/${race.id}`),
      context,
      params: { id: String(race.id) },
    } as never);
    expect(page.status).toBe("Cancelled");
  });

  it("is a status the admin form accepts, and an unknown one is refused", () => {
    const form = {
      title: "Spring Regatta",
      date: "2030-05-04",
      location: "Ferry Reach",
      description: "A club race on the reach.",
    };
    expect(raceSchema.safeParse({ ...form, status: "cancelled" }).success).toBe(true);
    expect(raceSchema.safeParse({ ...form, status: "postponed" }).success).toBe(false);
  });
});
