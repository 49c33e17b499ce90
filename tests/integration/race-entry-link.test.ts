/**
 * "Manage my entry" (issue 14, item 4): the race-entry e-mail's private link lets the racer
 * withdraw from a class or the race until entries close; wrong, used and expired links are refused.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { outboxMessages, raceEntryLinks, raceRegistrations, races } from "~/db/schema";
import { ENTRY_PAGE } from "~/lib/registration/registration";
import { action as entryAction, loader as entryLoader } from "~/routes/race-entry";
import { action as registerAction } from "~/routes/race-registration";
import { startTestSite } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { call, callWithParams, formRequest, outcome, routeContext } from "../support/routes";
import { inDays } from "../support/club-days";

const { db } = await useTestDatabase();

async function enter(raceId: number, competitorId: number, classes: string[]) {
  const res = outcome(
    await call(registerAction, {
      request: formRequest("/race-registration", {
        competitorId: String(competitorId),
        raceId: String(raceId),
        boatClasses: classes,
      }),
      context: routeContext(db),
    }),
  );
  expect(res.status).toBe(302);
  const [mail] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, "race-entry"))
    .orderBy(sql`${outboxMessages.id} DESC`)
    .limit(1);
  const token = mail!.body.match(/\/race-entry\/([A-Za-z0-9_-]+)$/m)![1]!;
  return { mail: mail!, token };
}

const view = async (token: string, search = "") =>
  outcome(
    await callWithParams(entryLoader, {
      request: new Request(`http://localhost/race-entry/${token}${search}`),
      params: { token },
      context: routeContext(db),
    }),
  );
const press = async (token: string, withdraw: string) =>
  outcome(
    await callWithParams(entryAction, {
      request: formRequest(`/race-entry/${token}`, { withdraw }),
      params: { token },
      context: routeContext(db),
    }),
  );

/** A button submitting `name=value`, its attributes in any order. */
function submitButton(name: string, value: string): RegExp {
  return new RegExp(`<button(?=[^>]* name="${name}")(?=[^>]* value="${value}")[^>]*>`);
}

async function classes(raceId: number, competitorId: number) {
  const rows = await db
    .select({ c: raceRegistrations.boatClass })
    .from(raceRegistrations)
    .where(and(eq(raceRegistrations.raceId, raceId), eq(raceRegistrations.competitorId, competitorId)));
  return rows.map((r) => r.c).sort();
}

describe("the manage-my-entry link", () => {
  it("is mailed with the entry, stored only as a hash, and withdraws a class, then the race; then it is used", async () => {
    const racer = await createCompetitor(db, { email: "lina@example.com", firstName: "Lina" });
    const race = await createRace(db, { date: inDays(7), status: "upcoming", title: "Link Cup" });
    const { mail, token } = await enter(race.id, racer.id, ["Open", "Superboat"]);
    expect(mail.recipient).toBe("lina@example.com");
    expect(mail.subject).toBe("Your entry for Link Cup");
    const stored = await db.select().from(raceEntryLinks).where(eq(raceEntryLinks.raceId, race.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);

    const page = await view(token);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "entry", entry: { title: "Link Cup", classes: ["Open", "Superboat"] } });

    const one = await press(token, "Superboat");
    expect(one.data).toMatchObject({
      state: "entry",
      done: "You have withdrawn from the Superboat class.",
      entry: { classes: ["Open"] },
    });
    expect(await classes(race.id, racer.id)).toEqual(["Open"]);

    const all = await press(token, "race");
    expect(all.status).toBe(303);
    expect(all.location).toBe(`/race-entry/${token}?withdrawn`);
    expect(await classes(race.id, racer.id)).toEqual([]);
    const done = await view(token, "?withdrawn");
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ done: "You have withdrawn from Link Cup.", alert: ENTRY_PAGE.empty });

    // Used: refused, nothing else happens.
    const again = await view(token);
    expect(again.status).toBe(410);
    expect(again.data).toMatchObject({ state: "refused", alert: ENTRY_PAGE.used });
    expect((await press(token, "Open")).status).toBe(410);
  });

  it("refuses a wrong token (404) and a link whose race's entries have closed (410), changing nothing", async () => {
    const wrong = await view("not-a-real-token");
    expect(wrong.status).toBe(404);
    expect(wrong.data).toMatchObject({ alert: ENTRY_PAGE.unknown });
    expect((await press("not-a-real-token", "race")).status).toBe(404);

    const racer = await createCompetitor(db, { email: "omar@example.com" });
    const race = await createRace(db, { date: inDays(7), status: "upcoming" });
    const { token } = await enter(race.id, racer.id, ["Open"]);
    await db
      .update(races)
      .set({ entriesCloseAt: sql`now() - interval '1 second'` })
      .where(eq(races.id, race.id));
    // The link lives on for check-in until the race day ends (issue 36 item 1): the page shows
    // the entry and says entries are closed, without the withdrawal buttons.
    const closed = await view(token);
    expect(closed.status).toBe(200);
    expect(closed.data).toMatchObject({ state: "entry", closed: true, checkIn: { state: "before" } });
    expect((await press(token, "race")).status).toBe(410);
    expect(await classes(race.id, racer.id)).toEqual(["Open"]);

    // Once the race day is over the link has nothing left to do.
    const past = await createRace(db, { date: inDays(7), status: "upcoming" });
    const { token: old } = await enter(past.id, racer.id, ["Open"]);
    await db
      .update(races)
      .set({ date: inDays(-1) })
      .where(eq(races.id, past.id));
    const expired = await view(old);
    expect(expired.status).toBe(410);
    expect(expired.data).toMatchObject({ alert: ENTRY_PAGE.expired });
  });

  it("refuses a class the racer is not entered in", async () => {
    const racer = await createCompetitor(db, { email: "pat@example.com" });
    const race = await createRace(db, { date: inDays(7), status: "upcoming" });
    const { token } = await enter(race.id, racer.id, ["Open"]);
    const res = await press(token, "Superboat");
    expect(res.data).toMatchObject({ state: "refused", alert: ENTRY_PAGE["not-entered"] });
    expect(await classes(race.id, racer.id)).toEqual(["Open"]);
  });
});

