import { DriverFields } from "~/components/registration/driver-fields";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { countPublicPost, isBot } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { countRegistrationLookup, lookupsLeft, registerDriver } from "~/domain/registration/registrations.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { FormAlert } from "~/components/ui/form-alert";
import { FormNotice } from "~/components/ui/form-notice";
import { Honeypot } from "~/components/ui/honeypot";
import {
  REGISTRATION_FORM_ID,
  RegistrationDialogModal,
  RegistrationDialogPanel,
} from "~/components/registration/registration-dialogs";
import { PrintFormButton } from "~/components/registration/print-form-button";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { REQUIRED_NOTE } from "~/components/ui/field";
import { FieldErrorSlots } from "~/components/ui/label";
import { pipaPolicyParagraphs } from "~/lib/registration/pipa";
import {
  CHANGE_NOTICES,
  driverRegistrationSchema,
  parseDriverIntent,
  REGISTRATION_TOASTS,
  tooManyRequestsToast,
  type RegistrationDialog,
} from "~/lib/registration/registration";
import { HONEYPOT_FIELD } from "~/lib/platform/form-submit";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/registration";
import { getFormProps, useZodForm } from "~/components/ui/use-zod-form";
import { PUBLIC_FORM, readPageData } from "~/lib/platform/page";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";

/**
 * A public form without the framework (docs/decisions/0033-public-forms-without-the-framework.md):
 * server HTML, and a small page script for the checks as you type, the dialogs and the print button.
 */
export const handle = PUBLIC_FORM;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: "Driver Registration",
    description: `Register as a driver with the ${site?.clubName ?? "club"}: your details, your boat and your classes, on one form.`,
  });
};

export function loader({ request, context }: Route.LoaderArgs) {
  return readPageData(request, { policy: pipaPolicyParagraphs(context.get(configContext).clubName) });
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
    // A dialog's button answers differently for an address on file and one that is not: once this
    // client is over its limit of lookups, it is refused before anything is looked up or mailed.
    if (intent !== "submit") {
      const left = await lookupsLeft(db, context.get(clientAddressContext));
      if (!left.allowed) return tooManyLookups(submission.reply(), left.retryAfterSeconds);
    }
    const outcome = await registerDriver(db, submission.value, intent, { clubName, clubEmail, siteUrl }, CURRENT_NOTICE.version);
    if (outcome.kind === "confirm-update" || outcome.kind === "confirm-new-email") {
      // A dialog shows a registration: counted per address, so nobody can try address after address.
      const lookups = await countRegistrationLookup(db, context.get(clientAddressContext));
      if (!lookups.allowed) return tooManyLookups(submission.reply(), lookups.retryAfterSeconds);
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

/** Over the per-client limit of lookups: the same 429 whatever the answer would have been. */
function tooManyLookups<R>(result: R, retryAfterSeconds: number) {
  return data(
    { dialog: null, notice: null, result, toast: tooManyRequestsToast(retryAfterSeconds) },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm(driverRegistrationSchema, {
    id: REGISTRATION_FORM_ID,
    lastResult: actionData?.result,
    defaultValue: { boatClasses: ["Open"] },
  });
  const dialog = actionData?.dialog ?? null;

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader layout="flex-col gap-4">
        <div className="flex items-start justify-between gap-4">
          <img src="/images/logo.svg" alt="" width={64} height={64} className="size-16" />
          <PrintFormButton />
        </div>
        <h1 className="text-2xl font-bold sm:text-3xl">Driver Registration</h1>
        <p className="text-sm text-muted-foreground">{REQUIRED_NOTE}</p>
      </CardHeader>
      <CardContent>
        <FormAlert toast={actionData?.toast} />
        <FormNotice notice={actionData?.notice} />
        <FieldErrorSlots value>
          <form method="post" action="/registration" {...getFormProps(form)} className="relative space-y-5">
            {dialog && <RegistrationDialogPanel dialog={dialog} />}
            <Honeypot />
            <DriverFields fields={fields} policy={loaderData.policy} />
            <PrivacyNoticeLink />

            <div className="flex flex-col gap-3 sm:flex-row">
              <Button type="submit" name="intent" value="submit" data-busy-label="Submitting..." className="flex-1 sm:flex-none">
                Submit Registration
              </Button>
              <PrintFormButton className="sm:hidden" />
            </div>
          </form>
        </FieldErrorSlots>
        {dialog && <RegistrationDialogModal dialog={dialog} />}
      </CardContent>
    </Card>
  );
}
