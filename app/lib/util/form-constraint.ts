/**
 * The HTML constraint attributes of a form's fields (required, minLength, maxLength, min, max,
 * pattern, multiple) read from its zod schema, as @conform-to/zod's `getZodConstraint` reads them:
 * the same attributes in the same places, without loading Conform in the browser.
 */
import type { $ZodType } from "zod/v4/core";
import { parsePath, formatPath } from "~/lib/util/form-data";

export interface Constraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
}

const KEYS = ["required", "minLength", "maxLength", "min", "max", "step", "multiple", "pattern", "accept"] as const;

type Bag = { minimum?: number; maximum?: number; patterns?: Set<RegExp>; mime?: string[] };
type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  in?: $ZodType;
  out?: $ZodType;
  innerType?: $ZodType;
  left?: $ZodType;
  right?: $ZodType;
  options?: $ZodType[];
  element?: $ZodType;
  items?: $ZodType[];
  entries?: Record<string, unknown>;
  getter?: () => $ZodType;
};

/** Several patterns as one HTML pattern (each a lookahead), or none when a flag would be lost. */
function htmlPattern(patterns: RegExp[]): string | undefined {
  if (patterns.length === 0 || patterns.some((p) => p.flags.includes("i"))) return undefined;
  const pattern = `^${patterns.map((p) => `(?=.*(?:${p.source}))`).join("")}.*$`;
  try {
    new RegExp(pattern, "v");
  } catch {
    return undefined;
  }
  return pattern;
}

export function zodConstraint(schema: $ZodType): Record<string, Constraint> {
  const processing = new Set<$ZodType>();
  function walk(schema: $ZodType, data: Record<string, Constraint>, name = "") {
    if (processing.has(schema)) return;
    processing.add(schema);
    const constraint: Constraint = name !== "" ? (data[name] ??= { required: true }) : {};
    const def = schema._zod.def as unknown as Def;
    const bag = (schema._zod as unknown as { bag: Bag }).bag;
    const sub = (key: string | number) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${key}` : key);
    if (def.type === "object") {
      for (const key in def.shape) walk(def.shape[key]!, data, sub(key));
    } else if (def.type === "pipe") {
      if ((def.out!._zod.def as unknown as Def).type === "transform") walk(def.in!, data, name);
      walk(def.out!, data, name);
    } else if (def.type === "readonly" || def.type === "nullable") {
      walk(def.innerType!, data, name);
    } else if (def.type === "intersection") {
      const left: Record<string, Constraint> = {};
      const right: Record<string, Constraint> = {};
      walk(def.left!, left, name);
      walk(def.right!, right, name);
      Object.assign(data, left, right);
    } else if (def.type === "union") {
      const results = def.options!.map((option) => {
        const result: Record<string, Constraint> = {};
        walk(option, result, name);
        return result;
      });
      Object.assign(
        data,
        results.reduce((prev, next) => {
          const merged: Record<string, Constraint> = {};
          for (const key of new Set([...Object.keys(prev), ...Object.keys(next)])) {
            const a = prev[key];
            const b = next[key];
            if (a && b) {
              const both: Record<string, unknown> = {};
              for (const k of KEYS) if (a[k] !== undefined && a[k] === b[k]) both[k] = a[k];
              merged[key] = both;
            } else merged[key] = { ...a, ...b };
          }
          return merged;
        }),
      );
    } else if (name === "") {
      throw new Error("Unsupported schema");
    } else if (def.type === "array") {
      constraint.multiple = true;
      walk(def.element!, data, `${name}[]`);
    } else if (def.type === "string") {
      if (bag.minimum != null) constraint.minLength = bag.minimum;
      if (bag.maximum != null) constraint.maxLength = bag.maximum;
      const pattern = bag.patterns?.size ? htmlPattern([...bag.patterns]) : undefined;
      if (pattern) constraint.pattern = pattern;
    } else if (def.type === "optional" || def.type === "default") {
      constraint.required = false;
      walk(def.innerType!, data, name);
    } else if (def.type === "number") {
      if (bag.minimum != null) constraint.min = bag.minimum;
      if (bag.maximum != null) constraint.max = bag.maximum;
    } else if (def.type === "enum") {
      constraint.pattern = Object.keys(def.entries!)
        .map((option) => option.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&").replace(/-/g, "\\x2d"))
        .join("|");
    } else if (def.type === "tuple") {
      def.items!.forEach((item, i) => walk(item, data, sub(i)));
    } else if (def.type === "file") {
      if (bag.mime) constraint.accept = bag.mime.join();
    } else if (def.type === "lazy") {
      walk(def.getter!(), data, name);
    }
    processing.delete(schema);
  }
  const result: Record<string, Constraint> = {};
  walk(schema, result);
  return result;
}

/** A field's constraint; a list item's (`social[2].href`) is its list's (`social[].href`). */
export function constraintOf(constraints: Record<string, Constraint>, name: string): Constraint | undefined {
  if (name in constraints) return constraints[name];
  const segments = parsePath(name);
  for (let i = segments.length - 1; i >= 0; i--) {
    if (typeof segments[i] === "number") {
      segments[i] = "";
      return constraintOf(constraints, formatPath(segments));
    }
  }
  return undefined;
}
