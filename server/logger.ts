import pino from "pino";

/**
 * Structured logs. Redaction is a safety net: code never logs e-mail addresses, telephones or
 * passwords on purpose, and these paths catch them if a whole object slips in.
 */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: ["email", "*.email", "telephone", "*.telephone", "password", "*.password", "req.headers.cookie"],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
