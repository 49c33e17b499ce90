/** The files of a build folder, read once at start-up (the build never changes while the server runs). */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** Every file under `root` as a URL path ("/js/offline.js"); none when the folder is missing. */
export function urlPathsUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
}
