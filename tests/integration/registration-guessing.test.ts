/**
 * Issue 21, item 7: 'Existing Registration Found' shows the other address masked (d•••@example.com,
 * decision 0004). Resubmitting with a guessed full address must not tell a right guess from a wrong
 * one: same page, same dialog, same answer to 'Update Registration'. And the answers that show a
 * registration are limited per client address. Over HTTP.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { REGISTRATION_LOOKUP_LIMIT } from "~/domain/registration/registrations.server";
import { action } from "~/routes/registration";
import { startTestSite } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createCompetitor } from "../support/factories";
import { call, formRequest, outcome, routeContext } from "../support/routes";

const { db } = await useTestDatabase();
const site = startTestSite(db);
afterAll(async () => (await site).close());

const fields = (firstName: string, lastName: string, email: string, intent = "submit") => ({
  firstName,
  lastName,
  boatNumber: "77",
  boatClasses: "Open",
  email,
  pipaConsent: "on",
  intent,
});

/** The page as a guesser sees it, without what the guesser typed and what changes per response. */
function comparable(html: string, typed: string): string {
  return html
    .replaceAll(typed, "TYPED")
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/'nonce-[^']*'/g, "");
}

describe("a guessed address", () => {
  it("gets the same page and the same answer whether it is right or wrong", { timeout: 60_000 }, async () => {
    await createCompetitor(db, { firstName: "Dana", lastName: "Guessable", email: "dana.real@example.com", boatNumber: "12" });
    const { request } = await site;
    const post = async (values: Record<string, string>) => {
      const res = await request("/registration", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(values),
      });
      return { status: res.status, location: res.headers.get("Location"), html: await res.text() };
    };

    // The name alone shows the masked address: the guesser's starting point.
    const masked = await post(fields("Dana", "Guessable", "someone@elsewhere.org"));
    expect(masked.status).toBe(200);
    expect(masked.html).toContain("Existing Registration Found");
    expect(masked.html).toContain("d•••@example.com");

    const right = await post(fields("Dana", "Guessable", "dana.real@example.com"));
    const wrong = await post(fields("Dana", "Guessable", "dan@example.com"));
    expect(wrong.status).toBe(right.status);
    expect(comparable(wrong.html, "dan@example.com")).toBe(comparable(right.html, "dana.real@example.com"));

    // Pressing the dialog's button: the same notice, the link mailed to the address on file either way.
    const rightUpdate = await post(fields("Dana", "Guessable", "dana.real@example.com", "update"));
    const wrongUpdate = await post(fields("Dana", "Guessable", "dan@example.com", "update"));
    expect(rightUpdate.status).toBe(200);
    expect(wrongUpdate.status).toBe(rightUpdate.status);
    expect(wrongUpdate.location).toBe(rightUpdate.location);
    expect(wrongUpdate.html).toContain("We sent a confirmation link to d•••@example.com.");
    expect(comparable(wrongUpdate.html, "dan@example.com")).toBe(comparable(rightUpdate.html, "dana.real@example.com"));

    // Nothing was registered under the wrong guess; both links went to the real address.
    const { rows } = await db.execute<{ email: string }>(
      sql`SELECT email FROM competitors WHERE last_name = 'Guessable' ORDER BY id`,
    );
    expect(rows.map((r) => r.email)).toEqual(["dana.real@example.com"]);
    const { rows: links } = await db.execute<{ recipient: string }>(
      sql`SELECT recipient FROM outbox_messages WHERE kind = 'registration-confirmation' ORDER BY id`,
    );
    expect(links.map((l) => l.recipient)).toEqual(["dana.real@example.com", "dana.real@example.com"]);

    // 'Use New Email' pressed with a guess: the same notice for the right and the wrong one.
    await createCompetitor(db, { firstName: "Eli", lastName: "Guessable", email: "eli.real@example.com" });
    const rightMove = await post(fields("Eli", "Guessable", "eli.real@example.com", "use-new-email"));
    const wrongMove = await post(fields("Eli", "Guessable", "eve@example.com", "use-new-email"));
    expect(rightMove.html).toContain("We sent a confirmation link to e•••@example.com.");
    expect(wrongMove.status).toBe(rightMove.status);
    expect(comparable(wrongMove.html, "eve@example.com")).toBe(comparable(rightMove.html, "eli.real@example.com"));
  });
});

describe("lookups", () => {
  it(`show at most ${REGISTRATION_LOOKUP_LIMIT.limit} registrations an hour to one client address`, async () => {
    const racer = await createCompetitor(db, { firstName: "Lookup", lastName: "Target", email: "lookup.target@example.com" });
    const ask = async (ip: string) =>
      outcome(
        await call(action, {
          request: formRequest("/registration", fields("Someone", "Else", racer.email!)),
          context: routeContext(db, ip),
        }),
      );
    for (let i = 0; i < REGISTRATION_LOOKUP_LIMIT.limit; i++) {
      const res = await ask("203.0.113.77");
      expect(res.status).toBe(200);
      expect(res.data.dialog).toMatchObject({ type: "update" });
    }
    const refused = await ask("203.0.113.77");
    expect(refused.status).toBe(429);
    expect(refused.data.dialog).toBeNull();
    expect(JSON.stringify(refused.data)).not.toContain("Lookup");
    // Another address is not affected.
    expect((await ask("203.0.113.78")).data.dialog).toMatchObject({ type: "update" });
  });
});
