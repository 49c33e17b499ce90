import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { competitors, outboxMessages } from "~/db/schema";
import { registerDriver } from "~/domain/registration/registrations.server";
import { PUBLIC_FORM_LIMIT } from "~/domain/platform/public-form.server";
import {
  CHANGE_NOTICES,
  driverRegistrationSchema,
  DRIVER_MESSAGES,
  type DriverRegistration,
} from "~/lib/registration/registration";
import { action } from "~/routes/registration";
import { useTestDatabase } from "../support/database";
import { createCompetitor } from "../support/factories";
import { call, CLUB, formRequest, outcome, routeContext } from "../support/routes";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";

const { db } = await useTestDatabase();

let n = 0;
function driver(overrides: Partial<Record<string, string | string[]>> = {}) {
  n++;
  return {
    firstName: `Ada${n}`,
    lastName: `Lovelace${n}`,
    boatName: "Analytical",
    boatNumber: String(100 + n),
    boatClasses: ["Open"],
    telephone: "441-555-0100",
    email: `ada${n}@example.com`,
    pipaConsent: "on",
    ...overrides,
  };
}

async function post(fields: Record<string, string | string[] | undefined>, ip?: string) {
  return outcome(await call(action, { request: formRequest("/registration", fields), context: routeContext(db, ip) }));
}

async function byEmail(email: string) {
  return db
    .select()
    .from(competitors)
    .where(sql`lower(${competitors.email}) = lower(${email})`);
}

async function outboxFor(recipient: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
}

function parsed(fields: Record<string, unknown>): DriverRegistration {
  return driverRegistrationSchema.parse({ ...fields, pipaConsent: true });
}

describe("a new driver", () => {
  it("is saved with classes as a list and consent with its time, then sent home with the success toast", async () => {
    const fields = driver({ boatClasses: ["Open", "SuperBoat"] });
    const res = await post(fields);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    expect(res.headers.get("Set-Cookie")).toContain("toast=");

    const [saved] = await byEmail(fields.email);
    expect(saved).toMatchObject({
      firstName: fields.firstName,
      lastName: fields.lastName,
      boatNumber: fields.boatNumber,
      boatClasses: ["Open", "Superboat"],
      pipaConsent: true,
    });
    expect(saved!.pipaConsentAt).toBeInstanceOf(Date);
  });

  it("gets a registration e-mail and the club a copy, written in the same transaction as the registration", async () => {
    const fields = driver();
    await post(fields);
    const [saved] = await byEmail(fields.email);
    const [mine] = await outboxFor(fields.email);
    expect(mine).toMatchObject({ status: "pending", kind: "registration" });
    expect(mine!.body).toContain(`Boat number: ${fields.boatNumber}`);
    const copies = (await outboxFor(CLUB.clubEmail)).filter((m) => m.body.includes(`Registration number: ${saved!.id}`));
    expect(copies).toHaveLength(1);

    // Same transaction id on the competitor row and both messages.
    const { rows } = await db.execute<{ xmin: string }>(sql`
      SELECT xmin::text FROM competitors WHERE id = ${saved!.id}
      UNION ALL SELECT xmin::text FROM outbox_messages WHERE id IN (${mine!.id}, ${copies[0]!.id})`);
    expect(new Set(rows.map((r) => r.xmin)).size).toBe(1);
  });

  it("refuses bad input with SPEC's messages and saves nothing", async () => {
    const res = await post({ firstName: "A", lastName: "", boatNumber: " ", email: "not-an-email", boatClasses: undefined });
    expect(res.status).toBe(400);
    expect(res.data.result.error).toEqual({
      firstName: [DRIVER_MESSAGES.firstName],
      lastName: [DRIVER_MESSAGES.lastName],
      boatNumber: [DRIVER_MESSAGES.boatNumber],
      boatClasses: [DRIVER_MESSAGES.boatClasses],
      email: [DRIVER_MESSAGES.email],
      pipaConsent: [DRIVER_MESSAGES.pipaConsent],
    });
    expect(await byEmail("not-an-email")).toHaveLength(0);
  });

  it("is refused a made-up boat class and an over-long name, with a message", async () => {
    const fields = driver({ boatClasses: ["Hovercraft"], firstName: "x".repeat(51) });
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(res.data.result.error.firstName).toEqual(["First name must be at most 50 characters."]);
    expect(res.data.result.error.boatClasses).toEqual([DRIVER_MESSAGES.boatClasses]);
    expect(await byEmail(fields.email)).toHaveLength(0);
  });
});

