import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { $ZodObject, output } from "zod/v4/core";

type Options<Schema extends $ZodObject> = Omit<
  Parameters<typeof useForm<output<Schema>, output<Schema>>>[0],
  "constraint" | "shouldValidate" | "shouldRevalidate" | "onValidate"
>;

/**
 * A Conform form checked in the browser with the same zod/mini schema the server uses. Every
 * form of the site validates the same way: first on submit, then as the person types. Not on
 * blur: a message appearing as a field loses focus moves the next control from under the pointer,
 * and the click that was meant for it is lost. The public forms, which hydrate no React, do the
 * same in their page script (app/browser/public-forms.ts).
 */
export function useZodForm<Schema extends $ZodObject>(schema: Schema, options: Options<Schema>) {
  return useForm<output<Schema>, output<Schema>>({
    ...options,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
