// `npm start`: build once if there is no build yet, then serve.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || process.env.REBUILD === "1") {
  console.log("Building the site (first start)...");
  execSync("npx react-router build", { stdio: "inherit" });
}
await import("../server.js");
