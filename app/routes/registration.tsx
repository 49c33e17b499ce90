import { getCollectionProps, getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Printer } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { countPublicPost, isBot } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { countRegistrationLookup, registerDriver } from "~/domain/registration/registrations.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { FormAlert } from "~/components/ui/form-alert";
import { FormNotice } from "~/components/ui/form-notice";
import { Honeypot } from "~/components/ui/honeypot";
import { RegistrationDialogModal, RegistrationDialogPanel } from "~/components/registration/registration-dialogs";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { pipaPolicyParagraphs } from "~/lib/registration/pipa";
import { RACE_EMAILS } from "~/lib/registration/race-messages";
import {
  CHANGE_NOTICES,
  driverRegistrationSchema,
  HONEYPOT_FIELD,
  parseDriverIntent,
  PRINT_POPUP_BLOCKED,
  printFormUrl,
  REGISTRATION_TOASTS,
  tooManyRequestsToast,
  type DriverRegistration,
  type RegistrationDialog,
} from "~/lib/registration/registration";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/registration";
import { useZodForm } from "~/components/ui/use-zod-form";
import { HYDRATE } from "~/lib/site/page";
import { linkPreview, previewSite } from "~/lib/site/link-preview";

/** A form page: hydrates (docs/decisions/0012-read-pages-without-a-framework.md). */
export const handle = HYDRATE;

const FORM_ID = "registration-form";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: "Driver Registration",
    description: `Register as a driver with the ${site?.clubName ?? "club"}: your details, your boat and your classes, on one form.`,
  });
};

