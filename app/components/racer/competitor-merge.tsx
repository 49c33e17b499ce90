import { RacerSelect } from "~/components/racer/racer-select";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { REASON_LABELS, type DuplicateReason } from "~/lib/racer/duplicates";

interface Side {
  id: number;
  name: string;
  boatNumber: string;
  results: number;
}

const previewHref = (keep: number, merge: number) => `/admin/competitors/duplicates?keep=${keep}&merge=${merge}`;

/** The likely duplicates, each with a link per side to the merge preview keeping that side. */
export function DuplicateList({ pairs }: { pairs: { reasons: DuplicateReason[]; a: Side; b: Side }[] }) {
  if (pairs.length === 0) return <p className="py-6 text-center text-muted-foreground">No likely duplicates.</p>;
  const label = (s: Side) => `${s.name} (#${s.id}${s.boatNumber ? `, boat ${s.boatNumber}` : ""}, ${s.results} results)`;
  return (
    <ul className="divide-y" aria-label="Likely duplicates">
      {pairs.map(({ reasons, a, b }) => (
        <li key={`${a.id}-${b.id}`} className="space-y-1 py-3">
          <p className="font-medium">
            {label(a)} and {label(b)}
          </p>
          <p className="text-sm text-muted-foreground">{reasons.map((r) => REASON_LABELS[r]).join("; ")}</p>
          {/* Links on their own line, not in a sentence: 24 px tall for a thumb (WCAG 2.5.8). */}
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link className="inline-flex min-h-6 items-center" to={previewHref(a.id, b.id)}>
              Keep {a.name} (#{a.id})
            </Link>
            <Link className="inline-flex min-h-6 items-center" to={previewHref(b.id, a.id)}>
              Keep {b.name} (#{b.id})
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Any two racers, for duplicates the rules do not see (a nickname): a GET form to the preview. */
export function PickPair({ choices }: { choices: { id: number; label: string }[] }) {
  const select = (name: string, label: string) => (
    <RacerSelect id={`pick-${name}`} name={name} label={label} choices={choices} className="min-w-0 flex-1 space-y-1" />
  );
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose two racers">
      {select("keep", "Keep")}
      {select("merge", "Merge away")}
      <Button type="submit" variant="outline">
        Preview merge
      </Button>
    </Form>
  );
}

export interface MergeSide {
  id: number;
  name: string;
  fields: [string, string][];
  counts: [string, number][];
}

function SideCard({ side, title }: { side: MergeSide; title: string }) {
  return (
    <section className="min-w-0 flex-1 rounded-md border p-3" aria-label={title}>
      <h3 className="font-semibold">
        {title}: {side.name} (#{side.id})
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {[...side.fields, ...side.counts.map(([k, n]): [string, string] => [k, String(n)])].map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="break-all">{v || "–"}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Both records side by side, what moves, and the confirm form (or why the merge is refused). */
export function MergeConfirm({
  keep,
  gone,
  conflicts,
  filled,
}: {
  keep: MergeSide;
  gone: MergeSide;
  conflicts: string[];
  filled: string[];
}) {
  const moving = gone.counts.filter(([, n]) => n > 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Merge {gone.name} into {keep.name}
        </CardTitle>
        <CardDescription>
          {keep.name} (#{keep.id}) stays; {gone.name} (#{gone.id}) is removed once everything has moved.{" "}
          <Link to={previewHref(gone.id, keep.id)}>Keep {gone.name} instead</Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row">
          <SideCard side={keep} title="Stays" />
          <SideCard side={gone} title="Merged away" />
        </div>
        <div className="text-sm">
          <p className="font-medium">What moves to {keep.name}</p>
          <ul className="list-disc pl-5">
            {moving.length === 0 ? <li>Nothing: the merged-away record has no results, entries or links.</li> : null}
            {moving.map(([what, n]) => (
              <li key={what}>
                {n} {what.toLowerCase()}
              </li>
            ))}
            {filled.length > 0 && <li>Blank fields filled from the merged-away record: {filled.join(", ")}</li>}
          </ul>
        </div>
        {conflicts.length > 0 ? (
          <div role="alert" className="rounded-md border border-destructive px-4 py-3 text-sm text-destructive">
            <strong>This merge is refused:</strong> one person would be in a heat twice. Correct the results or the draw first.
            <ul className="list-disc pl-5">
              {conflicts.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : (
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="keep" value={keep.id} />
            <input type="hidden" name="merge" value={gone.id} />
            <Button type="submit" variant="destructive">
              Merge into {keep.name}
            </Button>
            <Link to="/admin/competitors/duplicates" className={buttonClasses({ variant: "outline" })}>
              Cancel
            </Link>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
