import logo from "../../../public/images/logo.svg?raw";
import { variantPath, type ImageRef } from "~/lib/platform/image-ref";

/** The one drawing, public/images/logo.svg (also the favicon and the app icon), sized for the header. */
const markup = logo.replace("<svg ", '<svg width="36" height="36" aria-hidden="true" focusable="false" ');

/**
 * The club's logo, inline: as an <img> it was a second request on every first visit, one the
 * first paint waited for on a slow connection (docs/decisions/0025). Decorative: the club's name
 * is next to it.
 */
export function ClubLogo({ className, logo: uploaded }: { className?: string; logo?: ImageRef }) {
  if (uploaded) return <UploadedLogo logo={uploaded} />;
  return <span className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}

/**
 * An uploaded logo (/admin/settings): 36 px high, its width from its shape, WebP at 1x and 2x
 * (a few hundred bytes each, so no AVIF source: the <picture> would cost more than it saves).
 * Not lazy: it is in the header, above the fold.
 */
function UploadedLogo({ logo }: { logo: ImageRef }) {
  const height = 36;
  const width = Math.max(1, Math.round((logo.width * height) / logo.height));
  const densities = logo.widths.map((w, i) => `${variantPath(logo.hash, w, "webp")} ${i + 1}x`).join(", ");
  return (
    <img
      src={variantPath(logo.hash, logo.widths[0]!, "webp")}
      srcSet={densities}
      alt=""
      width={width}
      height={height}
      // A very wide logo is scaled down to fit beside the club's name.
      className="h-9 w-auto max-w-36 shrink-0 object-contain"
    />
  );
}
