/**
 * Who may use which part of the admin area (decision 0027). Pure, so the server
 * (every admin loader and action, through requireAdmin) and the navigation read the same rules.
 *
 * - owner: everything, including competitors (their contact details), the audit log and the
 *   admin area's own screens to come (admins, settings, backups).
 * - results officer: races, race entries (and the entries CSV), heat draws, results, seasons, and
 *   news notices (issue 24: owners and results officers both write them; "racing postponed, wind"
 *   is news from the lake, where the results officer is).
 * - both: the overview (what needs doing today; each block shows what the role may see).
 */
import type { ImagePlace } from "~/lib/images/images";

export const ADMIN_ROLES = ["owner", "results_officer"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLE_LABELS: Record<AdminRole, string> = { owner: "Owner", results_officer: "Results officer" };

/** The parts of the admin area a role is granted, one per screen or download. */
export const ADMIN_AREAS = [
  "overview",
  "competitors",
  "races",
  "entries",
  "heats",
  "results",
  "seasons",
  "news",
  "audit",
  "admins",
  "settings",
  "backups",
  // A member's own data (issue 35): privacy requests and erasures, owners only.
  "privacy",
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

const RESULTS_OFFICER_AREAS: ReadonlySet<AdminArea> = new Set([
  "overview",
  "races",
  "entries",
  "heats",
  "results",
  "seasons",
  "news",
]);

export function isAdminRole(value: unknown): value is AdminRole {
  return typeof value === "string" && (ADMIN_ROLES as readonly string[]).includes(value);
}

/** Whether an admin of this role may read and change this area. Unknown roles may use nothing. */
export function mayUse(role: string, area: AdminArea): boolean {
  if (role === "owner") return true;
  if (role === "results_officer") return RESULTS_OFFICER_AREAS.has(area);
  return false;
}

/**
 * Whether an admin of role `sender` may invite someone as `invited` (issue 31 item 7): whoever may
 * manage the admins. Checked when an invitation is sent, when its sender's role changes or they
 * are removed (their pending invitations this no longer allows end), and again when it is accepted.
 */
export function mayInvite(sender: string, invited: string): boolean {
  return mayUse(sender, "admins") && isAdminRole(invited);
}

export interface AdminTab {
  key: AdminArea;
  label: string;
  to: string;
}

/** The admin navigation: the overview first, then SPEC's order (Competitors, Races, Results), Seasons, News, the audit log. */
export const ADMIN_TABS: readonly AdminTab[] = [
  { key: "overview", label: "Overview", to: "/admin/overview" },
  { key: "competitors", label: "Competitors", to: "/admin/competitors" },
  { key: "races", label: "Races", to: "/admin/races" },
  { key: "results", label: "Results", to: "/admin/results" },
  { key: "seasons", label: "Seasons", to: "/admin/seasons" },
  { key: "news", label: "News", to: "/admin/news" },
  { key: "audit", label: "Audit log", to: "/admin/audit" },
  { key: "privacy", label: "Privacy", to: "/admin/privacy" },
  { key: "admins", label: "Admins", to: "/admin/admins" },
  { key: "settings", label: "Settings", to: "/admin/settings" },
];

/** The sections this role's navigation shows: only what it may use. */
export function tabsFor(role: string): AdminTab[] {
  return ADMIN_TABS.filter((tab) => mayUse(role, tab.key));
}

/**
 * Where a sign-in (and /admin) lands: SPEC's Competitors screen for an owner, the first section
 * the role may use otherwise (Races for a results officer). Never the overview, though it comes
 * first in the navigation: SPEC's landing stays.
 */
export function landingPath(role: string): string {
  return tabsFor(role).find((tab) => tab.key !== "overview")?.to ?? "/admin/login";
}

/**
 * The admin area an upload to this place needs: a race's image is the races area's, the club's logo and banner the settings'; an address naming no place the
 * stricter one. Read from the address alone, so the server checks it before the body arrives.
 */
export function imageArea(place: ImagePlace | null): AdminArea {
  return place?.purpose === "race" ? "races" : "settings";
}
