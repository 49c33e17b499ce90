/**
 * The privacy notice (issue 35 item 1) over real HTTP: the page, its versions, the privacy officer
 * from the club's settings (and the admin overview asking for one until then), the version a
 * registration and a confirmed change record, and the audit log's retention in SQL agreeing with
 * the value the notice states.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveClub } from "~/domain/admin/club-settings.server";
import { NO_ACTOR } from "~/domain/platform/audit.server";
import { confirmChange } from "~/domain/registration/changes.server";
import { registerDriver } from "~/domain/registration/registrations.server";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";
import { INACTIVE_YEARS, RETENTION, retentionSchedule } from "~/lib/platform/retention";
import { driverRegistrationSchema } from "~/lib/registration/registration-forms";
import { clubDefaults, clubSettingsSchema, PRIVACY_OFFICER_MESSAGES } from "~/lib/platform/club-settings";
import { useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { signInOverHttp, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;
const ENV = { clubName: "Test Club", clubEmail: "club@example.org", timeZone: "Atlantic/Bermuda" };
const CLUB = { clubName: "Test Club", clubEmail: "club@example.org", siteUrl: "http://localhost" };

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

const html = async (path: string, cookie?: string) => {
  const response = await site.request(path, cookie ? { cookie } : {});
  return { status: response.status, text: (await response.text()).replaceAll("&#x27;", "'") };
};

describe("/privacy", () => {
  it("shows the notice in force with every retention line, the request form and its version's link", async () => {
    const { status, text } = await html("/privacy");
    expect(status).toBe(200);
    expect(text).toContain(`Version ${CURRENT_NOTICE.version}`);
    for (const line of retentionSchedule(RETENTION, INACTIVE_YEARS.default))
      expect(text).toContain(line.kept.replaceAll("'", "'"));
    expect(text).toContain('name="email"');
    expect(text).toContain(`href="/privacy/v/${CURRENT_NOTICE.version}"`);
    expect(text).toContain("The club has not named its privacy officer yet.");
  });

  it("keeps each version readable at /privacy/v/N; another number is a 404", async () => {
    expect((await html(`/privacy/v/${CURRENT_NOTICE.version}`)).status).toBe(200);
    for (const bad of ["0", "99", "1x", "-1", "01"]) expect((await html(`/privacy/v/${bad}`)).status, bad).toBe(404);
  });

  it("is linked from the footer and from the forms that collect personal information", async () => {
    for (const path of ["/", "/registration", "/race-registration"]) {
      expect((await html(path)).text, path).toContain('href="/privacy"');
    }
  });

  it("names the privacy officer once an owner sets one; the overview asks for one until then", async () => {
    await createAdmin(db, "privacy-owner", "a long privacy password", { email: "privacy.owner@example.org" });
    const cookie = `admin_session=${await signInOverHttp(site, db, "privacy-owner", "a long privacy password")}`;
    expect((await html("/admin/overview", cookie)).text).toContain("Add the privacy officer's name and address");

    const club = clubDefaults(ENV);
    await saveClub(
      db,
      { ...club, privacyOfficerName: "Pat Officer", privacyOfficerAddress: "PO Box 1985\nHamilton" },
      ENV,
      NO_ACTOR,
    );
    const { text } = await html("/privacy");
    expect(text).toContain("Pat Officer");
    expect(text).toContain("PO Box 1985");
    expect((await html("/admin/overview", cookie)).text).not.toContain("Add the privacy officer's name and address");
  });
});

describe("the privacy officer setting", () => {
  const base = clubDefaults(ENV);
  it("takes both or neither", () => {
    expect(clubSettingsSchema.safeParse({ ...base, privacyOfficerName: "", privacyOfficerAddress: "" }).success).toBe(true);
    const half = clubSettingsSchema.safeParse({ ...base, privacyOfficerName: "Pat", privacyOfficerAddress: " " });
    expect(half.error?.issues.map((i) => i.message)).toEqual([PRIVACY_OFFICER_MESSAGES.address]);
    const other = clubSettingsSchema.safeParse({ ...base, privacyOfficerName: "", privacyOfficerAddress: "PO Box 1" });
    expect(other.error?.issues.map((i) => i.message)).toEqual([PRIVACY_OFFICER_MESSAGES.name]);
    const markup = clubSettingsSchema.safeParse({ ...base, privacyOfficerName: "<b>", privacyOfficerAddress: "x" });
    expect(markup.success).toBe(false);
  });
});

describe("the version a racer agreed to", () => {
  const input = (email: string, firstName = "Vera") =>
    driverRegistrationSchema.parse({
      firstName,
      lastName: "Version",
      boatNumber: "7",
      boatClasses: ["Open"],
      email,
      pipaConsent: true,
    });

  it("is recorded with the consent by a registration and by a confirmed change", async () => {
    const saved = await registerDriver(db, input("vera.version@example.com"), "submit", CLUB, CURRENT_NOTICE.version);
    expect(saved.kind).toBe("saved");
    const version = async () =>
      (
        await db.execute<{ v: number | null; at: Date | null }>(
          sql`SELECT privacy_notice_version AS v, pipa_consent_at AS at FROM competitors WHERE email = 'vera.version@example.com'`,
        )
      ).rows[0]!;
    expect((await version()).v).toBe(CURRENT_NOTICE.version);

    await db.execute(sql`UPDATE competitors SET privacy_notice_version = NULL WHERE email = 'vera.version@example.com'`);
    expect(
      (await registerDriver(db, input("vera.version@example.com", "Verity"), "update", CLUB, CURRENT_NOTICE.version)).kind,
    ).toBe("confirmation-sent");
    const { rows } = await db.execute<{ body: string }>(
      sql`SELECT body FROM outbox_messages WHERE kind = 'registration-confirmation' AND recipient = 'vera.version@example.com'`,
    );
    const token = /\/registration\/confirm\/([A-Za-z0-9_-]{43})/.exec(rows[0]!.body)![1]!;
    expect((await confirmChange(db, token, CLUB)).kind).toBe("applied");
    expect((await version()).v).toBe(CURRENT_NOTICE.version);
  });
});

describe("retention in SQL", () => {
  it("purges the audit log after the years the notice states", async () => {
    const { rows } = await db.execute<{ body: string }>(
      sql`SELECT prosrc AS body FROM pg_proc WHERE proname = 'purge_audit_log'`,
    );
    expect(rows[0]!.body).toContain(`interval '${RETENTION.auditLogYears} years'`);
  });
});
