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
 * Conform's form coercion (parseWithZod, @conform-to/zod/v4) wraps our schemas with `pipe`,
 * `transform`, `optional` and `lazy` imported from "zod/v4", zod's full build: in the admin
 * screens' bundle that alone brought the whole of it back (~23 KB brotli). zod/mini's functions of
 * those names build the same schemas, and every schema of the site is zod/mini, so the browser gets
 * them from there. The server keeps Conform as published.
 */
function conformCoercionOnZodMini(): Plugin {
  return {
    name: "conform-coercion-on-zod-mini",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (source !== "zod/v4" || !importer?.includes("/@conform-to/zod/")) return null;
      return this.resolve("zod/mini", importer, { skipSelf: true });
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  environments: {
    // The production server (HTTP, database start-up, migrations) is bundled with the app.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), publicFormsScriptInDev(), conformCoercionOnZodMini()],
});
