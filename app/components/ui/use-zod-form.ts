import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type Options<Schema extends z.ZodObject> = Omit<
  Parameters<typeof useForm<z.output<Schema>, z.output<Schema>>>[0],
  "constraint" | "shouldValidate" | "shouldRevalidate" | "onValidate"
>;

/**
 * A Conform form checked in the browser with the same zod schema the server uses. Every form of
 * the site validates the same way: first on submit, then as the person types. Not on blur: a
 * message appearing as a field loses focus moves the next control from under the pointer, and the
 * click that was meant for it is lost.
 */
export function useZodForm<Schema extends z.ZodObject>(schema: Schema, options: Options<Schema>) {
  return useForm<z.output<Schema>, z.output<Schema>>({
    ...options,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
