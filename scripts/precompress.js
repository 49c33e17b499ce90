// Compresses the build's scripts and stylesheets once, as hard as brotli and gzip go (the server's
// on-the-fly compression uses brotli quality 4, fast enough per request but about 15% larger).
// Written beside the build, in build/precompressed/, so a compressed file is never served under its
// own name; server/precompressed.ts serves them.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT = "build/client";
const OUT = "build/precompressed";
/** The folders of files the pages load; everything else is small or already compressed (images). */
const FOLDERS = ["assets", "js"];
const TYPES = /\.(js|css|svg|json)$/;

rmSync(OUT, { recursive: true, force: true });
let count = 0;
for (const folder of FOLDERS) {
  const from = path.join(CLIENT, folder);
  let entries = [];
  try {
    entries = readdirSync(from, { recursive: true, withFileTypes: true });
  } catch {
    continue;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !TYPES.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = readFileSync(file);
    // Small files too: a screen loads dozens of chunks under 1 KB, which on-the-fly compression
    // (1 KB threshold) sends as they are. A form is kept only when it is smaller.
    const target = path.join(OUT, path.relative(CLIENT, file));
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length >= bytes.length && gz.length >= bytes.length) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    if (br.length < bytes.length) writeFileSync(`${target}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${target}.gz`, gz);
    count++;
  }
}
console.log(`precompressed ${count} files into ${OUT}`);
