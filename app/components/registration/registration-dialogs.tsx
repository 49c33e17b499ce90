import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { REGISTRATION_FORM_ID, type RegistrationDialog } from "~/lib/registration/registration";

export { REGISTRATION_FORM_ID };

/** The ids the forms' page script (app/browser/public-forms.ts) finds the two forms of the question by. */
export const REGISTRATION_DIALOG_ID = "registration-dialog";
export const REGISTRATION_PANEL_ID = "registration-question-panel";

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
  // `form=`: the dialog sits outside the form, yet its button submits the form's values.
  return (
    <Button type="submit" form={REGISTRATION_FORM_ID} name="intent" value={intent} disabled={busy}>
      {label}
    </Button>
  );
}

/**
 * The two confirmation dialogs (SPEC section 4) as a native modal: rendered closed by the server
 * after the POST; the page script hides the panel below and opens this with showModal() (focus
 * moves into it and returns, Escape cancels). Without JavaScript it stays closed and unseen.
 */
export function RegistrationDialogModal({ dialog }: { dialog: RegistrationDialog }) {
  const t = texts(dialog);
  return (
    <dialog
      id={REGISTRATION_DIALOG_ID}
      aria-labelledby="registration-dialog-title"
      aria-describedby="registration-dialog-description"
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/50 open:grid"
    >
      <div className="flex flex-col gap-1.5">
        <h2 id="registration-dialog-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        <p id="registration-dialog-description" className="text-sm text-muted-foreground">
          {t.description}
        </p>
      </div>
      <Details rows={t.rows} question={t.question} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" data-dialog-cancel="">
          Cancel
        </Button>
        <ConfirmButton label={t.confirm.label} intent={t.confirm.intent} busy={false} />
      </div>
    </dialog>
  );
}

/** The same question without JavaScript: a panel inside the form whose buttons post it again. */
export function RegistrationDialogPanel({ dialog, children }: { dialog: RegistrationDialog; children?: ReactNode }) {
  const t = texts(dialog);
  return (
    <section
      id={REGISTRATION_PANEL_ID}
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
