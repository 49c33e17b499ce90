import pino from "pino";

/**
 * Structured logs. Redaction is a safety net: code never logs e-mail addresses, telephones or
 * passwords on purpose, and these paths catch them if a whole object slips in.
 */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      // err.detail: PostgreSQL repeats the offending values there ("Key (lower(email))=(...)").
      paths: ["email", "*.email", "telephone", "*.telephone", "password", "*.password", "req.headers.cookie", "err.detail", "*.detail"],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
