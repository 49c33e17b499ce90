import { History } from "~/components/ui/icons";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ADMIN_ROLES, ROLE_LABELS, type AdminRole } from "~/lib/admin/roles";

/** An admin as the owners' list shows them: dates already in the club's words. */
export interface AdminRow {
  id: number;
  username: string;
  email: string | null;
  role: AdminRole;
  /** "Off", or "On (app)", "On (passkey)", "On (app and 2 passkeys)"... */
  twoFactor: string;
  lastSignIn: string;
  isDemo: boolean;
  isMe: boolean;
}

/**
 * Every admin with their role, second factor and last sign-in, and per admin: change the role,
 * end all sessions, remove (behind a disclosure, so one tap never removes anyone), and a link to
 * their history in the audit log. A list rather than a table: it reads on a 375 px phone.
 */
// eslint-disable-next-line max-lines-per-function -- a table's markup (cards on a phone), one column per line in the order the screen shows them
export function AdminsList({ admins }: { admins: AdminRow[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <ul className="divide-y" aria-label="Admins">
      {admins.map((a) => (
        <li key={a.id} className="space-y-3 py-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium break-all">
                {a.username}
                {a.isMe && <span className="ml-2 text-sm font-normal text-muted-foreground">(you)</span>}
                {a.isDemo && <span className="ml-2 text-sm font-normal text-muted-foreground">(demo)</span>}
              </p>
              <p className="text-sm break-all text-muted-foreground">{a.email ?? "No e-mail address yet"}</p>
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Role</dt>
            <dd>{ROLE_LABELS[a.role]}</dd>
            <dt className="text-muted-foreground">Two-factor</dt>
            <dd>{a.twoFactor}</dd>
            <dt className="text-muted-foreground">Last sign-in</dt>
            <dd>{a.lastSignIn}</dd>
          </dl>
          <div className="flex flex-wrap items-end gap-2">
            <Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="id" value={a.id} />
              <div className="space-y-1">
                <Label htmlFor={`role-${a.id}`} size="xs">
                  Role of {a.username}
                </Label>
                <NativeSelect
                  id={`role-${a.id}`}
                  name="role"
                  defaultValue={a.role}
                  controlSize="sm"
                  fullWidth={false}
                  className="w-auto"
                >
                  {ADMIN_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                Change role
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="end-sessions" />
              <input type="hidden" name="id" value={a.id} />
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                End all sessions<span className="sr-only"> of {a.username}</span>
              </Button>
            </Form>
            <Link to={`/admin/audit?record=admin:${a.id}`} className={buttonClasses({ variant: "ghost", size: "sm" })}>
              <History aria-hidden />
              History<span className="sr-only"> of {a.username}</span>
            </Link>
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-destructive">Remove {a.username}...</summary>
            <Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={a.id} />
              <p className="text-muted-foreground">
                {a.isMe
                  ? "You will be signed out and can no longer sign in."
                  : `${a.username} is signed out everywhere and can no longer sign in. Their entries in the audit log stay.`}
              </p>
              <Button type="submit" variant="destructive" size="sm" disabled={busy}>
                Remove {a.username}
              </Button>
            </Form>
          </details>
        </li>
      ))}
    </ul>
  );
}
