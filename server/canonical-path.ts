/**
 * One spelling per address (issue 31 item 17). React Router matched "/results/" and "/api/v1/races/"
 * as "/results" and "/api/v1/races": two addresses for one page, each rendered and kept by the page
 * cache on its own. A GET or HEAD of a path ending in "/" is sent to the path without it (308:
 * the method is kept). The letters' case is the routes' business: they match case-sensitively
 * (app/routes.ts), so "/api/v1/RACES" is the API's 404, "/Results" the site's.
 */
import type express from "express";

/** The address without the path's trailing slashes, query kept; null when there is none to drop. */
export function withoutTrailingSlash(url: string): string | null {
  const mark = url.indexOf("?");
  const path = mark < 0 ? url : url.slice(0, mark);
  let end = path.length;
  // A loop, not /\/+$/: that pattern rescans a long run of slashes from each of its characters.
  while (end > 1 && path[end - 1] === "/") end--;
  if (end === path.length) return null;
  const trimmed = path.slice(0, end);
  // "//evil.example/" would become "//evil.example", another site to a browser (so would "/\").
  if (!/^\/[^/\\]/.test(trimmed)) return null;
  return trimmed + (mark < 0 ? "" : url.slice(mark));
}

export function trailingSlashRedirect(): express.RequestHandler {
  return (req, res, next) => {
    const to = req.method === "GET" || req.method === "HEAD" ? withoutTrailingSlash(req.originalUrl) : null;
    if (to === null) return next();
    res.redirect(308, to);
  };
}
