import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { $ZodObject, output } from "zod/v4/core";
import { constraintOf, zodConstraint, type Constraint } from "~/lib/util/form-constraint";
import {
  formErrors,
  formatPath,
  formPayload,
  getPathValue,
  INTENT,
  isPathPrefix,
  normalize,
  parsePath,
  readIntent,
  serialize,
  setPathValue,
  updateList,
  type ListIntent,
} from "~/lib/util/form-data";

export { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps } from "~/components/ui/form-props";

/** What the server's `submission.reply()` sends back (Conform's SubmissionResult). */
export interface SubmissionResult<FormError = string[]> {
  status?: "error" | "success";
  intent?: unknown;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, FormError | null>;
  state?: { validated?: Record<string, boolean> };
  fields?: string[];
}

export interface FieldMetadata<T = unknown> extends Constraint {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  allErrors: Record<string, string[]>;
  initialValue: unknown;
  key?: string;
  getFieldList(): FieldMetadata<NonNullable<T> extends readonly (infer Item)[] ? Item : unknown>[];
  getFieldset(): NonNullable<T> extends Record<string, unknown> ? Fieldset<NonNullable<T>> : Record<string, FieldMetadata>;
}
export type Fieldset<T> = { [K in keyof T]-?: FieldMetadata<T[K]> };

type ButtonProps = { name: string; value: string; form: string; formNoValidate: true };
export interface FormMetadata extends FieldMetadata<never> {
  status?: "error" | "success";
  noValidate: true;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  insert: { getButtonProps(payload: { name: string; index?: number; defaultValue?: unknown }): ButtonProps };
  remove: { getButtonProps(payload: { name: string; index: number }): ButtonProps };
}

interface State {
  initialValue: Record<string, unknown>;
  error: Record<string, string[]>;
  validated: Record<string, boolean>;
  status?: "error" | "success";
  keys: Record<string, string>;
}

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

let lastKey = 0;
const newKey = () => `k${++lastKey}`;

/** New keys for every list item, so React renders each row anew (a reset, a new row). */
function listKeys(value: unknown, prefix: string, keys: Record<string, string> = {}) {
  if (Array.isArray(value))
    value.forEach((item, i) => {
      keys[`${prefix}[${i}]`] = newKey();
      listKeys(item, `${prefix}[${i}]`, keys);
    });
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) listKeys(v, prefix ? `${prefix}.${k}` : k, keys);
  return keys;
}

/** Moves the entries under a list's items as the list changes (`social[2].href` -> `social[1].href` when 0 goes). */
function shiftList<T>(entries: Record<string, T>, intent: ListIntent, inserted?: T): Record<string, T> {
  const { name } = intent.payload;
  const items: Record<string, T>[] = [];
  const next: Record<string, T> = {};
  for (const [key, value] of Object.entries(entries)) {
    const [index, ...rest] = isPathPrefix(key, name) ? parsePath(key).slice(parsePath(name).length) : [];
    if (typeof index !== "number") next[key] = value;
    else (items[index] ??= {})[rest.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("")] = value;
  }
  const list: (Record<string, T> | undefined)[] = Array.from({ length: items.length }, (_, i) => items[i]);
  updateList(list, { ...intent, payload: { ...intent.payload, defaultValue: inserted === undefined ? {} : { "": inserted } } });
  list.forEach((item, i) => Object.entries(item ?? {}).forEach(([rest, value]) => (next[`${name}[${i}]${rest}`] = value)));
  return next;
}

function initialState(lastResult: SubmissionResult | undefined, defaultValue: unknown, reset: boolean): State {
  const initialValue = (lastResult?.initialValue ?? serialize(defaultValue) ?? {}) as Record<string, unknown>;
  const keys = listKeys(initialValue, "");
  if (reset) keys[""] = newKey();
  const state: State = { initialValue, keys, error: {}, validated: {}, status: lastResult?.status };
  report(state, { ...lastResult, status: lastResult?.status }, false);
  return state;
}

/**
 * An answer (the server's, or the browser's own check of a submit or a keystroke) applied to the
 * form's state as Conform applies it: the messages of the fields checked so far, a list button's change.
 */
function report(state: State, result: SubmissionResult, applyLists: boolean) {
  const previous = state.error;
  state.error = {};
  for (const [name, error] of Object.entries(result.error ?? {})) {
    const kept = error === null ? previous[name] : error;
    if (kept) state.error[name] = kept;
  }
  state.validated = { ...state.validated, ...result.state?.validated };
  const intent = result.intent as ListIntent | { type: "validate"; payload: { name: string } } | undefined;
  if (!intent) {
    for (const name of [...Object.keys(state.error), ...(result.fields ?? [])]) state.validated[name] = true;
    return;
  }
  if (intent.type !== "validate") {
    if (applyLists) {
      state.initialValue = structuredClone(state.initialValue);
      setPathValue(state.initialValue, intent.payload.name, (list) => {
        updateList((list ??= []) as unknown[], intent);
        return list;
      });
      state.keys = shiftList(state.keys, intent, newKey());
    }
    state.validated = shiftList(state.validated, intent);
  }
  state.validated[intent.payload.name] = true;
  const checked = (result.fields ?? []).filter((field) => state.validated[field]);
  state.error = Object.fromEntries(
    Object.entries(state.error).filter(([name]) => state.validated[name] || checked.some((field) => isPathPrefix(name, field))),
  );
}

type Options = { id?: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Record<string, unknown> };

