import { describe, expect, it } from "vitest";
import { isKeepable, isOfflinePath } from "~/lib/race-day/offline";
import { webManifest } from "~/lib/platform/web-manifest";

describe("what the service worker keeps for reading offline", () => {
  it("keeps public pages only: never a private, no-store page (a session, a toast) or an error", () => {
    expect(isKeepable(200, "public, max-age=0, s-maxage=60, stale-while-revalidate=300")).toBe(true);
    expect(isKeepable(200, "private, no-store")).toBe(false);
    expect(isKeepable(200, null)).toBe(false);
    expect(isKeepable(200, "publicity")).toBe(false);
    expect(isKeepable(404, "public, max-age=60")).toBe(false);
    expect(isKeepable(500, "public")).toBe(false);
  });

  it("never answers the admin area from the kept pages", () => {
    expect(isOfflinePath("/calendar")).toBe(true);
    expect(isOfflinePath("/administrator-news")).toBe(true);
    expect(isOfflinePath("/admin")).toBe(false);
    expect(isOfflinePath("/admin/races/4")).toBe(false);
  });
});

describe("the web app manifest", () => {
  it("names the club and offers icons for the home screen", () => {
    const manifest = webManifest({ name: "Somers Isles Boat Club", shortName: "SIBC", blurb: "Racing at Somerset." });
    expect(manifest.name).toBe("Somers Isles Boat Club");
    expect(manifest.short_name).toBe("SIBC");
    expect(manifest.description).toBe("Racing at Somerset.");
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    expect(manifest.icons.map((i) => i.sizes)).toEqual(["192x192", "512x512", "any"]);
  });
});
