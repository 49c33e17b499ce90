import { describe, expect, it } from "vitest";
import { ADMIN_AREAS, ADMIN_ROLES, isAdminRole, landingPath, mayUse, tabsFor } from "~/lib/admin/roles";

describe("admin roles", () => {
  it("an owner may use every area", () => {
    for (const area of ADMIN_AREAS) expect(mayUse("owner", area), area).toBe(true);
  });

  it("a results officer may use the overview, races, entries, heat draws, results, seasons and news, and nothing else", () => {
    const allowed = ADMIN_AREAS.filter((area) => mayUse("results_officer", area));
    expect(allowed).toEqual(["overview", "races", "entries", "heats", "results", "seasons", "news"]);
    for (const area of ["competitors", "audit", "admins", "settings", "backups"] as const)
      expect(mayUse("results_officer", area), area).toBe(false);
  });

  it("an unknown role may use nothing", () => {
    for (const area of ADMIN_AREAS) {
      expect(mayUse("", area)).toBe(false);
      expect(mayUse("Owner", area)).toBe(false);
      expect(mayUse("results officer", area)).toBe(false);
    }
    expect(isAdminRole("superuser")).toBe(false);
    expect(ADMIN_ROLES.every(isAdminRole)).toBe(true);
  });

  it("the navigation shows only the sections the role may use", () => {
    expect(tabsFor("owner").map((t) => t.label)).toEqual([
      "Overview",
      "Competitors",
      "Races",
      "Results",
      "Seasons",
      "News",
      "Audit log",
      "Privacy",
      "Admins",
      "Settings",
    ]);
    expect(tabsFor("results_officer").map((t) => t.label)).toEqual(["Overview", "Races", "Results", "Seasons", "News"]);
    expect(tabsFor("nobody")).toEqual([]);
  });

  it("an owner lands on SPEC's Competitors screen, a results officer on Races", () => {
    expect(landingPath("owner")).toBe("/admin/competitors");
    expect(landingPath("results_officer")).toBe("/admin/races");
  });
});
