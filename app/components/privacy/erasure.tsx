/**
 * The owner's erasure of a racer who asked on paper (issue 35 item 4): pick the racer, see what
 * stays and what goes, confirm; and the erasures already made. Server forms: a GET to the
 * confirmation step, a POST to erase, with or without JavaScript.
 */
import { RacerSelect } from "~/components/racer/racer-select";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { countOf } from "~/lib/util/plural";
import { PRIVACY_REQUESTS_PATH } from "~/lib/privacy/requests";

export const PRIVACY_PATH = PRIVACY_REQUESTS_PATH;

export function ErasurePick({ choices }: { choices: { id: number; label: string }[] }) {
  return (
    <Form method="get" action={PRIVACY_PATH} className="flex flex-wrap items-end gap-3" aria-label="Choose a racer to erase">
      <RacerSelect id="erase-racer" name="erase" label="Racer" choices={choices} className="min-w-0 flex-1 space-y-1" />
      <Button type="submit" variant="outline">
        Review erasure
      </Button>
    </Form>
  );
}

export interface ErasureConfirmProps {
  id: number;
  name: string;
  email: string | null;
  results: number;
  futureEntries: number;
  /** The racer's open erasure request, answered by the erasure. */
  requestId?: number | null;
}

export function ErasureConfirm({ id, name, email, results, futureEntries, requestId }: ErasureConfirmProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Erase {name}?</CardTitle>
        <CardDescription>
          Only when {name} has asked for it and you have confirmed who they are. An erasure cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div>
          <p className="font-medium">What goes</p>
          <ul className="list-disc pl-5">
            <li>
              The name (the results show an anonymous name instead), {email ? `the e-mail ${email}` : "the e-mail"}, the
              telephone, the boat&apos;s name, number and colour
            </li>
            <li>Consent records and race e-mail preferences</li>
            <li>{countOf(futureEntries, "entry", "entries")} to races not yet run, links and pending changes</li>
            <li>The e-mails sent to them, and their details in the audit log</li>
          </ul>
        </div>
        <div>
          <p className="font-medium">What stays</p>
          <ul className="list-disc pl-5">
            <li>{countOf(results, "result")}, so no other racer&apos;s positions or points change</li>
          </ul>
        </div>
        <Form method="post" action={PRIVACY_PATH} className="flex flex-wrap gap-3">
          <input type="hidden" name="intent" value="erase" />
          <input type="hidden" name="competitorId" value={id} />
          {requestId ? <input type="hidden" name="requestId" value={requestId} /> : null}
          <Button type="submit" variant="destructive">
            Erase {name}
          </Button>
          <Link to={PRIVACY_PATH} className={buttonClasses({ variant: "outline" })}>
            Cancel
          </Link>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ErasedList({ erased }: { erased: { id: number; label: string; erasedOn: string }[] }) {
  if (erased.length === 0) return <p className="text-sm text-muted-foreground">No racer has been erased.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {erased.map((e) => (
        <li key={e.id}>
          {e.label} (#{e.id}), erased on {e.erasedOn}
        </li>
      ))}
    </ul>
  );
}
