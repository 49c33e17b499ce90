/**
 * Form building blocks: a field is its label, its control and its message, wired together by
 * Conform's ids (the label names the control, the message describes it). One place for that
 * wiring, so every form gets it right.
 */
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/util/cn";
import { Checkbox } from "~/components/ui/checkbox";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "~/components/ui/use-zod-form";

// Conform's field metadata, whatever the field's value type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any>;

/** A label over any control, and the field's message under it. */
export function Field({
  field,
  label,
  className,
  children,
  after,
}: {
  field: AnyField;
  label: ReactNode;
  className?: string;
  children: ReactNode;
  /** A note under the message (e.g. why a list is empty). */
  after?: ReactNode;
}) {
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={field.id}>{label}</Label>
      {children}
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
  type = "text",
  className,
  ...input
}: {
  field: AnyField;
  label: ReactNode;
  type?: InputType;
  className?: string;
} & Omit<ComponentProps<"input">, "type" | "name" | "id" | "form" | "defaultValue" | "className">) {
  return (
    <Field field={field} label={label} className={className}>
      <Input {...getInputProps(field, { type })} key={field.key} {...input} />
    </Field>
  );
}

/** A labelled text area with its message. */
export function TextareaField({ field, label, className }: { field: AnyField; label: ReactNode; className?: string }) {
  return (
    <Field field={field} label={label} className={className}>
      <Textarea {...getTextareaProps(field)} key={field.key} />
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
