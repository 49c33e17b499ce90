import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    // Integration test files each get their own database, so they can run in parallel.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    benchmark: { include: ["bench/**/*.bench.ts"] },
  },
});
