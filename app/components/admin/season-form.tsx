import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
import type { ChampionshipRules } from "~/lib/championship/championship";
import { seasonSchema } from "~/lib/championship/season-schema";
import type { SeasonRange } from "~/lib/championship/seasons";
import type { Toast } from "~/lib/util/toast";

/** A season with its rules; `id` null for one not saved yet. */
export type EditedSeason = SeasonRange & ChampionshipRules & { id: number | null };

/**
 * Adds a season (`season` null, starting from `blank`) or edits one: its dates, its points and its
 * championship rules. A page section that posts and redirects, with or without JavaScript.
 */
export function SeasonForm({
  season,
  blank,
  lastResult,
  failure,
}: {
  season: EditedSeason | null;
  blank: Omit<EditedSeason, "id">;
  lastResult: SubmissionResult<string[]> | undefined;
  failure: Toast | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const start = season ?? blank;
  const optional = (n: number | null) => (n === null ? "" : String(n));
  const [form, fields] = useZodForm(seasonSchema, {
    id: useId(),
    lastResult,
    defaultValue: {
      key: start.key,
      name: start.name,
      startsOn: start.startsOn,
      endsOn: start.endsOn,
      pointsTable: start.pointsTable.join(", "),
      pointsBelow: String(start.pointsBelow),
      bestRounds: optional(start.bestRounds),
      dropRounds: optional(start.dropRounds),
      dropAfter: optional(start.dropAfter),
      minRounds: String(start.minRounds),
      minEntrants: String(start.minEntrants),
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{season ? `Edit ${season.name}` : "Add New Season"}</CardTitle>
      </CardHeader>
      <CardContent>
        {failure && <FormAlert toast={failure} />}
        <Form method="post" className="space-y-6" {...getFormProps(form)}>
          {season && <input type="hidden" name="id" value={season.id ?? ""} />}
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Season</legend>
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- opened on purpose by "Add Season" or Edit */}
            <HintedField field={fields.name} label="Name" type="text" autoFocus={!lastResult} />
            <HintedField field={fields.key} label="Key" type="text" hint="Used in links: /standings?season=KEY." />
            <HintedField field={fields.startsOn} label="First day" type="date" />
            <HintedField field={fields.endsOn} label="Last day" type="date" />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Points</legend>
            <HintedField
              field={fields.pointsTable}
              label="Points for 1st, 2nd, 3rd, ..."
              type="text"
              hint="Whole numbers separated by commas."
            />
            <HintedField field={fields.pointsBelow} label="Points for every place below the table" type="number" />
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Championship rules</legend>
            <HintedField field={fields.bestRounds} label="Best rounds counted" type="number" hint="Blank: every round counts." />
            <HintedField field={fields.minRounds} label="Rounds needed to be classified" type="number" />
            <HintedField
              field={fields.dropRounds}
              label="Rounds dropped"
              type="number"
              hint="Each racer's worst rounds; blank: none."
            />
            <HintedField field={fields.dropAfter} label="…once this many rounds were run" type="number" />
            <HintedField field={fields.minEntrants} label="Boats a class needs for a race to count" type="number" />
          </fieldset>
          <FieldError id={form.errorId} errors={form.errors} />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : season ? "Update Season" : "Add Season"}
            </Button>
            <Link to="/admin/seasons" className={buttonClasses({ variant: "outline" })}>
              Cancel
            </Link>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** An input field with an optional hint under the control, which the control names as its description. */
function HintedField({
  field,
  label,
  type,
  hint,
  autoFocus,
}: {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  type: "text" | "date" | "number";
  hint?: string;
  /** The form's first field when it opens: it opens below the list, off a phone's screen (issue 32 item 7). */
  autoFocus?: boolean;
}) {
  const describedBy = [hint ? `${field.id}-hint` : "", field.errors ? field.errorId : ""].filter(Boolean).join(" ");
  return (
    <Field field={field} label={label}>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the caller's reason */}
      <Input
        {...getInputProps(field, { type })}
        key={field.key}
        autoFocus={autoFocus}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={`${field.id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </Field>
  );
}
