import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField, RequiredMarks } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { FieldError } from "~/components/ui/label";
import { getFormProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
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
// eslint-disable-next-line max-lines-per-function -- a form's fields in the order the screen shows them
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
          <RequiredMarks>
            {season && <input type="hidden" name="id" value={season.id ?? ""} />}
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">Season</legend>
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- opened on purpose by "Add Season" or Edit */}
              <InputField field={fields.name} label="Name" type="text" autoFocus={!lastResult} />
              <InputField
                field={fields.key}
                label="Short form"
                type="text"
                hint="For the standings' address, such as /standings?season=2027: lower-case letters, digits and dashes."
              />
              <InputField field={fields.startsOn} label="First day" type="date" />
              <InputField field={fields.endsOn} label="Last day" type="date" />
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">Points</legend>
              <InputField
                field={fields.pointsTable}
                label="Points for 1st, 2nd, 3rd, ..."
                type="text"
                hint="Whole numbers separated by commas."
              />
              <InputField field={fields.pointsBelow} label="Points for every place below the table" type="number" />
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">Championship rules</legend>
              <InputField field={fields.bestRounds} label="Best rounds counted" type="number" hint="Blank: every round counts." />
              <InputField field={fields.minRounds} label="Rounds needed to be classified" type="number" />
              <InputField
                field={fields.dropRounds}
                label="Rounds dropped"
                type="number"
                hint="Each racer's worst rounds; blank: none."
              />
              <InputField field={fields.dropAfter} label="…once this many rounds were run" type="number" />
              <InputField field={fields.minEntrants} label="Boats a class needs for a race to count" type="number" />
            </fieldset>
          </RequiredMarks>
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
