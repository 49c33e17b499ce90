/**
 * Turns an uploaded file into the variants the pages show (decision 0031). Nothing of the upload
 * is kept as is: its type is read from its bytes (never its name or the browser's word), its size
 * from its header before any pixel is decoded, then it is decoded once, turned upright by its
 * EXIF orientation, converted to sRGB, and every variant is encoded from those pixels alone, so
 * no EXIF (a phone's GPS position), XMP or ICC profile reaches a visitor.
 */
import { createHash } from "node:crypto";
import type { Metadata, OutputInfo, Sharp, SharpOptions } from "sharp";
import {
  IMAGE_MESSAGES,
  IMAGE_USES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  nameContradicts,
  sniffImageType,
  type ImagePurpose,
  type UploadType,
} from "~/lib/images/images";
import { type ImageFormat } from "~/lib/platform/image-ref";
import { loadSharp } from "~/domain/images/sharp.server";

export interface ProcessedImage {
  hash: string;
  type: UploadType;
  width: number;
  height: number;
  widths: number[];
  variants: { width: number; format: ImageFormat; bytes: Buffer }[];
}

export class ImageRefused extends Error {}

const ENCODE = {
  webp: (s: Sharp) => s.webp({ quality: 80, effort: 4 }),
  // effort 3: AVIF's default (4) costs twice the time for a few per cent of bytes.
  avif: (s: Sharp) => s.avif({ quality: 55, effort: 3 }),
} satisfies Record<ImageFormat, (s: Sharp) => Sharp>;

/** The target sizes for this use, at most the source's own (never enlarged). */
function targets(purpose: ImagePurpose, width: number, height: number): { width: number; height: number }[] {
  const use = IMAGE_USES[purpose];
  const sizes = use.heights
    ? use.heights.map((h) => ({
        width: Math.max(1, Math.round((width * Math.min(h, height)) / height)),
        height: Math.min(h, height),
      }))
    : use.widths!.map((w) => ({
        width: Math.min(w, width),
        height: Math.max(1, Math.round((height * Math.min(w, width)) / width)),
      }));
  // Widths are the variants' names: one per width.
  const unique = new Map(sizes.map((s) => [s.width, s]));
  return [...unique.values()].sort((a, b) => a.width - b.width);
}

/** One upload at a time per process: each holds its decoded pixels (up to ~1920 px wide) in memory. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Checks and re-encodes an upload; throws ImageRefused with the message to show.
 * `name` is the file's name as the browser sent it: only compared, never trusted.
 */
export function processImage(purpose: ImagePurpose, name: string, input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new ImageRefused(IMAGE_MESSAGES.missing);
  if (input.length > MAX_IMAGE_BYTES) throw new ImageRefused(IMAGE_MESSAGES.tooLarge);
  const type = sniffImageType(input.subarray(0, 16));
  if (!type) throw new ImageRefused(IMAGE_MESSAGES.notImage);
  if (nameContradicts(name, type)) throw new ImageRefused(IMAGE_MESSAGES.mismatch(name, type));
  return oneAtATime(() => encode(purpose, type, input));
}

async function encode(purpose: ImagePurpose, type: UploadType, input: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  // failOn "warning": a truncated JPEG is refused, not shown with a grey bottom half.
  const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning" };
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded yet (so no pixel limit here: it is checked below, with a message).
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(IMAGE_MESSAGES.damaged);
  }
  if (meta.format !== type) throw new ImageRefused(IMAGE_MESSAGES.notImage);
  if (!meta.width || !meta.height) throw new ImageRefused(IMAGE_MESSAGES.damaged);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw new ImageRefused(IMAGE_MESSAGES.tooManyPixels(Math.round((meta.width * meta.height) / 1_000_000)));
  if ((meta.pages ?? 1) > 1) throw new ImageRefused(IMAGE_MESSAGES.notImage);

  // EXIF orientations 5-8 swap the sides.
  const upright =
    (meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  const sizes = targets(purpose, upright.width, upright.height);
  const largest = sizes[sizes.length - 1]!;

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, straight to the largest size the pages use (JPEG shrink-on-load keeps a
    // 12-MP photo from ever being whole in memory); raw pixels carry no metadata at all.
    pixels = await sharp(input, options)
      .rotate()
      .resize({ width: largest.width, height: largest.height, fit: "fill" })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRefused(IMAGE_MESSAGES.damaged);
  }
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } } as const;

  const variants: ProcessedImage["variants"] = [];
  for (const size of sizes) {
    for (const format of ["avif", "webp"] as const) {
      const resized = sharp(pixels.data, raw).resize({ width: size.width, height: size.height, fit: "fill" });
      variants.push({ width: size.width, format, bytes: await ENCODE[format](resized).toBuffer() });
    }
  }
  return {
    hash: createHash("sha256").update(`${purpose}\0`).update(input).digest("hex").slice(0, 32),
    type,
    width: largest.width,
    height: largest.height,
    widths: sizes.map((s) => s.width),
    variants,
  };
}
