/**
 * Form building blocks: a field is its label, its control and its message, wired together by
 * Conform's ids (the label names the control, the message describes it). One place for that
 * wiring, so every form gets it right.
 */
import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/util/cn";
import { Checkbox } from "~/components/ui/checkbox";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "~/components/ui/use-zod-form";

// Conform's field metadata, whatever the field's value type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any>;

/** The one wording of the mark's meaning, on every form that marks its required fields. */
export const REQUIRED_NOTE = "Fields marked with an asterisk (*) are required.";

const MarksRequired = createContext(false);

/**
 * A form whose required fields say so before the first error (issue 32 item 8): it opens with
 * what the mark means, and each field inside whose schema requires it shows the mark. The mark is
 * for the eye; the control's `required` attribute tells a screen reader.
 */
export function RequiredMarks({ children }: { children: ReactNode }) {
  return (
    <MarksRequired.Provider value>
      <p className="text-sm text-muted-foreground">{REQUIRED_NOTE}</p>
      {children}
    </MarksRequired.Provider>
  );
}

/** The id of a field's hint, which its control names as its description. */
function hintId(field: AnyField): string {
  return `${field.id}-hint`;
}

/** A control's `aria-describedby`: its hint, then its message when it has one. */
export function describedBy(field: AnyField, hint: ReactNode | undefined): string | undefined {
  return [hint ? hintId(field) : "", field.errors ? field.errorId : ""].filter(Boolean).join(" ") || undefined;
}

/**
 * A label over any control, a hint under it (the field's rule, said before any error: the control
 * must name it with `describedBy`), and the field's message.
 */
export function Field({
  field,
  label,
  hint,
  className,
  children,
  after,
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
  /** A note under the message (e.g. why a list is empty). */
  after?: ReactNode;
}) {
  const marked = useContext(MarksRequired) && field.required;
  return (
    <div className={cn("space-y-2", className)}>
      {marked ? (
        // Beside the label, not in it: the control's name stays its label (its `required` says the rest).
        <div className="flex gap-1">
          <Label htmlFor={field.id}>{label}</Label>
          <span aria-hidden="true" className="text-sm leading-none text-destructive">
            *
          </span>
        </div>
      ) : (
        <Label htmlFor={field.id}>{label}</Label>
      )}
      {children}
      {hint && (
        <p id={hintId(field)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={field.errorId} errors={field.errors} />
      {after}
    </div>
  );
}

type InputType = "text" | "email" | "tel" | "date" | "datetime-local" | "number" | "password" | "search" | "url";

/** A labelled text-like input with its message. */
export function InputField({
  field,
  label,
  hint,
  type = "text",
  className,
  ...input
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  type?: InputType;
  className?: string;
} & Omit<ComponentProps<"input">, "type" | "name" | "id" | "form" | "defaultValue" | "className">) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <Input {...getInputProps(field, { type })} key={field.key} aria-describedby={describedBy(field, hint)} {...input} />
    </Field>
  );
}

/** A labelled text area with its message. */
export function TextareaField({
  field,
  label,
  hint,
  className,
}: {
  field: AnyField;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <Field field={field} label={label} hint={hint} className={className}>
      <Textarea {...getTextareaProps(field)} key={field.key} aria-describedby={describedBy(field, hint)} />
    </Field>
  );
}

/** A labelled native select (the best picker on a phone) with its message. */
export function SelectField({
  field,
  label,
  className,
  children,
  after,
  ...select
}: {
  field: AnyField;
  label: ReactNode;
  className?: string;
  children: ReactNode;
  after?: ReactNode;
} & Omit<ComponentProps<"select">, "name" | "id" | "form" | "defaultValue" | "className" | "children">) {
  return (
    <Field field={field} label={label} className={className} after={after}>
      <NativeSelect {...getSelectProps(field)} key={field.key} {...select}>
        {children}
      </NativeSelect>
    </Field>
  );
}

/** A checkbox with its label beside it, and its message. */
export function CheckboxField({
  field,
  label,
  value,
  className,
}: {
  field: AnyField;
  label: ReactNode;
  /** For one box of a list (`boatClasses`): the value this box posts. */
  value?: string;
  className?: string;
}) {
  const props = getInputProps(field, { type: "checkbox", value: value ?? "on" });
  const id = value ? `${field.id}-${value}` : field.id;
  return (
    <div className={className}>
      <div className="flex items-center gap-2">
        <Checkbox {...props} id={id} key={field.key} />
        <Label htmlFor={id}>{label}</Label>
      </div>
      {!value && <FieldError id={field.errorId} errors={field.errors} />}
    </div>
  );
}
