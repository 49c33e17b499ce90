/** Builds the service worker (sw/service-worker.ts) to build/client/sw.js, served at /sw.js. */
import { defineConfig } from "vite";

export default defineConfig({
  // Serwist's development logging is left out of the production worker.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  publicDir: false,
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    lib: { entry: "sw/service-worker.ts", formats: ["iife"], name: "clubServiceWorker", fileName: () => "sw.js" },
  },
});