/**
 * A form checked in the browser with the same zod schema the server uses (a zod/mini schema too),
 * with the props Conform gave its fields, without loading Conform: the server's messages (the
 * same reading of the posted fields, app/lib/util/form-data.ts) under the same fields. Every form
 * of the site validates the same way: first on submit, then as the person types. Not on blur: a
 * message appearing as a field loses focus moves the next control from under the pointer, and the
 * click that was meant for it is lost. The public forms, which hydrate no React, do the same in
 * their page script (app/browser/public-forms.ts).
 */
// eslint-disable-next-line max-lines-per-function -- one hook: the form's state and the field props Conform gave share its closures
export function useZodForm<Schema extends $ZodObject>(schema: Schema, options: Options) {
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const lastResult = options.lastResult ?? undefined;
  const [state, setState] = useState(() => initialState(lastResult, options.defaultValue, false));
  const constraints = useMemo(() => zodConstraint(schema), [schema]);
  const value = useMemo(() => (normalize(state.initialValue) ?? {}) as Record<string, unknown>, [state.initialValue]);
  const latest = useRef({ state, lastResult, defaultValue: options.defaultValue, formId });

  const apply = (result: SubmissionResult, applyLists = true) => {
    const next: State = { ...latest.current.state };
    if (result.initialValue === null) return update(initialState(undefined, latest.current.defaultValue, true));
    next.status = result.status;
    report(next, result, applyLists);
    update(next);
    if (result.status !== "error") return;
    const form = document.forms.namedItem(latest.current.formId);
    for (const element of form?.elements ?? []) {
      const name = (element as HTMLInputElement).name;
      if (name && next.error[name] && "focus" in element) return (element as HTMLElement).focus();
    }
  };
  const update = (next: State) => {
    latest.current.state = next;
    setState(next);
  };
  // A list button's change applies before the check, as on the server: the messages follow the rows.
  const check = (data: FormData, intent?: ListIntent | { type: "validate"; payload: { name: string } }) => {
    const { payload, fields } = formPayload(data);
    if (intent && intent.type !== "validate")
      setPathValue(payload, intent.payload.name, (list) => {
        updateList((list ??= []) as unknown[], intent);
        return list;
      });
    return { intent, fields, error: formErrors(schema, payload) ?? {} };
  };

  useIsomorphicLayoutEffect(() => {
    const previous = { ...latest.current };
    Object.assign(latest.current, { defaultValue: options.defaultValue, formId, lastResult });
    if (previous.formId !== formId) update(initialState(undefined, options.defaultValue, true));
    else if (lastResult && lastResult !== previous.lastResult) apply(lastResult, false);
  });
  // Keystrokes in a field already checked check the form again (a document listener, as controls may sit outside the form).
  useEffect(() => {
    const onInput = (event: Event) => {
      const element = event.target as HTMLInputElement;
      const form = document.forms.namedItem(latest.current.formId);
      if (!form || element.form !== form || !element.name || event.defaultPrevented) return;
      if (!latest.current.state.validated[element.name]) return;
      apply(check(new FormData(form), { type: "validate", payload: { name: element.name } }));
    };
    const onReset = (event: Event) => {
      if (event.target === document.forms.namedItem(latest.current.formId) && !event.defaultPrevented)
        update(initialState(undefined, latest.current.defaultValue, true));
    };
    document.addEventListener("input", onInput);
    document.addEventListener("reset", onReset);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("reset", onReset);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(event.currentTarget, submitter);
    const intent = readIntent(data);
    const result = check(data, intent);
    const failed = Object.keys(result.error).length > 0;
    apply({ ...result, error: result.error, status: !intent && failed ? "error" : undefined });
    if (intent || failed || data.has(INTENT)) event.preventDefault();
  };

  const key = (name: string): string | undefined => {
    const segments = parsePath(name);
    if (segments.length === 0) return state.keys[""];
    const parent = key(formatPath(segments.slice(0, -1)));
    return parent === undefined ? state.keys[name] : `${parent}/${state.keys[name] ?? String(segments.at(-1))}`;
  };
  const field = (name: string): FieldMetadata => {
    const id = name ? `${formId}-${name}` : formId;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: state.error[name],
      allErrors: name ? Object.fromEntries(Object.entries(state.error).filter(([n]) => isPathPrefix(n, name))) : state.error,
      initialValue: name ? getPathValue(value, name) : value,
      key: key(name),
      ...constraintOf(constraints, name),
      getFieldList: () => ((getPathValue(value, name) as unknown[] | undefined) ?? []).map((_, i) => field(`${name}[${i}]`)),
      getFieldset: () => new Proxy({}, { get: (_, k) => field(name ? `${name}.${String(k)}` : String(k)) }),
    };
  };
  const listButton = (type: "insert" | "remove") => ({
    getButtonProps: (payload: ListIntent["payload"]): ButtonProps => ({
      name: INTENT,
      value: JSON.stringify({
        type,
        payload: type === "insert" ? { ...payload, defaultValue: serialize(payload.defaultValue) } : payload,
      }),
      form: formId,
      formNoValidate: true,
    }),
  });
  const form: FormMetadata = {
    ...(field("") as FieldMetadata<never>),
    status: state.status,
    noValidate: true,
    onSubmit,
    insert: listButton("insert"),
    remove: listButton("remove"),
  };
  return [form, field("").getFieldset() as unknown as Fieldset<output<Schema>>] as const;
}
