/** Which pages an account that lacks its e-mail or second factor may still open (app/lib/admin/account-rules.ts). */
import { describe, expect, it } from "vitest";
import { isAccountPath } from "~/lib/admin/account-rules";

describe("isAccountPath", () => {
  it("opens the account pages, My sessions and logging out, also as client-side data requests", () => {
    for (const path of [
      "/admin/account",
      "/admin/account.data",
      "/admin/account/two-factor",
      "/admin/account/two-factor.data",
      "/admin/sessions",
      "/admin/sessions.data",
      "/admin/logout",
    ]) {
      expect(isAccountPath(path), path).toBe(true);
    }
  });

  it("keeps every other admin page closed", () => {
    for (const path of ["/admin/competitors", "/admin/competitors.data", "/admin/accounts", "/admin/account-x", "/admin"]) {
      expect(isAccountPath(path), path).toBe(false);
    }
  });
});
