/** What the HTTP server hands every loader and action (React Router's typed context). */
import { createContext } from "react-router";
import type { Database } from "../db/client";
import type { ComputedOnce } from "./domain/computed-once.server";
import type { Logger } from "../server/logger";

export interface AppConfig {
  clubName: string;
  clubEmail: string;
  timeZone: string;
  /** TEST_TODAY: "today" pinned to this day (browser tests only); see clubToday in app/lib/dates.ts. */
  pinnedToday?: string;
  /** The site's public address, without a trailing slash: links in e-mails start with it. */
  siteUrl: string;
}

export const dbContext = createContext<Database>();
export const configContext = createContext<AppConfig>();
/** The Content-Security-Policy nonce of this response. */
export const nonceContext = createContext<string>("");
/** Adds CSP sources (hashes) for the <style> a read page inlined to this response's policy. */
export const allowInlineStylesContext = createContext<(sources: string[]) => void>(() => {});
/** The client's address (behind a proxy: as TRUST_PROXY allows), for rate limits. */
export const clientAddressContext = createContext<string>("unknown");
export const loggerContext = createContext<Logger>();
/** Production mode: the admin session cookie is Secure with the `__Host-` prefix (see auth.server.ts). */
export const productionContext = createContext<boolean>(true);
/** Results kept until the data changes (season championships); null = compute every time. */
export const computedOnceContext = createContext<ComputedOnce | null>(null);
