/**
 * A privacy request as the owner's screen and the overview print it (issue 35 item 4): every day
 * in words, the answers an open request offers. Run by the loaders only (dates need date-fns, which
 * no admin screen ships: the components receive strings).
 */
import { formatShortDate } from "~/lib/util/dates";
import { addDays, PRIVACY_REQUESTS_PATH } from "~/lib/privacy/requests";
import { dueWords, KIND_WORDS, latestExtension, requestDue, STATUS_WORDS, type RequestView } from "~/lib/privacy/request-forms";
import type { RequestKind, RequestStatus } from "~/lib/privacy/requests";

/** Where an owner downloads the racer's data for access request `id` (+ "/my-data.json" or a section's CSV). */
export function requestExportBase(id: number): string {
  return `${PRIVACY_REQUESTS_PATH}/requests/${id}`;
}

export interface RequestItem {
  id: number;
  kind: RequestKind;
  kindWords: string;
  status: RequestStatus;
  statusWords: string;
  racer: string;
  source: string;
  identifiedBy: string;
  received: string;
  due: string;
  overdue: boolean;
  handled: string | null;
  note: string;
  /** Open access requests: the base of the downloads. */
  exportBase: string | null;
  /** Open erasure requests: the erasure's review step. */
  eraseHref: string | null;
  /** Open requests: the days an extension may pick (null: already at the limit). */
  extend: { min: string; max: string } | null;
}

export function requestItem(r: RequestView, today: string): RequestItem {
  const due = requestDue(r);
  const open = r.status === "open";
  const live = open && r.competitorId !== null && !r.erased;
  const latest = latestExtension(r.confirmed);
  return {
    id: r.id,
    kind: r.kind,
    kindWords: KIND_WORDS[r.kind],
    status: r.status,
    statusWords: STATUS_WORDS[r.status],
    racer: r.racer,
    source: r.source === "link" ? "through the e-mailed link" : "on paper",
    identifiedBy: r.identifiedBy,
    received: formatShortDate(r.received),
    due: dueWords(due, today, formatShortDate(due)),
    overdue: open && due < today,
    handled: r.handled ? `On ${formatShortDate(r.handled)}, by ${r.handledBy ?? "an admin"}.` : null,
    note: r.note,
    exportBase: live && r.kind === "access" ? requestExportBase(r.id) : null,
    eraseHref: live && r.kind === "erasure" ? `${PRIVACY_REQUESTS_PATH}?erase=${r.competitorId}&request=${r.id}` : null,
    extend: open && due < latest ? { min: addDays(due, 1), max: latest } : null,
  };
}

/** The overview's line for a request due soon: "Ann Lee (erase their record): due on Jul 3, 2026". */
export function dueSoonLine(r: RequestView, today: string): string {
  const due = requestDue(r);
  return `${r.racer} (${KIND_WORDS[r.kind].toLowerCase()}): ${dueWords(due, today, formatShortDate(due)).replace(/^\w/, (c) => c.toLowerCase())}`;
}
