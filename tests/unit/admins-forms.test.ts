/** The admins screen's and the invitation's form rules (app/lib/admin/admins.ts), as browser and server read them. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  acceptInvitationSchema,
  ADMINS_FORM_SCHEMAS,
  isAdminsIntent,
  PASSWORDS_DIFFER,
  USERNAME_MESSAGE,
} from "~/lib/admin/admins";

const formOf = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
};

describe("the admins screen's forms", () => {
  it("knows its intents and nothing else", () => {
    for (const intent of ["invite", "revoke", "role", "remove", "end-sessions", "two-factor"])
      expect(isAdminsIntent(intent)).toBe(true);
    for (const intent of ["", "delete", "__proto__", "toString", null, 3]) expect(isAdminsIntent(intent)).toBe(false);
  });

  it("an invitation needs an e-mail address and one of the roles", () => {
    const parse = (values: Record<string, string>) => parseWithZod(formOf(values), { schema: ADMINS_FORM_SCHEMAS.invite });
    const ok = parse({ intent: "invite", email: "  New@Example.org ", role: "owner" });
    expect(ok.status === "success" && ok.value).toEqual({ intent: "invite", email: "New@Example.org", role: "owner" });
    expect(parse({ intent: "invite", email: "not-an-address", role: "owner" }).status).toBe("error");
    expect(parse({ intent: "invite", email: "a@example.org", role: "treasurer" }).status).toBe("error");
    expect(parse({ intent: "invite", email: `${"a".repeat(250)}@example.org`, role: "owner" }).status).toBe("error");
  });

  it("ids are positive whole numbers within PostgreSQL's integer; an invitation is named by a 64-digit hash", () => {
    const role = (id: string) =>
      parseWithZod(formOf({ intent: "role", id, role: "owner" }), { schema: ADMINS_FORM_SCHEMAS.role }).status;
    expect(role("12")).toBe("success");
    for (const bad of ["0", "-1", "1.5", "2147483648", "x", ""]) expect(role(bad), bad).toBe("error");
    const revoke = (invitation: string) =>
      parseWithZod(formOf({ intent: "revoke", invitation }), { schema: ADMINS_FORM_SCHEMAS.revoke }).status;
    expect(revoke("a".repeat(64))).toBe("success");
    expect(revoke("A".repeat(64))).toBe("error");
    expect(revoke("a".repeat(63))).toBe("error");
  });

  it("the two-factor setting is a checkbox: ticked is on, absent is off", () => {
    const parse = (values: Record<string, string>) => parseWithZod(formOf(values), { schema: ADMINS_FORM_SCHEMAS["two-factor"] });
    const on = parse({ intent: "two-factor", requireTwoFactor: "on" });
    expect(on.status === "success" && on.value.requireTwoFactor).toBe(true);
    const off = parse({ intent: "two-factor" });
    expect(off.status === "success" && off.value.requireTwoFactor).toBeUndefined();
  });
});

describe("accepting an invitation", () => {
  const parse = (values: Record<string, string>) => parseWithZod(formOf(values), { schema: acceptInvitationSchema });
  const password = "a long enough password";

  it("takes a username and the same password twice; the username in its folded form (issue 31 item 8)", () => {
    const ok = parse({ username: " Jo-Smith ", password, confirmPassword: password });
    expect(ok.status === "success" && ok.value.username).toBe("jo-smith");
  });

  it("refuses look-alike usernames: a zero-width space, a soft hyphen, a Cyrillic letter; full-width folds to ASCII", () => {
    const errors = (username: string) => parse({ username, password, confirmPassword: password }).reply().error ?? {};
    for (const lookAlike of ["secadmin\u200b", "sec\u00adadmin", "\u0455ecadmin", "secadmin\u200d", "secadmin\u2060"]) {
      expect(errors(lookAlike).username, JSON.stringify(lookAlike)).toEqual([USERNAME_MESSAGE]);
    }
    for (const bad of ["a b c", "-secadmin", "secadmin.", "sec..admin", "sec_-admin", "a".repeat(33), "\u00e9mile"]) {
      expect(errors(bad).username, JSON.stringify(bad)).toEqual([USERNAME_MESSAGE]);
    }
    const fullWidth = parse({ username: "\uff33ec\uff21dmin", password, confirmPassword: password });
    expect(fullWidth.status === "success" && fullWidth.value.username).toBe("secadmin");
    const caseVariant = parse({ username: "SecAdmin", password, confirmPassword: password });
    expect(caseVariant.status === "success" && caseVariant.value.username).toBe("secadmin");
    for (const good of ["admin", "jo.smith", "jo_smith", "r2d2", "a".repeat(32)])
      expect(errors(good).username, good).toBeUndefined();
  });

  it("refuses a mismatch, a short password, a short or hostile username", () => {
    const errors = (values: Record<string, string>) => parse(values).reply().error ?? {};
    expect(errors({ username: "jo-smith", password, confirmPassword: `${password}!` }).confirmPassword).toEqual([
      PASSWORDS_DIFFER,
    ]);
    expect(errors({ username: "jo-smith", password: "short", confirmPassword: "short" }).password).toBeDefined();
    expect(errors({ username: "jo", password, confirmPassword: password }).username).toEqual([USERNAME_MESSAGE]);
    expect(errors({ username: "jo\u202esmith", password, confirmPassword: password }).username).toBeDefined();
    expect(errors({ username: "jo\nsmith", password, confirmPassword: password }).username).toBeDefined();
  });
});
