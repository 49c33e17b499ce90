/**
 * Uploaded images (issue 24 item 2, decision 0031): the rules shared by the server, the admin
 * forms and the pages. Pure: what is accepted, which widths each use gets, and the addresses.
 */

/** What an image is for: the header's logo, the home page's banner, a race's picture. */
export const IMAGE_PURPOSES = ["logo", "banner", "race"] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** Where an image is shown: the club's logo or banner, or one race. */
export type ImagePlace = { purpose: "logo" | "banner" } | { purpose: "race"; raceId: number };

/** Where an upload's address says the image goes: ?purpose=logo|banner, or ?purpose=race&race=<id>. */
export function imagePlaceOf(params: URLSearchParams): ImagePlace | null {
  const purpose = params.get("purpose");
  if (purpose === "logo" || purpose === "banner") return { purpose };
  const race = params.get("race") ?? "";
  if (purpose === "race" && /^[1-9][0-9]{0,8}$/.test(race)) return { purpose, raceId: Number(race) };
  return null;
}

/** The upload limit the issue sets. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A 12-megapixel phone photo is 12 M; a panorama 40 M. Above, decoding alone needs too much memory. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The types accepted, as the file's first bytes say them. */
export const UPLOAD_TYPES = ["jpeg", "png", "webp"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const UPLOAD_TYPE_LABELS: Record<UploadType, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP" };

/** The file picker's filter (a hint only: the server reads the bytes). */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp";

const EXTENSIONS: Record<string, UploadType> = { jpg: "jpeg", jpeg: "jpeg", jpe: "jpeg", jfif: "jpeg", png: "png", webp: "webp" };

/**
 * How each use is drawn, so the variants are the widths the pages ask for and no more:
 * - logo: the header's 36 px high mark, at 1x and 2x (`height` fixes the height, the width follows);
 * - race: the race page's side card, 16:9, full width on a phone (375 px at 2x) and a third of the page on a desktop;
 * - banner: the home page's heading, full width up to the page's 1152 px.
 */
export const IMAGE_USES: Record<ImagePurpose, { widths?: readonly number[]; heights?: readonly number[]; sizes: string }> = {
  logo: { heights: [36, 72], sizes: "36px" },
  race: { widths: [384, 768, 1152], sizes: "(min-width: 1024px) 360px, 100vw" },
  banner: { widths: [640, 1152, 1920], sizes: "(min-width: 1200px) 1152px, 100vw" },
};

/** The type the file's first bytes say, or null when they are not a JPEG, PNG or WebP header. */
export function sniffImageType(head: Uint8Array): UploadType | null {
  const at = (i: number) => head[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** The type a file name claims by its extension; null when it claims none we know. */
export function typeOfName(name: string): UploadType | null {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  return EXTENSIONS[name.slice(dot + 1).toLowerCase()] ?? null;
}

/** A name that claims a type the bytes are not: "photo.jpg" holding a PNG. */
export function nameContradicts(name: string, type: UploadType): boolean {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return false;
  const claimed = typeOfName(name);
  // Any other extension (.svg, .html, .gif) claims a type that is not this one.
  return claimed !== type;
}

export const IMAGE_MESSAGES = {
  missing: "Choose an image file to upload.",
  tooLarge: `The file is too large: an image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  notImage: "This file is not a JPEG, PNG or WebP image (SVG, GIF, HTML and other files are not accepted).",
  mismatch: (name: string, type: UploadType) =>
    `The file's name (${name.length > 60 ? `${name.slice(0, 60)}...` : name}) does not match its content, a ${UPLOAD_TYPE_LABELS[type]} image: rename it or export it again.`,
  tooManyPixels: (megapixels: number) =>
    `The image is too large: ${megapixels} megapixels, at most ${MAX_IMAGE_PIXELS / 1_000_000}. Make it smaller and upload it again.`,
  damaged: "The image could not be read: the file is damaged or incomplete.",
} as const;
