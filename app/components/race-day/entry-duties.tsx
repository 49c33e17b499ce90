import { Button, buttonClasses } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/input";
import { DUTY_TEXT, dutyLine } from "~/lib/race-day/duties";

/** On the entry link's page: the way to the race's duty roster, and the racer's own duty. Plain HTML (the page ships no React). */
export function EntryDutyLink({ href, mine, free }: { href: string; mine: string | null; free: number }) {
  return (
    <section aria-labelledby="duties" className="space-y-2 rounded-md border p-4">
      <h2 id="duties" className="text-lg font-semibold">
        {DUTY_TEXT.heading}
      </h2>
      <p>{mine ? DUTY_TEXT.onDuty(mine) : free > 0 ? DUTY_TEXT.free(free) : DUTY_TEXT.full}</p>
      <a href={href} className={buttonClasses({ variant: mine || free === 0 ? "outline" : "default" })}>
        {DUTY_TEXT.open}
      </a>
    </section>
  );
}

export interface EntryRosterDuty {
  name: string;
  places: number;
  people: string[];
}

/** The race's roster on the entry link: who is on each duty, a button on each free one (while the racer has none). */
export function EntryDutyRoster({ duties, mayTake }: { duties: EntryRosterDuty[]; mayTake: boolean }) {
  return (
    <ul aria-label={DUTY_TEXT.title} className="divide-y rounded-md border">
      {duties.map((d) => (
        <li key={d.name} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <span>{dutyLine(d)}</span>
          {mayTake && d.people.length < d.places && (
            <form method="post">
              <input type="hidden" name="duty" value={d.name} />
              <Button type="submit" name="intent" value="volunteer" size="sm" aria-label={`${DUTY_TEXT.volunteer}: ${d.name}`}>
                {DUTY_TEXT.volunteer}
              </Button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The racer's own duty: give it up (before race day), or ask another member to take it over. */
export function OwnDuty({
  duty,
  mayWithdraw,
  candidates,
}: {
  duty: string;
  mayWithdraw: boolean;
  candidates: { entrants: { id: number; name: string }[]; others: { id: number; name: string }[] };
}) {
  return (
    <section aria-labelledby="own-duty" className="space-y-4 rounded-md border p-4">
      <h2 id="own-duty" className="text-lg font-semibold">
        {DUTY_TEXT.onDuty(duty)}
      </h2>
      {mayWithdraw ? (
        <form method="post">
          <Button type="submit" name="intent" value="withdraw" variant="outline">
            {DUTY_TEXT.withdraw}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">{DUTY_TEXT.withdrawRaceDay}</p>
      )}
      <form method="post" className="space-y-2">
        <h3 className="font-semibold">{DUTY_TEXT.askHeading}</h3>
        <Label htmlFor="asked">{DUTY_TEXT.askLabel}</Label>
        <NativeSelect id="asked" name="askedId" required defaultValue="">
          <option value="">Choose a member</option>
          {candidates.entrants.length > 0 && (
            <optgroup label="Entered in this race">
              {candidates.entrants.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          )}
          {candidates.others.length > 0 && (
            <optgroup label="Other members">
              {candidates.others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          )}
        </NativeSelect>
        <p className="text-sm text-muted-foreground">{DUTY_TEXT.askHint}</p>
        <Button type="submit" name="intent" value="ask">
          {DUTY_TEXT.askButton}
        </Button>
      </form>
    </section>
  );
}
