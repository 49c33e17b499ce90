/** What the HTTP server hands every loader and action (React Router's typed context). */
import { createContext } from "react-router";
import type { Database } from "~/db/client";
import type { ComputedOnce } from "~/domain/platform/computed-once.server";
import type { Logger } from "~/server/logger";

export interface AppConfig {
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
export const configContext = createContext<AppConfig>();
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
