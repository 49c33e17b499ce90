/**
 * Errors of the public API as RFC 9457 problem details (`application/problem+json`). Every problem
 * is of the type `about:blank` (RFC 9457 section 4.2.1): the status says what happened, the title
 * is its HTTP reason phrase and `detail` says why, for a person.
 */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
}

const TITLES = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  410: "Gone",
  429: "Too Many Requests",
  500: "Internal Server Error",
} as const;

export type ProblemStatus = keyof typeof TITLES;

export function problem(status: ProblemStatus, detail: string): Problem {
  return { type: "about:blank", title: TITLES[status], status, detail };
}

/** Thrown by a handler to answer with a problem instead of data. */
export class ApiProblem extends Error {
  constructor(
    readonly status: ProblemStatus,
    detail: string,
  ) {
    super(detail);
  }
}
