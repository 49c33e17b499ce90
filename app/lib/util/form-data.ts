/**
 * A form's posted fields read and checked in the browser exactly as the server's Conform
 * (`parseWithZod`) reads and checks them, so a person sees the server's messages as they type:
 * names such as `rows[0].position` build nested values, an empty field is missing, digits in a
 * number field are a number, a ticked box ("on") is true, and each message goes under its field's
 * name. The admin forms (app/components/ui/use-zod-form.ts) and the public forms' page script
 * (app/browser/public-forms.ts) both use it; the server keeps Conform, which the browser need not load.
 */
import { safeParse, type $ZodType } from "zod/v4/core";

type Segment = string | number;
type Tree = Record<string, unknown>;
type Def = {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  options?: $ZodType[];
  values?: unknown[];
  defaultValue?: unknown;
  getter?: () => $ZodType;
  left?: $ZodType;
  right?: $ZodType;
};
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** The reserved name of the list buttons ("Add a link", "Remove"): Conform's, which the server reads. */
export const INTENT = "__intent__";

export function parsePath(name: string): Segment[] {
  const segments: Segment[] = [];
  for (const [, key, index] of name.matchAll(/([^.[\]]+)|\[(\d*)\]/g)) {
    segments.push(key ?? (index === "" ? "" : Number(index)));
  }
  return segments;
}

export function formatPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((path, s) => {
    if (s === "") return `${path}[]`;
    if (typeof s === "number") return `${path}[${s}]`;
    return path ? `${path}.${String(s)}` : String(s);
  }, "");
}

/** Whether `prefix` is `name` or a leading part of it (`rows` of `rows[2].laps`). */
export function isPathPrefix(name: string, prefix: string): boolean {
  const full = parsePath(name);
  return parsePath(prefix).every((s, i) => full[i] === s);
}

export function getPathValue(target: unknown, name: string): unknown {
  let pointer = target;
  for (const s of parsePath(name)) {
    if (pointer == null || typeof pointer !== "object" || !Object.hasOwn(pointer, s)) return undefined;
    pointer = (pointer as Tree)[s as string];
  }
  return pointer;
}

export function setPathValue(target: Tree, name: string, update: (previous: unknown) => unknown) {
  const segments = parsePath(name);
  let pointer: Tree = target;
  segments.forEach((s, i) => {
    const key = s as string;
    if (i === segments.length - 1) pointer[key] = update(pointer[key]);
    else {
      const child = pointer[key];
      pointer = pointer[key] = (
        child && typeof child === "object" ? child : typeof segments[i + 1] === "number" ? [] : {}
      ) as Tree;
    }
  });
}

/** The posted fields as one nested value (a name posted twice is a list), and the names posted. */
export function formPayload(data: FormData): { payload: Tree; fields: string[] } {
  const payload: Tree = {};
  const fields = new Set<string>();
  for (const [name, value] of data.entries()) {
    if (name === INTENT || name === "__state__") continue;
    fields.add(name);
    setPathValue(payload, name, (previous) =>
      previous === undefined ? value : Array.isArray(previous) ? [...(previous as unknown[]), value] : [previous, value],
    );
  }
  return { payload, fields: [...fields] };
}

const isEmptyFile = (v: unknown) => typeof File !== "undefined" && v instanceof File && v.name === "" && v.size === 0;
const strip = (v: unknown) => (v === "" || isEmptyFile(v) ? undefined : v);

function fromText(type: string, text: string): unknown {
  if (type === "number") return text.trim() === "" ? NaN : Number(text);
  if (type === "boolean") return text === "on" ? true : text;
  if (type === "date") return Number.isNaN(new Date(text).getTime()) ? text : new Date(text);
  return text;
}

/** A posted value as Conform's coercion hands it to the schema (@conform-to/zod's coerceFormValue). */
export function coerce(schema: $ZodType, value: unknown): unknown {
  const def = defOf(schema);
  const text = (type: string) => (typeof value === "string" ? (value === "" ? undefined : fromText(type, value)) : value);
  switch (def.type) {
    case "string":
    case "enum":
      return text("string");
    case "number":
    case "boolean":
    case "date":
      return text(def.type);
    case "literal":
      return text(typeof def.values?.[0] === "string" ? "string" : typeof def.values?.[0]);
    case "file":
      return isEmptyFile(value) ? undefined : value;
    case "array": {
      const list = Array.isArray(value) ? value : value === undefined || strip(value) === undefined ? [] : [value];
      return list.map((item) => coerce(def.element!, item));
    }
    case "object": {
      const object: Tree = { ...(value === undefined ? {} : (value as Tree)) };
      for (const [key, field] of Object.entries(def.shape!)) {
        const coerced = coerce(field, object[key]);
        if (coerced !== undefined || key in object) object[key] = coerced;
      }
      return object;
    }
    case "optional":
    case "nonoptional":
    case "default":
    case "prefault": {
      const present = strip(value);
      if (present === undefined) return undefined;
      return def.defaultValue === "" ? present : coerce(def.innerType!, present);
    }
    case "catch":
    case "nullable":
    case "readonly":
      return coerce(def.innerType!, value);
    case "pipe":
      // Conform also reads the value handed on to `out` (`.pipe(z.email(...))`); our pipes give
      // `out` the same message either way, so the input side is enough (tests/unit/form-data.test.ts).
      return coerce(def.in!, value);
    case "lazy":
      return coerce(def.getter!(), value);
    case "union": {
      // A discriminated union: the option the discriminator names, as zod picks it.
      const found = def.options!.find((option) => {
        const values = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues ?? {};
        const entries = Object.entries(values);
        return entries.length > 0 && entries.every(([key, set]) => set.has((value as Tree | undefined)?.[key]));
      });
      return found ? coerce(found, value ?? {}) : value;
    }
    case "intersection":
      return coerce(def.right!, coerce(def.left!, value));
    default:
      return value;
  }
}

/** Each field's messages under its name (`rows[0].position`), as `submission.reply()` sends them. */
export function formErrors(schema: $ZodType, payload: Tree): Record<string, string[]> | undefined {
  const result = safeParse(schema, coerce(schema, payload));
  if (result.success) return undefined;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[formatPath(issue.path)] ??= []).push(issue.message);
  return errors;
}

/** A list button's change ("Add a link", "Remove"), as Conform applies it to the posted value. */
export interface ListIntent {
  type: "insert" | "remove" | "reorder";
  payload: { name: string; index?: number; defaultValue?: unknown; from?: number; to?: number };
}

export function updateList(list: unknown[], intent: ListIntent) {
  const { index, defaultValue, from = 0, to = 0 } = intent.payload;
  if (intent.type === "insert") list.splice(index ?? list.length, 0, defaultValue);
  else if (intent.type === "remove") list.splice(index!, 1);
  else list.splice(to, 0, ...list.splice(from, 1));
}

export function readIntent(data: FormData): ListIntent | undefined {
  const raw = data.get(INTENT);
  if (typeof raw !== "string") return undefined;
  const intent = JSON.parse(raw) as ListIntent;
  return ["insert", "remove", "reorder"].includes(intent.type) ? intent : undefined;
}

/** Conform's `serialize` of default values: numbers as text, true as "on", dates as ISO text. */
export function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialize(v)]));
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return value ?? undefined;
}

/** Conform's `normalize`: empty texts, lists and objects are missing. */
export function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(normalize);
  if (value && typeof value === "object" && !(value instanceof Date) && !(typeof File !== "undefined" && value instanceof File)) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, normalize((value as Tree)[key])] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value === "" || value === null || isEmptyFile(value) ? undefined : value;
}
