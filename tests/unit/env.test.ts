import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";

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
