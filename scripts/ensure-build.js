// Builds the site when there is no build yet or any input of it is newer than the build. The build
// is `npm run build`, the same command `npm test` and CI run: the app and the server, then the
// service worker (a build without /sw.js would silently turn race-day offline off, decision 0018)
// and the public forms' page script (decision 0033).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every input of `npm run build`: sources, the Vite configs and what decides the dependencies. */
export const BUILD_INPUTS = [
  "app",
  "server",
  "db",
  "sw",
  "public",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "vite.sw.config.ts",
  "vite.forms.config.ts",
  "react-router.config.ts",
  "scripts/precompress.js",
];
/** Every output the site needs to start: the server bundle, the service worker, the forms' script, compressed files. */
export const BUILD_OUTPUTS = [
  "build/server/index.js",
  "build/client/sw.js",
  "build/client/js/public-forms.js",
  // Scripts and stylesheets compressed once (scripts/precompress.js); without them pages still work, larger.
  "build/precompressed",
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIsFresh(root = ".") {
  const at = (entry) => path.join(root, entry);
  if (!BUILD_OUTPUTS.every((output) => existsSync(at(output)))) return false;
  const oldestOutput = Math.min(...BUILD_OUTPUTS.map((output) => statSync(at(output)).mtimeMs));
  return oldestOutput >= Math.max(...BUILD_INPUTS.map((input) => newestMtime(at(input))));
}

export function ensureBuild() {
  if (buildIsFresh()) return;
  console.log("Building the site...");
  // A production build whatever NODE_ENV the caller has: under Vitest (NODE_ENV=test) Vite would
  // otherwise bundle React's development build, which then served every page with dev warnings.
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
