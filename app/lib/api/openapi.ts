/**
 * The public API's OpenAPI 3.1 document, written by hand (decision 0032): the shapes of shape.ts
 * and problem.ts, each schema once under components and referenced everywhere else. The tests
 * validate the document and every endpoint's real answers against it.
 */
import { API_BASE } from "~/lib/api/shape";
import { API_RATE_LIMIT_PER_MINUTE } from "~/lib/api/limits";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (schema: object) => ({ oneOf: [schema, { type: "null" }] });
const int = { type: "integer" };
const count = { type: "integer", minimum: 0 };
const id = { type: "integer", minimum: 1, maximum: 2_147_483_647 };
const text = { type: "string" };
const date = { type: "string", format: "date" };
const dateTime = { type: "string", format: "date-time" };
const path = { type: "string", pattern: "^/" };

/** A race in a list; the race itself has these and more. */
const raceSummaryProperties = {
  id,
  title: text,
  date,
  location: text,
  status: ref("RaceStatus"),
  timing: ref("RaceTiming"),
  links: object({ self: path, page: path }),
};

/** An object whose listed properties are all required and nothing else is allowed. */
function object(properties: Record<string, object>, description?: string) {
  return {
    type: "object",
    ...(description ? { description } : {}),
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
}

const ok = (description: string, schema: string) => ({
  description,
  headers: {
    ETag: { $ref: "#/components/headers/ETag" },
    "Cache-Control": { $ref: "#/components/headers/CacheControl" },
    "RateLimit-Limit": { $ref: "#/components/headers/RateLimitLimit" },
    "RateLimit-Remaining": { $ref: "#/components/headers/RateLimitRemaining" },
    "RateLimit-Reset": { $ref: "#/components/headers/RateLimitReset" },
  },
  content: { "application/json": { schema: ref(schema) } },
});

const RESPONSE_NAMES = { "400": "BadRequest", "404": "NotFound", "410": "Gone" } as const;
const problems = (...statuses: (keyof typeof RESPONSE_NAMES)[]) => ({
  ...Object.fromEntries(statuses.map((s) => [s, { $ref: `#/components/responses/${RESPONSE_NAMES[s]}` }])),
  "304": { $ref: "#/components/responses/NotModified" },
  "429": { $ref: "#/components/responses/TooManyRequests" },
});

const get = (
  operationId: string,
  summary: string,
  response: ReturnType<typeof ok>,
  errors: object,
  parameters: object[] = [],
) => ({
  get: {
    operationId,
    summary,
    parameters: [{ $ref: "#/components/parameters/IfNoneMatch" }, ...parameters],
    responses: { "200": response, ...errors },
  },
});

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Club results API",
    version: "1.0.0",
    summary: "Races, results, standings, racers and the calendar of the club, read-only.",
    description: [
      "Public data only: what the club's public pages show, never a racer's e-mail, telephone or address.",
      "Ids are the database ids the pages use (/results/{id}, /competitor/{id}) and never change.",
      `Every answer carries an ETag (send If-None-Match for a 304) and may be cached like the pages. CORS is open to every origin, without credentials. At most ${API_RATE_LIMIT_PER_MINUTE} requests a minute per client address (429 with Retry-After beyond).`,
      "Errors are problem details (RFC 9457, application/problem+json). A later incompatible change gets a new path (/api/v2).",
    ].join("\n\n"),
  },
  servers: [{ url: API_BASE }],
  paths: {
    "/races": get(
      "listRaces",
      "Every race, oldest first, with its status and date",
      ok("The races", "RaceList"),
      problems("400"),
      [
        {
          name: "year",
          in: "query",
          required: false,
          description: "Only races of this calendar year.",
          schema: { type: "string", pattern: "^[0-9]{4}$" },
        },
        {
          name: "status",
          in: "query",
          required: false,
          description: "Only races with this status.",
          schema: ref("RaceStatus"),
        },
      ],
    ),
    "/races/{raceId}": get("getRace", "A race and its results per class and heat", ok("The race", "Race"), problems("404"), [
      { $ref: "#/components/parameters/RaceId" },
    ]),
    "/standings": get(
      "getStandings",
      "A season's standings with its rules applied, as /standings shows them",
      ok("The standings", "Standings"),
      problems("404"),
      [
        {
          name: "season",
          in: "query",
          required: false,
          description:
            "A season key from `seasons` (default: the current season, as on /standings); `all` for every result of every race.",
          schema: text,
        },
        {
          name: "class",
          in: "query",
          required: false,
          description: "One boat class from `classes` (default: every class).",
          schema: text,
        },
      ],
    ),
    "/racers/{racerId}": get(
      "getRacer",
      "A racer's public profile and results",
      ok("The racer", "Racer"),
      problems("404", "410"),
      [{ $ref: "#/components/parameters/RacerId" }],
    ),
    "/calendar": get(
      "getCalendar",
      "Upcoming races, today's included, soonest first",
      ok("The calendar", "Calendar"),
      problems(),
    ),
    "/openapi.json": {
      get: {
        operationId: "getOpenApiDocument",
        summary: "This document",
        responses: {
          "200": { description: "The OpenAPI document", content: { "application/json": { schema: { type: "object" } } } },
          "304": { $ref: "#/components/responses/NotModified" },
          "429": { $ref: "#/components/responses/TooManyRequests" },
        },
      },
    },
  },
  components: {
    schemas: {
      RaceStatus: { type: "string", enum: ["upcoming", "completed", "cancelled"] },
      RaceTiming: {
        type: "string",
        enum: ["past", "today", "upcoming"],
        description: "The race's date against today in the club's time zone.",
      },
      RaceSummary: object(raceSummaryProperties),
      RaceList: object({ races: { type: "array", items: ref("RaceSummary") } }),
      Result: object({
        position: { type: "integer", minimum: 1 },
        competitorId: id,
        racerName: text,
        boat: text,
        laps: nullable(count),
        totalTime: nullable(text),
        bestLap: nullable(text),
        lapTime: nullable(text),
        points: int,
        links: object({ racer: nullable({ ...path, description: "null: the racer was erased at their request." }) }),
      }),
      ResultGroup: object({
        boatClass: text,
        heatNumber: { type: "integer", minimum: 1 },
        label: { type: "string", description: 'e.g. "Open, Heat 2"; empty when the race had one class and one heat.' },
        results: { type: "array", items: ref("Result") },
      }),
      Race: {
        ...object({
          ...raceSummaryProperties,
          description: text,
          imageUrl: {
            ...path,
            description:
              "The picture the race's page shows: its uploaded image (the largest WebP), else its own picture or the club's bundled one.",
          },
          results: object({
            official: { type: "boolean", description: "false: provisional results, which may still change." },
            officialAt: nullable(dateTime),
            updatedAt: nullable(dateTime),
            groups: { type: "array", items: ref("ResultGroup") },
          }),
        }),
      },
      Season: object({
        key: text,
        name: text,
        startsOn: date,
        endsOn: date,
        pointsTable: { type: "array", items: int, description: "Points for 1st, 2nd, ..." },
        pointsBelow: { type: "integer", description: "Points for a finish below the table." },
        rules: { type: "array", items: text, description: "The season's rules in words, as /standings states them." },
      }),
      RoundCell: object({ points: int, dropped: { type: "boolean" }, positions: { type: "array", items: int } }),
      Round: object({
        raceId: id,
        title: text,
        date,
        entrants: count,
        countsForChampionship: { type: "boolean" },
        provisional: { type: "boolean" },
      }),
      StandingRow: object({
        position: nullable({ type: "integer", minimum: 1 }),
        classified: { type: "boolean" },
        competitorId: id,
        name: text,
        boat: text,
        points: int,
        wins: count,
        podiums: count,
        finishes: { type: "array", items: count, description: "finishes[i]: finishes in position i + 1." },
        roundsRun: nullable(count),
        countBack: nullable(text),
        rounds: { type: "array", items: nullable(ref("RoundCell")), description: "One cell per round of the table." },
        links: object({ racer: nullable({ ...path, description: "null: the racer was erased at their request." }) }),
      }),
      StandingsTable: object({
        boatClass: nullable(text),
        rounds: { type: "array", items: ref("Round") },
        rows: { type: "array", items: ref("StandingRow") },
      }),
      Standings: object({
        season: nullable(ref("Season")),
        seasons: { type: "array", items: object({ key: text, name: text }) },
        classes: { type: "array", items: text },
        boatClass: nullable(text),
        provisionalRaces: { type: "array", items: object({ id, title: text }) },
        tables: { type: "array", items: ref("StandingsTable") },
      }),
      Racer: object({
        id,
        name: text,
        firstName: text,
        lastName: text,
        boatName: nullable(text),
        boatNumber: text,
        boatClasses: { type: "array", items: text },
        stats: object({ races: count, points: int, wins: count, podiums: count }),
        seasons: {
          type: "array",
          items: object({
            seasonKey: text,
            seasonName: text,
            boatClass: text,
            races: count,
            points: int,
            wins: count,
            podiums: count,
            bestFinish: nullable({ type: "integer", minimum: 1 }),
            position: nullable({ type: "integer", minimum: 1 }),
            classified: count,
          }),
        },
        results: {
          type: "array",
          description: "Every result of the racer's career, newest race first.",
          items: object({
            raceId: id,
            raceTitle: text,
            raceDate: date,
            boatClass: text,
            heatNumber: { type: "integer", minimum: 1 },
            position: { type: "integer", minimum: 1 },
            points: int,
            bestLap: nullable(text),
            links: object({ race: path }),
          }),
        },
        links: object({ self: path, page: path }),
      }),
      Calendar: object({
        today: { ...date, description: "Today in the club's time zone." },
        races: { type: "array", items: ref("RaceSummary") },
      }),
      Problem: object({
        type: { type: "string", format: "uri-reference" },
        title: text,
        status: { type: "integer", minimum: 400, maximum: 599 },
        detail: text,
      }),
    },
    parameters: {
      RaceId: { name: "raceId", in: "path", required: true, schema: id },
      RacerId: { name: "racerId", in: "path", required: true, schema: id },
      IfNoneMatch: {
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "An ETag from an earlier answer: 304 when unchanged.",
        schema: text,
      },
    },
    headers: {
      ETag: { description: "A strong validator of the answer.", schema: text },
      CacheControl: {
        description: "As the public pages: public, max-age=0, s-maxage=60, stale-while-revalidate=300.",
        schema: text,
      },
      RateLimitLimit: { description: "Requests allowed per window and client address.", schema: int },
      RateLimitRemaining: { description: "Requests left in the window.", schema: int },
      RateLimitReset: { description: "Seconds until the window restarts.", schema: int },
      RetryAfter: { description: "Seconds to wait before asking again.", schema: int },
    },
    responses: {
      NotModified: { description: "Unchanged since the ETag sent in If-None-Match." },
      BadRequest: {
        description: "A query parameter is unusable.",
        content: { "application/problem+json": { schema: ref("Problem") } },
      },
      NotFound: {
        description: "No such race, racer, season or class (or no such path).",
        content: { "application/problem+json": { schema: ref("Problem") } },
      },
      Gone: {
        description: "The racer was erased at their request: their results stay under an anonymous name.",
        content: { "application/problem+json": { schema: ref("Problem") } },
      },
      TooManyRequests: {
        description: "Over the rate limit of the client's address.",
        headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
        content: { "application/problem+json": { schema: ref("Problem") } },
      },
    },
  },
} as const;
