import { IMAGE_USES, type ImagePurpose } from "~/lib/images/images";
import { srcSet, variantPath, type ImageRef } from "~/lib/platform/image-ref";

/**
 * An uploaded image as the browser picks it: AVIF where it can, WebP otherwise (every browser the
 * site supports shows one of them), the width that fits the slot from `srcset` and `sizes`, and
 * the image's own width and height so the page does not move as it arrives.
 */
export function UploadedPicture({
  image,
  purpose,
  className,
  priority = false,
}: {
  image: ImageRef;
  purpose: ImagePurpose;
  className?: string;
  /** Above the fold (the home page's banner): fetched first, never lazily. */
  priority?: boolean;
}) {
  const { sizes } = IMAGE_USES[purpose];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <img
        src={variantPath(image.hash, image.widths[0]!, "webp")}
        srcSet={srcSet(image, "webp")}
        sizes={sizes}
        alt=""
        width={image.width}
        height={image.height}
        decoding="async"
        {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
        className={className}
      />
    </picture>
  );
}
