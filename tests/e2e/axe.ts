/**
 * axe-core with the rules of WCAG 2.2 AA and axe's best practices, every impact counted, plus
 * "label-content-name-mismatch" (WCAG 2.5.3), which axe ships as experimental and leaves off.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";

/**
 * axe-core for one page, run inside it, collecting violations only. AxeBuilder's default injects
 * axe's 550 KB into the page, again into every frame (the main one included) and a third time
 * into a blank page it opens to merge the frames' results; and axe lists every node that passes.
 * The site has no frames and the tests read violations alone: one in-page run finds the same
 * violations in a third of the time (7-9 s a page down to 2-3 s on a busy 2-core machine).
 * `options` replaces AxeBuilder's (its options() does not merge), so they go through here.
 */
export function axeBuilder(page: Page, options: Parameters<AxeBuilder["options"]>[0] = {}): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"], ...options });
}

export async function axeViolations(page: Page, { include }: { include?: string } = {}): Promise<string[]> {
  // One options object: AxeBuilder's options() replaces what withTags() set.
  let builder = axeBuilder(page, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"] },
    // Experimental rules other than 2.5.3's are not WCAG requirements; this one is.
    rules: Object.fromEntries(
      ["css-orientation-lock", "p-as-heading", "focus-order-semantics", "hidden-content"].map((id) => [id, { enabled: false }]),
    ),
  });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The href of the first link a locator finds, for following it with page.goto. */
export async function hrefOf(link: Locator): Promise<string> {
  const href = await link.first().getAttribute("href");
  if (!href) throw new Error("the link has no href");
  return href;
}
