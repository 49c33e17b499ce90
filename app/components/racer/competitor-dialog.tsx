import { useId } from "react";
import { useFetcher } from "react-router";
import { useFetcherOutcome } from "~/components/ui/use-fetcher-outcome";
import { showToast } from "~/components/layout/show-toast";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { InputField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/label";
import { getFormProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
import { competitorSchema } from "~/lib/racer/competitor-schema";
import { BOAT_CLASSES } from "~/lib/platform/boat-classes";
import type { Toast } from "~/lib/util/toast";

/** The competitor being edited (the admin list's row type has more). */
export type EditableCompetitor = {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  telephone: string | null;
  boatName: string | null;
  boatNumber: string;
  boatColour: string | null;
  boatClasses: string[];
};

/** The competitors action's answer to a save. */
type SaveAnswer = { ok: boolean; toast: Toast; result?: SubmissionResult<string[]> };

/** Adds a competitor (`competitor` null) or edits one; closes itself once the save succeeded. */
export function CompetitorDialog({
  formKey,
  competitor,
  onClose,
}: {
  formKey: string;
  competitor: EditableCompetitor | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<SaveAnswer>({ key: formKey });
  const busy = fetcher.state !== "idle";
  const lastResult =
    fetcher.state === "idle" && fetcher.data && "result" in fetcher.data
      ? (fetcher.data.result as SubmissionResult<string[]>)
      : undefined;
  const [form, fields] = useZodForm(competitorSchema, {
    id: useId(),
    lastResult,
    defaultValue: competitor
      ? {
          firstName: competitor.firstName,
          lastName: competitor.lastName,
          email: competitor.email ?? "",
          telephone: competitor.telephone ?? "",
          boatName: competitor.boatName ?? "",
          boatNumber: competitor.boatNumber,
          boatColour: competitor.boatColour ?? "",
          boatClasses: competitor.boatClasses,
        }
      : { boatClasses: ["Open"] },
  });

  useFetcherOutcome(fetcher, (answer) => {
    showToast(answer.toast);
    if (answer.ok) onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{competitor ? "Edit Competitor" : "Add New Competitor"}</DialogTitle>
          <DialogDescription>Name, contact details, boat and class(es).</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          {competitor && <input type="hidden" name="id" value={competitor.id} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField field={fields.firstName} label="First Name" />
            <InputField field={fields.lastName} label="Last Name" />
            <InputField field={fields.email} label="Email" type="email" />
            <InputField field={fields.telephone} label="Telephone" type="tel" />
            <InputField field={fields.boatName} label="Boat Name" />
            <InputField field={fields.boatNumber} label="Boat Number" />
            <InputField field={fields.boatColour} label="Boat Colour" />
          </div>
          <fieldset className="space-y-2" aria-describedby={fields.boatClasses.errorId}>
            <legend className="text-sm font-medium">Boat Class</legend>
            <div className="flex gap-6">
              {BOAT_CLASSES.map((boatClass) => (
                <label key={boatClass} className="inline-flex items-center gap-2 text-sm">
                  <Checkbox
                    name={fields.boatClasses.name}
                    form={form.id}
                    value={boatClass}
                    defaultChecked={(competitor?.boatClasses ?? ["Open"]).includes(boatClass)}
                    aria-invalid={fields.boatClasses.errors ? true : undefined}
                  />
                  {boatClass}
                </label>
              ))}
            </div>
            <FieldError id={fields.boatClasses.errorId} errors={fields.boatClasses.errors} />
          </fieldset>
          <FieldError id={form.errorId} errors={form.errors} />
          <DialogFormFooter onCancel={onClose} busy={busy} submitLabel={competitor ? "Update Competitor" : "Add Competitor"} />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
