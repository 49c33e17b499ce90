import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin } from "vite";

/**
 * In development, /js/public-forms.js is the forms' page script built on each request from
 * app/browser/public-forms.ts (production builds it once: vite.forms.config.ts, decision 0033).
 */
function publicFormsScriptInDev(): Plugin {
  return {
    name: "public-forms-script-in-dev",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use("/js/public-forms.js", (_req, res, next) => {
        build({ configFile: "vite.forms.config.ts", logLevel: "warn", build: { write: false, minify: false } })
          .then((output) => {
            const [result] = Array.isArray(output) ? output : [output];
            const chunk = result && "output" in result ? result.output[0] : undefined;
            if (!chunk || chunk.type !== "chunk") return next();
            res.setHeader("Content-Type", "text/javascript; charset=utf-8");
            res.end(chunk.code);
          })
          .catch(next);
      });
    },
  };
}

/**
 * React Router's package sends every import to its development build, which keeps the framework's
 * warnings for developers; the browser's script gets the production build it ships beside it
 * (the same code with those warnings off: 0.5 KB less on every admin screen).
 */
function reactRouterProductionBuild(): Plugin {
  const production = path.resolve("node_modules/react-router/dist/production");
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      if (source === "react-router") return `${production}/index.mjs`;
      if (source === "react-router/dom") return `${production}/dom-export.mjs`;
      return null;
    },
  };
}

/** What every admin screen loads, whatever the screen: one file instead of three. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/**
 * The building blocks most admin screens use: the ui and layout components, the small helpers of
 * lib/util with the form rules' zod core, clsx, and lib/platform (the page's words and link preview,
 * which the root route loads on every screen). Not what only the public pages use, which every
 * admin screen would download for nothing: the date formats of lib/util/dates.ts (the date library
 * stays out of admin screens, decision 0034) and remembered.ts (the dates' and avatars' memory),
 * the honeypot (public forms), the page links (read pages), and the helpers of a few admin screens
 * (copy button, arrival focus, fetcher outcome), which those screens' chunks carry.
 */
const ADMIN_KIT =
  /[\\/]app[\\/](components[\\/](ui|layout)[\\/](?!honeypot|page-links|copy-button|use-arrival-focus|use-fetcher-outcome)|lib[\\/](util[\\/](?!dates|remembered)|platform[\\/](page|link-preview|site)\.))|node_modules[\\/](clsx|zod)[\\/]/;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  environments: {
    // The production server (HTTP, database start-up, migrations) is bundled with the app.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // Rolldown cut an admin screen's script into some 35 files, most under 1 KB; each is compressed
    // alone and names the others it imports, which cost about 6 KB of a screen's 120 KB budget
    // (decision 0035). Read pages run none of this script (decision 0012).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "admin-kit", test: ADMIN_KIT, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouterProductionBuild(), reactRouter(), publicFormsScriptInDev()],
});
