/**
 * The HTTP side of the public API, shared by every route under app/routes/api/: the rate limit,
 * CORS, JSON with a strong ETag (304 on If-None-Match), the pages' Cache-Control, and errors as
 * problem details. Cookies are never read: every answer is the same for every client.
 * `X-Content-Type-Options: nosniff` comes with every answer of the site (helmet, server/http.ts).
 */
import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { clientAddressContext, loggerContext } from "~/context";
import { ApiProblem, PROBLEM_CONTENT_TYPE, problem, type ProblemStatus } from "~/lib/api/problem";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/platform/page";
import { apiLimiter, type ApiRateLimitState } from "~/domain/api/rate-limit.server";

const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** Headers every API answer carries, the preflight's included. */
function baseHeaders(): Headers {
  return new Headers({
    // No credentials are ever allowed, so the wildcard is safe: nothing personal is served.
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset",
  });
}

function rateHeaders(headers: Headers, state: ApiRateLimitState): Headers {
  headers.set("RateLimit-Limit", String(state.limit));
  headers.set("RateLimit-Remaining", String(state.remaining));
  headers.set("RateLimit-Reset", String(state.resetSeconds));
  return headers;
}

export function problemResponse(status: ProblemStatus, detail: string, headers: Headers = baseHeaders()): Response {
  headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
  headers.set("Cache-Control", "no-store");
  if (status === 405) headers.set("Allow", ALLOWED_METHODS);
  return new Response(JSON.stringify(problem(status, detail)), { status, headers });
}

/** A strong validator of the exact bytes sent (the same digest the page cache uses). */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  // Weak comparison (RFC 9110 13.1.2): a proxy may have weakened our tag ("W/").
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * Answers one API request: the preflight, the rate limit, then `produce`'s value as JSON (or its
 * ApiProblem as problem details). Anything else thrown is logged and answered 500 as a problem.
 */
export async function serveApi(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  produce: () => unknown,
): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === "OPTIONS") {
    const headers = baseHeaders();
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    // If-None-Match is not a CORS-safelisted header: allowed so browsers can revalidate.
    headers.set("Access-Control-Allow-Headers", "If-None-Match");
    headers.set("Access-Control-Max-Age", "86400");
    headers.set("Allow", ALLOWED_METHODS);
    return new Response(null, { status: 204, headers });
  }
  const state = apiLimiter.hit(context.get(clientAddressContext));
  const headers = rateHeaders(baseHeaders(), state);
  if (!state.allowed) {
    headers.set("Retry-After", String(state.resetSeconds));
    return problemResponse(
      429,
      `At most ${state.limit} requests a minute per address: try again in ${state.resetSeconds} s.`,
      headers,
    );
  }
  if (method !== "GET" && method !== "HEAD") return problemResponse(405, "The API is read-only: GET, HEAD and OPTIONS.", headers);
  let body: string;
  try {
    body = JSON.stringify(await produce());
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(error.status, error.message, headers);
    context.get(loggerContext).error({ err: error, path: new URL(request.url).pathname }, "API request failed");
    return problemResponse(500, "The server could not answer; try again later.", headers);
  }
  const etag = etagOf(body);
  headers.set("ETag", etag);
  headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}
