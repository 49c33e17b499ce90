/**
 * The owner's privacy requests (issue 35 item 4): a request made on paper, and the list, each
 * request with its due date, status and who answered it, and for an open one its answers: the
 * racer's data to download (access), the erasure (erasure), more time, done or refused. Server
 * forms and plain links: the screen works without JavaScript. Dates arrive formatted.
 */
import { RacerSelect } from "~/components/racer/racer-select";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PRIVACY_PATH } from "~/components/privacy/erasure";
import { KIND_WORDS } from "~/lib/privacy/request-forms";
import { REQUEST_KINDS } from "~/lib/privacy/requests";
import { JSON_FILE, SECTION_KEYS, SECTIONS, sectionFile } from "~/lib/privacy/my-data";
import type { RequestItem } from "~/lib/privacy/request-items";

const linkClass = "font-medium text-primary underline underline-offset-4";

export function PaperRequestForm({ choices, today }: { choices: { id: number; label: string }[]; today: string }) {
  return (
    <Form method="post" action={PRIVACY_PATH} className="grid gap-3" aria-label="Enter a request made on paper">
      <input type="hidden" name="intent" value="add" />
      <div className="space-y-1">
        <Label htmlFor="request-kind">What they asked for</Label>
        <NativeSelect id="request-kind" name="kind" required defaultValue="">
          <option value="" disabled>
            Choose one
          </option>
          {REQUEST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_WORDS[kind]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <RacerSelect id="request-racer" name="competitorId" label="Who asked" choices={choices} />
      <div className="space-y-1">
        <Label htmlFor="request-identified">How you confirmed who they are</Label>
        <Textarea
          id="request-identified"
          name="identifiedBy"
          required
          maxLength={500}
          rows={2}
          placeholder="Met them at the lake and saw their driving licence"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="request-confirmed">Day you confirmed it (the 45 days start then)</Label>
        <Input id="request-confirmed" name="confirmedOn" type="date" required max={today} defaultValue={today} />
      </div>
      <div>
        <Button type="submit">Add request</Button>
      </div>
    </Form>
  );
}

export function RequestList({ requests }: { requests: RequestItem[] }) {
  if (requests.length === 0) return <p className="text-sm text-muted-foreground">No privacy requests yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Privacy requests">
      {requests.map((r) => (
        <li key={r.id} className="space-y-2 rounded-md border p-3 text-sm" aria-labelledby={`request-${r.id}`}>
          <h3 id={`request-${r.id}`} className="font-semibold">
            {r.kindWords}: {r.racer}
          </h3>
          <p>
            <span className="font-medium">{r.statusWords}.</span>{" "}
            {r.status === "open" ? (
              <span className={r.overdue ? "font-medium text-destructive" : undefined}>{r.due}.</span>
            ) : (
              r.handled
            )}
          </p>
          <p className="text-muted-foreground">
            Request {r.id}, {r.source}, received on {r.received}. Identified: {r.identifiedBy}
          </p>
          {r.note && <p className="whitespace-pre-line break-words">{r.note}</p>}
          {r.status === "open" && <OpenRequestActions request={r} />}
        </li>
      ))}
    </ul>
  );
}

function OpenRequestActions({ request: r }: { request: RequestItem }) {
  return (
    <div className="space-y-3">
      {r.exportBase && (
        <p>
          Their data, as the racer gets it:{" "}
          <a className={linkClass} href={`${r.exportBase}/${JSON_FILE}`} download>
            Download all (JSON)
          </a>
          {SECTION_KEYS.map((key) => (
            <span key={key}>
              ,{" "}
              <a className={linkClass} href={`${r.exportBase}/${sectionFile(key)}`} download>
                {SECTIONS[key].title} (CSV)
              </a>
            </span>
          ))}
        </p>
      )}
      {r.eraseHref && (
        <Link className={buttonClasses({ variant: "outline" })} to={r.eraseHref}>
          Review erasure
        </Link>
      )}
      <details>
        <summary className="cursor-pointer font-medium">Mark done or refuse</summary>
        <div className="mt-2 grid gap-3">
          <Form method="post" action={PRIVACY_PATH} className="grid gap-2">
            <input type="hidden" name="intent" value="done" />
            <input type="hidden" name="requestId" value={r.id} />
            <Label htmlFor={`done-note-${r.id}`}>What was done (optional)</Label>
            <Textarea id={`done-note-${r.id}`} name="note" rows={2} maxLength={2000} />
            <div>
              <Button type="submit">Mark done</Button>
            </div>
          </Form>
          <Form method="post" action={PRIVACY_PATH} className="grid gap-2">
            <input type="hidden" name="intent" value="refuse" />
            <input type="hidden" name="requestId" value={r.id} />
            <Label htmlFor={`refuse-note-${r.id}`}>Why it is refused</Label>
            <Textarea id={`refuse-note-${r.id}`} name="note" rows={2} required maxLength={2000} />
            <div>
              <Button type="submit" variant="outline">
                Refuse
              </Button>
            </div>
          </Form>
        </div>
      </details>
      {r.extend && (
        <details>
          <summary className="cursor-pointer font-medium">More time for a complex request</summary>
          <Form method="post" action={PRIVACY_PATH} className="mt-2 grid gap-2">
            <input type="hidden" name="intent" value="extend" />
            <input type="hidden" name="requestId" value={r.id} />
            <Label htmlFor={`extend-until-${r.id}`}>New due date</Label>
            <Input id={`extend-until-${r.id}`} name="until" type="date" required min={r.extend.min} max={r.extend.max} />
            <Label htmlFor={`extend-note-${r.id}`}>How and when you told the person</Label>
            <Textarea id={`extend-note-${r.id}`} name="note" rows={2} required maxLength={2000} />
            <div>
              <Button type="submit" variant="outline">
                Extend
              </Button>
            </div>
          </Form>
        </details>
      )}
    </div>
  );
}
