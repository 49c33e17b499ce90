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

export default defineConfig({
  resolve: { tsconfigPaths: true },
  environments: {
    // The production server (HTTP, database start-up, migrations) is bundled with the app.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), publicFormsScriptInDev()],
});
