import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { RegistrationDialog } from "~/lib/registration/registration";

/** The driver registration form: its dialogs' buttons and the print button post or read it. */
export const REGISTRATION_FORM_ID = "registration-form";

function texts(dialog: RegistrationDialog) {
  if (dialog.type === "update") {
    return {
      title: "Update Existing Registration?",
      description: "A registration with this email already exists. Would you like to update your information?",
      rows: [
        ["Name", dialog.existing.name],
        ["Boat", dialog.existing.boatName || "Not specified"],
        ["Boat Number", dialog.existing.boatNumber],
        ["Boat Classes", dialog.existing.boatClasses.length ? dialog.existing.boatClasses.join(", ") : "Not specified"],
      ],
      question: null,
      confirm: { label: "Update Registration", intent: "update" },
    } as const;
  }
  return {
    title: "Existing Registration Found",
    description: "A registration with the same name already exists but with a different email address.",
    rows: [
      ["Name", dialog.existing.name],
      ["Email", dialog.existing.maskedEmail ?? "Not specified"],
    ],
    question: "Would you like to use this new email address instead?",
    confirm: { label: "Use New Email", intent: "use-new-email" },
  } as const;
}

function Details({ rows, question }: { rows: readonly (readonly [string, string])[]; question: string | null }) {
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}:</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {question && <p className="text-sm">{question}</p>}
    </>
  );
}

function ConfirmButton({ label, intent, busy }: { label: string; intent: string; busy: boolean }) {
  // `form=`: the dialog is portalled out of the form, yet its button submits the form's values.
  return (
    <Button type="submit" form={REGISTRATION_FORM_ID} name="intent" value={intent} disabled={busy}>
      {label}
    </Button>
  );
}

/** The two confirmation dialogs (SPEC section 4), as a modal when JavaScript runs. */
export function RegistrationDialogModal({
  dialog,
  busy,
  onCancel,
}: {
  dialog: RegistrationDialog | null;
  busy: boolean;
  onCancel: () => void;
}) {
  const t = dialog ? texts(dialog) : null;
  return (
    <Dialog open={!!dialog} onOpenChange={(open) => !open && !busy && onCancel()}>
      {t && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.title}</DialogTitle>
            <DialogDescription>{t.description}</DialogDescription>
          </DialogHeader>
          <Details rows={t.rows} question={t.question} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <ConfirmButton label={t.confirm.label} intent={t.confirm.intent} busy={busy} />
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The same question without JavaScript: a panel inside the form whose buttons post it again. */
export function RegistrationDialogPanel({ dialog, children }: { dialog: RegistrationDialog; children?: ReactNode }) {
  const t = texts(dialog);
  return (
    <section
      role="alertdialog"
      aria-labelledby="registration-question"
      className="space-y-3 rounded-lg border-2 border-primary p-4"
    >
      <h2 id="registration-question" className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="text-sm text-muted-foreground">{t.description}</p>
      <Details rows={t.rows} question={t.question} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" variant="outline" name="intent" value="cancel">
          Cancel
        </Button>
        <ConfirmButton label={t.confirm.label} intent={t.confirm.intent} busy={false} />
      </div>
      {children}
    </section>
  );
}
