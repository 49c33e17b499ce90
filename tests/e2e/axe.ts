/**
 * axe-core with the rules of WCAG 2.2 AA and axe's best practices, every impact counted, plus
 * "label-content-name-mismatch" (WCAG 2.5.3), which axe ships as experimental and leaves off.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/**
 * axe-core's minified build (650 KB), the same rules as its readable axe.js (1.5 MB). The
 * @axe-core/playwright runner sent axe.js into the page twice per run (once to look for its
 * partial-run API, once per frame), a third of a run on a small page; this sends the minified
 * build once per document and runs axe inside the page, as that runner's one-frame mode did.
 * The site has no frames, and the tests read violations alone (decision 0063).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeRun {
  /** A CSS selector to check instead of the whole document. */
  include?: string;
  options?: RunOptions;
}

/** axe-core on the page as it is now, collecting violations only. */
export async function axeRun(page: Page, { include, options = {} }: AxeRun = {}): Promise<AxeResults> {
  const hasAxe = () => typeof (window as { axe?: unknown }).axe === "object";
  if (!(await page.evaluate(hasAxe))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ({ include, options }) => {
      const { axe } = window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } };
      return axe.run(include ? { include: [include], exclude: [] } : document, options);
    },
    { include, options: { resultTypes: ["violations"], ...options } satisfies RunOptions },
  );
}

export async function axeViolations(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  const { violations } = await axeRun(page, {
    include,
    options: {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"] },
      // Experimental rules other than 2.5.3's are not WCAG requirements; this one is.
      rules: Object.fromEntries(
        ["css-orientation-lock", "p-as-heading", "focus-order-semantics", "hidden-content"].map((id) => [id, { enabled: false }]),
      ),
    },
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The href of the first link a locator finds, for following it with page.goto. */
export async function hrefOf(link: Locator): Promise<string> {
  const href = await link.first().getAttribute("href");
  if (!href) throw new Error("the link has no href");
  return href;
}
