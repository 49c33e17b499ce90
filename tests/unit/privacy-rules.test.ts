import { describe, expect, it } from "vitest";
import { erasedAddresses, erasureNeedles } from "~/lib/privacy/erasure";
import { anonymousLabel, anonymousName, isAnonymousName } from "~/lib/racer/erased";
import { dueDay, dueSoon } from "~/lib/privacy/requests";

describe("the anonymous label", () => {
  it("is 'Former racer N', its two name fields joined as every page joins them", () => {
    const { firstName, lastName } = anonymousName(7);
    expect(`${firstName} ${lastName}`).toBe("Former racer 7");
    expect(anonymousLabel(7)).toBe("Former racer 7");
    expect(isAnonymousName(firstName, lastName)).toBe(true);
    expect(isAnonymousName("Former", "Racer")).toBe(false);
  });
});

describe("the values an erasure searches for", () => {
  it("every full name, e-mail and telephone, folded and distinct; never the label, [erased] or a short text", () => {
    const needles = erasureNeedles([
      { firstName: "Ann", lastName: "Lee", email: "Ann.Lee@Example.com", telephone: "441-555-0101" },
      { firstName: "Ann", lastName: "Lee", email: "ann.lee@example.com", telephone: "12" },
      { firstName: "Former", lastName: "racer 3", email: "[erased]" },
    ]);
    expect(needles).toEqual(["ann.lee@example.com", "441-555-0101", "ann lee"]);
    expect(erasedAddresses(needles)).toEqual(["ann.lee@example.com"]);
  });
});

describe("a privacy request's due day", () => {
  it("is 45 days from the identity's confirmation, extended by up to 30 more", () => {
    expect(dueDay("2026-01-10")).toBe("2026-02-24");
    expect(dueDay("2026-01-10", "2026-03-10")).toBe("2026-03-10");
    expect(dueDay("2026-01-10", "2026-06-01")).toBe("2026-03-26");
    expect(dueDay("2026-01-10", "2026-01-20")).toBe("2026-02-24");
  });

  it("is due soon within 7 days, or past", () => {
    expect(dueSoon("2026-02-24", "2026-02-17")).toBe(true);
    expect(dueSoon("2026-02-24", "2026-02-16")).toBe(false);
    expect(dueSoon("2026-02-01", "2026-02-16")).toBe(true);
  });
});
