import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CHECK_IN, matchesCheckInSearch, tapMessage, type CheckInTap } from "~/lib/race-day/check-in";
import { afterAnswer, afterTap, newTapKey, queueKey, readQueue, type ListBoat } from "~/lib/race-day/check-in-queue";
import { boatEntryLabel } from "~/lib/race-day/race-day";

/** One entrant of the phone list, as the loader hands it (times already on the club's clock). */
export interface CheckInBoat extends ListBoat {
  boatNumber: string;
  boatName: string | null;
  driver: string;
  classes: string[];
  /** "08:41", or null while not checked in. */
  time: string | null;
  /** The key a form post without script sends (a double press of one form is one tap). */
  key: string;
  /** This phone's last answer about the boat, when it was a conflict. */
  conflict?: boolean;
}

interface TapAnswer {
  kind: "done" | "already" | "conflict" | "not-entered";
  competitorId: number;
  state: { checkedIn: boolean; version: number };
}

/**
 * The race's entrants at the lake: each row a form that posts one tap (works without script).
 * With script, a tap shows at once and waits in the phone's storage until it is sent; when the
 * connection drops the taps wait, and go in order when it returns, each once (by its key).
 */
// eslint-disable-next-line max-lines-per-function -- the list, its search and the taps waiting offline share the rows' state
export function CheckInList({
  raceId,
  boats: initial,
  query: initialQuery,
  tapUrl,
}: {
  raceId: number;
  boats: CheckInBoat[];
  query: string;
  tapUrl: string;
}) {
  const [boats, setBoats] = useState(initial);
  const [query, setQuery] = useState(initialQuery);
  const [waiting, setWaiting] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const sending = useRef(false);
  const current = useRef(boats);
  useEffect(() => {
    current.current = boats;
  }, [boats]);

  const store = useCallback(
    (queue: CheckInTap[]) => {
      localStorage.setItem(queueKey(raceId), JSON.stringify(queue));
      setWaiting(queue.length);
    },
    [raceId],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const [tap] = readQueue(localStorage.getItem(queueKey(raceId)));
        if (!tap) break;
        let answer: TapAnswer;
        try {
          const response = await fetch(tapUrl, {
            method: "POST",
            body: new URLSearchParams({ ...tap, competitorId: String(tap.competitorId), basis: String(tap.basis) }),
            headers: { Accept: "application/json" },
          });
          if (response.status >= 500 || response.status === 429) break;
          answer = (await response.json()) as TapAnswer;
          // Refused as a whole (a tap this list could not have made): it will never apply, so it goes.
          if (!answer.state)
            answer = { kind: "not-entered", competitorId: tap.competitorId, state: { checkedIn: false, version: 0 } };
        } catch {
          // No connection: the tap stays first in line until the browser is online again.
          break;
        }
        const rest = readQueue(localStorage.getItem(queueKey(raceId))).filter((t) => t.key !== tap.key);
        store(rest);
        const stillWaiting = rest.some((t) => t.competitorId === tap.competitorId);
        const boat = current.current.find((b) => b.competitorId === tap.competitorId);
        if (answer.kind === "conflict" && boat) setNotice(tapMessage("conflict", tap.intent, boatEntryLabel(boat)));
        setBoats((list) => {
          const next = stillWaiting ? list : afterAnswer(list, tap.competitorId, answer.state, false);
          return next.map((b) =>
            b.competitorId === tap.competitorId
              ? {
                  ...b,
                  conflict: answer.kind === "conflict",
                  time: stillWaiting ? b.time : answer.state.checkedIn ? (b.time ?? "") : null,
                }
              : b,
          );
        });
      }
    } finally {
      sending.current = false;
      setWaiting(readQueue(localStorage.getItem(queueKey(raceId))).length);
    }
  }, [raceId, store, tapUrl]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [flush]);

  function tap(event: FormEvent<HTMLFormElement>, boat: CheckInBoat) {
    event.preventDefault();
    const next: CheckInTap = {
      intent: boat.checkedIn ? "undo" : "in",
      competitorId: boat.competitorId,
      basis: boat.version,
      key: newTapKey(),
    };
    setNotice(null);
    store([...readQueue(localStorage.getItem(queueKey(raceId))), next]);
    setBoats((list) => afterTap(list, next).map((b) => (b.competitorId === boat.competitorId ? { ...b, conflict: false } : b)));
    void flush();
  }

  const shown = boats.filter((b) => matchesCheckInSearch(b, query));
  return (
    <div className="space-y-4">
      <form method="get" role="search" className="flex items-end gap-2" onSubmit={(e) => e.preventDefault()}>
        <div className="min-w-0 flex-1 space-y-1">
          <Label htmlFor="check-in-search">Search by boat number or name</Label>
          <Input
            id="check-in-search"
            name="q"
            type="search"
            inputMode="search"
            controlSize="touch"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <Button type="submit" size="touch" variant="outline">
          Search
        </Button>
      </form>
      <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium">
        {waiting > 0 ? CHECK_IN.queued(waiting) : ""}
      </p>
      {notice && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
          {notice}
        </p>
      )}
      {shown.length === 0 && <p className="py-4 text-center text-muted-foreground">No boat matches this search.</p>}
      <ul className="divide-y rounded-md border">
        {shown.map((boat) => {
          const label = boatEntryLabel(boat);
          return (
            <li key={boat.competitorId}>
              <form method="post" className="flex items-center gap-3 p-3" onSubmit={(e) => tap(e, boat)}>
                <input type="hidden" name="intent" value={boat.checkedIn ? "undo" : "in"} />
                <input type="hidden" name="competitorId" value={boat.competitorId} />
                <input type="hidden" name="basis" value={boat.version} />
                <input type="hidden" name="key" value={boat.key} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{label}</p>
                  <p className="text-sm text-muted-foreground">
                    {boat.driver} · {boat.classes.join(", ")}
                  </p>
                  <p className="text-sm" data-check-in-state>
                    {boat.checkedIn
                      ? boat.waiting
                        ? "Checked in (waiting to send)"
                        : boat.time
                          ? `Checked in at ${boat.time}`
                          : "Checked in"
                      : boat.waiting
                        ? "Not checked in (waiting to send)"
                        : "Not checked in"}
                  </p>
                  {boat.conflict && <p className="text-sm text-destructive">{CHECK_IN.conflict}</p>}
                </div>
                <Button
                  type="submit"
                  size="touch"
                  variant={boat.checkedIn ? "outline" : "default"}
                  aria-label={`${boat.checkedIn ? CHECK_IN.undo : CHECK_IN.button} ${label}`}
                >
                  {boat.checkedIn ? CHECK_IN.undo : CHECK_IN.button}
                </Button>
              </form>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
