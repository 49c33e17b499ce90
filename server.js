// Starts the site: the production build by default, Vite's dev server with NODE_ENV=development.
if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const viteDev = await createServer({ server: { middlewareMode: true } });
  const { start } = await viteDev.ssrLoadModule("./server/app.ts");
  await start({ viteDev });
} else {
  const { start } = await import("./build/server/index.js");
  await start();
}
