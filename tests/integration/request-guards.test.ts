/**
 * The checks every request passes before any route runs (server/request-guards.ts), over real
 * HTTP: the body cap, the same-origin rule for state-changing requests (resource routes such as
 * /admin/logout included), and 400 instead of 500 for addresses that cannot be decoded.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, sessionAdmin } from "~/domain/admin/auth.server";
import { MAX_BODY_BYTES } from "~/server/request-guards";
import { useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

/** Sends raw bytes and resolves with the status line as soon as the server answers. */
function rawRequest(
  head: string,
  writeBody: (socket: net.Socket) => void,
): Promise<{ status: number; ms: number; text: string }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      writeBody(socket);
    });
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match && text.includes("\r\n\r\n")) {
        resolve({ status: Number(match[1]), ms: performance.now() - started, text });
        socket.destroy();
      }
    });
    socket.on("error", (error) => (text ? undefined : reject(error)));
    socket.setTimeout(5_000, () => reject(new Error(`no answer: ${text}`)));
  });
}

describe("request body cap", () => {
  it("refuses a declared 500 MB body with 413 before reading it", async () => {
    const { port } = new URL(site.url);
    const answer = await rawRequest(
      `POST /admin/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${500 * 1024 * 1024}\r\n\r\n`,
      (socket) => socket.write("username=a&password="),
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("Request body too large");
    expect(answer.ms).toBeLessThan(1_000);
  });

  it("refuses a chunked body once it passes the cap", async () => {
    const { port } = new URL(site.url);
    const chunk = "a".repeat(16 * 1024);
    const answer = await rawRequest(
      `POST /registration HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
      (socket) => {
        // Keeps sending (up to 50 MB) until the server answers and closes.
        let sent = 0;
        const pump = () => {
          while (!socket.destroyed && sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) return void socket.once("drain", pump);
          }
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.ms).toBeLessThan(1_000);
  });

  it("still accepts a body just under the cap (the results editor's size)", async () => {
    const filler = "x".repeat(MAX_BODY_BYTES - 200);
    const response = await site.request("/admin/login", {
      method: "POST",
      body: form({ username: "nobody", password: "wrong", note: filler }),
    });
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });
});

describe("same-origin rule for state-changing requests", () => {
  async function adminCookie() {
    const { admin } = await createAdmin(db, "origin-admin", "a long admin password");
    const id = await createSession(db, admin.id);
    return { id, cookie: `admin_session=${id}` };
  }

  it.each([
    ["another site's Origin", { Origin: "https://evil.example" }],
    ["Origin null (sandboxed frame)", { Origin: "null" }],
    ["another site's Referer without Origin", { Referer: "https://evil.example/page" }],
    ["a look-alike host", { Origin: "http://127.0.0.1.evil.example" }],
  ])("a cross-site logout with %s is refused with 403 and the session lives on", async (_label, headers) => {
    const { id, cookie } = await adminCookie();
    const response = await fetch(`${site.url}/admin/logout`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("did not come from a page of this site");
    expect(await sessionAdmin(db, id)).not.toBeNull();
  });

  it("refuses cross-site posts to the public forms too", async () => {
    const response = await fetch(`${site.url}/registration`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: form({ firstName: "Eve" }),
    });
    expect(response.status).toBe(403);
  });

  it("lets a same-origin logout through (Origin, or Referer alone)", async () => {
    for (const headers of [{ Origin: site.url }, { Referer: `${site.url}/admin/competitors` }] as Record<string, string>[]) {
      const { id, cookie } = await adminCookie();
      const response = await fetch(`${site.url}/admin/logout`, {
        method: "POST",
        headers: { ...headers, Cookie: cookie },
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      expect(await sessionAdmin(db, id)).toBeNull();
    }
  });
});

describe("addresses that cannot be decoded", () => {
  it.each([
    "/results/%zz",
    "/%FF",
    "/competitor/%C0%AF",
    "/results/%zz.data",
    "/%FF.data",
    "/competitor/%C0%AF.data",
    "/calendar/%E0%A4%A",
  ])("%s answers 400, not 500", async (path) => {
    const response = await fetch(site.url + path);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("address is not valid");
  });
});

describe("form bodies (app/domain/platform/read-form.server.ts), over HTTP", () => {
  async function counts() {
    const { rows } = await db.$client.query<{ c: string }>(
      "SELECT (SELECT count(*) FROM competitors) || '/' || (SELECT count(*) FROM races) || '/' || (SELECT count(*) FROM race_results) || '/' || (SELECT count(*) FROM admin_sessions) AS c",
    );
    return rows[0]!.c;
  }
  async function adminCookie() {
    const { admin } = await createAdmin(db, "form-admin", "a long admin password");
    return `admin_session=${await createSession(db, admin.id)}`;
  }

  it.each(["/registration", "/race-registration", "/registration.data", "/admin/login"])(
    "a sparse list index on %s is a 400 within milliseconds",
    async (path) => {
      const post = () =>
        site.request(path, {
          method: "POST",
          body: "boatClasses[10000000]=Open&firstName=Eve",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
      await post(); // the test server compiles the route on first use
      const started = performance.now();
      const response = await post();
      expect(performance.now() - started).toBeLessThan(500);
      expect(response.status).toBe(400);
    },
  );

  it("a sparse list index in the admin competitor and results forms is a 400", async () => {
    const cookie = await adminCookie();
    const before = await counts();
    for (const [path, body] of [
      [
        "/admin/competitors",
        "intent=save&firstName=Eve&lastName=Evil&email=e%40example.com&boatNumber=1&boatClasses[10000000]=Open",
      ],
      ["/admin/results", "raceId=1&heatNumber=1&boatClass=Open&competitorCount=1&rows[10000000].position=1"],
    ]) {
      const response = await site.request(path!, {
        method: "POST",
        cookie,
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("above the limit of 99");
    }
    expect(await counts()).toBe(before);
  });

  it.each([
    ["JSON", "application/json", '{"username":"admin","password":"x"}', 415],
    ["text/plain", "text/plain", "username=admin&password=x", 415],
    ["broken multipart", "multipart/form-data; boundary=zzz", "--zzz\r\nContent-Disposition: form-data\r\n\r\nx", 400],
  ])("%s on /admin/login is a %i with a message", async (_label, type, body, status) => {
    const before = await counts();
    const response = await site.request("/admin/login", { method: "POST", body, headers: { "Content-Type": type } });
    expect(response.status).toBe(status);
    expect(await response.text()).toContain("form");
    expect(await counts()).toBe(before);
  });

  it("a NUL byte in a public, an admin and the login form is a 400 and saves nothing", async () => {
    const cookie = await adminCookie();
    const before = await counts();
    for (const [path, body] of [
      ["/admin/login", "username=adm%00in&password=whatever"],
      ["/registration", "firstName=Ada%00&lastName=Byron&boatNumber=1&boatClasses=Open&email=ada%40example.com&pipaConsent=on"],
      [
        "/admin/races",
        "intent=save&title=Cup&date=2026-07-01&location=Lake%00&description=A%20long%20enough%20text&status=upcoming",
      ],
    ]) {
      const response = await site.request(path!, {
        method: "POST",
        cookie,
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("NUL character");
    }
    expect(await counts()).toBe(before);
  });

  it("ids above 2147483647 (and a year-0 race date) in the admin forms are refused with 4xx and change nothing", async () => {
    const cookie = await adminCookie();
    const before = await counts();
    for (const [path, body] of [
      [
        "/admin/competitors",
        "intent=save&id=2147483648&firstName=Eve&lastName=Evil&email=e%40example.com&boatNumber=1&boatClasses=Open",
      ],
      ["/admin/competitors", "intent=delete&id=99999999999"],
      [
        "/admin/races",
        "intent=save&id=9999999999&title=Cup&date=2026-07-01&location=Lake&description=A%20long%20enough%20text&status=upcoming",
      ],
      [
        "/admin/results",
        "raceId=2147483648&heatNumber=1&boatClass=Open&competitorCount=1&rows[0].position=1&rows[0].competitorId=2147483648",
      ],
      // Not an id, but the same class of 500: a date PostgreSQL cannot store.
      [
        "/admin/races",
        "intent=save&title=Cup&date=0000-01-01&location=Lake&description=A%20long%20enough%20text&status=upcoming",
      ],
    ]) {
      const response = await site.request(path!, {
        method: "POST",
        cookie,
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(response.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${path} ${body}`).toBeLessThan(500);
    }
    expect(await counts()).toBe(before);
  });
});
