// Builds the site when there is no build yet or the sources are newer than it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "server", "db", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];
const BUILD = "build/server/index.js";

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function ensureBuild() {
  if (existsSync(BUILD) && statSync(BUILD).mtimeMs >= Math.max(...SOURCES.map(newestMtime))) return;
  console.log("Building the site...");
  execSync("npx react-router build", { stdio: "inherit" });
}
