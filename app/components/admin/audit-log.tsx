/**
 * The audit log screen's parts: the filter form (a GET form, so it works without JavaScript and
 * its address can be shared) and the entries, one card each (a phone at 375 px has no room for a
 * table of changes).
 */
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { AUDIT_KINDS, showValue, type AuditChanges, type AuditFilters } from "~/lib/platform/audit";

export interface AuditEntryView {
  id: number;
  when: string;
  adminUsername: string | null;
  address: string | null;
  kind: string;
  record: string | null;
  changes: AuditChanges;
  /** For an entry standing for refused attempts: how many there were (decision 0038). */
  refused?: string | null;
}

export function AuditFilterForm({ filters, admins }: { filters: AuditFilters; admins: string[] }) {
  const record = filters.record ? `${filters.record.type}:${filters.record.id}` : "";
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Filter the audit log">
      <div className="space-y-2">
        <Label htmlFor="audit-admin">Admin</Label>
        <NativeSelect id="audit-admin" name="admin" defaultValue={filters.admin ?? ""}>
          <option value="">Any admin</option>
          {admins.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-kind">Kind</Label>
        <NativeSelect id="audit-kind" name="kind" defaultValue={filters.kind ?? ""}>
          <option value="">Any kind</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-record">Record</Label>
        <Input id="audit-record" name="record" defaultValue={record} placeholder="race:12" autoCapitalize="none" />
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ""} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ""} />
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">Filter</Button>
        <Link to="/admin/audit" className={buttonClasses({ variant: "outline" })}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

export function AuditEntries({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) return <p className="py-6 text-center text-muted-foreground">No entries match these filters.</p>;
  return (
    <ol className="space-y-3" aria-label="Audit entries, newest first">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-mono font-medium">{entry.kind}</span>
            <span className="text-muted-foreground">{entry.when}</span>
          </div>
          <p className="mt-1 break-words">
            {entry.adminUsername ?? "nobody signed in"}
            {entry.address && <span className="text-muted-foreground"> from {entry.address}</span>}
            {entry.record && (
              <>
                {" on "}
                <Link to={`/admin/audit?record=${entry.record}`} className="text-primary underline">
                  {entry.record}
                </Link>
              </>
            )}
          </p>
          <Changes changes={entry.changes} />
          {entry.refused && <p className="mt-2 font-medium">{entry.refused}</p>}
        </li>
      ))}
    </ol>
  );
}

function Changes({ changes }: { changes: AuditChanges }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <dl className="mt-2 space-y-1">
      {fields.map(([name, change]) => (
        <div key={name} className="break-words">
          <dt className="inline font-medium">{name}: </dt>
          <dd className="inline">
            <span className="text-muted-foreground">{showValue(change.before)}</span>
            <span aria-label="changed to"> → </span>
            {showValue(change.after)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
