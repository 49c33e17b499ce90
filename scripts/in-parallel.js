#!/usr/bin/env node
/**
 * Runs commands side by side and fails when any of them fails: `npm test`'s static checks (the
 * type checker, ESLint and Prettier) are single-threaded and independent, so on two cores they
 * take the time of the longest instead of the sum. Each command's output is printed whole when it
 * ends, never interleaved. Usage: node scripts/in-parallel.js "tsc" "eslint ." ...
 */
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('Usage: node scripts/in-parallel.js "command one" "command two" ...');
  process.exit(2);
}

const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "1" } });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
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
