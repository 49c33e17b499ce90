import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { data, useFetcher, useLocation, useNavigation, useRevalidator } from "react-router";
import { dbContext, loggerContext } from "~/context";
import { deleteCompetitor, listCompetitors, saveCompetitor, type AdminCompetitor } from "~/domain/racer/competitors.server";
import { requireAdmin } from "~/domain/admin/auth.server";
import { readForm } from "~/domain/platform/read-form.server";
import { Avatar } from "~/components/racer/avatar";
import { useFetcherOutcome } from "~/components/admin/use-fetcher-outcome";
import { showToast } from "~/components/layout/show-toast";
import { CompetitorSkeletonRows, CompetitorsTable } from "~/components/admin/competitors-table";
import { RouteError } from "~/components/layout/route-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { TableCell, TableRow } from "~/components/ui/table";
import { competitorSchema } from "~/lib/admin/admin-schemas";
import { BOAT_CLASSES, formatBoatClasses } from "~/lib/races/boat-classes";
import { parseId } from "~/lib/util/params";
import { boatLabel } from "~/lib/championship/standings";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/competitors";
import { useZodForm } from "~/components/ui/use-zod-form";

export const meta: Route.MetaFunction = () => [{ title: "Competitor Management" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { competitors: await listCompetitors(context.get(dbContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const formData = await readForm(request, competitorSchema, { extraFields: ["intent"] });
  const intent = formData.get("intent");

  if (intent === "delete") {
    const id = parseId(formData.get("id"));
    let outcome: Awaited<ReturnType<typeof deleteCompetitor>>;
    try {
      outcome = id ? await deleteCompetitor(db, id) : { ok: false, reason: "not-found" };
    } catch (error) {
      context.get(loggerContext).error({ err: error }, "competitor delete failed");
      return data(
        {
          ok: false,
          toast: {
            type: "error",
            title: "Failed to delete competitor",
            description: "An error occurred while deleting competitor",
          } satisfies Toast,
        },
        { status: 500 },
      );
    }
    if (outcome.ok) return { ok: true, toast: { type: "success", title: "Competitor deleted successfully" } satisfies Toast };
    const description =
      outcome.reason === "has-results"
        ? "This competitor has race results and cannot be deleted: their racing history would be lost."
        : "This competitor no longer exists.";
    return data(
      { ok: false, toast: { type: "error", title: "Failed to delete competitor", description } satisfies Toast },
      { status: outcome.reason === "has-results" ? 409 : 404 },
    );
  }

  const submission = parseWithZod(formData, { schema: competitorSchema });
  const failTitle = formData.get("id") ? "Failed to update competitor" : "Failed to create competitor";
  if (submission.status !== "success") {
    return data(
      {
        ok: false,
        result: submission.reply(),
        toast: { type: "error", title: failTitle, description: "Please correct the marked fields." } satisfies Toast,
      },
      { status: 400 },
    );
  }
  let outcome: Awaited<ReturnType<typeof saveCompetitor>>;
  try {
    outcome = await saveCompetitor(db, submission.value);
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "competitor save failed");
    return data(
      {
        ok: false,
        result: submission.reply(),
        toast: { type: "error", title: failTitle, description: "An error occurred while saving competitor" } satisfies Toast,
      },
      { status: 500 },
    );
  }
  if (!outcome.ok) {
    const message =
      outcome.reason === "duplicate-email"
        ? "Another competitor already uses this email address."
        : "This competitor no longer exists.";
    return data(
      {
        ok: false,
        result: submission.reply({
          fieldErrors: outcome.reason === "duplicate-email" ? { email: [message] } : {},
          formErrors: [message],
        }),
        toast: { type: "error", title: failTitle, description: message } satisfies Toast,
      },
      { status: outcome.reason === "duplicate-email" ? 409 : 404 },
    );
  }
  return {
    ok: true,
    toast: {
      type: "success",
      title: outcome.created ? "Competitor created successfully" : "Competitor updated successfully",
    } satisfies Toast,
  };
}

export default function Competitors({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === pathname);
  const [dialog, setDialog] = useState<{ n: number; competitor: AdminCompetitor | null } | null>(null);
  const [opened, setOpened] = useState(0);
  // Lives above the rows: the deleted row is gone by the time the answer's toast is shown.
  const deleter = useFetcher<typeof action>({ key: "competitor-delete" });
  useFetcherOutcome(deleter, (answer) => showToast(answer.toast));
  const open = (competitor: AdminCompetitor | null) => {
    setOpened((n) => n + 1);
    setDialog({ n: opened + 1, competitor });
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>Competitor Management</CardTitle>
        <Button onClick={() => open(null)}>
          <Plus aria-hidden />
          Add Competitor
        </Button>
      </CardHeader>
      <CardContent>
        <CompetitorsTable>
          {loading ? (
            <CompetitorSkeletonRows />
          ) : loaderData.competitors.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} className="py-6 text-center text-muted-foreground">
                No competitors yet.
              </TableCell>
            </TableRow>
          ) : (
            loaderData.competitors.map((c) => (
              <CompetitorRow
                key={c.id}
                competitor={c}
                deleting={deleter.state !== "idle" && deleter.formData?.get("id") === String(c.id)}
                onEdit={() => open(c)}
                onDelete={() => {
                  if (window.confirm("Are you sure you want to delete this competitor?")) {
                    void deleter.submit({ intent: "delete", id: String(c.id) }, { method: "post" });
                  }
                }}
              />
            ))
          )}
        </CompetitorsTable>
      </CardContent>
      {dialog && (
        <CompetitorDialog
          key={dialog.n}
          formKey={`competitor-${dialog.n}`}
          competitor={dialog.competitor}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

function CompetitorRow({
  competitor,
  deleting,
  onEdit,
  onDelete,
}: {
  competitor: AdminCompetitor;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <TableRow aria-busy={deleting || undefined} className={deleting ? "opacity-50" : undefined}>
      <TableCell>
        <span className="inline-flex items-center gap-2 font-medium">
          <Avatar name={competitor.name} />
          {competitor.name}
        </span>
      </TableCell>
      <TableCell>{boatLabel(competitor.boatName, competitor.boatNumber)}</TableCell>
      <TableCell>{formatBoatClasses(competitor.boatClasses)}</TableCell>
      <TableCell className="text-right tabular-nums">{competitor.wins}</TableCell>
      <TableCell className="text-right tabular-nums">{competitor.points}</TableCell>
      <TableCell className="text-right whitespace-nowrap">
        <Button variant="ghost" size="icon" aria-label={`Edit ${competitor.name}`} onClick={onEdit}>
          <Pencil aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${competitor.name}`} disabled={deleting} onClick={onDelete}>
          <Trash2 aria-hidden className="text-destructive" />
        </Button>
      </TableCell>
    </TableRow>
  );
}

function CompetitorDialog({
  formKey,
  competitor,
  onClose,
}: {
  formKey: string;
  competitor: AdminCompetitor | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: formKey });
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

  const textField = (
    name: "firstName" | "lastName" | "email" | "telephone" | "boatName" | "boatNumber" | "boatColour",
    label: string,
    type: "text" | "email" | "tel" = "text",
  ) => {
    const field = fields[name];
    return (
      <div className="space-y-2">
        <Label htmlFor={field.id}>{label}</Label>
        <Input {...getInputProps(field, { type })} key={field.key} />
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  };

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
            {textField("firstName", "First Name")}
            {textField("lastName", "Last Name")}
            {textField("email", "Email", "email")}
            {textField("telephone", "Telephone", "tel")}
            {textField("boatName", "Boat Name")}
            {textField("boatNumber", "Boat Number")}
            {textField("boatColour", "Boat Colour")}
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : competitor ? "Update Competitor" : "Add Competitor"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load competitors" description="An error occurred while loading competitors" />;
}
