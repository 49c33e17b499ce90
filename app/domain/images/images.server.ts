/**
 * Uploaded images in the database (decision 0031): the club's logo and banner (club_settings keys
 * "image.logo" / "image.banner", value an ImageRef) and a race's picture (races.image_hash). A
 * replaced or removed image is deleted in the same transaction by the triggers of migration 0023,
 * and the write bumps the data version, so every instance drops the pages that showed it.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { clubSettings, imageVariants, images, races } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import type { ProcessedImage } from "~/domain/images/process.server";
import { type ImagePlace, type ImagePurpose } from "~/lib/images/images";
import { isImageHash, type ImageFormat, type ImageRef } from "~/lib/platform/image-ref";

type Executor = Pick<Database, "select">;

const settingKey = (purpose: "logo" | "banner") => `image.${purpose}`;

/** An ImageRef read back from JSON (club_settings); null when it is not one. */
export function imageRefFrom(value: unknown): ImageRef | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const positive = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n > 0 && n <= 10_000;
  if (!isImageHash(v.hash) || !positive(v.width) || !positive(v.height)) return null;
  if (!Array.isArray(v.widths) || v.widths.length === 0 || !v.widths.every(positive)) return null;
  return { hash: v.hash, width: v.width as number, height: v.height as number, widths: v.widths as number[] };
}

export interface ClubImages {
  logo: ImageRef | null;
  banner: ImageRef | null;
}

/** The club_settings keys of the club's images (read with the club's words: readClub). */
export const CLUB_IMAGE_KEYS = [settingKey("logo"), settingKey("banner")];

export function clubImagesFrom(rows: { key: string; value: unknown }[]): ClubImages {
  const of = (purpose: "logo" | "banner") => imageRefFrom(rows.find((r) => r.key === settingKey(purpose))?.value);
  return { logo: of("logo"), banner: of("banner") };
}

/** A race's uploaded picture, for its page; null: it has none. */
export async function raceImageRef(db: Executor, raceId: number): Promise<ImageRef | null> {
  const [row] = await db
    .select({ hash: images.hash, width: images.width, height: images.height, widths: images.widths })
    .from(races)
    .innerJoin(images, eq(images.hash, races.imageHash))
    .where(eq(races.id, raceId));
  return row ?? null;
}

/** The bytes of one variant, or null when no image has that name. */
export async function readVariant(db: Executor, hash: string, width: number, format: ImageFormat): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.hash, hash), eq(imageVariants.width, width), eq(imageVariants.format, format)));
  return row?.bytes ?? null;
}

/** The hash the place shows now (its row locked for this transaction); undefined: no such race. */
async function currentHash(tx: Tx, place: ImagePlace): Promise<string | null | undefined> {
  if (place.purpose === "race") {
    const [race] = await tx.select({ hash: races.imageHash }).from(races).where(eq(races.id, place.raceId)).for("update");
    return race ? race.hash : undefined;
  }
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`club_settings:${settingKey(place.purpose)}`}))`);
  const [row] = await tx
    .select({ value: clubSettings.value })
    .from(clubSettings)
    .where(eq(clubSettings.key, settingKey(place.purpose)));
  return imageRefFrom(row?.value)?.hash ?? null;
}

async function point(tx: Tx, place: ImagePlace, ref: ImageRef | null): Promise<void> {
  if (place.purpose === "race") {
    await tx
      .update(races)
      .set({ imageHash: ref?.hash ?? null, updatedAt: sql`now()` })
      .where(eq(races.id, place.raceId));
  } else if (ref) {
    await tx
      .insert(clubSettings)
      .values({ key: settingKey(place.purpose), value: ref })
      .onConflictDoUpdate({ target: clubSettings.key, set: { value: ref, updatedAt: sql`now()` } });
  } else {
    await tx.delete(clubSettings).where(eq(clubSettings.key, settingKey(place.purpose)));
  }
}

const auditRecord = (place: ImagePlace) =>
  place.purpose === "race" ? { type: "race", id: place.raceId } : { type: "club-setting", id: settingKey(place.purpose) };

/**
 * Stores the processed image and shows it at `place`, replacing (and deleting) what was there.
 * Returns false when the race does not exist (nothing stored).
 */
export async function saveImage(db: Database, place: ImagePlace, image: ProcessedImage, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await currentHash(tx, place);
    if (before === undefined) return false;
    // Another place's removal of this image (or of the one replaced here) must not decide it is
    // shown nowhere while this is under way: the lock its orphan check takes (migration 0030).
    // Taken in one order, so two uploads swapping images wait for each other instead of deadlocking.
    for (const hash of [...new Set([before, image.hash])].filter((h) => h !== null).sort())
      await tx.execute(sql`SELECT lock_image(${hash})`);
    const ref: ImageRef = { hash: image.hash, width: image.width, height: image.height, widths: image.widths };
    // The same upload again (same purpose, same bytes) is the same image: kept once.
    await tx
      .insert(images)
      .values({ ...ref, purpose: place.purpose })
      .onConflictDoNothing();
    for (const variant of image.variants)
      await tx
        .insert(imageVariants)
        .values({ hash: image.hash, ...variant })
        .onConflictDoNothing();
    await point(tx, place, ref);
    await recordAudit(tx, {
      actor,
      kind: "image.upload",
      record: auditRecord(place),
      changes: { [place.purpose === "race" ? "image" : place.purpose]: { before, after: image.hash } },
    });
    return true;
  });
}

/** Removes the image shown at `place` (the built-in picture shows again). False: there was none. */
export async function removeImage(db: Database, place: ImagePlace, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await currentHash(tx, place);
    if (!before) return false;
    await point(tx, place, null);
    await recordAudit(tx, {
      actor,
      kind: "image.remove",
      record: auditRecord(place),
      changes: { [place.purpose === "race" ? "image" : place.purpose]: { before, after: null } },
    });
    return true;
  });
}

export type { ImagePlace, ImagePurpose };
