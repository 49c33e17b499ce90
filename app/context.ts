/** What the HTTP server hands every loader and action (React Router's typed context). */
import { createContext } from "react-router";
import type { Database } from "~/db/client";
import type { ComputedOnce } from "~/domain/platform/computed-once.server";
import type { Logger } from "~/server/logger";
import type { Club, ClubEnvDefaults } from "~/lib/platform/club-settings";

export interface AppConfig {
  /**
   * The club's name, contact address and time zone as the club's settings hold them now: the
   * server reads them per request (/admin/settings); the environment's values are their defaults.
   */
  clubName: string;
  clubEmail: string;
  timeZone: string;
  /** TEST_TODAY: "today" pinned to this day (browser tests only); see clubToday in app/lib/util/dates.ts. */
  pinnedToday?: string;
  /** The site's public address, without a trailing slash: links in e-mails start with it. */
  siteUrl: string;
  /** Whether SMTP_URL is set: without it e-mails wait in the outbox (the admin overview warns). */
  mailServer?: boolean;
  /** Where the server's backups are written (DATA_DIR/backups): the admin overview lists them. */
  backupDir?: string;
}

export const dbContext = createContext<Database>();
/**
 * The owning role's connection string (MIGRATION_DATABASE_URL, else the site's own): only a restore
 * from the admin area and its proofs connect with it, each for its own duration. Null: not offered.
 */
export const ownerDatabaseUrlContext = createContext<string | null>(null);
export const configContext = createContext<AppConfig>();
/** The club's settings (name, words, links, time zone) for this request: every page reads them here. */
export const clubContext = createContext<Club>();
/** The environment's club name, address and time zone (CLUB_NAME...): the settings' defaults. */
export const clubDefaultsContext = createContext<ClubEnvDefaults>();
/** The Content-Security-Policy nonce of this response. */
export const nonceContext = createContext<string>("");
/**
 * Inlines the stylesheet into a read page's HTML (only the rules the page uses, when asked) and
 * allows the inlined <style> in this response's CSP (decision 0025). The server provides it, so
 * the rendering entry needs nothing of the server's own modules.
 */
export const inlineStylesContext = createContext<(html: string, options: { usedRulesOnly: boolean }) => string>((html) => html);
/** The client's address (behind a proxy: as TRUST_PROXY allows), for rate limits. */
export const clientAddressContext = createContext<string>("unknown");
export const loggerContext = createContext<Logger>();
/** Production mode: the admin session cookie is Secure with the `__Host-` prefix (see auth.server.ts). */
export const productionContext = createContext<boolean>(true);
/** Results kept until the data changes (season championships); null = compute every time. */
export const computedOnceContext = createContext<ComputedOnce | null>(null);
