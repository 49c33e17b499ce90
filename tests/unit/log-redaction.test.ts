import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { maskContactDetails, serializeError } from "~/server/logger";
import { redactTokenPaths } from "~/lib/util/token-paths";

describe("maskContactDetails", () => {
  it.each([
    ["duplicate key (lower(email))=(Jo.Smith+boats@Example.co.uk)", "duplicate key (lower(email))=([email])"],
    ["call 441-299-7777 or +1 (441) 555-0199", "call [telephone] or [telephone]"],
    ["tel 4412997777.", "tel [telephone]."],
  ])("masks %s", (input, expected) => {
    expect(maskContactDetails(input)).toBe(expected);
  });

  it.each(["race on 2026-05-06", "2026-05-06 14:00:00", "heat 2, position 15, 14 laps", "at file.js:123:45", "id 4211"])(
    "keeps %s",
    (input) => {
      expect(maskContactDetails(input)).toBe(input);
    },
  );
});

describe("serializeError", () => {
  it("drops a failed query's parameters from the message, the stack and the fields, and keeps the SQL", () => {
    const cause = Object.assign(new Error("value too long for member jo@example.net"), {
      detail: "Key (email)=(jo@example.net)",
    });
    const error = Object.assign(new Error("Failed query: insert into competitors (email) values ($1)\nparams: jo@example.net"), {
      query: "insert into competitors (email) values ($1)",
      params: ["jo@example.net"],
      cause,
    });
    const out = JSON.stringify(serializeError(error));
    expect(out).not.toContain("jo@example.net");
    expect(out).toContain("insert into competitors (email) values ($1)");
    expect(out).toContain("params: [removed]");
    expect(out).toContain("value too long for member [email]");
  });
});

describe("redactTokenPaths", () => {
  it("redacts the token of every `:token` route in app/routes.ts, and nothing else", () => {
    const routes = readFileSync("app/routes.ts", "utf8");
    const tokenRoutes = [...routes.matchAll(/route\("([^"]*:token[^"]*)"/g)].map((m) => `/${m[1]}`);
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of tokenRoutes) {
      const path = route.replace(":token", "Zm9vYmFyLXNlY3JldC10b2tlbg");
      expect(redactTokenPaths(path), route).toBe(route.replace(":token", "[redacted]"));
      expect(redactTokenPaths(`see https://club.example${path.toUpperCase()} now`)).not.toContain("ZM9VYMFYLXNLY3JLDC10B2TLBG");
    }
    for (const path of ["/race-registration", "/results/12", "/messages", "/registration/print"]) {
      expect(redactTokenPaths(path)).toBe(path);
    }
  });
});
