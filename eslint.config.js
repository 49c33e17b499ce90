// Lint: type-aware TypeScript rules, React hooks, accessibility, and the layers of the code
// (README "Map of the code", decision 0011). `npm run lint`; it runs in `npm test` and on every landing.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

/** An import a layer may not make: `regex` matches the import's path as written. */
const forbid = (regex, message) => ({ regex, message });

const routes = forbid(
  "(^~/routes(/|$))|(/routes/)",
  "Nothing imports a route module: share the code through lib, components or domain.",
);
const db = forbid("(^~/db/)|(^(\\.\\./)+db/)", "Only domain modules touch the database: go through app/domain.");
const domain = forbid(
  "(^~/domain/)|(/domain/)",
  "Components never import domain modules: the route's loader/action passes the data in.",
);
const components = forbid(
  "(^~/components/)|(/components/)",
  "Domain modules are rules and data, never screens: a route hands their results to components.",
);
const outsideLib = forbid("^(?!~/lib/)(~/|\\.\\./)", "app/lib is isomorphic rules only: it imports only other lib modules.");
const server = {
  ...forbid("(^~/server/)|(^(\\.\\./)+server/)", "app code reaches the server only through the router context (app/context.ts)."),
  allowTypeImports: true,
};

const layer = (...patterns) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns }] });

/**
 * The features, lowest first (docs/architecture.md, decision 0057). Each owns a folder in every layer
 * it has (app/lib/<feature>, app/domain/<feature>, app/components/<feature>) and may import the
 * platform, util and the features listed before it, never one after: so no two features import each
 * other, and a change to a feature can only reach the features after it. Routes compose features.
 */
const FEATURES = [
  "images",
  "racer",
  "championship",
  "races",
  "registration",
  "race-day",
  "results-import",
  "racer-profile",
  "news",
  "calendar",
  "link-preview",
  "api",
  "privacy",
  "admin",
  "old-site",
];
/** What every feature builds on: the platform's services and the shell's components, and lib/util under them. */
const PLATFORM = ["./app/lib/platform", "./app/domain/platform", "./app/components/ui", "./app/components/layout"];
const foldersOf = (feature) => ["lib", "domain", "components"].map((l) => `./app/${l}/${feature}`);
const featureZones = [
  {
    target: "./app/lib/util",
    from: ["./app/lib", "./app/domain", "./app/components"],
    except: ["./util"],
    message: "lib/util is below everything: it imports only itself.",
  },
  ...PLATFORM.map((target) => ({
    target,
    from: FEATURES.flatMap(foldersOf),
    message: "The platform is below every feature: hand it what it needs, or move the rule into the platform.",
  })),
  ...FEATURES.flatMap((feature, i) =>
    foldersOf(feature).map((target) => ({
      target,
      from: FEATURES.slice(i + 1).flatMap(foldersOf),
      message: `"${feature}" may use only the features before it in eslint.config.js's FEATURES (${FEATURES.slice(0, i).join(", ") || "none"}): move the shared rule down, or compose the two in a route.`,
    })),
  ),
].filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // Loops run through our own files only: walking into node_modules found none and cost seconds.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: featureZones }],
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "no-console": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "@typescript-eslint/only-throw-error": "off", // React Router's loaders throw responses (redirect, data) on purpose
      // An async event handler or timer callback is fine; a promise nobody awaits elsewhere is not.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false, arguments: false } }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["Checkbox", "Input", "NativeSelect"], depth: 3 }],
    },
  },
  // The layers. A request flows route -> domain -> database; lib is shared by server and browser.
  {
    files: ["app/routes/**"],
    rules: {
      ...layer(routes, db, server),
      // A route module is read in one sitting: loader, action, meta and a component that composes
      // sections. Past 250 lines the sections go to app/components/<feature>/, rules to lib or domain.
      "max-lines": ["error", { max: 250, skipBlankLines: false, skipComments: false }],
    },
  },
  { files: ["app/components/**"], rules: layer(routes, db, domain, server) },
  { files: ["app/lib/**"], rules: layer(outsideLib) },
  // A page script (decision 0033) is bundled alone for the browser: rules from lib, nothing else.
  { files: ["app/browser/**"], rules: layer(outsideLib) },
  { files: ["app/domain/**"], rules: layer(routes, server, components) },
  // The app's root modules (root layout, rendering entry, router context) get the server's work
  // through the router context, like every route.
  { files: ["app/*.{ts,tsx}"], rules: layer(routes, server) },
  { files: ["server/**", "bench/**", "scripts/**", "*.{js,ts}"], rules: layer(routes) },
  // The database layer is below the app: the app imports it, never the other way round.
  {
    files: ["db/**"],
    rules: layer(forbid("^(~/(?!db/)|(\\.\\./)+app/)", "db/ is below the app: it never imports app/ (hand it what it needs).")),
  },
  // A function a reader can hold (issue 34 item 4): past 80 lines, split it into named steps, or say
  // in the disable comment why it reads best whole.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts", "scripts/**/*.js", "sw/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  // The browser script of the print window runs on its own, without a bundler.
  {
    files: ["public/**/*.js", "app/read-page.js", "app/pending-submit.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // shadcn-style primitives pass their content and their control through props.
  {
    files: ["app/components/ui/**"],
    rules: { "jsx-a11y/heading-has-content": "off", "jsx-a11y/label-has-associated-control": "off" },
  },
  // Tests read JSON bodies (typed `any`) and stub async interfaces with plain functions.
  {
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  // Shell output and test output are the interface there, not logs.
  { files: ["server/logger.ts", "scripts/**", "server.js", "bench/**", "tests/**"], rules: { "no-console": "off" } },
);
