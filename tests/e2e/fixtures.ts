import { test as base, expect } from "@playwright/test";

export const EMPTY_SITE = `http://localhost:${Number(process.env.E2E_PORT ?? 4100) + 1}`;

/**
 * Every browser test fails on an uncaught page error or a console error, except the console
 * errors a test provokes on purpose (`allowedConsoleErrors`; by default the 404 document a test
 * visits to check the not-found pages).
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; failOnConsoleErrors: void }>({
  allowedConsoleErrors: [[/404/], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
        errors.push(message.text());
      });
      await use();
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export const PHONE = { width: 375, height: 740 };
