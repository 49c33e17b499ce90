/**
 * Issue 9, item 4: an existing registration changes only when the owner of the e-mail address on
 * file confirms through a single-use link; a new registration saves at once; admins edit directly.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { competitors, outboxMessages, pendingRegistrationChanges } from "~/db/schema";
import { saveCompetitor } from "~/domain/racer/competitors.server";
import { CONFIRMATION } from "~/domain/registration/changes.server";
import { CHANGE_NOTICES, CONFIRM_PAGE, REGISTRATION_TOASTS } from "~/lib/registration/registration";
import { action } from "~/routes/registration";
import { action as confirmAction, loader as confirmLoader } from "~/routes/registration-confirm";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";
import { call, callWithParams, CLUB, formRequest, outcome, routeContext } from "../support/routes";

const { db } = await useTestDatabase();

let n = 0;
function driver(overrides: Partial<Record<string, string | string[]>> = {}) {
  n++;
  return {
    firstName: `Grace${n}`,
    lastName: `Hopper${n}`,
    boatName: "Cobol",
    boatNumber: String(500 + n),
    boatClasses: ["Open"],
    telephone: "441-555-0199",
    email: `grace${n}@example.com`,
    pipaConsent: "on",
    ...overrides,
  };
}

let ipCounter = 0;
/** Each post from its own address, so the per-address form limit never interferes. */
async function post(fields: Record<string, string | string[] | undefined>) {
  ipCounter++;
  const ip = `198.18.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
  return outcome(await call(action, { request: formRequest("/registration", fields), context: routeContext(db, ip) }));
}

async function openLink(token: string) {
  const request = new Request(`http://localhost/registration/confirm/${token}`);
  return outcome(await callWithParams(confirmLoader, { request, context: routeContext(db), params: { token } }));
}

async function confirm(token: string) {
  const request = new Request(`http://localhost/registration/confirm/${token}`, { method: "POST", body: new URLSearchParams() });
  ipCounter++;
  const context = routeContext(db, `198.19.0.${ipCounter % 250}`);
  return outcome(await callWithParams(confirmAction, { request, context, params: { token } }));
}

async function row(id: number) {
  const [r] = await db.select().from(competitors).where(eq(competitors.id, id));
  return r!;
}

async function confirmationMails(to: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.kind, "registration-confirmation")))
    .orderBy(outboxMessages.id);
}

const LINK = new RegExp(`^${CLUB.siteUrl.replace(/\./g, "\\.")}/registration/confirm/([A-Za-z0-9_-]{43})$`, "m");