describe("the same e-mail again", () => {
  it("asks 'Update Existing Registration?' showing only the current racing details, and changes nothing", async () => {
    const existing = await createCompetitor(db, {
      boatName: null,
      boatClasses: ["Superboat"],
      email: "Grace.Hopper@Example.com",
    });
    const before = (await outboxFor(existing.email!)).length;
    const res = await post(driver({ email: "grace.hopper@example.com", firstName: "Grace", lastName: "Hopper" }));
    expect(res.status).toBe(200);
    expect(res.data.dialog).toEqual({
      type: "update",
      existing: {
        name: `${existing.firstName} ${existing.lastName}`,
        boatName: null,
        boatNumber: existing.boatNumber,
        boatClasses: ["Superboat"],
      },
    });
    expect(JSON.stringify(res.data)).not.toContain(existing.telephone!);
    const [after] = await byEmail(existing.email!);
    expect(after).toEqual(existing);
    expect(await outboxFor(existing.email!)).toHaveLength(before);
  });

  it("Update Registration changes nothing until the owner confirms: the form says a link was sent", async () => {
    const existing = await createCompetitor(db, { email: "katherine@example.com" });
    const fields = driver({
      email: "KATHERINE@example.com",
      firstName: "Katherine",
      lastName: "Johnson",
      boatClasses: ["Superboat"],
      intent: "update",
    });
    const res = await post(fields);
    expect(res.status).toBe(200);
    expect(res.data.notice).toEqual(CHANGE_NOTICES.sent("k•••@example.com"));
    expect(await byEmail("katherine@example.com")).toEqual([existing]);
    expect((await outboxFor("katherine@example.com")).map((m) => m.kind)).toEqual(["registration-confirmation"]);
  });

  it("Cancel (without JavaScript: the panel's Cancel button) changes nothing and keeps the typed values", async () => {
    const existing = await createCompetitor(db, { email: "cancel@example.com" });
    const res = await post(driver({ email: "cancel@example.com", firstName: "Changed", intent: "cancel" }));
    expect(res.status).toBe(200);
    expect(res.data.dialog).toBeNull();
    expect(res.data.result.initialValue.firstName).toBe("Changed");
    expect((await byEmail("cancel@example.com"))[0]).toEqual(existing);
  });
});

