/**
 * Starts the browser tests' four sites at once (Playwright's `webServer` starts its entries one
 * after another: 14.6 s before the first test on the 2-core machine), and stops them after the run.
 * What `webServer` checked is kept: a port already in use fails the run before anything starts, a
 * site that exits or does not answer within two minutes fails it with that site's errors, and the
 * sites' standard error reaches the console.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { SITES, type Site } from "../../playwright.config";

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    async (response) => (await response.arrayBuffer(), true),
    () => false,
  );
}

function exitOf(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

async function start(site: Site): Promise<ChildProcess> {
  rmSync(site.dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, ...site.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The site on port ${site.port} exited (${child.exitCode ?? child.signalCode}) before it answered:\n${errors}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The site on port ${site.port} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${errors}`);
    }
    if (await answers(site.url)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  // SIGTERM lets a site stop its embedded PostgreSQL; one that hangs is killed.
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exitOf(child);
  clearTimeout(timer);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const taken = (await Promise.all(SITES.map(async (site) => ((await answers(site.url)) ? site.port : null)))).filter(
    (port) => port !== null,
  );
  if (taken.length > 0) {
    throw new Error(`Port ${taken.join(", ")} already answers: stop that server, or set E2E_PORT to run beside it.`);
  }
  const started = await Promise.allSettled(SITES.map(start));
  const children = started.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === "rejected");
  const stopAll = async () => void (await Promise.all(children.map(stop)));
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
