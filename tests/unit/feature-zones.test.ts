/**
 * The lint zones between features (eslint.config.js, decision 0057): an import from a feature
 * listed after the importing one, an import into the platform from a feature, and a loop between
 * two modules each fail `npm run lint`. Linted as text under real file names, so no file changes.
 */
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

// Without type information: the zones and the loop check read imports only, and building the
// whole program for two snippets would take most of a minute.
const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("lint zones between features", () => {
  it("refuses a feature importing one listed after it", async () => {
    const code = 'import { personalBests } from "~/lib/racer-profile/racer-history";\nexport const bests = personalBests;\n';
    expect(await rulesBroken("app/lib/racer/names.ts", code)).toContain("import-x/no-restricted-paths");
  });

  it("refuses the platform importing a feature", async () => {
    const code = 'import { boatLabel } from "~/lib/racer/names";\nexport const label = boatLabel;\n';
    expect(await rulesBroken("app/lib/platform/club.ts", code)).toContain("import-x/no-restricted-paths");
  });

  it("lets a feature import one listed before it", async () => {
    const code = 'import { boatLabel } from "~/lib/racer/names";\nexport const label = boatLabel;\n';
    expect(await rulesBroken("app/lib/championship/points.ts", code)).not.toContain("import-x/no-restricted-paths");
  });

  it("refuses a loop between two modules", async () => {
    // championship.ts imports points.ts; points.ts importing championship.ts back closes a loop.
    const code = 'import { DEFAULT_RULES } from "~/lib/championship/championship";\nexport const rules = DEFAULT_RULES;\n';
    expect(await rulesBroken("app/lib/championship/points.ts", code)).toContain("import-x/no-cycle");
  });
});