describe("the same name with another e-mail", () => {
  it("asks 'Existing Registration Found' with the other address masked", async () => {
    await createCompetitor(db, { firstName: "Mary", lastName: "Jackson", email: "mary.old@example.com" });
    const res = await post(driver({ firstName: " mary ", lastName: "JACKSON", email: "jackson.mary@example.com" }));
    expect(res.data.dialog).toEqual({ type: "new-email", existing: { name: "Mary Jackson", maskedEmail: "m•••@example.com" } });
    expect(JSON.stringify(res.data)).not.toContain("mary.old");
    expect(await byEmail("jackson.mary@example.com")).toHaveLength(0);
  });

  it("Gina registers again with a new address at the same provider: 'Existing Registration Found', not the update question", async () => {
    // Issue 31: same first letter, same domain, so the same mask (g•••@example.org) as the address on file.
    const gina = await createCompetitor(db, {
      firstName: "Gina",
      lastName: "Moved",
      email: "gina1@example.org",
      boatNumber: "9",
    });
    const res = await post(driver({ firstName: "Gina", lastName: "Moved", email: "gina2@example.org" }));
    expect(res.status).toBe(200);
    expect(res.data.dialog).toEqual({ type: "new-email", existing: { name: "Gina Moved", maskedEmail: "g•••@example.org" } });
    expect(JSON.stringify(res.data)).not.toContain("gina1");
    expect(await byEmail("gina2@example.org")).toHaveLength(0);

    // Use New Email: the owner of gina1@ confirms the move; nothing changes before.
    const moved = await post(
      driver({ firstName: "Gina", lastName: "Moved", email: "gina2@example.org", intent: "use-new-email" }),
    );
    expect(moved.data.notice).toEqual(CHANGE_NOTICES.sent("g•••@example.org"));
    expect(await byEmail("gina1@example.org")).toEqual([gina]);
    expect((await outboxFor("gina1@example.org")).map((m) => m.kind)).toEqual(["registration-confirmation"]);
    expect(await outboxFor("gina2@example.org")).toHaveLength(0);
  });

  it("the same name with the same address (any capitals) is 'Update Existing Registration?'", async () => {
    await createCompetitor(db, { firstName: "Gina", lastName: "Stayed", email: "gina.same@example.org", boatNumber: "8" });
    const res = await post(driver({ firstName: "gina", lastName: "STAYED", email: "Gina.Same@Example.org" }));
    expect(res.data.dialog).toMatchObject({ type: "update", existing: { name: "Gina Stayed", boatNumber: "8" } });
  });

  it("Update Registration pressed with an address nobody has asks the same-name question again and sends nothing", async () => {
    await createCompetitor(db, { firstName: "Katherine", lastName: "Johnson", email: "kath.old@example.com", boatNumber: "9" });
    const update = await post(
      driver({ firstName: "Katherine", lastName: "Johnson", email: "kath.new@example.com", intent: "update" }),
    );
    expect(update.data.dialog).toEqual({
      type: "new-email",
      existing: { name: "Katherine Johnson", maskedEmail: "k•••@example.com" },
    });
    expect(update.data.notice).toBeNull();
    expect(await byEmail("kath.new@example.com")).toHaveLength(0);
    expect(await outboxFor("kath.old@example.com")).toHaveLength(0);
    expect(await outboxFor("kath.new@example.com")).toHaveLength(0);
  });

  it("Use New Email changes nothing until the owner of the old address confirms", async () => {
    const old = await createCompetitor(db, { firstName: "Dorothy", lastName: "Vaughan", email: "dorothy.old@example.com" });
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
    expect(await byEmail("dorothy.old@example.com")).toEqual([old]);
    expect(await byEmail("dorothy.new@example.com")).toHaveLength(0);
    expect((await outboxFor("dorothy.old@example.com")).map((m) => m.kind)).toEqual(["registration-confirmation"]);
    expect(await outboxFor("dorothy.new@example.com")).toHaveLength(0);
  });

  it("Use New Email to an address that became taken meanwhile asks about that registration instead", async () => {
    await createCompetitor(db, { firstName: "Alan", lastName: "Turing", email: "alan.old@example.com" });
    const taken = await createCompetitor(db, { email: "alan.new@example.com" });
    const outcome = await registerDriver(
      db,
      parsed({ firstName: "Alan", lastName: "Turing", boatNumber: "1", boatClasses: ["Open"], email: "alan.new@example.com" }),
      "use-new-email",
      CLUB,
      CURRENT_NOTICE.version,
    );
    expect(outcome).toMatchObject({ kind: "confirm-update", existing: { name: `${taken.firstName} ${taken.lastName}` } });
    expect(await byEmail("alan.old@example.com")).toHaveLength(1);
  });
});

describe("at the same moment", () => {
  it("20 identical registrations give one competitor; the others are asked to update it", async () => {
    const fields = driver({ email: "rush@example.com" });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(fields, `198.51.100.${i}`)));
    expect(await byEmail("rush@example.com")).toHaveLength(1);
    expect(results.filter((r) => r.status === 302)).toHaveLength(1);
    expect(results.filter((r) => r.data?.dialog?.type === "update")).toHaveLength(19);
    expect(await outboxFor("rush@example.com")).toHaveLength(1);
  });

  it("20 identical updates change nothing and mail the owner at most 3 links", async () => {
    const existing = await createCompetitor(db, { email: "again@example.com" });
    const fields = driver({ email: "again@example.com", boatNumber: "77", intent: "update" });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(fields, `198.51.101.${i}`)));
    expect(results.every((r) => r.status === 200 && r.data.notice)).toBe(true);
    expect(await byEmail("again@example.com")).toEqual([existing]);
    expect(await outboxFor("again@example.com")).toHaveLength(3);
  });
});

describe("abuse", () => {
  it("a filled honeypot looks like success to the bot and saves nothing", async () => {
    const fields = driver({ website: "http://spam.example" });
    const res = await post(fields);
    expect(res.status).toBe(302);
    expect(await byEmail(fields.email)).toHaveLength(0);
  });

  it("too many POSTs from one address get a clear message and change nothing", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < PUBLIC_FORM_LIMIT.limit; i++) await post({}, ip);
    const fields = driver();
    const res = await post(fields, ip);
    expect(res.status).toBe(429);
    expect(res.data.toast.description).toMatch(
      /^Too many submissions from your connection\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await byEmail(fields.email)).toHaveLength(0);
    // Another address is not affected.
    expect((await post(fields, "192.0.2.78")).status).toBe(302);
  });

  it("a body that is not a form is a 400, not a 500", async () => {
    const request = new Request("http://localhost/registration", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "garbage",
    });
    // Refused by the form reader, which throws the 400 for React Router to render.
    const res = outcome(await call(action, { request, context: routeContext(db) }).catch((refused: unknown) => refused));
    expect(res.status).toBe(400);
  });
});
