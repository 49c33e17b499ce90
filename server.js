// Starts the site: the production build by default, Vite's dev server with NODE_ENV=development.
try {
  if (process.env.NODE_ENV === "development") {
    const { createServer } = await import("vite");
    const viteDev = await createServer({ server: { middlewareMode: true } });
    const { start } = await viteDev.ssrLoadModule("./server/app.ts");
    await start({ viteDev });
  } else {
    const { start } = await import("./build/server/index.js");
    await start();
  }
} catch (error) {
  // A configuration or start-up problem is a message for the operator, not a stack trace.
  console.error(`Could not start the site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
