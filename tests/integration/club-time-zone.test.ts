/**
 * The club's time zone (its settings, /admin/settings) decides "today": when an owner changes
 * it, a race dated today in one zone is still to come in the other, at once and on the real
 * server. Two zones 25 hours apart (UTC+14 and UTC-11) are on different days at every instant.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { site as words } from "~/lib/platform/site";
import { todayInZone } from "~/lib/util/dates";
import { useTestDatabase } from "../support/database";
import { createAdmin, createRace } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

const { admin: owner } = await createAdmin(db, "time-zone-owner", "correct horse battery");
const cookie = `admin_session=${await createSession(db, owner.id)}`;

const AHEAD = "Pacific/Kiritimati";
const BEHIND = "Pacific/Pago_Pago";

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

/** The settings form as the screen posts it, with the time zone changed. */
function saveTimeZone(timeZone: string) {
  const body = new URLSearchParams({
    name: "Test Club",
    shortName: words.shortName,
    founded: String(words.founded),
    heroHeading: words.heroHeading,
    heroInvitation: words.heroInvitation,
    welcome: words.welcome,
    vision: words.vision,
    missionQuote: words.missionQuote,
    blurb: words.blurb,
    email: "info@example.org",
    timeZone,
    "social[0].label": "",
    "social[0].href": "",
  });
  return site.request("/admin/settings", { method: "POST", cookie, body });
}

async function raceStatus(raceId: number): Promise<string | undefined> {
  const html = await (await site.request(`/results/${raceId}`)).text();
  // The race's details: <dt>Status</dt><dd><span ...>Upcoming</span></dd>
  return />Status<\/dt><dd><span[^>]*>([^<]+)</.exec(html)?.[1];
}

it("a change of the club's time zone moves today: the race dated today there is upcoming a zone behind", async () => {
  const today = todayInZone(AHEAD);
  const race = await createRace(db, { title: "Time Zone Regatta", date: today, status: "upcoming" });
  try {
    expect((await saveTimeZone(AHEAD)).status).toBeLessThan(400);
    expect(await raceStatus(race.id)).toBe("Completed");

    expect((await saveTimeZone(BEHIND)).status).toBeLessThan(400);
    expect(await raceStatus(race.id)).toBe("Upcoming");
  } finally {
    expect((await saveTimeZone("Atlantic/Bermuda")).status).toBeLessThan(400);
  }
});
