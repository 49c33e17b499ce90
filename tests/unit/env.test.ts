import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env";

describe("SITE_URL (links in e-mails start with it)", () => {
  it("is optional and loses a trailing slash", () => {
    expect(parseEnv({}).SITE_URL).toBeUndefined();
    expect(parseEnv({ SITE_URL: "" }).SITE_URL).toBeUndefined();
    expect(parseEnv({ SITE_URL: "https://club.example/" }).SITE_URL).toBe("https://club.example");
    expect(parseEnv({ SITE_URL: "http://localhost:3000" }).SITE_URL).toBe("http://localhost:3000");
  });

  it("refuses anything but an http(s) address, naming the variable", () => {
    for (const bad of ["club.example", "javascript:alert(1)", "ftp://club.example", "https://"]) {
      expect(() => parseEnv({ SITE_URL: bad }), bad).toThrow(/SITE_URL must be an http\(s\) address/);
    }
  });
});

describe("TEST_TODAY (tests only: pins the club's today)", () => {
  it("is unset by default and takes a calendar date", () => {
    expect(parseEnv({}).TEST_TODAY).toBeUndefined();
    expect(parseEnv({ TEST_TODAY: "" }).TEST_TODAY).toBeUndefined();
    expect(parseEnv({ TEST_TODAY: "2026-06-15" }).TEST_TODAY).toBe("2026-06-15");
  });

  it("refuses anything but a real calendar day, naming the variable", () => {
    for (const bad of ["tomorrow", "2026-02-30", "15/06/2026", "2026-06-15T00:00"]) {
      expect(() => parseEnv({ TEST_TODAY: bad }), bad).toThrow(/TEST_TODAY must be a calendar date/);
    }
  });
});

describe("MIGRATION_DATABASE_URL (the owning role, decision 0043)", () => {
  it("is taken beside DATABASE_URL, and unset when empty", () => {
    const env = parseEnv({ DATABASE_URL: "postgresql://site@db/club", MIGRATION_DATABASE_URL: "postgresql://owner@db/club" });
    expect(env.MIGRATION_DATABASE_URL).toBe("postgresql://owner@db/club");
    expect(
      parseEnv({ DATABASE_URL: "postgresql://site@db/club", MIGRATION_DATABASE_URL: "" }).MIGRATION_DATABASE_URL,
    ).toBeUndefined();
  });

  it("is refused without DATABASE_URL (the embedded database has one user) or when not a URL", () => {
    expect(() => parseEnv({ MIGRATION_DATABASE_URL: "postgresql://owner@db/club" })).toThrow(
      /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
    );
    expect(() => parseEnv({ DATABASE_URL: "postgresql://site@db/club", MIGRATION_DATABASE_URL: "owner" })).toThrow(
      /MIGRATION_DATABASE_URL/,
    );
  });
});
