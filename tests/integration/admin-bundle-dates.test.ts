/**
 * No date library in an admin screen's browser code (issue 26): the server formats every date
 * (app/lib/util/dates.ts) and hands the components strings; the forms' date rules are
 * app/lib/util/calendar-date.ts, which needs none. Read from the production build's route
 * manifest: each admin route's first-load chunks (entry, root, layout, route and their imports)
 * and whatever those chunks import, statically or lazily, must not contain date-fns or
 * @date-fns/tz. A component that calls a formatter, or a shared module that imports dates.ts or
 * entry-window.ts (@date-fns/tz patches Date's methods when loaded, so it is never dropped),
 * brings them back and fails here with the chunk's name.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CLIENT = "build/client";
/** Strings each library's code keeps when minified: date-fns' format(), @date-fns/tz's offset lookup. */
const MARKERS = [
  { library: "date-fns", file: "date-fns/format.js", text: "Format string contains an unescaped latin alphabet character" },
  { library: "@date-fns/tz", file: "@date-fns/tz/tzOffset/index.js", text: "longOffset" },
];

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  if (!existsSync(CLIENT)) throw new Error("Run `npm run build` before the server tests.");
  const sources = readdirSync(`${CLIENT}/assets`)
    .filter((f) => f.startsWith("manifest-"))
    .map((f) => readFileSync(`${CLIENT}/assets/${f}`, "utf8"))
    .filter((s) => s.includes("__reactRouterManifest"));
  expect(sources).toHaveLength(1);
  const source = sources[0]!;
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

const readChunk = (file: string) => readFileSync(path.join(CLIENT, file), "utf8");

/** A chunk's own imports of other chunks: `from"./x.js"`, `import"./x.js"`, `import("./x.js")`. */
function importedChunks(file: string, code: string): string[] {
  const found = code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`](\.\/[^"'`]+\.js)["'`]/g);
  return [...found].map((m) => path.posix.join(path.posix.dirname(file), m[1]!));
}

/** Every chunk the route's screen loads: the manifest's first-load list and what those import. */
function screenChunks(manifest: Manifest, routeId: string): Set<string> {
  const pending = [manifest.entry.module, ...manifest.entry.imports];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!;
    pending.push(route.module, ...(route.imports ?? []));
  }
  const seen = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...importedChunks(file, readChunk(file)));
  }
  return seen;
}

describe("admin screens load no date library", () => {
  const manifest = readManifest();
  const adminRoutes = Object.keys(manifest.routes).filter((id) => id.startsWith("routes/admin/"));

  it("the markers are what the installed libraries ship (the check below is not vacuous)", () => {
    const require = createRequire(import.meta.url);
    for (const { file, text } of MARKERS) {
      const installed = path.join(path.dirname(require.resolve("date-fns/package.json")), "..", file);
      expect(readFileSync(installed, "utf8"), file).toContain(text);
    }
    // Every admin screen is checked, with its framework chunks (found through the imports).
    expect(adminRoutes.length).toBeGreaterThan(20);
    const races = screenChunks(manifest, "routes/admin/races");
    expect([...races].some((f) => readChunk(f).includes("__reactRouterVersion"))).toBe(true);
  });

  it("no admin route's chunks contain date-fns or @date-fns/tz", () => {
    const offenders: string[] = [];
    for (const id of adminRoutes) {
      for (const file of screenChunks(manifest, id)) {
        const code = readChunk(file);
        for (const { library, text } of MARKERS) if (code.includes(text)) offenders.push(`${id}: ${library} in ${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
