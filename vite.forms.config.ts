/**
 * Builds the public forms' page script (app/browser/public-forms.ts) to build/client/js/public-forms.js,
 * served at /js/public-forms.js like the read pages' scripts (decision 0033).
 */
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  build: {
    outDir: "build/client/js",
    emptyOutDir: false,
    lib: { entry: "app/browser/public-forms.ts", formats: ["iife"], name: "publicForms", fileName: () => "public-forms.js" },
  },
});
