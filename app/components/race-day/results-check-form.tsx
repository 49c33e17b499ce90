import { Button } from "~/components/ui/button";
import { FieldError, Label } from "~/components/ui/label";
import { NativeSelect, Textarea } from "~/components/ui/input";
import { RESULTS_CHECK_LIMITS, RESULTS_CHECK_TEXT } from "~/lib/race-day/results-check";

export type ResultsCheckFields = "heat" | "problem" | "asked";

/**
 * The racer's request for a results check, on their entry link: a plain form (works without
 * JavaScript; the server checks it and answers with the marked fields).
 */
export function ResultsCheckForm({
  heats,
  values,
  errors,
}: {
  heats: readonly { value: string; label: string }[];
  values: Partial<Record<ResultsCheckFields, string>>;
  errors: Partial<Record<ResultsCheckFields, string>>;
}) {
  const described = (field: ResultsCheckFields) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {};
  return (
    <form method="post" className="space-y-4" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor="heat">Heat</Label>
        <NativeSelect id="heat" name="heat" defaultValue={values.heat ?? ""} required {...described("heat")}>
          <option value="">Choose a heat</option>
          {heats.map((h) => (
            <option key={h.value} value={h.value}>
              {h.label}
            </option>
          ))}
        </NativeSelect>
        <FieldError id="heat-error" errors={errors.heat ? [errors.heat] : null} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="problem">What you think is wrong</Label>
        <Textarea
          id="problem"
          name="problem"
          rows={4}
          maxLength={RESULTS_CHECK_LIMITS.problem}
          defaultValue={values.problem ?? ""}
          required
          {...described("problem")}
        />
        <FieldError id="problem-error" errors={errors.problem ? [errors.problem] : null} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="asked">What you ask for</Label>
        <Textarea
          id="asked"
          name="asked"
          rows={2}
          maxLength={RESULTS_CHECK_LIMITS.asked}
          defaultValue={values.asked ?? ""}
          required
          {...described("asked")}
        />
        <FieldError id="asked-error" errors={errors.asked ? [errors.asked] : null} />
      </div>
      <p className="text-sm text-muted-foreground">
        Officials read what you write; the race page shows only your name, the heat and the decision.
      </p>
      <Button type="submit">Send the request</Button>
    </form>
  );
}

/** The racer's own requests and their decisions. */
export function OwnResultsChecks({
  requests,
}: {
  requests: readonly {
    id: number;
    heat: string;
    asked: string;
    outcome: string | null;
    reason: string | null;
    change: string | null;
  }[];
}) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="own-checks" className="space-y-2">
      <h2 id="own-checks" className="text-lg font-semibold">
        Your requests
      </h2>
      <ul className="space-y-2 text-sm">
        {requests.map((r) => (
          <li key={r.id} className="rounded-md border p-3">
            <p className="font-medium">
              {r.heat}: {r.asked}
            </p>
            <p>
              {r.outcome === null
                ? RESULTS_CHECK_TEXT.waiting
                : `${r.outcome === "accepted" ? RESULTS_CHECK_TEXT.accepted : RESULTS_CHECK_TEXT.refused}: ${r.reason}`}
              {r.change && ` (change made: ${r.change})`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
