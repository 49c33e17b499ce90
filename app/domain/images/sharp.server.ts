import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first image the server draws: loading its native library takes
 * about 0.12 s of CPU, a tenth of the server's start, and most starts never draw one.
 * A 2-core box that also serves pages: one libvips thread per image, and no cache of decoded
 * images between uploads (an upload is a one-off; the cache would only hold memory).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp")
    .then(({ default: sharp }) => {
      sharp.concurrency(1);
      sharp.cache(false);
      return sharp;
    })
    .catch((error: unknown) => {
      loading = undefined; // the next image tries again
      throw error;
    });
  return loading;
}
