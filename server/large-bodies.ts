/**
 * Who may send a body larger than the ordinary 64 KB (issue 31 item 1): an image upload (10 MB)
 * or a results import (1 MB) is an admin's, so the session and its role are checked before a
 * byte past what Node buffers by itself is read. Anyone else gets the route's own answer to
 * them (the login page, 403) from an empty body, and the connection is closed unread: sixty
 * anonymous uploads holding back their last byte used to sit in memory, 10 MB each.
 *
 * An admin who may send one has a few in flight at once, and the server a few overall: a body is
 * held whole in memory until it has arrived (server/request-guards.ts), so these caps bound what
 * uploads can take (8 x 10 MB) whoever sends them. Beyond them: 429 (this session) or 503 (the
 * server), at once, the body dropped as it arrives, never kept.
 */
import type express from "express";
import type { Database } from "~/db/client";
import { sessionMayUse } from "~/domain/admin/auth.server";
import { requestUrl } from "~/server/react-router-handler";
import { largeBodyOf, leaveBodyUnread, refuse } from "~/server/request-guards";

/** Large bodies one session may be sending at once (a logo and a banner from two tabs). */
export const MAX_LARGE_BODIES_PER_SESSION = 2;
/** Large bodies the server reads at once, from every session together. */
export const MAX_LARGE_BODIES = 8;

export const LARGE_BODY_MESSAGES = {
  session: "Another upload of yours is still arriving: wait until it has finished, then send this one again.",
  server: "Too many uploads are arriving at once: send yours again in a minute.",
} as const;

export function admitLargeBodies({
  db,
  production,
  perSession = MAX_LARGE_BODIES_PER_SESSION,
  overall = MAX_LARGE_BODIES,
}: {
  db: Database;
  production: boolean;
  perSession?: number;
  overall?: number;
}): express.RequestHandler {
  const bySession = new Map<string, number>();
  let total = 0;

  return (req, res, next) => {
    const large = largeBodyOf(req);
    if (!large) return next();
    // The session is read as the route reads it: the address (for the cookie's name) and the Cookie header.
    const cookie = req.headers.cookie;
    const mayUse = async () =>
      sessionMayUse(db, { url: requestUrl(req).href, headers: new Headers(cookie ? { cookie } : {}) }, production, large.area);
    mayUse().then((sessionId) => {
      if (!sessionId) {
        leaveBodyUnread(res);
        return next();
      }
      const mine = bySession.get(sessionId) ?? 0;
      if (mine >= perSession) return refuse(res, 429, LARGE_BODY_MESSAGES.session, { close: true });
      if (total >= overall) {
        res.set("Retry-After", "60");
        return refuse(res, 503, LARGE_BODY_MESSAGES.server, { close: true });
      }
      bySession.set(sessionId, mine + 1);
      total++;
      // "close" comes once, after the answer or when the client goes: the slot is free again.
      res.once("close", () => {
        total--;
        const left = (bySession.get(sessionId) ?? 1) - 1;
        if (left > 0) bySession.set(sessionId, left);
        else bySession.delete(sessionId);
      });
      next();
    }, next);
  };
}
