/** Starts the production server (`node server.js`) as a child process, as `npm start` would. */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { TEST_TOTP_KEY_TEXT } from "./totp-key";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function startServer(
  env: Record<string, string>,
  {
    waitUntilServing = true,
    /** Another checkout to start from (its own build is then its own business). */
    cwd,
    /** The script node runs: `server.js`, or `scripts/start.js` to start as `npm start` does. */
    script = "server.js",
    timeoutMs = 60_000,
    /** `ulimit -n` of the server. */
    openFileLimit,
    /** A fixed port (a browser test's own site); a free one by default. */
    port: fixedPort,
  }: {
    waitUntilServing?: boolean;
    cwd?: string;
    script?: string;
    timeoutMs?: number;
    openFileLimit?: number;
    port?: number;
  } = {},
): Promise<ServerProcess> {
  if (!cwd && !existsSync("build/server/index.js")) throw new Error("Run `npm run build` before the server tests.");
  const port = fixedPort ?? (await freePort());
  const [command, args] =
    openFileLimit === undefined
      ? [process.execPath, [script]]
      : ["sh", ["-c", `ulimit -n ${openFileLimit} && exec "$0" ${script}`, process.execPath]];
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      TOTP_ENCRYPTION_KEY: TEST_TOTP_KEY_TEXT,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server = { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
  if (waitUntilServing) {
    const deadline = Date.now() + timeoutMs;
    let code: number | null | undefined;
    void exited.then((c) => (code = c));
    for (;;) {
      if (code !== undefined) throw new Error(`server exited with ${code}:\n${output}`);
      if (Date.now() > deadline) {
        child.kill("SIGKILL"); // never leave a half-started server behind
        throw new Error(`server did not start:\n${output}`);
      }
      const up = await fetch(`${server.url}/`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return server;
}
