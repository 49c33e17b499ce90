/**
 * Express -> React Router, as @react-router/express does it, except that the request body is the
 * copy `capRequestBody` already read (capped) instead of the raw socket stream: no action can
 * ever read more than the cap.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { FORM_REDIRECT_HEADER, FORM_SUBMIT_HEADER } from "~/lib/platform/form-submit";
import { bodyOf } from "~/server/request-guards";

export function reactRouterHandler({
  build,
  mode,
  getLoadContext,
}: {
  /**
   * The app. In production the loaded build itself: React Router derives its route tables once
   * (given a function, it derives them again on every request, for the dev server's reloads).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: express.Request, res: express.Response) => Promise<RouterContextProvider>;
}): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(webRequest(req, res), await getLoadContext(req, res));
      await send(res, redirectForPageScript(req, response));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A public form's page script follows a redirect itself (app/lib/platform/form-submit.ts): the same
 * answer, cookies included, as a 204 naming the address instead of a redirect its fetch would follow.
 */
export function redirectForPageScript(req: express.Request, response: Response): Response {
  const location = response.headers.get("Location");
  if (req.method !== "POST" || !req.get(FORM_SUBMIT_HEADER) || response.status < 300 || response.status > 399 || !location)
    return response;
  const headers = new Headers(response.headers);
  headers.delete("Location");
  headers.set(FORM_REDIRECT_HEADER, location);
  return new Response(null, { status: 204, headers });
}

/** The address the request names, as React Router sees it. */
export function requestUrl(req: express.Request, path = req.originalUrl): URL {
  // The host as the browser addressed it (X-Forwarded-Host only behind a trusted proxy).
  const host = (req.host ?? "localhost").split(/[\\/?#@\s]/)[0] || "localhost";
  return new URL(`${req.protocol}://${host}${path}`);
}

/** `path` (with its query) replaces the request's own, for the page cache's canonical address. */
export function webRequest(req: express.Request, res: express.Response, path = req.originalUrl): Request {
  const url = requestUrl(req, path);
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => finished || controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const body = bodyOf(res);
  return new Request(url.href, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body ?? []),
  });
}

export async function send(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // A page holding a secret link tightens the site-wide Referrer-Policy (helmet's): replaced, not added to.
    if (key === "referrer-policy") res.setHeader(key, value);
    else res.append(key, value);
  }
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
