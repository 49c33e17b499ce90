/**
 * Issue 31 item 13: one image shown by two races (the same picture uploaded to both), uploaded to
 * race B while being removed from race A, many times over. The removal deletes the image only
 * when nothing shows it any more; the upload that said "Image uploaded" must find race B showing
 * it afterwards, whichever of the two ran first.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import { removeImage, saveImage } from "~/domain/images/images.server";
import { processImage } from "~/domain/images/process.server";
import { imageVariants, images, races } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createRace } from "../support/factories";

const { db } = await useTestDatabase();
const actor = { adminId: null, username: "test", address: null };

it("an upload to race B while race A's copy is removed: race B keeps the image, every time", { timeout: 240_000 }, async () => {
  const bytes = await sharp({ create: { width: 400, height: 225, channels: 3, background: "#0b5c8e" } })
    .png()
    .toBuffer();
  const image = await processImage("race", "shared.png", bytes);
  const lost: string[] = [];
  for (let round = 0; round < 40; round++) {
    const a = await createRace(db);
    const b = await createRace(db);
    expect(await saveImage(db, { purpose: "race", raceId: a.id }, image, actor)).toBe(true);
    const failed = (error: unknown) => (error as Error).message.split("\n")[0]!;
    const [removed, uploaded] = await Promise.all([
      removeImage(db, { purpose: "race", raceId: a.id }, actor).catch(failed),
      saveImage(db, { purpose: "race", raceId: b.id }, image, actor).catch(failed),
    ]);
    const [row] = await db.select({ hash: races.imageHash }).from(races).where(eq(races.id, b.id));
    const variants = await db
      .select({ width: imageVariants.width })
      .from(imageVariants)
      .where(eq(imageVariants.hash, image.hash));
    if (removed !== true || uploaded !== true) lost.push(`round ${round}: ${String(removed)} / ${String(uploaded)}`);
    else if (row!.hash !== image.hash || variants.length !== image.variants.length)
      lost.push(`round ${round}: race B lost its image`);
    // The next round starts from nothing shown (race B's copy goes with race B).
    await db.delete(races).where(eq(races.id, b.id));
    expect(await db.select().from(images).where(eq(images.hash, image.hash))).toEqual([]);
  }
  expect(lost).toEqual([]);
});