export function loader({ context }: Route.LoaderArgs) {
  return { policy: pipaPolicyParagraphs(context.get(configContext).clubName) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const { clubName, clubEmail, siteUrl } = context.get(configContext);
  const none: { dialog: RegistrationDialog | null; toast: Toast | null; notice: Toast | null } = {
    dialog: null,
    toast: null,
    notice: null,
  };

  const limit = await countPublicPost(db, "registration", context.get(clientAddressContext));
  if (!limit.allowed) {
    return data(
      { ...none, result: undefined, toast: tooManyRequestsToast(limit.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const formData = await readForm(request, driverRegistrationSchema, { extraFields: ["intent", HONEYPOT_FIELD] });
  // Bots get the success they expect, and nothing is saved.
  if (isBot(formData)) return redirectWithToast("/", REGISTRATION_TOASTS.driverSaved);

  const submission = parseWithZod(formData, { schema: driverRegistrationSchema });
  // A failed validation is a 400, on every form; the page still renders the form with its messages.
  if (submission.status !== "success") return data({ ...none, result: submission.reply() }, { status: 400 });
  const intent = parseDriverIntent(formData.get("intent"));
  if (intent === "cancel") return { ...none, result: submission.reply() };

  try {
    const outcome = await registerDriver(db, submission.value, intent, { clubName, clubEmail, siteUrl });
    if (outcome.kind === "confirm-update" || outcome.kind === "confirm-new-email") {
      // A dialog shows a registration: counted per address, so nobody can try address after address.
      const lookups = await countRegistrationLookup(db, context.get(clientAddressContext));
      if (!lookups.allowed) {
        return data(
          { ...none, result: submission.reply(), toast: tooManyRequestsToast(lookups.retryAfterSeconds) },
          { status: 429, headers: { "Retry-After": String(lookups.retryAfterSeconds) } },
        );
      }
    }
    switch (outcome.kind) {
      case "saved":
        return redirectWithToast("/", REGISTRATION_TOASTS.driverSaved);
      case "confirmation-sent":
        return { ...none, result: submission.reply({ resetForm: true }), notice: CHANGE_NOTICES.sent(outcome.maskedEmail) };
      case "confirmation-already-sent":
        return {
          ...none,
          result: submission.reply({ resetForm: true }),
          notice: CHANGE_NOTICES.alreadySent(outcome.maskedEmail),
        };
      case "no-address":
        return data({ ...none, result: submission.reply(), toast: CHANGE_NOTICES.noAddress(clubEmail) }, { status: 409 });
      case "confirm-update":
        return {
          ...none,
          result: submission.reply(),
          dialog: { type: "update", existing: outcome.existing } satisfies RegistrationDialog,
        };
      case "confirm-new-email":
        return {
          ...none,
          result: submission.reply(),
          dialog: { type: "new-email", existing: outcome.existing } satisfies RegistrationDialog,
        };
    }
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "driver registration failed");
    return data({ ...none, result: submission.reply(), toast: REGISTRATION_TOASTS.driverFailed }, { status: 500 });
  }
}

function openPrintForm(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const form = document.getElementById(FORM_ID);
  const classes = form instanceof HTMLFormElement ? new FormData(form).getAll("boatClasses").map(String) : [];
  // A same-origin page with its own script file: the site's CSP allows no inline script in a popup.
  const popup = window.open(printFormUrl(classes), "_blank", "popup,width=850,height=1000");
  if (!popup) window.alert(PRINT_POPUP_BLOCKED);
}

function PrintFormButton({ className }: { className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      {/* Without JavaScript the link still opens a blank paper form. */}
      <a href={printFormUrl([])} target="_blank" rel="noopener" onClick={openPrintForm}>
        <Printer aria-hidden />
        Print Form
      </a>
    </Button>
  );
}

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/registration";
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState<unknown>(null);

  const [form, fields] = useZodForm(driverRegistrationSchema, {
    id: FORM_ID,
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: { boatClasses: ["Open"] },
  });

  useToast(actionData?.toast ?? actionData?.notice);

  const dialog = actionData?.dialog && dismissed !== actionData ? actionData.dialog : null;
  const classErrors = fields.boatClasses.errors ?? Object.values(fields.boatClasses.allErrors).flat();

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader className="gap-4">
        <div className="flex items-start justify-between gap-4">
          <img src="/images/logo.svg" alt="" width={64} height={64} className="size-16" />
          <PrintFormButton />
        </div>
        <h1 className="text-2xl font-bold sm:text-3xl">Driver Registration</h1>
        <p className="text-sm text-muted-foreground">Fields marked with an asterisk (*) are required.</p>
      </CardHeader>
      <CardContent>
        <FormAlert toast={actionData?.toast} />
        <FormNotice notice={actionData?.notice} />
        <Form method="post" action="/registration" {...getFormProps(form)} className="relative space-y-5">
          {dialog && !hydrated && <RegistrationDialogPanel dialog={dialog} />}
          <Honeypot />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="First Name*" meta={fields.firstName} autoComplete="given-name" />
            <TextField label="Last Name*" meta={fields.lastName} autoComplete="family-name" />
            <TextField label="Boat Name" meta={fields.boatName} autoComplete="off" />
            <TextField label="Boat Number*" meta={fields.boatNumber} autoComplete="off" />
          </div>

          <fieldset className="space-y-2" aria-describedby={classErrors.length ? fields.boatClasses.errorId : undefined}>
            <legend className="mb-2 text-sm font-medium">Boat Class*</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {getCollectionProps(fields.boatClasses, { type: "checkbox", options: ["Open", "Superboat"] }).map((props) => (
                <label key={props.key} className="flex items-center gap-2 text-sm">
                  <Checkbox {...props} key={props.key} />
                  {props.value === "Open" ? "Open Class" : "Superboat Class"}
                </label>
              ))}
            </div>
            <FieldError id={fields.boatClasses.errorId} errors={classErrors} />
          </fieldset>

          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Telephone" meta={fields.telephone} type="tel" autoComplete="tel" />
            <TextField label="Email*" meta={fields.email} type="email" autoComplete="email" />
          </div>

          <div className="space-y-2">
            <label className="flex items-start gap-2 text-sm font-medium">
              <Checkbox
                {...getInputProps(fields.pipaConsent, { type: "checkbox" })}
                key={fields.pipaConsent.key}
                className="mt-0.5"
              />
              I agree to the PIPA Policy*
            </label>
            <details className="rounded-md border px-3 py-2 text-sm">
              <summary className="cursor-pointer font-medium text-primary">Read the full PIPA Policy</summary>
              <div className="mt-2 space-y-2 text-muted-foreground">
                {loaderData.policy.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </details>
            <FieldError id={fields.pipaConsent.errorId} errors={fields.pipaConsent.errors} />
          </div>

          <div className="space-y-1">
            <label className="flex items-start gap-2 text-sm font-medium">
              <Checkbox
                {...getInputProps(fields.raceEmails, { type: "checkbox" })}
                key={fields.raceEmails.key}
                aria-describedby="race-emails-hint"
                className="mt-0.5"
              />
              {RACE_EMAILS.optInLabel}
            </label>
            <p id="race-emails-hint" className="pl-6 text-xs text-muted-foreground">
              {RACE_EMAILS.optInHint}
            </p>
          </div>

          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" name="intent" value="submit" disabled={busy} className="flex-1 sm:flex-none">
              {busy ? "Submitting..." : "Submit Registration"}
            </Button>
            <PrintFormButton className="sm:hidden" />
          </div>
        </Form>
        {hydrated && <RegistrationDialogModal dialog={dialog} busy={busy} onCancel={() => setDismissed(actionData)} />}
      </CardContent>
    </Card>
  );
}

type FieldMeta = FieldMetadata<string | undefined, DriverRegistration>;

function TextField({
  label,
  meta,
  type = "text",
  autoComplete,
}: {
  label: string;
  meta: FieldMeta;
  type?: "text" | "email" | "tel";
  autoComplete: string;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input {...getInputProps(meta, { type })} key={meta.key} autoComplete={autoComplete} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
