/** The pure rules of uploaded images (app/lib/images/images.ts): types from bytes, names, addresses. */
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, nameContradicts, sniffImageType, typeOfName } from "~/lib/images/images";
import { parseVariantName, srcSet, variantPath } from "~/lib/platform/image-ref";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("sniffImageType", () => {
  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
  });
  it("knows nothing else", () => {
    for (const head of ["<svg xmlns=", "<!doctype html>", "GIF89a", "RIFF\0\0\0\0WAVEfmt ", "%PDF-1.7", ""])
      expect(sniffImageType(bytes(head))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
  });
});

describe("names", () => {
  it("a name contradicts the bytes when its extension says another type", () => {
    expect(typeOfName("Photo.JPG")).toBe("jpeg");
    expect(nameContradicts("photo.jpg", "png")).toBe(true);
    expect(nameContradicts("logo.svg", "png")).toBe(true);
    expect(nameContradicts("photo.jpeg", "jpeg")).toBe(false);
    expect(nameContradicts("photo", "webp")).toBe(false);
    expect(IMAGE_MESSAGES.mismatch("photo.jpg", "png")).toContain("a PNG image");
  });
  it("variant names are parsed strictly", () => {
    const hash = "0123456789abcdef0123456789abcdef";
    expect(parseVariantName(`${hash}-768.avif`)).toEqual({ hash, width: 768, format: "avif" });
    for (const name of [`${hash}-768.png`, `${hash}-0768.webp`, `${hash.toUpperCase()}-768.webp`, `${hash}-768.webp/..`, "x"])
      expect(parseVariantName(name)).toBeNull();
    expect(srcSet({ hash, width: 768, height: 432, widths: [384, 768] }, "webp")).toBe(
      `${variantPath(hash, 384, "webp")} 384w, ${variantPath(hash, 768, "webp")} 768w`,
    );
  });
});
