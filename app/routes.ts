import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Every route matches its letters' case exactly: one spelling per address (issue 31 item 17), so
 * "/api/v1/RACES" is the API's 404 rather than a second address of the races, each kept by the
 * page cache on its own. Trailing slashes are sent to the address without (server/canonical-path.ts).
 */
const caseSensitive = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.map((entry) => ({
    ...entry,
    caseSensitive: true,
    ...(entry.children ? { children: caseSensitive(entry.children) } : {}),
  }));

export default caseSensitive([
  index("routes/home.tsx"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("results", "routes/results.tsx"),
  // /results/:id and /calendar/:id are one screen (SPEC section 2).
  route("results/:id", "routes/race.tsx", { id: "results-race" }),
  // Link-preview pictures (og:image) of a race's results and a racer's profile.
  route("results/:id/preview.png", "routes/race-preview.ts"),
  route("results/:id/results.csv", "routes/race-results-csv.ts"),
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
  route("competitor/:id/preview.png", "routes/competitor-preview.ts"),
  route("competitor/:id/results.csv", "routes/competitor-results-csv.ts"),
  // The profile's head-to-head picker submits here (GET ?other=) and is sent to the page below.
  route("competitor/:id/vs", "routes/competitor-vs-pick.ts"),
  route("competitor/:id/vs/:otherId", "routes/competitor-vs.tsx"),
  // Uploaded images, re-encoded (issue 24 item 2): /images/u/<hash>-<width>.<avif|webp>.
  route("images/u/:name", "routes/image.ts"),
  route("news", "routes/news.tsx"),
  route("news.atom", "routes/news-atom.ts"),
  route("news/:id", "routes/news-notice.tsx"),
  route("registration", "routes/registration.tsx"),
  route("registration/print", "routes/registration-print.tsx"),
  route("registration/confirm/:token", "routes/registration-confirm.tsx"),
  route("race-registration", "routes/race-registration.tsx"),
  route("race-entry/:token", "routes/race-entry.tsx"),
  // A request for a results check before the results are official (issue 36 item 3).
  route("race-entry/:token/results-check", "routes/race-entry-results-check.tsx"),
  // The duty roster from the entry link, and a swap's e-mailed link (issue 36 item 2).
  route("race-entry/:token/duties", "routes/race-entry-duties.tsx"),
  route("duty-swap/:token", "routes/duty-swap.tsx"),
  route("messages/:token", "routes/messages.tsx"),
  route("messages/:token/unsubscribe", "routes/messages-unsubscribe.ts"),
  // A racer's own data (issue 35): the notice and its versions, the e-mailed link, the data and its downloads.
  route("privacy", "routes/privacy.tsx"),
  route("privacy/v/:version", "routes/privacy-version.tsx"),
  route("privacy/link/:token", "routes/privacy-link.tsx"),
  route("privacy/my-data", "routes/my-data.tsx"),
  route("privacy/my-data/:file", "routes/my-data-download.ts"),
  route("privacy/keep/:token", "routes/privacy-keep.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/code", "routes/admin/login-code.tsx"),
  route("admin/login/passkey", "routes/admin/login-passkey.ts"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/invitation/:token", "routes/admin/invitation.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password/:token", "routes/admin/reset-password.tsx"),
  // Everything below checks the admin session on the server (the layout's middleware).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.ts"),
    route("admin/overview", "routes/admin/overview.tsx"),
    route("admin/backups", "routes/admin/backups.tsx"),
    route("admin/backups/:name", "routes/admin/backup-download.ts"),
    route("admin/competitors", "routes/admin/competitors.tsx"),
    route("admin/competitors/duplicates", "routes/admin/competitor-duplicates.tsx"),
    route("admin/races", "routes/admin/races.tsx"),
    route("admin/races/:id/entries.csv", "routes/admin/race-entries-csv.ts"),
    route("admin/races/:id/heats", "routes/admin/heats.tsx"),
    // Check-in at the lake (issue 36 item 1): the phone list, and the taps its script sends.
    route("admin/races/:id/check-in", "routes/admin/check-in.tsx"),
    route("admin/races/:id/check-in/tap", "routes/admin/check-in-tap.ts"),
    // The race's duty roster (issue 36 item 2).
    route("admin/races/:id/duties", "routes/admin/duties.tsx"),
    route("admin/races/:id/import", "routes/admin/results-import.tsx"),
    route("admin/races/:id/official", "routes/admin/results-official.ts"),
    route("admin/results", "routes/admin/results.tsx"),
    route("admin/seasons", "routes/admin/seasons.tsx"),
    route("admin/news", "routes/admin/news.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/privacy", "routes/admin/privacy.tsx"),
    route("admin/privacy/requests/:id/:file", "routes/admin/privacy-export.ts"),
    route("admin/admins", "routes/admin/admins.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/settings/check-in", "routes/admin/settings-check-in.ts"),
    route("admin/settings/duties", "routes/admin/settings-duties.ts"),
    route("admin/images", "routes/admin/images.ts"),
    route("admin/sessions", "routes/admin/sessions.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/account/two-factor", "routes/admin/two-factor.tsx"),
    route("admin/account/passkey-options", "routes/admin/passkey-options.ts"),
  ]),
  // The public read-only JSON API (docs/features/api.md); any other /api path is a JSON 404.
  route("api/v1/races", "routes/api/races.ts"),
  route("api/v1/races/:id", "routes/api/race.ts"),
  route("api/v1/standings", "routes/api/standings.ts"),
  route("api/v1/racers/:id", "routes/api/racer.ts"),
  route("api/v1/calendar", "routes/api/calendar.ts"),
  route("api/v1/openapi.json", "routes/api/openapi.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("*", "routes/not-found.tsx"),
]) satisfies RouteConfig;
