import { defineConfig } from "vitest/config";

/**
 * The container test (`npm run test:container`, decision 0050): one file, its steps in order on one
 * stack, so nothing runs in parallel. Not part of `npm test`, which needs no container engine.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/container/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 900_000,
  },
});
