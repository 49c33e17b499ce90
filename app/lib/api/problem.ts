/**
 * Errors of the public API as RFC 9457 problem details (`application/problem+json`). The `type`
 * is a URI reference to the API's documentation, so a client can tell the problems apart without
 * reading the title.
 */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
}

const PROBLEMS = {
  400: { slug: "bad-request", title: "Bad request" },
  404: { slug: "not-found", title: "Not found" },
  405: { slug: "method-not-allowed", title: "Method not allowed" },
  429: { slug: "too-many-requests", title: "Too many requests" },
  500: { slug: "server-error", title: "Server error" },
} as const;

export type ProblemStatus = keyof typeof PROBLEMS;

export function problem(status: ProblemStatus, detail: string): Problem {
  const { slug, title } = PROBLEMS[status];
  return { type: `/api/v1/openapi.json#problem-${slug}`, title, status, detail };
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
