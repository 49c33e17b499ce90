/**
 * The props a form and its controls take from the form's state (use-zod-form.ts): ids, names,
 * constraint attributes, default values and the message wiring (aria-invalid, aria-describedby),
 * attribute for attribute what Conform's helpers of the same names gave, so the server-rendered
 * HTML is unchanged.
 */
import type { FieldMetadata, FormMetadata } from "~/components/ui/use-zod-form";

type Props = Record<string, unknown>;

/** Drops the undefined props, so a caller's own props are not overwritten by nothing. */
function simplify<T extends Props>(props: T): T {
  for (const key in props) if (props[key] === undefined) delete props[key];
  return props;
}

function aria(field: { errorId: string; errors?: string[] }, control: boolean) {
  const invalid = field.errors !== undefined;
  return { "aria-invalid": (control && invalid) || undefined, "aria-describedby": invalid ? field.errorId : undefined };
}

export function getFormProps(form: FormMetadata) {
  return simplify({ id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, ...aria(form, false) });
}

function controlProps(field: FieldMetadata) {
  return { required: field.required || undefined, id: field.id, name: field.name, form: field.formId, ...aria(field, true) };
}

type InputOptions = { type: string; value?: string | boolean };

export function getInputProps(field: FieldMetadata, options: InputOptions) {
  const props: Props = {
    ...controlProps(field),
    type: options.type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    accept: field.accept,
  };
  if (options.value === undefined || options.value) {
    const initial = field.initialValue;
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(initial) ? initial.includes(options.value) : initial === props.value;
    } else if (typeof initial === "string") props.defaultValue = initial;
  }
  return simplify(props) as ReturnType<typeof controlProps> & { type: string; defaultValue?: string; defaultChecked?: boolean };
}

export function getSelectProps(field: FieldMetadata) {
  const initial = field.initialValue;
  return simplify({
    ...controlProps(field),
    multiple: field.multiple,
    defaultValue: Array.isArray(initial) ? initial.map((item) => `${item ?? ""}`) : (initial as string | undefined)?.toString(),
  });
}

export function getTextareaProps(field: FieldMetadata) {
  return simplify({
    ...controlProps(field),
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: (field.initialValue as string | undefined)?.toString(),
  });
}

/** One checkbox per option of a list field (`boatClasses`); a list needs no box ticked each, so no `required`. */
export function getCollectionProps(field: FieldMetadata, options: { type: "checkbox" | "radio"; options: string[] }) {
  const initial = field.initialValue;
  return options.options.map((value) =>
    simplify({
      ...controlProps(field),
      key: `${field.key ?? ""}${value}`,
      id: `${field.id}-${value}`,
      type: options.type,
      value,
      defaultChecked: options.type === "checkbox" && Array.isArray(initial) ? initial.includes(value) : initial === value,
      required: options.type === "checkbox" ? undefined : field.required,
    }),
  );
}
