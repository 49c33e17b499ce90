// Runs a shell command of the site (server/cli.ts) from the production build, building it first if needed.
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
const { runCli } = await import("../build/server/index.js");
process.exitCode = await runCli(process.argv.slice(2));
