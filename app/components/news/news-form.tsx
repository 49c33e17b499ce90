import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, RequiredMarks, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Input, Textarea } from "~/components/ui/input";
import { FieldError } from "~/components/ui/label";
import { useArrivalFocus } from "~/components/ui/use-arrival-focus";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
import { NEWS_FORMAT_HELP } from "~/lib/news/format";
import { newsSchema } from "~/lib/news/news-schema";
import type { Toast } from "~/lib/util/toast";

/** A notice as the form edits it; `id` null for a new one. */
export interface EditedNotice {
  id: number | null;
  title: string;
  body: string;
  pinnedUntil: string | null;
  raceId: number | null;
}

/**
 * Writes a notice or edits one: title, text (with its small formatting, explained beside it),
 * the home page pin's last day and the race it belongs to. A page section that posts and
 * redirects, with or without JavaScript.
 */
// eslint-disable-next-line max-lines-per-function -- a form's fields in the order the screen shows them
export function NewsForm({
  notice,
  races,
  lastResult,
  failure,
}: {
  notice: EditedNotice;
  /** `dateLabel` as the list shows it ("Mar 5, 2024"): the loader formats it. */
  races: { id: number; title: string; dateLabel: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
  failure: Toast | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useZodForm(newsSchema, {
    id: useId(),
    lastResult,
    defaultValue: {
      title: notice.title,
      body: notice.body,
      pinnedUntil: notice.pinnedUntil ?? "",
      raceId: notice.raceId === null ? "" : String(notice.raceId),
    },
  });
  const helpId = `${fields.body.id}-help`;
  const pinHintId = `${fields.pinnedUntil.id}-hint`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{notice.id ? `Edit ${notice.title}` : "Write a Notice"}</CardTitle>
      </CardHeader>
      <CardContent>
        {failure && <FormAlert toast={failure} />}
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          {notice.id && <input type="hidden" name="id" value={notice.id} />}
          <RequiredMarks>
            <Field field={fields.title} label="Title">
              {/* The form opens below the list, off a phone's screen: its first field comes to the eye (issue 32 item 7). */}
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- opened on purpose by "Write Notice" or Edit */}
              <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} autoFocus={!lastResult} />
            </Field>
            <Field field={fields.body} label="Text">
              <Textarea
                {...getTextareaProps(fields.body)}
                key={fields.body.key}
                rows={8}
                aria-describedby={[helpId, fields.body.errors ? fields.body.errorId : ""].filter(Boolean).join(" ")}
              />
              <ul id={helpId} className="list-disc pl-5 text-xs text-muted-foreground">
                {NEWS_FORMAT_HELP.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field field={fields.pinnedUntil} label="Pinned to the home page until">
                <Input
                  {...getInputProps(fields.pinnedUntil, { type: "date" })}
                  key={fields.pinnedUntil.key}
                  aria-describedby={[pinHintId, fields.pinnedUntil.errors ? fields.pinnedUntil.errorId : ""]
                    .filter(Boolean)
                    .join(" ")}
                />
                <p id={pinHintId} className="text-xs text-muted-foreground">
                  Shown on the home page through this day. Blank: not pinned.
                </p>
              </Field>
              <SelectField field={fields.raceId} label="Race (optional)">
                <option value="">No race</option>
                {races.map((race) => (
                  <option key={race.id} value={race.id}>
                    {race.title} ({race.dateLabel})
                  </option>
                ))}
              </SelectField>
            </div>
          </RequiredMarks>
          <FieldError id={form.errorId} errors={form.errors} />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : notice.id ? "Update Notice" : "Publish Notice"}
            </Button>
            <Link to="/admin/news" className={buttonClasses({ variant: "outline" })}>
              Cancel
            </Link>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Asks before a notice is deleted: a page section, so it works without JavaScript. */
export function NewsDeleteConfirm({ notice }: { notice: { id: number; title: string } }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Its heading, not the destructive button, is where the eye lands.
  const heading = useArrivalFocus<HTMLHeadingElement>(notice.id);
  return (
    <Card>
      <CardHeader>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- opened on purpose by Delete; lands here without script too */}
        <CardTitle ref={heading} tabIndex={-1} autoFocus className="scroll-mt-24 outline-none">
          Delete {notice.title}?
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          The notice leaves the news page, the feed and the home page. This cannot be undone.
        </p>
        <Form method="post" className="flex gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={notice.id} />
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting..." : "Delete Notice"}
          </Button>
          <Link to="/admin/news" className={buttonClasses({ variant: "outline" })}>
            Cancel
          </Link>
        </Form>
      </CardContent>
    </Card>
  );
}
