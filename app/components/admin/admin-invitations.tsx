import { useState, useSyncExternalStore } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { CheckboxField, InputField, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { getFormProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
import { inviteSchema, twoFactorSettingSchema } from "~/lib/admin/admins";
import { ADMIN_ROLES, ROLE_LABELS, type AdminRole } from "~/lib/admin/roles";
import type { Toast } from "~/lib/util/toast";
import { NO_MAIL } from "~/lib/platform/mail-setup";

/** Invite a person by e-mail as an owner or a results officer. */
export function InviteForm({ lastResult, failure }: { lastResult: SubmissionResult<string[]> | undefined; failure?: Toast }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useZodForm(inviteSchema, {
    id: "invite",
    lastResult,
    defaultValue: { intent: "invite", role: "results_officer" },
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      {failure && <FormAlert toast={failure} />}
      <input type="hidden" name="intent" value="invite" />
      <InputField field={fields.email} label="E-mail address" type="email" autoComplete="off" autoCapitalize="none" />
      <SelectField field={fields.role} label="Role">
        {ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Send invitation"}
      </Button>
    </Form>
  );
}

const noChanges = () => () => undefined;

/**
 * While e-mail is not set up: the new invitation's link for its sender to hand over, shown once.
 * The field can be selected and copied by hand without JavaScript; Copy and Share (where the
 * phone offers it) do it in one tap.
 */
export function InvitationLink({ link, toast }: { link: string; toast: Toast }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  // Known only in the browser; the server's render (and a hydration of it) says no.
  const canShare = useSyncExternalStore(
    noChanges,
    () => typeof navigator.share === "function",
    () => false,
  );
  const copy = () => {
    // No clipboard outside a secure context (plain http on a club laptop): say so, the field stays.
    if (!("clipboard" in navigator)) return setCopied("failed");
    navigator.clipboard.writeText(link).then(
      () => setCopied("copied"),
      () => setCopied("failed"),
    );
  };
  return (
    <section
      aria-labelledby="invitation-link"
      role="status"
      className="space-y-3 rounded-md border border-primary bg-accent p-4 text-sm"
    >
      <h3 id="invitation-link" className="font-semibold">
        {toast.title}
      </h3>
      <p>{toast.description}</p>
      <label htmlFor="invitation-link-field" className="block font-medium">
        Invitation link
      </label>
      <input
        id="invitation-link-field"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border bg-background px-3 py-2 font-mono text-xs"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" onClick={copy}>
          Copy link
        </Button>
        {canShare && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void navigator.share({ url: link }).catch(() => undefined)}
          >
            Share link
          </Button>
        )}
        <span aria-live="polite">
          {copied === "copied" ? "Copied." : copied === "failed" ? "Could not copy: select the link and copy it." : ""}
        </span>
      </div>
      <p className="text-muted-foreground">{NO_MAIL.invitationOnce}</p>
    </section>
  );
}

export interface InvitationRow {
  id: string;
  email: string;
  role: AdminRole;
  expires: string;
  /** Why it ended with its sender (removed or demoted), or null while its link works. */
  ended: string | null;
}

/** Invitations not yet accepted, each with Revoke; an ended one says why, until it would have expired. */
export function PendingInvitations({ invitations }: { invitations: InvitationRow[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">No invitations are waiting.</p>;
  return (
    <ul className="divide-y" aria-label="Pending invitations">
      {invitations.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium break-all">{i.email}</p>
            <p className="text-sm text-muted-foreground">
              {ROLE_LABELS[i.role]} · {i.ended ? i.ended : `expires ${i.expires}`}
            </p>
          </div>
          {!i.ended && (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="invitation" value={i.id} />
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                Revoke<span className="sr-only"> the invitation of {i.email}</span>
              </Button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The club's setting: every admin, not only owners, signs in with two factors. */
export function TwoFactorSettingForm({ required }: { required: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "two-factor";
  const [form, fields] = useZodForm(twoFactorSettingSchema, {
    id: "two-factor-setting",
    defaultValue: { intent: "two-factor", requireTwoFactor: required ? "on" : undefined },
  });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)} key={String(required)}>
      <input type="hidden" name="intent" value="two-factor" />
      <CheckboxField field={fields.requireTwoFactor} label="Require two-factor sign-in for every admin" />
      <p className="text-sm text-muted-foreground">
        Owners always need it. When this is on, a results officer without two-factor sign-in is asked to set it up before anything
        else.
      </p>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Save setting
      </Button>
    </Form>
  );
}
