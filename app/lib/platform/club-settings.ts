/**
 * The club's settings an owner edits at /admin/settings (issue 24 item 1): its name, words, contact
 * address, social links and time zone. The rules are shared by the form in the browser and the
 * server; the defaults of a fresh install are the words in site.ts with CLUB_NAME, CLUB_EMAIL and
 * CLUB_TIMEZONE from the environment.
 */
import { z } from "~/lib/util/zod";
import { longPublicText, shortPublicText } from "~/lib/util/input-rules";
import { site } from "~/lib/platform/site";
import type { ImageRef } from "~/lib/platform/image-ref";
import { INACTIVE_YEARS } from "~/lib/platform/retention";

export interface SocialLink {
  label: string;
  href: string;
}

/** The club as every page, e-mail and feed names it. */
export interface Club {
  name: string;
  shortName: string;
  founded: number;
  heroHeading: string;
  heroInvitation: string;
  welcome: string;
  vision: string;
  missionQuote: string;
  blurb: string;
  email: string;
  social: SocialLink[];
  timeZone: string;
  /**
   * The club's privacy officer (PIPA s. 5; issue 35): named on the privacy notice. Empty until an
   * owner sets both; the admin overview asks for them until then.
   */
  privacyOfficerName: string;
  /** Where to write to them: a postal or e-mail address. */
  privacyOfficerAddress: string;
  /** Years without an entry or result before a racer's contact details are removed (issue 35 item 5). */
  inactiveYears: number;
  /** Uploaded at /admin/settings (issue 24 item 2); absent: the built-in logo, no banner. */
  logo?: ImageRef;
  banner?: ImageRef;
}

/** What the environment gives a fresh install (CLUB_NAME, CLUB_EMAIL, CLUB_TIMEZONE). */
export interface ClubEnvDefaults {
  clubName: string;
  clubEmail: string;
  timeZone: string;
}

export function clubDefaults(env: ClubEnvDefaults): Club {
  return {
    name: env.clubName,
    shortName: site.shortName,
    founded: site.founded,
    heroHeading: site.heroHeading,
    heroInvitation: site.heroInvitation,
    welcome: site.welcome,
    vision: site.vision,
    missionQuote: site.missionQuote,
    blurb: site.blurb,
    email: env.clubEmail,
    social: site.social.map((link) => ({ ...link })),
    timeZone: env.timeZone,
    privacyOfficerName: "",
    privacyOfficerAddress: "",
    inactiveYears: INACTIVE_YEARS.default,
  };
}

/** An IANA time zone name this runtime knows ("Atlantic/Bermuda"); Intl is the judge. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Markup would be shown as text anyway (React escapes it); refusing it says so at once. */
const MARKUP = /[<>]/;

/** A required text of the settings, without markup: trimmed, then 1 to `max` characters. */
const settingText = (field: string, max: number) =>
  [
    z.trim(),
    z.minLength(1, `${field} is required.`),
    z.maxLength(max, `${field}: at most ${max} characters.`),
    z.refine<string>((v) => !MARKUP.test(v), `${field} must not contain < or >.`),
  ] as const;

const short = (field: string, max: number) => shortPublicText(field, `${field} is required.`).check(...settingText(field, max));

const long = (field: string, max: number) => longPublicText(field, `${field} is required.`).check(...settingText(field, max));

export const MAX_SOCIAL_LINKS = 12;
export const SOCIAL_URL_MESSAGE = "Link address must be a full https:// address, such as https://www.facebook.com/yourclub.";

/** An https address with a host and no credentials: the footer links to it. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > 300 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

const socialRow = z.object({
  label: z.optional(shortPublicText("Link label").check(z.trim(), z.maxLength(40, "Link label: at most 40 characters."))),
  href: z.optional(shortPublicText("Link address").check(z.trim(), z.maxLength(300, "Link address: at most 300 characters."))),
});

const CURRENT_YEAR_LIMIT = 2100;

/** An optional setting: empty is "not set"; when given, the same rules as a required one. */
const optionalSetting = (text: ReturnType<typeof shortPublicText>, field: string, max: number) =>
  z.pipe(
    z.optional(
      text.check(
        z.trim(),
        z.maxLength(max, `${field}: at most ${max} characters.`),
        z.refine<string>((v) => !MARKUP.test(v), `${field} must not contain < or >.`),
      ),
    ),
    z.transform((v: string | undefined) => v ?? ""),
  );

export const INACTIVE_YEARS_MESSAGE = `Years without racing must be a whole number from ${INACTIVE_YEARS.min} to ${INACTIVE_YEARS.max}.`;

export const PRIVACY_OFFICER_MESSAGES = {
  name: "Privacy officer's name is required with their address.",
  address: "Privacy officer's address is required with their name.",
} as const;

