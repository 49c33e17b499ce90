import { buttonClasses } from "~/components/ui/button";
import { RESULTS_CHECK_TEXT } from "~/lib/race-day/results-check";

/** On the entry link's page: the way to a request for a results check (or to the racer's decisions). */
export function ResultsCheckLink({ href, openUntil }: { href: string; openUntil: string | null }) {
  return (
    <section aria-labelledby="results-check" className="space-y-2 rounded-md border p-4">
      <h2 id="results-check" className="text-lg font-semibold">
        {RESULTS_CHECK_TEXT.title}
      </h2>
      {openUntil && <p>{RESULTS_CHECK_TEXT.openUntil(openUntil)}</p>}
      <a href={href} className={buttonClasses({ variant: openUntil ? "default" : "outline" })}>
        {openUntil ? RESULTS_CHECK_TEXT.link : "Your requests"}
      </a>
    </section>
  );
}
