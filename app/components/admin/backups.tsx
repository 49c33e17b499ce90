/**
 * The backups page's parts (issue 33 item 4): the kept backups with their proofs, and the two
 * ways to restore (a kept one, or an uploaded file). Plain forms: they work without JavaScript.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

export interface BackupItem {
  name: string;
  restorePoint: boolean;
  when: string;
  size: string;
  proven: boolean;
  /** "Proven 15 Jun 2026 03:00" or "Not proven: why". */
  proof: string;
}

const linkClass = "font-medium text-primary underline underline-offset-4";

function ConfirmBox({ id }: { id: string }) {
  return (
    <label htmlFor={id} className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" name="confirm" value="yes" required className="mt-1 size-4" />
      <span>Replace the club&apos;s data with this backup&apos;s. Admin accounts and the audit log stay as they are.</span>
    </label>
  );
}

function Item({ b, choose }: { b: BackupItem; choose: boolean }) {
  const id = `backup-${b.name}`;
  const details = (
    <span className="block space-y-1">
      <span className="block font-medium break-all">
        {b.restorePoint ? "Restore point" : "Backup"} of {b.when}
      </span>
      <span className={b.proven ? "block text-sm text-muted-foreground" : "block text-sm font-medium text-destructive"}>
        {b.proof}
      </span>
      <span className="block text-sm text-muted-foreground">{b.size}</span>
    </span>
  );
  return (
    <li className="space-y-2 rounded-md border p-3">
      {choose ? (
        <label htmlFor={id} className="flex items-start gap-3">
          <input id={id} type="radio" name="name" value={b.name} required className="mt-1 size-4 shrink-0" />
          {details}
        </label>
      ) : (
        details
      )}
      <a className={`${linkClass} text-sm`} href={`/admin/backups/${b.name}`} download>
        Download
      </a>
    </li>
  );
}

export function KeptBackups({ backups, canRestore, busy }: { backups: BackupItem[]; canRestore: boolean; busy: boolean }) {
  if (backups.length === 0) return <p className="text-sm text-muted-foreground">The server keeps no backup yet.</p>;
  const list = (
    <ul className="space-y-2">
      {backups.map((b) => (
        <Item key={b.name} b={b} choose={canRestore} />
      ))}
    </ul>
  );
  if (!canRestore) return list;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="restore-kept" />
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Choose the backup to restore</legend>
        {list}
      </fieldset>
      <ConfirmBox id="confirm-kept" />
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? "Restoring..." : "Restore this backup"}
      </Button>
    </Form>
  );
}

export function UploadBackup({ busy, maxSize }: { busy: boolean; maxSize: string }) {
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3">
      <input type="hidden" name="intent" value="restore-upload" />
      <div className="space-y-2">
        <label htmlFor="backup-file" className="text-sm font-medium">
          A backup file (.json.gz, at most {maxSize})
        </label>
        <input
          id="backup-file"
          name="backup"
          type="file"
          accept=".gz,application/gzip"
          required
          className="block w-full text-sm"
        />
      </div>
      <ConfirmBox id="confirm-upload" />
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? "Restoring..." : "Restore the uploaded backup"}
      </Button>
    </Form>
  );
}
