/** Calls a route's loader or action the way the HTTP server does: a real Request and our context. */
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { clientAddressContext, clubContext, configContext, dbContext, loggerContext } from "~/context";
import { clubDefaults } from "~/lib/platform/club-settings";
import { createLogger } from "~/server/logger";
import type { Database } from "~/db/client";

export const CLUB = {
  clubName: "Test Boat Club",
  clubEmail: "club@example.org",
  timeZone: "Atlantic/Bermuda",
  siteUrl: "https://club.example",
};

export function routeContext(db: Database, ip = "203.0.113.10") {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(configContext, CLUB);
  context.set(clubContext, clubDefaults(CLUB));
  context.set(clientAddressContext, ip);
  context.set(loggerContext, createLogger("silent"));
  return context;
}

export function formRequest(path: string, fields: Record<string, string | string[] | undefined>): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of value === undefined ? [] : Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return new Request(`http://localhost${path}`, { method: "POST", body });
}

interface Args {
  request: Request;
  context: RouterContextProvider;
}

type RouteArgs<P> = Omit<LoaderFunctionArgs<RouterContextProvider>, "params"> & { params: P };

/**
 * Runs a loader or action with the arguments React Router gives it, checked against the route's
 * own argument type: a route with URL parameters (`:token`) does not type-check here, use `callWithParams`.
 */
export function call<R>(fn: (args: RouteArgs<Record<string, never>>) => R, { request, context }: Args): R {
  return callWithParams(fn, { request, context, params: {} });
}

/** `call` for a route with URL parameters, e.g. `{ token }` for `/registration/confirm/:token`. */
export function callWithParams<R, P>(fn: (args: RouteArgs<P>) => R, { request, context, params }: Args & { params: P }): R {
  const url = new URL(request.url);
  return fn({ request, context, params, url, pattern: url.pathname });
}

/** What an action returned: a redirect, or data with its status. */
export function outcome(value: unknown): { status: number; location: string | null; data: any; headers: Headers } {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), data: null, headers: value.headers };
  }
  const v = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (v && v.type === "DataWithResponseInit") {
    return { status: v.init?.status ?? 200, location: null, data: v.data, headers: new Headers(v.init?.headers) };
  }
  return { status: 200, location: null, data: value, headers: new Headers() };
}
