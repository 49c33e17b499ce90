import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import { configContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { backupPath } from "~/domain/admin/backup-files.server";
import type { Route } from "./+types/backup-download";

/**
 * A backup file from the server's backup directory (owners: area "backups"). Only a name the
 * server itself lists is opened (backupPath), so no path can be reached by crafting one.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "backups");
  const { backupDir } = context.get(configContext);
  const found = backupDir ? await backupPath(backupDir, params.name) : null;
  if (!found) throw data("Backup Not Found", { status: 404 });
  const body = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(found.size),
      // The listed name is [a-z0-9.TZ-] only (app/lib/admin/overview.ts): safe inside the quotes.
      "Content-Disposition": `attachment; filename="${params.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
