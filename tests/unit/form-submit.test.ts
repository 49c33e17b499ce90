/**
 * A public form's page script posts with fetch (decision 0033): the server answers its redirect as
 * a 204 naming the address, with the same cookies (the toast the next page shows), so the fetch
 * does not load the next page itself and use the toast up.
 */
import type express from "express";
import { describe, expect, it } from "vitest";
import { FORM_REDIRECT_HEADER, FORM_SUBMIT_HEADER } from "~/lib/platform/form-submit";
import { redirectForPageScript } from "~/server/react-router-handler";

function request(method: string, headers: Record<string, string> = {}): express.Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, get: (name: string) => lower[name.toLowerCase()] } as unknown as express.Request;
}

function redirect(): Response {
  const headers = new Headers({ Location: "/" });
  headers.append("Set-Cookie", "toast=abc; Path=/; HttpOnly");
  return new Response(null, { status: 302, headers });
}

describe("a redirect answered to the page script", () => {
  it("becomes a 204 with the address in its own header and the same cookies", () => {
    const answer = redirectForPageScript(request("POST", { [FORM_SUBMIT_HEADER]: "1" }), redirect());
    expect(answer.status).toBe(204);
    expect(answer.headers.get("Location")).toBeNull();
    expect(answer.headers.get(FORM_REDIRECT_HEADER)).toBe("/");
    expect(answer.headers.getSetCookie()).toEqual(["toast=abc; Path=/; HttpOnly"]);
  });

  it("stays a redirect for the browser's own post, and for a GET", () => {
    expect(redirectForPageScript(request("POST"), redirect()).status).toBe(302);
    expect(redirectForPageScript(request("GET", { [FORM_SUBMIT_HEADER]: "1" }), redirect()).status).toBe(302);
  });

  it("leaves every other answer as it is (the page with its messages, a refusal)", () => {
    const page = new Response("<p>Boat number is required.</p>", { status: 400, headers: { "Content-Type": "text/html" } });
    expect(redirectForPageScript(request("POST", { [FORM_SUBMIT_HEADER]: "1" }), page)).toBe(page);
  });
});
