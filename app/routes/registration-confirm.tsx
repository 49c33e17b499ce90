import { createContext, data, Form } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { confirmChange, viewPendingChange, type ChangeValues } from "~/domain/registration/changes.server";
import { FormAlert } from "~/components/ui/form-alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { CONFIRM_PAGE, REGISTRATION_TOASTS, tooManyRequestsToast } from "~/lib/registration/registration";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/registration-confirm";

type Details = Omit<ChangeValues, "email"> & { email: string | null };
type Row = { field: string; current: string; next: string; changed: boolean };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: CONFIRM_PAGE.title }, { name: "robots", content: "noindex" }];

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function rows(current: Details, next: ChangeValues): Row[] {
  const show = (v: string | null | undefined) => v || "Not specified";
  const pairs: [string, string, string][] = [
    ["Name", `${current.firstName} ${current.lastName}`, `${next.firstName} ${next.lastName}`],
    ["Boat Name", show(current.boatName), show(next.boatName)],
    ["Boat Number", show(current.boatNumber), show(next.boatNumber)],
    ["Boat Classes", show(current.boatClasses.join(", ")), show(next.boatClasses.join(", "))],
    ["Telephone", show(current.telephone), show(next.telephone)],
    ["Email", show(current.email), next.email],
    // Ticking the box opts in; leaving it unticked keeps the driver's choice (decision 0022).
    ["Race E-mails", yesNo(current.raceEmails), yesNo(current.raceEmails || next.raceEmails)],
  ];
  return pairs.map(([field, now, after]) => ({ field, current: now, next: after, changed: now !== after }));
}

type Page =
  { state: "pending"; rows: Row[] } | { state: "applied"; title: string; message: string } | { state: "refused"; alert: Toast };

function refused(alert: Toast, status: number, headers?: HeadersInit) {
  return data<Page>({ state: "refused", alert }, { status, headers });
}

/** Unknown is 404; used or expired is 410 (Gone): the link existed and will never work again. */
function linkRefused(kind: "unknown" | "used" | "expired") {
  return refused(CONFIRM_PAGE[kind], kind === "unknown" ? 404 : 410);
}

/**
 * Set by a successful POST. Without JavaScript the loader runs after the action in the same
 * request; it must not answer 410 for the link the action has just used.
 */
const appliedContext = createContext<Page | null>(null);

/** Shows the change and a button. A GET never applies it: mail scanners open links. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const applied = context.get(appliedContext);
  if (applied) return data<Page>(applied);
  const view = await viewPendingChange(context.get(dbContext), params.token);
  if (view.kind !== "pending") {
    return linkRefused(view.kind);
  }
  return data<Page>({ state: "pending", rows: rows(view.current, view.next) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const { clubName, clubEmail } = context.get(configContext);
  const limit = await countPublicPost(db, "registration-confirm", context.get(clientAddressContext));
  if (!limit.allowed) {
    return refused(tooManyRequestsToast(limit.retryAfterSeconds), 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  try {
    const outcome = await confirmChange(db, params.token, { clubName, clubEmail });
    switch (outcome.kind) {
      case "applied": {
        const page: Page = { state: "applied", title: CONFIRM_PAGE.applied.title, message: CONFIRM_PAGE.applied.description };
        context.set(appliedContext, page);
        return data<Page>(page);
      }
      case "email-taken":
        return refused(CONFIRM_PAGE.emailTaken(clubEmail), 409);
      default:
        return linkRefused(outcome.kind);
    }
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "registration change confirmation failed");
    return refused(REGISTRATION_TOASTS.driverFailed, 500);
  }
}

export default function ConfirmRegistrationChange({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">{page.state === "applied" ? page.title : CONFIRM_PAGE.title}</h1>
      </CardHeader>
      <CardContent className="space-y-5">
        {page.state === "refused" && <FormAlert toast={page.alert} />}
        {page.state === "applied" && (
          <p role="status" className="text-base">
            {page.message}
          </p>
        )}
        {page.state === "pending" && <PendingChange rows={page.rows} />}
      </CardContent>
    </Card>
  );
}

function PendingChange({ rows }: { rows: Row[] }) {
  const changed = rows.some((r) => r.changed);
  return (
    <>
      <p>{CONFIRM_PAGE.intro}</p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{CONFIRM_PAGE.columns.field}</TableHead>
            <TableHead>{CONFIRM_PAGE.columns.current}</TableHead>
            <TableHead>{CONFIRM_PAGE.columns.next}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.field} className={r.changed ? "font-semibold" : undefined}>
              <TableCell>{r.field}</TableCell>
              <TableCell className="break-words">{r.current}</TableCell>
              <TableCell className="break-words">{r.next}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!changed && <p className="text-sm text-muted-foreground">{CONFIRM_PAGE.noChange}</p>}
      <Form method="post">
        <Button type="submit">{CONFIRM_PAGE.button}</Button>
      </Form>
    </>
  );
}

// After the POST the action's answer is the page: re-reading the (now used) link would only 410.
export const shouldRevalidate = () => false;