describe("withdrawing over HTTP", () => {
  const site = startTestSite(db);
  afterAll(async () => (await site).close());

  it("answers the last class's withdrawal with the 'You have withdrawn' page, never 410", { timeout: 60_000 }, async () => {
    const racer = await createCompetitor(db, { email: "ruth@example.com" });
    const race = await createRace(db, { date: inDays(7), status: "upcoming", title: "Last Class Cup" });
    const { token } = await enter(race.id, racer.id, ["Open", "Superboat"]);
    const { request } = await site;
    const post = (withdraw: string) =>
      request(`/race-entry/${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ withdraw }),
      });
    const follow = async (res: Response) => {
      if (res.status < 300 || res.status >= 400) return res;
      const to = new URL(res.headers.get("Location")!, "http://localhost");
      return request(to.pathname + to.search);
    };

    const first = await follow(await post("Superboat"));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("You have withdrawn from the Superboat class.");

    const last = await post("Open");
    expect([200, 302, 303]).toContain(last.status);
    const shown = await follow(last);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("You have withdrawn from Last Class Cup.");
    expect(await classes(race.id, racer.id)).toEqual([]);

    // The spent link itself stays refused.
    expect((await request(`/race-entry/${token}`)).status).toBe(410);
  });

  it(
    "asks before withdrawing (issue 32 item 11): the buttons lead to a question, which changes nothing",
    { timeout: 120_000 },
    async () => {
      const racer = await createCompetitor(db, { email: "tess@example.com" });
      const race = await createRace(db, { date: inDays(7), status: "upcoming", title: "Second Thoughts Cup" });
      const { token } = await enter(race.id, racer.id, ["Open", "Superboat"]);
      const { request } = await site;

      const entry = await (await request(`/race-entry/${token}`)).text();
      // The first step's buttons only ask: a GET form naming the choice.
      expect(entry).toMatch(/<form[^>]* method="get"/);
      expect(entry).toMatch(submitButton("confirm", "race"));
      expect(entry).not.toContain("Yes, withdraw");

      const askRace = await request(`/race-entry/${token}?confirm=race`);
      expect(askRace.status).toBe(200);
      const askedRace = await askRace.text();
      expect(askedRace).toContain("Withdraw from Second Thoughts Cup?");
      expect(askedRace).toMatch(submitButton("withdraw", "race"));
      expect(askedRace).toContain("Yes, withdraw");
      expect(askedRace).toContain(`href="/race-entry/${token}"`);
      expect(askedRace).toContain("Keep my entry");

      const askClass = await (await request(`/race-entry/${token}?confirm=Superboat`)).text();
      expect(askClass).toContain("Withdraw from the Superboat class of Second Thoughts Cup?");
      // A class the racer is not in is not asked about.
      expect(await (await request(`/race-entry/${token}?confirm=Nonsense`)).text()).not.toContain("Yes, withdraw");

      expect(await classes(race.id, racer.id)).toEqual(["Open", "Superboat"]);
    },
  );
});
