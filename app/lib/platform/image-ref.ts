/**
 * How a page names an uploaded image (decision 0031): the reference a record keeps and the
 * addresses of its re-encoded variants. Apart from the upload rules (app/lib/images/images.ts)
 * because every page draws the club's logo, so the site's shell needs these and nothing else.
 */
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** What a page needs to draw an uploaded image without reading its bytes. */
export interface ImageRef {
  hash: string;
  /** Size of the largest variant. */
  width: number;
  height: number;
  /** Variant widths, smallest first. */
  widths: number[];
}

const HASH = /^[0-9a-f]{32}$/;
const VARIANT_NAME = /^([0-9a-f]{32})-([1-9][0-9]{0,4})\.(avif|webp)$/;

export function isImageHash(value: unknown): value is string {
  return typeof value === "string" && HASH.test(value);
}

export function variantPath(hash: string, width: number, format: ImageFormat): string {
  return `/images/u/${hash}-${width}.${format}`;
}

/** The parts of a variant's file name, or null when it cannot name one. */
export function parseVariantName(name: string): { hash: string; width: number; format: ImageFormat } | null {
  const match = VARIANT_NAME.exec(name);
  return match ? { hash: match[1]!, width: Number(match[2]), format: match[3] as ImageFormat } : null;
}

export function srcSet(ref: ImageRef, format: ImageFormat): string {
  return ref.widths.map((w) => `${variantPath(ref.hash, w, format)} ${w}w`).join(", ");
}
