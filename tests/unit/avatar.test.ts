import { describe, expect, it } from "vitest";
import { avatarDrawing } from "~/lib/racer/avatar";
import { remembered } from "~/lib/util/remembered";

describe("initials avatars", () => {
  it("draws the first and last initials of the name on a colour seeded by the name", () => {
    expect(avatarDrawing("Dana Fox").initials).toBe("DF");
    expect(avatarDrawing("Mary Ann Lee").initials).toBe("ML");
    expect(avatarDrawing("Dana Fox").background).toMatch(/^#[0-9a-f]{6}$/);
    // The same racer always gets the same picture; different racers get different colours.
    expect(avatarDrawing("Dana Fox")).toEqual(avatarDrawing("Dana Fox"));
    const colours = new Set(["Dana Fox", "Sam Reid", "Ola Berg", "Kit Moss", "Ben Ash"].map((n) => avatarDrawing(n).background));
    expect(colours.size).toBeGreaterThan(1);
  });

  it("keeps markup out of the letters (they are text in the page's SVG)", () => {
    expect(avatarDrawing("<b>x</b> \"&'").initials).toMatch(/^[A-Z]*$/);
  });
});

describe("remembered", () => {
  it("computes a key once, and forgets everything past its limit instead of growing", () => {
    const calls: string[] = [];
    const upper = remembered((key: string) => {
      calls.push(key);
      return key.toUpperCase();
    }, 3);
    expect([upper("a"), upper("a"), upper("b"), upper("c")]).toEqual(["A", "A", "B", "C"]);
    expect(calls).toEqual(["a", "b", "c"]);
    upper("d"); // the fourth key: the three kept are dropped
    upper("a");
    expect(calls).toEqual(["a", "b", "c", "d", "a"]);
  });
});
