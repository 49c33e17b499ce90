import { describe, expect, it } from "vitest";
import { withoutTrailingSlash } from "~/server/canonical-path";

describe("one spelling per address (issue 31 item 17)", () => {
  it("drops a path's trailing slashes and keeps the query", () => {
    expect(withoutTrailingSlash("/results/")).toBe("/results");
    expect(withoutTrailingSlash("/api/v1/races///?year=2026&x=/")).toBe("/api/v1/races?year=2026&x=/");
    expect(withoutTrailingSlash("/results")).toBeNull();
    expect(withoutTrailingSlash("/?x=/")).toBeNull();
    expect(withoutTrailingSlash("/")).toBeNull();
  });

  it("never makes an address another site's", () => {
    expect(withoutTrailingSlash("//evil.example/")).toBeNull();
    expect(withoutTrailingSlash("///evil.example//")).toBeNull();
    expect(withoutTrailingSlash("/\\evil.example/")).toBeNull();
    expect(withoutTrailingSlash("////")).toBeNull();
  });

  it("a long run of slashes is one pass", () => {
    const started = performance.now();
    expect(withoutTrailingSlash(`/a${"/".repeat(100_000)}b/`)).toBe(`/a${"/".repeat(100_000)}b`);
    expect(withoutTrailingSlash(`/a${"/".repeat(100_000)}`)).toBe("/a");
    expect(performance.now() - started).toBeLessThan(200);
  });
});
