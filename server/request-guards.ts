/**
 * Checks every request passes before React Router sees it: a capped body, a same-origin source
 * for anything that changes state, and 4xx (never 500) for requests Express itself refuses.
 * Why these live in Express and not in the routes: docs/decisions/0007-request-guards.md.
 */
import type express from "express";
import type { Logger } from "~/server/logger";
import { imageArea, type AdminArea } from "~/lib/admin/roles";
import { IMAGE_MESSAGES, imagePlaceOf } from "~/lib/images/images";
import { BACKUP_UPLOAD_MESSAGES } from "~/lib/admin/backups";

/** A form here is a few KB, the results editor a few tens of KB. */
export const MAX_BODY_BYTES = 64 * 1024;
/** The results import's upload: a file of up to 1 MB, with the form around it. */
export const IMPORT_BODY_BYTES = 1100 * 1024;
export const IMPORT_UPLOAD_PATH = /^\/admin\/races\/\d{1,10}\/import\/?$/;

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

export function refuse(res: express.Response, status: number, message: string, { close = false } = {}) {
  if (res.headersSent) return;
  // The connection closes after the answer; what the client still sends is dropped, never kept.
  if (close) closeWithoutReading(res);
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}

const tooLarge = (max: number) =>
  max >= 1024 * 1024
    ? `Request body too large: the limit is ${Math.floor(max / 1024 / 1024)} MB.`
    : `Request body too large: the limit is ${max / 1024} KB.`;

/**
 * The one place an image is uploaded (POST /admin/images, multipart): the 10 MB file plus the
 * form's few fields. Still counted as it streams and refused as soon as it passes the cap, so a
 * 20 MB body never sits in memory; a slow phone on the lake's Wi-Fi gets a minute.
 */
export const UPLOAD_PATH = "/admin/images";
export const MAX_UPLOAD_BODY_BYTES = 10 * 1024 * 1024 + 64 * 1024;
export const UPLOAD_TIMEOUT_MS = 60_000;
/** The restore page's upload form (POST /admin/backups, multipart). */
export const RESTORE_UPLOAD_PATH = "/admin/backups";

/** A body larger than MAX_BODY_BYTES: its cap, its time, and the admin area its sender must be allowed. */
export interface LargeBody {
  max: number;
  timeoutMs: number;
  message: string;
  area: AdminArea;
}

/**
 * The only requests whose body may pass MAX_BODY_BYTES: an image upload, a backup to restore and a
 * results import. All are an admin's, so the server checks the session and its role (server/large-bodies.ts)
 * before it reads a byte past the ordinary cap. Null: an ordinary request.
 */
export function largeBodyOf(req: express.Request, timeoutMs = BODY_TIMEOUT_MS): LargeBody | null {
  if (req.method !== "POST") return null;
  if (req.path === UPLOAD_PATH && /^multipart\/form-data\s*;/i.test(req.headers["content-type"] ?? "")) {
    const query = req.originalUrl.split("?")[1] ?? "";
    return {
      max: MAX_UPLOAD_BODY_BYTES,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      message: IMAGE_MESSAGES.tooLarge,
      area: imageArea(imagePlaceOf(new URLSearchParams(query))),
    };
  }
  // A backup to restore (owners): held whole in memory as an image is, under the same limit.
  if (req.path === RESTORE_UPLOAD_PATH && /^multipart\/form-data\s*;/i.test(req.headers["content-type"] ?? ""))
    return {
      max: MAX_UPLOAD_BODY_BYTES,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      message: BACKUP_UPLOAD_MESSAGES.tooLarge,
      area: "backups",
    };
  if (IMPORT_UPLOAD_PATH.test(req.path))
    return { max: IMPORT_BODY_BYTES, timeoutMs, message: tooLarge(IMPORT_BODY_BYTES), area: "results" };
  return null;
}

/** How long the rest of an unread body is dropped after the answer before the connection is cut. */
export const LINGER_MS = 2_000;

/**
 * Marks a large body that is not to be read (its sender may not send it): the route then answers
 * as it answers anyone refused, from an empty body, and the connection closes after the answer
 * (`closeWithoutReading`).
 */
export function leaveBodyUnread(res: express.Response): void {
  res.locals.body = Buffer.alloc(0);
  res.locals.bodyLeftUnread = true;
  closeWithoutReading(res);
}

/**
 * Closes the connection after the answer without keeping what the client still sends: it is
 * dropped as it arrives, and the server's side closes when the body has ended, or the connection
 * is cut after LINGER_MS. Cutting it at once would reset it with the client's bytes unread, and the
 * reset can destroy the answer before the client (a browser whose session ran out, an upload
 * refused 429 or 503) reads it.
 */
