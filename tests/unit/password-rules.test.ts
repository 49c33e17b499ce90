/** The admin password rule (issue 23 item 3): length, the shipped list of leaked passwords, repeats, the username and club name. */
import { describe, expect, it } from "vitest";
import { checkPasswordStrength } from "~/domain/admin/auth.server";
import { isCommonPassword } from "~/domain/admin/common-passwords.server";
import { PASSWORD_MESSAGES, passwordProblem } from "~/lib/admin/password-rules";

describe("the shipped list of common and breached passwords", () => {
  it("is loaded from the package and holds the usual suspects, in any capitals", () => {
    for (const p of ["password", "123456", "qwertyuiop", "1qaz2wsx3edc", "administrator", "trustno1"]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(isCommonPassword("demo-racing-1985")).toBe(false);
  });
});

describe("checkPasswordStrength", () => {
  it("refuses fewer than 12 characters", () => {
    expect(checkPasswordStrength("elevenchars")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(checkPasswordStrength("twelve chars")).toBeNull();
  });

  it("refuses a listed password whatever its capitals or separators", () => {
    for (const p of ["1qaz2wsx3edc", "QWERTY123456", "Administrator", "qwerty-123456", "1Q2W3E4R5T6Y"]) {
      expect(checkPasswordStrength(p), p).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it("refuses a listed word padded with digits or punctuation to reach the length", () => {
    for (const p of ["password12345", "!!dragon2024!!", "Football123456", "2024-sunshine-2024"]) {
      expect(checkPasswordStrength(p), p).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it("refuses a few characters repeated", () => {
    expect(checkPasswordStrength("xkqxkqxkqxkq")).toBe(PASSWORD_MESSAGES.repeated);
    expect(checkPasswordStrength("zzzzzzzzzzzzzzzz")).toBe(PASSWORD_MESSAGES.repeated);
  });

  it("refuses a password that is mostly the username or the club's name", () => {
    expect(checkPasswordStrength("jsmith-racing-on-the-lake", { username: "jsmith" })).toBeNull();
    expect(checkPasswordStrength("Kpoweller.2026!!", { username: "kpoweller" })).toBe(PASSWORD_MESSAGES.personal);
    expect(checkPasswordStrength("Bermuda Radio Control Boat Club 1", { clubName: "Bermuda Radio Control Boat Club" })).toBe(
      PASSWORD_MESSAGES.personal,
    );
    // Short usernames are not searched for: "al" is in too many good passwords.
    expect(checkPasswordStrength("always a long walk", { username: "al" })).toBeNull();
  });

  it("accepts the demo's and the tests' passwords", () => {
    for (const [username, password] of [
      ["admin", "demo-racing-1985"],
      ["club-admin", "e2e-admin-password-1985"],
      ["owner", "correct horse battery"],
      ["fuzz-admin", "a long fuzzing password"],
      ["x", "a long hostile password"],
    ]) {
      expect(checkPasswordStrength(password!, { username }), password).toBeNull();
    }
  });

  it("the pure rule takes any list", () => {
    const isCommon = (p: string) => p === "river boats racing";
    expect(passwordProblem("River Boats Racing", { isCommon })).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("river boats racing on sunday", { isCommon })).toBeNull();
  });
});
