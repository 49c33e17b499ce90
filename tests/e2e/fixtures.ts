import { test as base, expect, type ConsoleMessage } from "@playwright/test";

export const DEMO_SITE = `http://localhost:${Number(process.env.E2E_PORT ?? 4100)}`;
export const EMPTY_SITE = `http://localhost:${Number(process.env.E2E_PORT ?? 4100) + 1}`;

/** A request a test makes on purpose that the server refuses: its path (with the query) and status. */
export interface ExpectedRefusal {
  path: string;
  status: number;
}

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

function isExpectedRefusal(message: ConsoleMessage, expected: readonly ExpectedRefusal[]): boolean {
  const status = FAILED_LOAD.exec(message.text())?.[1];
  if (!status || !message.location().url) return false;
  const url = new URL(message.location().url);
  return expected.some((r) => r.status === Number(status) && r.path === url.pathname + url.search);
}

/**
 * Every browser test fails on an uncaught page error or a console error. The only console errors
 * let through are the ones a test provokes on purpose: the refused requests it names with
 * `expectRefusal(path, status)` (Chromium logs "Failed to load resource: ... 404" for a not-found
 * page a test visits), and the patterns of `allowedConsoleErrors` (the offline test's network errors).
 */
export const test = base.extend<{
  allowedConsoleErrors: RegExp[];
  expectRefusal: (path: string, status: number) => void;
  refusals: ExpectedRefusal[];
  failOnConsoleErrors: void;
}>({
  allowedConsoleErrors: [[], { option: true }],
  // eslint-disable-next-line no-empty-pattern
  refusals: async ({}, use) => {
    await use([]);
  },
  expectRefusal: async ({ refusals }, use) => {
    await use((path, status) => {
      refusals.push({ path, status });
    });
  },
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors, refusals }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (isExpectedRefusal(message, refusals)) return;
        if (allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        errors.push(`${message.text()} (${message.location().url})`);
      });
      await use();
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export const PHONE = { width: 375, height: 740 };