/** The fields, without the rule between the privacy officer's two (clubFromStored reads one field at a time). */
const clubSettingsFields = z.object({
  name: short("Club name", 100),
  shortName: short("Short name", 20),
  founded: z
    .number({ error: "Year founded must be a year, such as 1985." })
    .check(
      z.int("Year founded must be a year, such as 1985."),
      z.minimum(1800, "Year founded must be 1800 or later."),
      z.maximum(CURRENT_YEAR_LIMIT, `Year founded must be ${CURRENT_YEAR_LIMIT} or earlier.`),
    ),
  heroHeading: short("Home page heading", 100),
  heroInvitation: long("Invitation", 300),
  welcome: long("Welcome", 600),
  vision: long("Vision", 600),
  missionQuote: long("Mission quote", 200),
  blurb: long("Footer blurb", 300),
  email: z.pipe(
    z
      .string({ error: "Contact e-mail is required." })
      .check(z.trim(), z.maxLength(254, "Contact e-mail: at most 254 characters.")),
    z.email("Contact e-mail must be an e-mail address, such as info@club.org."),
  ),
  timeZone: z
    .string({ error: "Time zone is required." })
    .check(
      z.trim(),
      z.refine(isTimeZone, "Time zone must be an IANA name this server knows, such as Atlantic/Bermuda or Europe/London."),
    ),
  privacyOfficerName: optionalSetting(shortPublicText("Privacy officer's name"), "Privacy officer's name", 100),
  privacyOfficerAddress: optionalSetting(longPublicText("Privacy officer's address"), "Privacy officer's address", 300),
  // A form that does not post it (an older page) keeps the default.
  inactiveYears: z.pipe(
    z.optional(
      z
        .number({ error: INACTIVE_YEARS_MESSAGE })
        .check(
          z.int(INACTIVE_YEARS_MESSAGE),
          z.minimum(INACTIVE_YEARS.min, INACTIVE_YEARS_MESSAGE),
          z.maximum(INACTIVE_YEARS.max, INACTIVE_YEARS_MESSAGE),
        ),
    ),
    z.transform((v: number | undefined) => v ?? INACTIVE_YEARS.default),
  ),
  // Rows left blank (the spare row of the form) are dropped; a half-filled row is refused.
  social: z.pipe(
    z.optional(z.array(socialRow).check(z.maxLength(MAX_SOCIAL_LINKS + 1, `At most ${MAX_SOCIAL_LINKS} social links.`))).check(
      z.superRefine((rows, ctx) => {
        (rows ?? []).forEach((row, index) => {
          if (!row.label && !row.href) return;
          if (!row.label) ctx.addIssue({ code: "custom", path: [index, "label"], message: "Link label is required." });
          else if (MARKUP.test(row.label))
            ctx.addIssue({ code: "custom", path: [index, "label"], message: "Link label must not contain < or >." });
          if (!row.href) ctx.addIssue({ code: "custom", path: [index, "href"], message: "Link address is required." });
          else if (!isHttpsUrl(row.href)) ctx.addIssue({ code: "custom", path: [index, "href"], message: SOCIAL_URL_MESSAGE });
        });
        const filled = (rows ?? []).filter((row) => row.label || row.href).length;
        if (filled > MAX_SOCIAL_LINKS) ctx.addIssue({ code: "custom", message: `At most ${MAX_SOCIAL_LINKS} social links.` });
      }),
    ),
    z.transform((rows: z.output<typeof socialRow>[] | undefined) =>
      (rows ?? []).filter((row) => row.label && row.href).map((row) => ({ label: row.label!, href: row.href! })),
    ),
  ),
});

export const clubSettingsSchema = clubSettingsFields.check(
  // Both or neither: the notice names the officer and says where to write.
  z.superRefine((v, ctx) => {
    if (v.privacyOfficerAddress && !v.privacyOfficerName)
      ctx.addIssue({ code: "custom", path: ["privacyOfficerName"], message: PRIVACY_OFFICER_MESSAGES.name });
    if (v.privacyOfficerName && !v.privacyOfficerAddress)
      ctx.addIssue({ code: "custom", path: ["privacyOfficerAddress"], message: PRIVACY_OFFICER_MESSAGES.address });
  }),
);
export type ClubSettingsInput = z.output<typeof clubSettingsSchema>;

/** The privacy officer the notice names, or null while the club has not set one. */
export function privacyOfficerOf(club: Pick<Club, "privacyOfficerName" | "privacyOfficerAddress">) {
  return club.privacyOfficerName && club.privacyOfficerAddress
    ? { name: club.privacyOfficerName, address: club.privacyOfficerAddress }
    : null;
}

/**
 * The form's list buttons ("Add a link", "Remove"), as Conform posts them in `__intent__` when
 * the browser runs no JavaScript: only these two, on the social links, are accepted.
 */
const listIntentSchema = z.union([
  z.object({
    type: z.literal("insert"),
    payload: z.object({
      name: z.literal("social"),
      defaultValue: z.optional(z.object({ label: z.literal(""), href: z.literal("") })),
    }),
  }),
  z.object({
    type: z.literal("remove"),
    payload: z.object({ name: z.literal("social"), index: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_SOCIAL_LINKS)) }),
  }),
]);

export function isClubSettingsListIntent(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 500) return false;
  try {
    return listIntentSchema.safeParse(JSON.parse(value)).success;
  } catch {
    return false;
  }
}

/** A stored value over the defaults: fields it lacks or holds wrongly (an older backup) keep the default. */
export function clubFromStored(stored: unknown, defaults: Club): Club {
  if (!stored || typeof stored !== "object") return defaults;
  const parsed = z.partial(clubSettingsFields).safeParse(stored);
  if (parsed.success) return { ...defaults, ...stripUndefined(parsed.data) };
  const club = { ...defaults };
  for (const [key, value] of Object.entries(stored)) {
    const field = clubSettingsFields.shape[key as keyof typeof clubSettingsFields.shape];
    const one = field?.safeParse(value);
    if (one?.success) (club as Record<string, unknown>)[key] = one.data;
  }
  return club;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
