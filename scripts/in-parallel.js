#!/usr/bin/env node
/**
 * Runs commands side by side and fails when any of them fails: `npm test`'s static checks (the
 * type checker, ESLint and Prettier) are single-threaded and independent, so on two cores they
 * take the time of the longest instead of the sum. Each command's output is printed whole when it
 * ends, never interleaved, except a command marked `--live`, whose output streams as it comes (the
 * test run beside the checks, so its progress shows while they work).
 * Usage: node scripts/in-parallel.js "tsc" "eslint ." --live "vitest run" ...
 */
import { spawn } from "node:child_process";

const commands = [];
for (let i = 2; i < process.argv.length; i++) {
  const live = process.argv[i] === "--live";
  const command = live ? process.argv[++i] : process.argv[i];
  if (command) commands.push({ command, live });
}
if (commands.length === 0) {
  console.error('Usage: node scripts/in-parallel.js "command one" [--live] "command two" ...');
  process.exit(2);
}

const runs = commands.map(
  ({ command, live }) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "1" } });
      const output = [];
      const keep = (stream) => (chunk) => (live ? stream.write(chunk) : output.push(chunk));
      child.stdout.on("data", keep(process.stdout));
      child.stderr.on("data", keep(process.stderr));
      child.on("close", (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n> ${command}: ${outcome} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
