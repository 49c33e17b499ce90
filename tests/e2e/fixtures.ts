import { test as base, expect } from "@playwright/test";

export const EMPTY_SITE = `http://localhost:${Number(process.env.E2E_PORT ?? 4100) + 1}`;

/** Every browser test fails on a console error or an uncaught page error. */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        // A 404 document is expected where a test visits a missing page on purpose.
        if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
      });
      await use();
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export const PHONE = { width: 375, height: 740 };
