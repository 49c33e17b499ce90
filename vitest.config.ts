import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Every test site starts a Vite dev server, and React Router's plugin then regenerates
 * `.react-router/types` in the background (delete the folder, write it again) without awaiting it.
 * Test files run in parallel processes, so two of them can delete and write that folder at once and
 * one gets ENOTEMPTY or ENOENT as an unhandled rejection. Those types only serve the type checker,
 * which runs before the tests; nothing a test checks reads them. Only that error is ignored; every other one still fails the run.
 */
function isTypegenRace(error: unknown): boolean {
  const { code, path, message } = error as { code?: string; path?: string; message?: string };
  const where = `${path ?? ""} ${message ?? ""}`.replaceAll("\\", "/");
  return ["ENOTEMPTY", "ENOENT", "EEXIST"].includes(code ?? "") && where.includes(".react-router/types");
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/totp-key-setup.ts", "tests/support/fresh-factories.ts"],
    // Integration test files each get their own database, so they can run in parallel.
    pool: "forks",
    // Vitest's default is one worker per core but one, so a 2-core machine ran the files one at a
    // time. Much of a test's time is spent waiting on PostgreSQL, a server process or a child
    // process; one worker more than cores measured 4.4 min for the suite against 6-10 min (4 workers: 4.7).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    onUnhandledError: (error) => !isTypegenRace(error),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // Pure functions with no mocks, no stubbed environment and no database: the files share
          // a worker's modules instead of importing the app again each (80 s -> 29 s for the layer).
          isolate: false,
          benchmark: { include: [] },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // One PostgreSQL and a migrated template for the run; each file clones its own database.
          globalSetup: ["tests/support/global-setup.ts"],
          // The files share their worker's modules too (one import of the app per worker, not per
          // file: 9.2 -> 6.1 min for the suite on a fresh clone). Each file still has its own
          // database and servers, and nothing mocks modules; what a file must not assume is a
          // fresh module state (the factories' numbering restarts per file: fresh-factories.ts).
          isolate: false,
          benchmark: { include: ["bench/**/*.bench.ts"] },
        },
      },
    ],
  },
});
