/**
 * The one way every action reads its form body. Before Conform turns field names such as
 * `rows[3].position` into objects and arrays, the names are checked against the form's own zod
 * schema: a name the form does not have, a list index above 99 (`boatClasses[10000000]` once made
 * the parser build a 10-million-slot array), too many fields, a file, or a NUL byte (PostgreSQL
 * refuses it in text) is answered with 400 and a clear message. A body that is not a form is 415.
 * The body itself is already capped by the server (server/request-guards.ts).
 */
import { data } from "react-router";
import type { $ZodType } from "zod/v4/core";

/** No list of the site's forms comes near it: a heat holds at most 50 rows. */
export const MAX_LIST_INDEX = 99;
/** The results editor posts 6 fields per row for up to 50 rows, plus a few. */
export const MAX_FIELDS = 400;

/** What a schema accepts, as far as field names go. */
type Shape = { kind: "value" } | { kind: "object"; fields: Map<string, Shape> } | { kind: "list"; element: Shape };

const VALUE: Shape = { kind: "value" };
const shapes = new WeakMap<object, Shape>();

interface Def {
  type: string;
  shape?: Record<string, { _zod: { def: Def } }>;
  element?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  out?: { _zod: { def: Def } };
}

function shapeOfDef(def: Def): Shape {
  switch (def.type) {
    case "object":
      return {
        kind: "object",
        fields: new Map(Object.entries(def.shape ?? {}).map(([name, field]) => [name, shapeOfDef(field._zod.def)])),
      };
    case "array":
      return { kind: "list", element: def.element ? shapeOfDef(def.element._zod.def) : VALUE };
    case "pipe": {
      // z.preprocess and .transform(): whichever side has structure decides the names.
      const input = def.in ? shapeOfDef(def.in._zod.def) : VALUE;
      return input.kind !== "value" ? input : def.out ? shapeOfDef(def.out._zod.def) : VALUE;
    }
    default:
      // optional, nullable, default, catch, readonly... wrap the schema that decides.
      return def.innerType ? shapeOfDef(def.innerType._zod.def) : VALUE;
  }
}

function shapeOf(schema: $ZodType): Shape {
  let shape = shapes.get(schema);
  if (!shape) {
    shape = shapeOfDef((schema as unknown as { _zod: { def: Def } })._zod.def);
    shapes.set(schema, shape);
  }
  return shape;
}

const NAME = /^([A-Za-z_][A-Za-z0-9_]*)((?:\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*)$/;
const SEGMENT = /\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)/g;

/** Why the name is refused, or null when the schema has it. */
function checkName(root: Shape, name: string): string | null {
  const match = NAME.exec(name);
  if (!match) return `This form has no field named ${quote(name)}.`;
  let shape = root.kind === "object" ? root.fields.get(match[1]!) : undefined;
  if (!shape) return `This form has no field named ${quote(name)}.`;
  for (const [, index, key] of match[2]!.matchAll(SEGMENT)) {
    if (index !== undefined) {
      if (index.length > 2 || Number(index) > MAX_LIST_INDEX) {
        return `The list index in ${quote(name)} is above the limit of ${MAX_LIST_INDEX}.`;
      }
      if (shape.kind !== "list") return `This form has no field named ${quote(name)}.`;
      shape = shape.element;
    } else {
      const next: Shape | undefined = shape.kind === "object" ? shape.fields.get(key!) : undefined;
      if (!next) return `This form has no field named ${quote(name)}.`;
      shape = next;
    }
  }
  // A list may also be posted as the same name repeated (checkbox groups).
  if (shape.kind === "object") return `This form has no field named ${quote(name)}.`;
  return null;
}

function quote(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}...` : name);
}

function refuse(status: 400 | 415, message: string): never {
  throw data({ message }, { status });
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The posted form, checked against `schema` (plus `extraFields`: the submit button's `intent`,
 * the honeypot, an `id`...). Throws a 400/415 response with a message for anything else.
 */
export async function readForm(
  request: Request,
  schema: $ZodType,
  { extraFields = [] }: { extraFields?: readonly string[] } = {},
): Promise<FormData> {
  const type = request.headers.get("content-type");
  let formData: FormData;
  if (type === null) {
    // A post with no body at all (a script's logout) is an empty form; anything else must say what it is.
    const body = await request.arrayBuffer();
    if (body.byteLength > 0)
      refuse(415, "The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).");
    formData = new FormData();
  } else if (!FORM_TYPES.test(type)) {
    refuse(415, "The request body must be a form (application/x-www-form-urlencoded or multipart/form-data).");
  } else {
    try {
      formData = await request.formData();
    } catch {
      refuse(400, "The request body could not be read as a form.");
    }
  }

  const root = shapeOf(schema);
  const extra = new Set(extraFields);
  let count = 0;
  for (const [name, value] of formData.entries()) {
    if (++count > MAX_FIELDS) refuse(400, `Too many fields: a form here has at most ${MAX_FIELDS}.`);
    if (!extra.has(name)) {
      const problem = checkName(root, name);
      if (problem) refuse(400, problem);
    }
    if (typeof value !== "string") refuse(400, `Files are not accepted (field ${quote(name)}).`);
    if (value.includes("\u0000")) refuse(400, `The field ${quote(name)} contains a NUL character, which no text may hold.`);
  }
  return formData;
}
