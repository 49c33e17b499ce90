import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("results", "routes/results.tsx"),
  // /results/:id and /calendar/:id are one screen (SPEC section 2).
  route("results/:id", "routes/race.tsx", { id: "results-race" }),
  route("calendar", "routes/calendar.tsx"),
  // Before calendar/:id: same rank, and the first match wins ("/calendar/Open.ics").
  route("calendar.ics", "routes/calendar-feed.ts", { id: "calendar-feed" }),
  route("calendar/:class.ics", "routes/calendar-feed.ts", { id: "calendar-class-feed" }),
  route("calendar/:id/event.ics", "routes/race-event.ts"),
  route("calendar/:id", "routes/race.tsx", { id: "calendar-race" }),
  route("calendar/:id/heat-sheet", "routes/heat-sheet.tsx"),
  route("standings", "routes/standings.tsx"),
  route("standings.csv", "routes/standings-csv.ts"),
  route("competitor/:id", "routes/competitor.tsx"),
  // The profile's head-to-head picker submits here (GET ?other=) and is sent to the page below.
  route("competitor/:id/vs", "routes/competitor-vs-pick.ts"),
  route("competitor/:id/vs/:otherId", "routes/competitor-vs.tsx"),
  route("registration", "routes/registration.tsx"),
  route("registration/print", "routes/registration-print.tsx"),
  route("registration/confirm/:token", "routes/registration-confirm.tsx"),
  route("race-registration", "routes/race-registration.tsx"),
  route("race-entry/:token", "routes/race-entry.tsx"),
  route("messages/:token", "routes/messages.tsx"),
  route("messages/:token/unsubscribe", "routes/messages-unsubscribe.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/code", "routes/admin/login-code.tsx"),
  route("admin/login/passkey", "routes/admin/login-passkey.ts"),
  route("admin/logout", "routes/admin/logout.ts"),
  // Everything below checks the admin session on the server (the layout's middleware).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.ts"),
    route("admin/competitors", "routes/admin/competitors.tsx"),
    route("admin/races", "routes/admin/races.tsx"),
    route("admin/races/:id/entries.csv", "routes/admin/race-entries-csv.ts"),
    route("admin/races/:id/heats", "routes/admin/heats.tsx"),
    route("admin/results", "routes/admin/results.tsx"),
    route("admin/seasons", "routes/admin/seasons.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/sessions", "routes/admin/sessions.tsx"),
    route("admin/account/two-factor", "routes/admin/two-factor.tsx"),
    route("admin/account/passkey-options", "routes/admin/passkey-options.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
