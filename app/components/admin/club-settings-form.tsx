import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, InputField, TextareaField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Input } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { getFormProps, getInputProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
import { clubSettingsSchema, MAX_SOCIAL_LINKS, type Club } from "~/lib/platform/club-settings";
import type { Toast } from "~/lib/util/toast";

/**
 * The club's settings, one form. Social links are rows of label + address with a spare blank row;
 * "Add a link" and "Remove" change the rows in the browser, and without JavaScript they post the
 * form back and the server answers with the rows changed (nothing is saved until "Save settings").
 */
// eslint-disable-next-line max-lines-per-function -- a form's fields in the order the screen shows them
export function ClubSettingsForm({
  club,
  lastResult,
  failure,
}: {
  club: Club;
  lastResult: SubmissionResult<string[]> | undefined;
  failure: Toast | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useZodForm(clubSettingsSchema, {
    id: "club-settings",
    lastResult,
    defaultValue: {
      ...club,
      founded: String(club.founded),
      inactiveYears: String(club.inactiveYears),
      social: [...club.social, { label: "", href: "" }],
    },
  });
  const rows = fields.social.getFieldList();
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      {failure && <FormAlert toast={failure} />}
      <Section title="The club">
        <InputField field={fields.name} label="Club name" autoComplete="organization" />
        <InputField field={fields.shortName} label="Short name" />
        <InputField field={fields.founded} label="Year founded" type="number" inputMode="numeric" />
        <InputField field={fields.email} label="Contact e-mail" type="email" autoCapitalize="none" />
        <InputField
          field={fields.timeZone}
          label="Time zone (IANA name, such as Atlantic/Bermuda)"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Section>
      <Section title="Home page">
        <InputField field={fields.heroHeading} label="Heading" />
        <TextareaField field={fields.heroInvitation} label="Invitation under the heading" />
        <TextareaField field={fields.welcome} label="Welcome" />
        <TextareaField field={fields.vision} label="Vision" />
      </Section>
      <Section title="Footer">
        <TextareaField field={fields.blurb} label="Blurb" />
        <TextareaField field={fields.missionQuote} label="Mission quote" />
      </Section>
      <Section title="Privacy officer">
        <p id="privacy-officer-hint" className="text-sm text-muted-foreground">
          The person responsible for how the club uses personal information (PIPA). The privacy notice at /privacy names them and
          says where to write.
        </p>
        <InputField field={fields.privacyOfficerName} label="Privacy officer's name" autoComplete="name" />
        <TextareaField field={fields.privacyOfficerAddress} label="Privacy officer's postal or e-mail address" />
        <InputField
          field={fields.inactiveYears}
          label="Years without an entry or result before a racer's contact details are removed"
          type="number"
          inputMode="numeric"
        />
        <p className="text-sm text-muted-foreground">
          The racer is e-mailed first and may keep their details; their results always stay under their name.
        </p>
      </Section>
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold">Social links</legend>
        <p id="social-hint" className="text-sm text-muted-foreground">
          Each link needs a label (Facebook) and a full https:// address. A row left blank is not saved.
        </p>
        <ul className="space-y-3">
          {rows.map((row, index) => {
            const link = row.getFieldset();
            return (
              <li key={row.key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                <Field field={link.label} label={`Label ${index + 1}`}>
                  <Input {...getInputProps(link.label, { type: "text" })} key={link.label.key} />
                </Field>
                <Field field={link.href} label={`Address ${index + 1}`}>
                  <Input
                    {...getInputProps(link.href, { type: "url" })}
                    key={link.href.key}
                    autoCapitalize="none"
                    placeholder="https://"
                  />
                </Field>
                <Button variant="outline" {...form.remove.getButtonProps({ name: fields.social.name, index })}>
                  Remove<span className="sr-only"> link {index + 1}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <FieldError id={fields.social.errorId} errors={fields.social.errors} />
        {rows.length < MAX_SOCIAL_LINKS && (
          <Button
            variant="outline"
            {...form.insert.getButtonProps({ name: fields.social.name, defaultValue: { label: "", href: "" } })}
          >
            Add a link
          </Button>
        )}
      </fieldset>
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save settings"}
      </Button>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
