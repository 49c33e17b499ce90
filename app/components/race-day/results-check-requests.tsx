import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeSelect, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RESULTS_CHECK_LIMITS, RESULTS_CHECK_TEXT } from "~/lib/race-day/results-check";

export interface AdminCheck {
  id: number;
  name: string;
  heat: string;
  problem: string;
  asked: string;
  /** Club time, formatted by the loader. */
  filed: string;
  filedAt: string;
  outcome: string | null;
  reason: string | null;
  change: string | null;
}

export interface LoggedChangeOption {
  id: number;
  label: string;
  at: string;
}

/**
 * The Heats page's requests for a results check (decision 0056): each undecided one with a form
 * to accept it (naming the change log entry its correction made: the results themselves change in
 * the editor or the import) or refuse it, with a reason the race page shows.
 */
export function ResultsCheckRequests({
  openUntil,
  requests,
  changes,
}: {
  openUntil: string | null;
  requests: readonly AdminCheck[];
  changes: readonly LoggedChangeOption[];
}) {
  if (!openUntil && requests.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Requests for a results check</CardTitle>
        <CardDescription>
          {openUntil ? RESULTS_CHECK_TEXT.openUntil(openUntil) : "Closed."} Correct the results in the editor or the import first;
          then accept the request with the change it made, or refuse it. The race page shows the racer&apos;s name, the decision
          and its reason.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">No requests yet.</p>
        ) : (
          <ul className="space-y-4">
            {requests.map((r) => (
              <li key={r.id} className="space-y-2 rounded-md border p-3 text-sm" data-testid="results-check-request">
                <p className="font-medium">
                  {r.name}, {r.heat} <span className="font-normal text-muted-foreground">({r.filed})</span>
                </p>
                <p>
                  <span className="text-muted-foreground">Wrong: </span>
                  {r.problem}
                </p>
                <p>
                  <span className="text-muted-foreground">Asks: </span>
                  {r.asked}
                </p>
                {r.outcome ? (
                  <p className="font-medium">
                    {r.outcome === "accepted" ? RESULTS_CHECK_TEXT.accepted : RESULTS_CHECK_TEXT.refused}: {r.reason}
                    {r.change && <span className="block font-normal text-muted-foreground">{r.change}</span>}
                  </p>
                ) : (
                  <DecideForm request={r} changes={changes.filter((c) => c.at >= r.filedAt)} />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Posted to the Heats page's own action (intent "decide"). */
function DecideForm({ request, changes }: { request: AdminCheck; changes: readonly LoggedChangeOption[] }) {
  const id = `check-${request.id}`;
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="requestId" value={request.id} />
      <div className="space-y-1">
        <Label htmlFor={`${id}-change`}>The change it made (to accept)</Label>
        <NativeSelect id={`${id}-change`} name="changeId" defaultValue={changes.at(-1)?.id ?? ""}>
          <option value="">{changes.length ? "Choose a change" : "No change saved since the request"}</option>
          {changes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea id={`${id}-reason`} name="reason" rows={2} maxLength={RESULTS_CHECK_LIMITS.reason} required />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="outcome" value="accepted">
          Accept
        </Button>
        <Button type="submit" name="outcome" value="refused" variant="outline">
          Refuse
        </Button>
      </div>
    </Form>
  );
}
