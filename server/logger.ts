import pino from "pino";

/**
 * Structured logs. Code never logs e-mail addresses, telephones or passwords on purpose; two
 * safety nets catch them when they slip in:
 * - redaction of the paths below, when a whole object carrying them is logged;
 * - the error serializer: a failed query's error carries the query's parameters (Drizzle puts
 *   them in the message, "Failed query: ...\nparams: a,b,c", and in `params`), and PostgreSQL
 *   repeats offending values in messages and `detail`. Errors are logged without parameters, and
 *   anything left that looks like an e-mail or a telephone is masked.
 */
export function createLogger(level: string) {
  return pino({
    level,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      // err.detail: PostgreSQL repeats the offending values there ("Key (lower(email))=(...)").
      paths: [
        "email",
        "*.email",
        "telephone",
        "*.telephone",
        "password",
        "*.password",
        "params",
        "*.params",
        "parameters",
        "*.parameters",
        "req.headers.cookie",
        "err.detail",
        "*.detail",
      ],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
// 7 to 15 digits, possibly with +, spaces, dots, dashes and parentheses between them.
const TELEPHONE = /(?<![\w.-])\+?\(?\d(?:[\s().-]{0,3}\d){6,14}(?![\w-])/g;
// Not telephones: dates and times (2026-05-06, 2026-05-06 14), which error messages do carry.
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2})?$/;

/** Masks what looks like an e-mail address or a telephone number in free text. */
export function maskContactDetails(text: string): string {
  return text.replace(EMAIL, "[email]").replace(TELEPHONE, (match) => (DATE_LIKE.test(match.trim()) ? match : "[telephone]"));
}

/** Keys an error may carry that hold a query's values. */
const VALUE_KEYS = new Set(["params", "parameters", "values", "detail", "raw"]);

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values must go, the SQL may stay. */
function withoutParams(message: string): string {
  const at = message.indexOf("\nparams: ");
  return at < 0 ? message : `${message.slice(0, at)}\nparams: [removed]`;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") return maskContactDetails(value);
  if (value instanceof Error) return serializeError(value, depth + 1);
  if (depth > 3 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !VALUE_KEYS.has(key))
      .map(([key, v]) => [key, scrub(v, depth + 1)]),
  );
}

/** pino's `err` serializer, without query parameters or contact details. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return scrub(error, depth);
  const message = withoutParams(error.message);
  // The stack's first lines repeat the message, parameters included.
  const stack = error.stack?.replace(error.message, message);
  const out: Record<string, unknown> = {
    type: error.constructor?.name || error.name,
    message: maskContactDetails(message),
    stack: stack && maskContactDetails(stack),
  };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_KEYS.has(key) || key in out) continue;
    out[key] = scrub(value, depth);
  }
  if (error.cause !== undefined && depth < 5) out.cause = scrub(error.cause, depth);
  return out;
}
