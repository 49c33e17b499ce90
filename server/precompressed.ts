/**
 * Serves the build's scripts and stylesheets compressed once at build time (scripts/precompress.js:
 * brotli at its highest quality, about 15% smaller than the on-the-fly quality 4) to browsers that
 * accept them. Only names found in build/precompressed at start-up are answered, so a request can
 * never reach another file; anything else (or a client without brotli or gzip) falls through to
 * the plain static files and on-the-fly compression.
 */
import path from "node:path";
import type express from "express";
import { urlPathsUnder } from "~/server/build-files";

type Encoding = "br" | "gzip";
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

export function precompressedFiles(
  compressedRoot: string,
  lifetimeOf: (urlPath: string) => { maxAge: string; immutable: boolean },
): express.RequestHandler {
  const files = new Map<string, Set<Encoding>>();
  const root = path.resolve(compressedRoot);
  for (const file of urlPathsUnder(root)) {
    const encoding = file.endsWith(".br") ? "br" : file.endsWith(".gz") ? "gzip" : null;
    if (!encoding) continue;
    const urlPath = file.slice(0, -SUFFIX[encoding].length);
    const encodings = files.get(urlPath) ?? new Set<Encoding>();
    encodings.add(encoding);
    files.set(urlPath, encodings);
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const encodings = files.get(req.path);
    if (!encodings) return next();
    res.vary("Accept-Encoding");
    // Browsers list gzip before br; brotli is preferred whenever it is accepted at all.
    const encoding = (["br", "gzip"] as const).find((e) => encodings.has(e) && req.acceptsEncodings(e) === e);
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding);
    res.type(path.extname(req.path));
    const { maxAge, immutable } = lifetimeOf(req.path);
    res.sendFile(`${req.path.slice(1)}${SUFFIX[encoding]}`, { root, maxAge, immutable, dotfiles: "deny" }, (error) => {
      // Gone since start-up (a rebuild under a running server): the plain file, compressed as usual.
      if (!error || res.headersSent) return;
      res.removeHeader("Content-Encoding");
      next();
    });
  };
}
