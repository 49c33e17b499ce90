/**
 * The link-preview pictures' typeface: Inter (SIL Open Font License, the @fontsource/inter
 * package's WOFF files), read by opentype.js and drawn as outlines. The PNG then needs no font
 * on the server: librsvg (inside sharp) would otherwise look for system fonts through
 * fontconfig, and a bare Debian has none, so names would vanish from the picture.
 *
 * Glyph by glyph with pair kerning: opentype.js's whole-string shaping stops at GSUB lookups
 * Inter uses. Latin first, then Latin Extended (Ł, ő, ș...); a character neither has is drawn
 * as "?".
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Font, Glyph } from "opentype.js";
import type { Typeface, Weight } from "~/lib/link-preview/preview-card";

const FILES: Record<Weight, string[]> = {
  regular: ["inter-latin-400-normal.woff", "inter-latin-ext-400-normal.woff"],
  bold: ["inter-latin-700-normal.woff", "inter-latin-ext-700-normal.woff"],
};

type Parse = (buffer: ArrayBuffer) => Font;

function loadFont(parse: Parse, file: string): Font {
  const path = createRequire(import.meta.url).resolve(`@fontsource/inter/files/${file}`);
  const bytes = readFileSync(path);
  return parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

interface Placed {
  font: Font;
  glyph: Glyph;
  /** Left edge, in font units from the start of the text. */
  at: number;
}

class InterTypeface implements Typeface {
  private fonts: Record<Weight, Font[]>;

  constructor(parse: Parse) {
    const load = (file: string) => loadFont(parse, file);
    this.fonts = { regular: FILES.regular.map(load), bold: FILES.bold.map(load) };
  }

  private layout(text: string, weight: Weight): { placed: Placed[]; width: number; unitsPerEm: number } {
    const fonts = this.fonts[weight];
    const main = fonts[0]!;
    const placed: Placed[] = [];
    let at = 0;
    let previous: Placed | undefined;
    for (const ch of text) {
      const font = fonts.find((f) => f.charToGlyphIndex(ch) > 0);
      const glyph = font ? font.charToGlyph(ch) : main.charToGlyph("?");
      const owner = font ?? main;
      // Kerning pairs are known only within one font file.
      if (previous && previous.font === owner) at += owner.getKerningValue(previous.glyph, glyph);
      const current = { font: owner, glyph, at };
      placed.push(current);
      at += glyph.advanceWidth ?? 0;
      previous = current;
    }
    return { placed, width: at, unitsPerEm: main.unitsPerEm };
  }

  width(text: string, size: number, weight: Weight): number {
    const { width, unitsPerEm } = this.layout(text, weight);
    return (width * size) / unitsPerEm;
  }

  path(text: string, x: number, y: number, size: number, weight: Weight): string {
    const { placed, unitsPerEm } = this.layout(text, weight);
    return placed
      .map(({ glyph, at }) => glyph.getPath(x + (at * size) / unitsPerEm, y, size).toPathData(1))
      .filter(Boolean)
      .join("");
  }
}

let shared: Promise<Typeface> | undefined;

/**
 * The one typeface, its fonts read on first use (about 160 KB, once per process). opentype.js too
 * is loaded then: its import is about 0.09 s of CPU that a server start would otherwise pay.
 */
export function previewTypeface(): Promise<Typeface> {
  shared ??= import("opentype.js")
    .then(({ default: opentype }) => new InterTypeface((buffer) => opentype.parse(buffer)))
    .catch((error: unknown) => {
      shared = undefined; // the next picture tries again
      throw error;
    });
  return shared;
}
