/**
 * The downloads of a racer's own data (issue 35 item 2): `my-data.json` (every section) and one CSV
 * per section (`results.csv`...), for the browser whose viewing session is live. Never cached.
 */
import { configContext, dbContext, productionContext } from "~/context";
import { sessionIdFrom, sessionRacer } from "~/domain/privacy/my-data-links.server";
import { racerData } from "~/domain/privacy/my-data.server";
import { downloadFile, racerDataJson, sectionCsv, MY_DATA_TEXTS } from "~/lib/privacy/my-data";
import type { Route } from "./+types/my-data-download";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = downloadFile(params.file);
  if (!file)
    return new Response("Not Found", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  const db = context.get(dbContext);
  const competitorId = await sessionRacer(db, sessionIdFrom(request, context.get(productionContext)));
  const found = competitorId === null ? null : await racerData(db, competitorId);
  if (!found) {
    return new Response(MY_DATA_TEXTS.noSession, {
      status: 403,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { clubName, siteUrl } = context.get(configContext);
  const [body, type] =
    file.type === "json"
      ? [racerDataJson(found, { clubName, siteUrl }), "application/json; charset=utf-8"]
      : [sectionCsv(file.section, found.sections[file.section]), "text/csv; charset=utf-8"];
  return new Response(body, {
    headers: { ...PRIVATE, "Content-Type": type, "Content-Disposition": `attachment; filename="${params.file}"` },
  });
}
