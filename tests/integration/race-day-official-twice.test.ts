/**
 * "Mark results official" sent twice (issue 21 item 15), over real HTTP: a double click, or two
 * admins at once. The second request is harmless: no error, a neutral notice, and the page shows
 * the results as they are (official, with the time), never a stale "Provisional".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { outboxMessages } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult, createAdmin } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;
let cookie: string;

const { admin } = await createAdmin(db, "official-admin", "correct horse battery");

beforeAll(async () => {
  site = await startTestSite(db);
  cookie = `admin_session=${await createSession(db, admin.id)}`;
}, 60_000);
afterAll(() => site?.close());

async function raceWithResults() {
  const race = await createRace(db, { date: "2026-05-01" });
  const racer = await createCompetitor(db);
  await createResult(db, { raceId: race.id, competitorId: racer.id, position: 1 });
  return race;
}

const markOfficial = (raceId: number) =>
  site.request(`/admin/races/${raceId}/heats`, { method: "POST", cookie, body: form({ intent: "official" }) });

/** The toast the redirect carries, as the next page will show it. */
function toastOf(response: Response): { type: string; title: string; description?: string } {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  const value = /toast=([^;]+)/.exec(setCookie)?.[1];
  return JSON.parse(Buffer.from(decodeURIComponent(value!), "base64").toString("utf8"));
}

describe("Mark results official, twice", () => {
  it("sent concurrently: both redirect to the heats page, one marks, the other says so; no error", async () => {
    const race = await raceWithResults();
    const responses = await Promise.all([markOfficial(race.id), markOfficial(race.id)]);
    expect(responses.map((r) => r.status)).toEqual([302, 302]);
    expect(responses.map((r) => r.headers.get("Location"))).toEqual([
      `/admin/races/${race.id}/heats`,
      `/admin/races/${race.id}/heats`,
    ]);
    const toasts = responses.map(toastOf);
    expect(toasts.map((t) => t.type).sort()).toEqual(["info", "success"]);
    expect(toasts.find((t) => t.type === "info")!.description).toMatch(
      /^The results have been official since [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}\.$/,
    );
    const page = await (await site.request(`/admin/races/${race.id}/heats`, { cookie })).text();
    expect(page).toMatch(/Official since [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}\./);
    expect(page).not.toContain("Provisional");
    expect(page).not.toContain("Mark results official");
  });

  it("sent one after the other: the second is a neutral notice, and the results e-mails are queued once", async () => {
    const race = await raceWithResults();
    const before = (await db.select().from(outboxMessages)).length;
    expect((await markOfficial(race.id)).status).toBe(302);
    const second = await markOfficial(race.id);
    expect(second.status).toBe(302);
    expect(toastOf(second)).toMatchObject({ type: "info", title: "Already official" });
    // Nobody here asked for results e-mails: the point is that the second request queued nothing more.
    expect((await db.select().from(outboxMessages)).length).toBe(before);
  });
});
