import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus } from "lucide-react";
import { useId } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { definedSeasons, getSeason, saveSeason, type Season } from "~/domain/championship/championship.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { FormAlert } from "~/components/ui/form-alert";
import { RouteError } from "~/components/layout/route-error";
import { useZodForm } from "~/components/ui/use-zod-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { DEFAULT_RULES, describeRules } from "~/lib/championship/championship";
import { formatShortDate, clubToday } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { seasonSchema } from "~/lib/championship/season-schema";
import { calendarYearSeason } from "~/lib/championship/seasons";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/seasons";

export const meta: Route.MetaFunction = () => [{ title: "Season Management" }];

/**
 * Seasons and their championship rules. The form is a page section, not a dialog, chosen by
 * `?new` or `?edit=ID`: it posts and redirects without JavaScript as well as with it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const seasons = await definedSeasons(db);
  const editId = parseId(params.get("edit") ?? undefined);
  const editing = editId ? await getSeason(db, editId) : null;
  if (editId && !editing) throw data("Season Not Found", { status: 404 });
  const year = Number(clubToday(context.get(configContext)).slice(0, 4));
  // A new season defaults to the next calendar year nobody has defined yet, under SPEC's rules.
  let next = year;
  while (seasons.some((s) => s.key === String(next))) next++;
  return {
    seasons: seasons.map((s) => ({ ...s, rules: describeRules(s) })),
    form: editing ? { season: editing } : params.has("new") ? { season: null } : null,
    blank: { ...calendarYearSeason(next), ...DEFAULT_RULES },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const formData = await readForm(request, seasonSchema);
  const submission = parseWithZod(formData, { schema: seasonSchema });
  const failTitle = formData.get("id") ? "Failed to update season" : "Failed to create season";
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        toast: { type: "error", title: failTitle, description: "Please correct the marked fields." } satisfies Toast,
      },
      { status: 400 },
    );
  }
  const outcome = await saveSeason(db, submission.value);
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return data(
      { result, toast: { type: "error", title: failTitle, description: outcome.message } satisfies Toast },
      { status: outcome.field ? 409 : 404 },
    );
  }
  return redirectWithToast("/admin/seasons", {
    type: "success",
    title: outcome.created ? "Season created successfully" : "Season updated successfully",
    description: "The standings use the new rules at once.",
  });
}

export default function Seasons({ loaderData, actionData }: Route.ComponentProps) {
  const { seasons, form, blank } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3">
          <div className="space-y-1">
            <CardTitle>Season Management</CardTitle>
            <CardDescription>
              Without a season, the standings add up every result (and each calendar year with results is a season under the
              default rules).
            </CardDescription>
          </div>
          <Button asChild>
            <Link to="/admin/seasons?new">
              <Plus aria-hidden />
              Add Season
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          {seasons.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No seasons defined yet.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Season</TableHead>
                  <TableHead>Dates</TableHead>
                  <TableHead>Rules</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {seasons.map((season) => (
                  <TableRow key={season.id}>
                    <TableCell className="font-medium">
                      <Link to={`/standings?season=${season.key}`} className="text-primary hover:underline">
                        {season.name}
                      </Link>
                      <div className="text-xs text-muted-foreground">?season={season.key}</div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatShortDate(season.startsOn)} – {formatShortDate(season.endsOn)}
                    </TableCell>
                    <TableCell className="text-sm">
                      {season.rules.length === 0 ? "Every result counts (default points)." : season.rules.join(" ")}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button asChild variant="ghost" size="icon">
                        <Link to={`/admin/seasons?edit=${season.id}`} aria-label={`Edit ${season.name}`}>
                          <Pencil aria-hidden />
                        </Link>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {form && (
        <SeasonForm
          key={form.season?.id ?? "new"}
          season={form.season}
          blank={blank}
          lastResult={actionData?.result}
          failure={actionData?.toast}
        />
      )}
    </div>
  );
}

function SeasonForm({
  season,
  blank,
  lastResult,
  failure,
}: {
  season: Season | null;
  blank: Omit<Season, "id">;
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
  const field = (name: keyof typeof fields, label: string, type: "text" | "date" | "number", hint?: string) => {
    const f = fields[name] as FieldMetadata<string | number | undefined>;
    return (
      <div className="space-y-2">
        <Label htmlFor={f.id}>{label}</Label>
        <Input
          {...getInputProps(f, { type })}
          key={f.key}
          aria-describedby={[hint ? `${f.id}-hint` : "", f.errors ? f.errorId : ""].filter(Boolean).join(" ") || undefined}
        />
        {hint && (
          <p id={`${f.id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
        <FieldError id={f.errorId} errors={f.errors} />
      </div>
    );
  };
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
            {field("name", "Name", "text")}
            {field("key", "Key", "text", "Used in links: /standings?season=KEY.")}
            {field("startsOn", "First day", "date")}
            {field("endsOn", "Last day", "date")}
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Points</legend>
            {field("pointsTable", "Points for 1st, 2nd, 3rd, ...", "text", "Whole numbers separated by commas.")}
            {field("pointsBelow", "Points for every place below the table", "number")}
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-semibold">Championship rules</legend>
            {field("bestRounds", "Best rounds counted", "number", "Blank: every round counts.")}
            {field("minRounds", "Rounds needed to be classified", "number")}
            {field("dropRounds", "Rounds dropped", "number", "Each racer's worst rounds; blank: none.")}
            {field("dropAfter", "…once this many rounds were run", "number")}
            {field("minEntrants", "Boats a class needs for a race to count", "number")}
          </fieldset>
          <FieldError id={form.errorId} errors={form.errors} />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : season ? "Update Season" : "Add Season"}
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/seasons">Cancel</Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load seasons" description="An error occurred while loading seasons" />;
}