export function closeWithoutReading(res: express.Response): void {
  res.set("Connection", "close");
  // Node ends a "Connection: close" answer's socket with destroySoon(), which destroys it once the
  // answer is written: with the client's bytes still unread that is a reset, and a reset can make
  // the client's system drop the answer before the client has read it (seen under load: "closed
  // without an answer"). Half-closed instead; the linger below ends the connection.
  const socket = res.req.socket;
  socket.destroySoon = () => {
    socket.end();
  };
  res.once("finish", () => {
    const { req } = res;
    // Dropped as it arrives; the server's side closes once the client has sent it all (a client
    // still writing when the connection half-closes may never read the answer), or is cut after
    // LINGER_MS whatever the client still holds back.
    req.resume();
    if (req.complete) socket.end();
    else req.once("end", () => socket.end());
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    socket.once("close", () => clearTimeout(cut));
  });
}

/** The site's forms are a few KB: a body still arriving after this long is a client holding the connection. */
export const BODY_TIMEOUT_MS = 10_000;

/**
 * Reads the body of every request that may carry one into memory, up to MAX_BODY_BYTES (a large
 * body's own cap, once its sender was let on: server/large-bodies.ts): a
 * declared Content-Length over the cap is refused before a byte is read; a chunked body is
 * counted as it streams and refused as soon as it passes the cap; a body that has not fully
 * arrived within `timeoutMs` is refused with 408 and its connection closed. React Router then
 * reads the buffered copy (see `bodyOf`).
 */
export function capRequestBody(cap = MAX_BODY_BYTES, bodyTimeoutMs = BODY_TIMEOUT_MS): express.RequestHandler {
  return (req, res, next) => {
    if (res.locals.bodyLeftUnread) return next();
    const {
      max,
      timeoutMs,
      message: tooLargeMessage,
    } = largeBodyOf(req, bodyTimeoutMs) ?? {
      max: cap,
      timeoutMs: bodyTimeoutMs,
      message: tooLarge(cap),
    };
    const declared = req.headers["content-length"];
    if (declared !== undefined && !(Number(declared) <= max)) return refuse(res, 413, tooLargeMessage, { close: true });
    if (BODYLESS.has(req.method)) return next();

    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const stop = (status: number, message: string) => {
      finished = true;
      clearTimeout(timer);
      req.off("data", onData);
      req.pause();
      refuse(res, status, message, { close: true });
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return stop(413, tooLargeMessage);
      chunks.push(chunk);
    };
    const timer = setTimeout(() => {
      if (!finished) stop(408, `Request body too slow: it must arrive within ${Math.round(timeoutMs / 1000)} s.`);
    }, timeoutMs);
    req.on("data", onData);
    req.once("close", () => clearTimeout(timer));
    req.once("end", () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      res.locals.body = Buffer.concat(chunks, size);
      next();
    });
    req.once("error", () => {
      if (!finished) stop(400, "The request body could not be read.");
    });
  };
}

/** The body `capRequestBody` read, for building the web Request React Router handles. */
export function bodyOf(res: express.Response): Buffer | undefined {
  return res.locals.body as Buffer | undefined;
}

/** The origin (scheme, host, port) a page address names; undefined when absent, null when unusable. */
function originOf(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === "null") return null;
  try {
    const { origin } = new URL(value);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The site's own origin as this request reached it: the socket's scheme and the Host header, or
 * X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy (Express's `req.protocol`, `req.host`).
 */
function ownOrigin(req: express.Request): string | null {
  try {
    return new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery: a state-changing request must come from a page of this site.
 * Every browser sends Origin with a POST (same-origin form posts without JavaScript included), so
 * Origin, or Referer when a privacy setting dropped Origin, is compared with the site's own
 * origin: scheme, host and port, as browsers define "same origin" (an https page of the same host
 * is another site for an http one). A request with neither cannot come from a browser page and
 * cannot carry a victim's cookies by surprise, so it passes (scripts and the tests post without
 * them). A refusal is one log line, before React Router sees the request.
 */
export function requireSameOrigin(log?: Pick<Logger, "info">): express.RequestHandler {
  return (req, res, next) => {
    if (BODYLESS.has(req.method)) return next();
    const source = originOf(req.headers.origin ?? req.headers.referer);
    if (source === undefined) return next();
    if (source !== null && source === ownOrigin(req)) return next();
    log?.info(
      { requestId: res.locals.requestId, method: req.method, source: source ?? "unusable" },
      "cross-origin request refused",
    );
    refuse(res, 403, "Forbidden: this request did not come from a page of this site.", { close: true });
  };
}

/** Errors Express raises itself (a path it cannot decode, a body it cannot read) keep their 4xx. */
export function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

export function clientErrorMessage(status: number, error: unknown): string {
  if (status === 400 && error instanceof URIError) return "Bad Request: the address is not valid (malformed percent-encoding).";
  if (status === 400) return "Bad Request.";
  return `Request refused (${status}).`;
}
