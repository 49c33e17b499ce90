import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("results", "routes/results.tsx"),
  // /results/:id and /calendar/:id are one screen (SPEC section 2).
  route("results/:id", "routes/race.tsx", { id: "results-race" }),
  route("calendar", "routes/calendar.tsx"),
  route("calendar/:id", "routes/race.tsx", { id: "calendar-race" }),
  route("standings", "routes/standings.tsx"),
  route("competitor/:id", "routes/competitor.tsx"),
  route("avatars/:file", "routes/avatar.ts"),
  route("registration", "routes/registration.tsx"),
  route("registration/print", "routes/registration-print.tsx"),
  route("race-registration", "routes/race-registration.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
