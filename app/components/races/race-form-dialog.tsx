import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { ListedRace } from "~/components/races/race-table";
import { ImageUploadForm } from "~/components/images/image-upload-form";
import { useFetcherOutcome } from "~/components/ui/use-fetcher-outcome";
import { showToast } from "~/components/layout/show-toast";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { CheckboxField, InputField, RequiredMarks, SelectField, TextareaField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/label";
import { getFormProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
import { RACE_DESCRIPTION_MIN, raceSchema } from "~/lib/races/race-schema";
import { countsInText, seasonCountingOn, type SeasonRange } from "~/lib/championship/seasons";
import { RACE_STATUS_LABELS, RACE_STATUSES } from "~/lib/races/race-timing";
import { isCalendarDate } from "~/lib/util/calendar-date";
import type { Toast } from "~/lib/util/toast";

/** The races page action's answer: a toast, and the form's errors when it refused the form. */
export interface RaceAnswer {
  ok: boolean;
  toast: Toast;
  result?: SubmissionResult<string[]>;
}

/** Shows the answer's toast, and closes the dialog once the action has done what was asked. */
export function useCloseOnSuccess(fetcher: { state: string; data: RaceAnswer | undefined }, onClose: () => void) {
  useFetcherOutcome(fetcher, (answer) => {
    showToast(answer.toast);
    if (answer.ok) onClose();
  });
}

/**
 * Adds a race (`race` null) or edits one: title, date, place, status, entry window. Under the date,
 * the season the race counts in, by the standings' rule, as the date and the flag change.
 */
// eslint-disable-next-line max-lines-per-function -- a form's fields in the order the screen shows them
export function RaceFormDialog({
  formKey,
  race,
  seasons,
  onClose,
}: {
  formKey: string;
  race: ListedRace | null;
  /** The defined seasons' days. */
  seasons: SeasonRange[];
  onClose: () => void;
}) {
  const fetcher = useFetcher<RaceAnswer>({ key: formKey });
  useCloseOnSuccess(fetcher, onClose);
  const busy = fetcher.state !== "idle";
  const lastResult = fetcher.state === "idle" ? fetcher.data?.result : undefined;
  const [form, fields] = useZodForm(raceSchema, {
    id: useId(),
    lastResult,
    defaultValue: race
      ? {
          title: race.title,
          date: race.date,
          location: race.location,
          description: race.description,
          imageUrl: race.imageUrl ?? "",
          status: race.status,
          countsForChampionship: race.countsForChampionship,
          entriesOpen: race.entriesOpen,
          entriesClose: race.entriesClose,
        }
      : { status: "upcoming", countsForChampionship: true },
  });
  const [date, setDate] = useState(race?.date ?? "");
  const [counts, setCounts] = useState(race?.countsForChampionship ?? true);
  const countsIn = isCalendarDate(date) ? countsInText(seasonCountingOn(seasons, date), counts) : undefined;
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const control = event.target as HTMLInputElement;
    if (control.name === fields.date.name) setDate(control.value);
    if (control.name === fields.countsForChampionship.name) setCounts(control.checked);
  }
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{race ? "Edit Race" : "Add New Race"}</DialogTitle>
          <DialogDescription>Title, date, place and status of the race.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)} onChange={onChange}>
          <input type="hidden" name="intent" value="save" />
          {race && <input type="hidden" name="id" value={race.id} />}
          <RequiredMarks>
            <InputField field={fields.title} label="Title" />
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField field={fields.date} label="Date" type="date" hint={countsIn} />
              <SelectField field={fields.status} label="Status">
                {RACE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {RACE_STATUS_LABELS[s]}
                  </option>
                ))}
              </SelectField>
            </div>
            <InputField field={fields.location} label="Location" />
            <TextareaField
              field={fields.description}
              label="Description"
              hint={`At least ${RACE_DESCRIPTION_MIN} characters: what racers should know about the day.`}
            />
            <InputField
              field={fields.imageUrl}
              label="Picture address"
              hint={
                race
                  ? "Leave blank for the club's picture. To show your own photo, upload it under Race image below."
                  : "Leave blank for the club's picture. To show your own photo, add the race, then upload it with Edit."
              }
            />
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-medium">Entry window (club time, optional)</legend>
              <InputField field={fields.entriesOpen} label="Entries open" type="datetime-local" />
              <InputField field={fields.entriesClose} label="Entries close" type="datetime-local" />
            </fieldset>
            <CheckboxField field={fields.countsForChampionship} label="Counts for the championship" />
          </RequiredMarks>
          <FieldError id={form.errorId} errors={form.errors} />
          <DialogFormFooter onCancel={onClose} busy={busy} submitLabel={race ? "Update Race" : "Add Race"} />
        </fetcher.Form>
        {race && (
          // Its own form (a file is posted on its own, and reloads the page): not inside the form above.
          <ImageUploadForm
            label="Race image"
            hint="On the race's page, instead of the picture address above."
            query={`purpose=race&race=${race.id}`}
            current={race.image}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