/** The token of the latest link mailed to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  const mails = await confirmationMails(to);
  const match = mails.at(-1)?.body.match(LINK);
  if (!match) throw new Error(`no confirmation link mailed to ${to}`);
  return match[1]!;
}

describe("Update Registration (same e-mail)", () => {
  it("stores the change as pending, mails a link to the address on file, and changes nothing yet", async () => {
    const existing = await createCompetitor(db, { email: "Owner.One@Example.com", boatNumber: "1" });
    const before = await db.select().from(outboxMessages);
    const res = await post(
      driver({
        email: "owner.one@example.com",
        firstName: "Mallory",
        lastName: "Intruder",
        boatNumber: "666",
        telephone: "555 0000",
        intent: "update",
      }),
    );

    expect(res.status).toBe(200);
    expect(res.data.notice).toEqual(CHANGE_NOTICES.sent("O•••@Example.com"));
    expect(res.data.notice.description).not.toContain("Owner.One");
    expect(await row(existing.id)).toEqual(existing);

    const [pending] = await db
      .select()
      .from(pendingRegistrationChanges)
      .where(eq(pendingRegistrationChanges.competitorId, existing.id));
    expect(pending).toMatchObject({
      firstName: "Mallory",
      lastName: "Intruder",
      boatNumber: "666",
      telephone: "555 0000",
      email: "Owner.One@Example.com",
      usedAt: null,
    });
    const hours = (pending!.expiresAt.getTime() - pending!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 3);

    // One e-mail, to the address on file, with a link whose token is stored only as its SHA-256.
    const after = await db.select().from(outboxMessages);
    expect(after.length - before.length).toBe(1);
    const [mail] = await confirmationMails("Owner.One@Example.com");
    expect(mail!.subject).toBe(`Confirm the change to your ${CLUB.clubName} registration`);
    const token = await tokenMailedTo("Owner.One@Example.com");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(pending!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(pending)).not.toContain(token);
  });

  it("the link's GET shows the change and applies nothing; the POST applies it once", async () => {
    const existing = await createCompetitor(db, {
      email: "owner.two@example.com",
      firstName: "Ada",
      lastName: "Byron",
      boatNumber: "2",
    });
    await post(
      driver({
        email: "owner.two@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        boatNumber: "22",
        boatClasses: ["Superboat"],
        intent: "update",
      }),
    );
    const token = await tokenMailedTo("owner.two@example.com");

    // A mail scanner (or the owner) opening the link, twice: nothing changes.
    for (let i = 0; i < 2; i++) {
      const page = await openLink(token);
      expect(page.status).toBe(200);
      expect(page.data.state).toBe("pending");
      expect(page.data.rows).toContainEqual({ field: "Name", current: "Ada Byron", next: "Ada Lovelace", changed: true });
      expect(page.data.rows).toContainEqual({ field: "Boat Number", current: "2", next: "22", changed: true });
    }
    expect(await row(existing.id)).toEqual(existing);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ state: "applied", title: CONFIRM_PAGE.applied.title, message: CONFIRM_PAGE.applied.description });
    expect(await row(existing.id)).toMatchObject({
      id: existing.id,
      lastName: "Lovelace",
      boatNumber: "22",
      boatClasses: ["Superboat"],
      email: "owner.two@example.com",
    });
    const notices = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "owner.two@example.com"));
    expect(notices.map((m) => m.subject)).toContain(`Your ${CLUB.clubName} registration was updated`);

    // Single use: the same link again is 410 and changes nothing more.
    const changedAt = (await row(existing.id)).updatedAt;
    const again = await confirm(token);
    expect(again.status).toBe(410);
    expect(again.data.alert).toEqual(CONFIRM_PAGE.used);
    expect((await openLink(token)).status).toBe(410);
    expect((await row(existing.id)).updatedAt).toEqual(changedAt);
  });

  it("an expired link is 410 and changes nothing", async () => {
    const existing = await createCompetitor(db, { email: "owner.three@example.com" });
    await post(driver({ email: "owner.three@example.com", boatNumber: "33", intent: "update" }));
    const token = await tokenMailedTo("owner.three@example.com");
    await db
      .update(pendingRegistrationChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingRegistrationChanges.competitorId, existing.id));

    const page = await openLink(token);
    expect(page.status).toBe(410);
    expect(page.data.alert).toEqual(CONFIRM_PAGE.expired);
    const res = await confirm(token);
    expect(res.status).toBe(410);
    expect(res.data.alert).toEqual(CONFIRM_PAGE.expired);
    expect(await row(existing.id)).toEqual(existing);
  });

  it("a wrong token is 404 and changes nothing", async () => {
    const existing = await createCompetitor(db, { email: "owner.four@example.com" });
    await post(driver({ email: "owner.four@example.com", boatNumber: "44", intent: "update" }));
    const token = await tokenMailedTo("owner.four@example.com");
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const t of [wrong, "x", "0".repeat(500)]) {
      expect((await openLink(t)).status).toBe(404);
      const res = await confirm(t);
      expect(res.status).toBe(404);
      expect(res.data.alert).toEqual(CONFIRM_PAGE.unknown);
    }
    expect(await row(existing.id)).toEqual(existing);
  });

  it("100 updates of one record queue at most 3 e-mails; beyond that the form says a link was already sent", async () => {
    const existing = await createCompetitor(db, { email: "flooded@example.com" });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(driver({ email: "flooded@example.com", boatNumber: String(i), intent: "update" })),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const sent = results.filter((r) => r.data.notice?.title === CHANGE_NOTICES.sent("").title);
    const already = results.filter((r) => r.data.notice?.title === CHANGE_NOTICES.alreadySent("").title);
    expect(sent).toHaveLength(CONFIRMATION.maxPerRecord);
    expect(already).toHaveLength(100 - CONFIRMATION.maxPerRecord);
    expect(already[0]!.data.notice).toEqual(CHANGE_NOTICES.alreadySent("f•••@example.com"));
    expect(await confirmationMails("flooded@example.com")).toHaveLength(3);
    expect(
      await db.select().from(pendingRegistrationChanges).where(eq(pendingRegistrationChanges.competitorId, existing.id)),
    ).toHaveLength(3);
    expect(await row(existing.id)).toEqual(existing);
  });

  it("confirming one change spends the record's other links, so an older change cannot undo it", async () => {
    const existing = await createCompetitor(db, { email: "owner.five@example.com" });
    await post(driver({ email: "owner.five@example.com", boatNumber: "51", intent: "update" }));
    const first = await tokenMailedTo("owner.five@example.com");
    await post(driver({ email: "owner.five@example.com", boatNumber: "52", intent: "update" }));
    const second = await tokenMailedTo("owner.five@example.com");
    expect(second).not.toBe(first);
    expect((await confirm(second)).status).toBe(200);
    expect((await confirm(first)).status).toBe(410);
    expect((await row(existing.id)).boatNumber).toBe("52");
  });
});

describe("Use New Email (same name, other e-mail)", () => {
  it("asks the owner of the old address; after confirmation the record and its results move", async () => {
    const old = await createCompetitor(db, { firstName: "Dorothy", lastName: "Vaughan", email: "dorothy.old@example.com" });
    const race = await createRace(db);
    await createResult(db, { raceId: race.id, competitorId: old.id, position: 1 });

    const res = await post(
      driver({
        firstName: "Dorothy",
        lastName: "Vaughan",
        email: "dorothy.new@example.com",
        boatNumber: "42",
        intent: "use-new-email",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.data.notice).toEqual(CHANGE_NOTICES.sent("d•••@example.com"));
    expect(JSON.stringify(res.data)).not.toContain("dorothy.old");
    // Nothing moved, no e-mail to the new address: only the link to the address on file.
    expect(await row(old.id)).toEqual(old);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "dorothy.new@example.com"))).toHaveLength(0);
    const token = await tokenMailedTo("dorothy.old@example.com");
    expect((await confirmationMails("dorothy.old@example.com"))[0]!.body).not.toContain("dorothy.new");

    expect((await openLink(token)).data.rows).toContainEqual({
      field: "Email",
      current: "dorothy.old@example.com",
      next: "dorothy.new@example.com",
      changed: true,
    });
    expect(await row(old.id)).toEqual(old);

    expect((await confirm(token)).status).toBe(200);
    expect(await row(old.id)).toMatchObject({ id: old.id, email: "dorothy.new@example.com", boatNumber: "42" });
    const results = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM race_results WHERE competitor_id = ${old.id}`,
    );
    expect(results.rows[0]!.n).toBe(1);
    // The old address is told the registration moved, the new one gets the registration e-mail.
    const [notice] = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, "dorothy.old@example.com"), eq(outboxMessages.kind, "registration-moved")));
    expect(notice!.body).not.toContain("dorothy.new");
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, "dorothy.new@example.com"))).toHaveLength(1);
  });

  it("an address registered by someone else before confirmation: 409, nothing changed, the link still unused", async () => {
    const old = await createCompetitor(db, { firstName: "Alan", lastName: "Turing", email: "alan.old@example.com" });
    await post(driver({ firstName: "Alan", lastName: "Turing", email: "alan.new@example.com", intent: "use-new-email" }));
    const token = await tokenMailedTo("alan.old@example.com");
    const taker = await createCompetitor(db, { email: "ALAN.NEW@example.com" });

    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect(res.data.alert).toEqual(CONFIRM_PAGE.emailTaken(CLUB.clubEmail));
    expect(await row(old.id)).toEqual(old);
    expect(await row(taker.id)).toEqual(taker);
    const [pending] = await db
      .select()
      .from(pendingRegistrationChanges)
      .where(eq(pendingRegistrationChanges.competitorId, old.id));
    expect(pending!.usedAt).toBeNull();
  });

  it("a record with no address on file cannot be moved online: 409 with the club's address, nothing stored", async () => {
    const old = await createCompetitor(db, { firstName: "Hedy", lastName: "Lamarr", email: null });
    const res = await post(driver({ firstName: "Hedy", lastName: "Lamarr", email: "hedy@example.com", intent: "use-new-email" }));
    expect(res.status).toBe(409);
    expect(res.data.toast).toEqual(CHANGE_NOTICES.noAddress(CLUB.clubEmail));
    expect(await row(old.id)).toEqual(old);
    expect(
      await db.select().from(pendingRegistrationChanges).where(eq(pendingRegistrationChanges.competitorId, old.id)),
    ).toHaveLength(0);
  });
});

describe("what still saves at once", () => {
  it("a brand-new registration", async () => {
    const fields = driver();
    const res = await post(fields);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    const [saved] = await db.select().from(competitors).where(eq(competitors.email, fields.email));
    expect(saved).toMatchObject({ firstName: fields.firstName, boatNumber: fields.boatNumber });
    expect(await confirmationMails(fields.email)).toHaveLength(0);
    expect(REGISTRATION_TOASTS.driverSaved.title).toBe("Registration Successful!");
  });

  it("an admin's edit", async () => {
    const existing = await createCompetitor(db, { email: "admin.edit@example.com" });
    await saveCompetitor(db, {
      id: existing.id,
      firstName: existing.firstName,
      lastName: existing.lastName,
      email: "admin.moved@example.com",
      telephone: "441 555 0123",
      boatName: "Edited",
      boatNumber: "99",
      boatClasses: ["Superboat"],
    });
    expect(await row(existing.id)).toMatchObject({
      email: "admin.moved@example.com",
      boatNumber: "99",
      boatName: "Edited",
      boatClasses: ["Superboat"],
    });
    expect(
      await db.select().from(pendingRegistrationChanges).where(eq(pendingRegistrationChanges.competitorId, existing.id)),
    ).toHaveLength(0);
    expect(await confirmationMails("admin.edit@example.com")).toHaveLength(0);
  });
});
