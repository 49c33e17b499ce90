import { data } from "react-router";
import { dbContext } from "~/context";
import { readVariant } from "~/domain/images/images.server";
import { parseVariantName } from "~/lib/platform/image-ref";
import type { Route } from "./+types/image";

const TYPES = { avif: "image/avif", webp: "image/webp" } as const;

/**
 * One variant of an uploaded image, as the server re-encoded it (never the uploaded bytes). Its
 * name holds its content's hash, so it never changes: cached for a year, immutable. 404 for any
 * name that is not one of the stored variants. nosniff comes with every answer (helmet, server/http.ts).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const variant = parseVariantName(params.name);
  const bytes = variant && (await readVariant(context.get(dbContext), variant.hash, variant.width, variant.format));
  if (!variant || !bytes) throw data("Image Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const etag = `"${params.name}"`;
  const headers = {
    "Content-Type": TYPES[variant.format],
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Content-Disposition": "inline",
  };
  if (
    request.headers
      .get("If-None-Match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "Content-Length": String(bytes.length) } });
}
