import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { auditAdmins, listAudit } from "~/domain/platform/audit.server";
import { AuditEntries, AuditFilterForm } from "~/components/admin/audit-log";
import { RouteError } from "~/components/layout/route-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { auditQuery, readAuditFilters } from "~/lib/platform/audit";
import { formatClubDateTime } from "~/lib/util/dates";
import { countOf } from "~/lib/util/plural";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Owners only (app/lib/admin/roles.ts): a results officer's request is a 403.
  await requireAdmin(request, context, "audit");
  const db = context.get(dbContext);
  const { timeZone } = context.get(configContext);
  const filters = readAuditFilters(new URL(request.url).searchParams);
  const [{ rows, more }, admins] = await Promise.all([listAudit(db, filters, timeZone), auditAdmins(db)]);
  const entries = rows.map((row) => {
    const when = formatClubDateTime(row.at, timeZone);
    return {
      id: row.id,
      when: `${when.date} ${when.time}`,
      adminUsername: row.adminUsername,
      address: row.address,
      kind: row.kind,
      record: row.recordType && row.recordId ? `${row.recordType}:${row.recordId}` : null,
      changes: row.changes,
      refused: row.refused && refusedLine(row.refused, timeZone),
    };
  });
  return {
    filters,
    admins,
    entries,
    newer: filters.page > 1 ? `/admin/audit${auditQuery(filters, filters.page - 1)}` : null,
    older: more ? `/admin/audit${auditQuery(filters, filters.page + 1)}` : null,
  };
}

/** What an entry standing for counted refusals says (decision 0038). */
function refusedLine(refused: { count: number; from: Date; lastAt: Date }, timeZone: string): string {
  const from = formatClubDateTime(refused.from, timeZone).time;
  const last = formatClubDateTime(refused.lastAt, timeZone).time;
  return `Refused ${countOf(refused.count, "time")} in the hour from ${from} (the last at ${last}); only the first is listed.`;
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, admins, entries, newer, older } = loaderData;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>
          Every admin change, sign-in attempt, restore and import, newest first. Entries cannot be changed or deleted; they are
          kept for two years.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <AuditFilterForm key={JSON.stringify(filters)} filters={filters} admins={admins} />
        <AuditEntries entries={entries} />
        {(newer || older) && (
          <nav aria-label="Audit log pages" className="flex items-center justify-between gap-4 text-sm">
            {newer ? (
              <a href={newer} rel="prev" className="font-medium text-primary hover:underline">
                ← Newer
              </a>
            ) : (
              <span />
            )}
            <span className="text-muted-foreground">Page {filters.page}</span>
            {older ? (
              <a href={older} rel="next" className="font-medium text-primary hover:underline">
                Older →
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the audit log" />;
}
