/**
 * An owner's download of a racer's data for their access request (issue 35 item 4): the same files
 * the racer downloads from their own data page (racerData, `my-data.json` and a CSV per section),
 * each download audited. Owners only (area "privacy"); never cached.
 */
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { exportForRequest } from "~/domain/privacy/request-screen.server";
import { downloadFile, racerDataJson, sectionCsv } from "~/lib/privacy/my-data";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/privacy-export";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

const plain = (text: string, status: number) =>
  new Response(text, { status, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = adminActor(await requireAdmin(request, context, "privacy"), context);
  const file = downloadFile(params.file);
  const requestId = parseId(params.id);
  if (!file || !requestId) return plain("Not Found", 404);
  const found = await exportForRequest(context.get(dbContext), requestId, { file: params.file, actor });
  if (!found) return plain("This request is not an access request of a racer whose record the club still holds.", 404);
  const { clubName, siteUrl } = context.get(configContext);
  const [body, type] =
    file.type === "json"
      ? [racerDataJson(found, { clubName, siteUrl }), "application/json; charset=utf-8"]
      : [sectionCsv(file.section, found.sections[file.section]), "text/csv; charset=utf-8"];
  return new Response(body, {
    headers: {
      ...PRIVATE,
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="racer-${found.competitorId}-${params.file}"`,
    },
  });
}
