/**
 * Image uploads at 375 px (issue 24 item 2): an admin uploads a race's image from the race form of
 * /admin/races and sees it on the race's page, served by this site as AVIF or WebP with its own
 * width and height. On the own-data site, with a race of its own, deleted at the end (its image
 * goes with it: migration 0023's trigger).
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { ADMIN, logIn, test, toast } from "./admin-support";
import { axeViolations } from "./axe";
import { createRace, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { expect, PHONE } from "./fixtures";

test.use({ viewport: PHONE });

test("uploading a race image and seeing it on the race page", async ({ page }) => {
  // An upload re-encoded to AVIF and WebP in three widths, then axe: more than 30 s on 2 busy cores.
  test.slow();
  const race = await withSiteDatabase((db) =>
    createRace(db, { title: `Picture Cup ${uniqueName()}`, date: dayFromToday(40), status: "upcoming" }),
  );
  // A phone photo as the fixture, made here: with EXIF (the position of the lake) to be stripped.
  const photo = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 110, b: 160 } },
  })
    .jpeg({ quality: 80 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 18/1 0/1" } })
    .toBuffer();
  try {
    await logIn(page, OWN_DATA_SITE, ADMIN);
    await page.goto(`${OWN_DATA_SITE}/admin/races`);
    // The races table scrolls in its own box; its visually hidden labels do not widen the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole("button", { name: `Edit ${race.title}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Race image: the built-in one.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // A file over 10 MB is refused before it is sent, with the server's message.
    const input = dialog.getByLabel("Race image");
    await input.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(11 * 1024 * 1024) });
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
      "The file is too large: an image may be at most 10 MB.",
    );
    await input.setInputFiles({ name: "lake.jpg", mimeType: "image/jpeg", buffer: photo });
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(toast(page, "Image uploaded")).toBeVisible();

    await page.goto(`${OWN_DATA_SITE}/calendar/${race.id}`);
    const picture = page.locator("aside picture img");
    await expect(picture).toHaveAttribute("width", "1152");
    await expect(picture).toHaveAttribute("height", "648");
    await expect(picture).toHaveAttribute("loading", "lazy");
    await picture.scrollIntoViewIfNeeded();
    // Loaded, from this site, as AVIF or WebP, in the width a 375 px phone at its density needs.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const src = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(new RegExp(`^${OWN_DATA_SITE}/images/u/[0-9a-f]{32}-(384|768|1152)\\.(avif|webp)$`));
    const box = await picture.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await withSiteDatabase((db) => db.execute(sql`DELETE FROM races WHERE id = ${race.id}`));
  }
});
