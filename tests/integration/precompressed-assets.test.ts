/**
 * The build's scripts and stylesheets are compressed once at build time (scripts/precompress.js)
 * and served in the best encoding the browser accepts; the bytes a browser decodes are the file.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: "warn" });
}, 120_000);
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await database.drop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request, so the answer is seen as sent (fetch would ask for and undo compression itself). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, server.url), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function largestScript(): Promise<string> {
  const html = (await get("/admin/login")).body.toString();
  const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(1);
  let largest = { path: "", size: 0 };
  for (const path of new Set(scripts)) {
    const size = (await get(path)).body.length;
    if (size > largest.size) largest = { path, size };
  }
  return largest.path;
}

describe("precompressed scripts and stylesheets", () => {
  it("sends brotli to a browser that accepts it, smaller than on the fly, and the same file once decoded", async () => {
    const path = await largestScript();
    const plain = await get(path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    // What Chromium sends: gzip listed first, brotli still preferred.
    const br = await get(path, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it("sends gzip to a client without brotli, and the plain file to one without either", async () => {
    const path = await largestScript();
    const plain = await get(path);
    const gz = await get(path, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    const refused = await get(path, { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it("compresses the forms' page script too, with its one-hour lifetime, and answers HEAD", async () => {
    const br = await get("/js/public-forms.js", { "Accept-Encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=3600");
    const head = await get("/js/public-forms.js", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("never serves a compressed file under its own name", async () => {
    const path = await largestScript();
    for (const name of [`${path}.br`, `${path}.gz`, "/precompressed/js/public-forms.js.br", "/js/public-forms.js.br"]) {
      const answer = await get(name, { "Accept-Encoding": "br" });
      expect(answer.status, name).toBe(404);
    }
  });
});

describe("the page policy goes with pages only (issue 34 item 6)", () => {
  const headerBytes = (answer: Answer) =>
    Object.entries(answer.headers).reduce((n, [name, value]) => n + name.length + String(value).length + 4, 0);

  it("a script, a stylesheet and an icon carry the other security headers but no Content-Security-Policy", async () => {
    const html = (await get("/admin/login")).body.toString();
    const files = [await largestScript(), /\/assets\/[\w.-]+\.css/.exec(html)![0], "/print-form.js"];
    for (const path of files) {
      const answer = await get(path, { "Accept-Encoding": "br" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-security-policy"], path).toBeUndefined();
      expect(answer.headers["x-content-type-options"], path).toBe("nosniff");
      expect(answer.headers["strict-transport-security"], path).toMatch(/max-age=31536000/);
      expect(answer.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      // Before: about 1.1 KB of policy on each of an admin screen's files.
      expect(headerBytes(answer), path).toBeLessThan(900);
    }
  });

  it("a page and the service worker keep theirs, the page's with its nonce", async () => {
    const page = await get("/admin/login");
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});
