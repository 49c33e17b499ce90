import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

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
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  // Everything below checks the admin session on the server (the layout's middleware).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.ts"),
    route("admin/competitors", "routes/admin/competitors.tsx"),
    route("admin/races", "routes/admin/races.tsx"),
    route("admin/races/:id/entries.csv", "routes/admin/race-entries-csv.ts"),
    route("admin/results", "routes/admin/results.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
