import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DUTY_LIMITS, DUTY_SETTINGS_TEXT, ROSTER_TEXT, dutyLine } from "~/lib/race-day/duties";

export interface AdminRosterDuty {
  id: number;
  name: string;
  places: number;
  people: { competitorId: number; name: string }[];
}

/** Who is on a duty, each with a Remove button. */
function DutyPeople({ duty }: { duty: AdminRosterDuty }) {
  return (
    <ul className="space-y-1">
      {duty.people.map((p) => (
        <li key={p.competitorId} className="flex items-center justify-between gap-2">
          <span>{p.name}</span>
          <Form method="post">
            <input type="hidden" name="duty" value={duty.name} />
            <input type="hidden" name="competitorId" value={p.competitorId} />
            <Button
              type="submit"
              name="intent"
              value="unassign"
              variant="outline"
              size="sm"
              aria-label={`${ROSTER_TEXT.remove} ${p.name} from ${duty.name}`}
            >
              {ROSTER_TEXT.remove}
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** The racer picker (the results editor's: a native select, the best on a phone) and Assign. */
function AssignForm({ duty, racers }: { duty: AdminRosterDuty; racers: { id: number; label: string }[] }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="duty" value={duty.name} />
      <div className="min-w-48 flex-1 space-y-1">
        <Label htmlFor={`assign-${duty.id}`}>{ROSTER_TEXT.assignLabel}</Label>
        <NativeSelect id={`assign-${duty.id}`} name="competitorId" required defaultValue="">
          <option value="">Select a competitor</option>
          {racers.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" name="intent" value="assign">
        {ROSTER_TEXT.assign}
      </Button>
    </Form>
  );
}

/** The duty's number of people, and its removal while nobody is on it. */
function DutyEdit({ duty }: { duty: AdminRosterDuty }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Form method="post" className="flex items-end gap-2">
        <input type="hidden" name="duty" value={duty.name} />
        <div className="space-y-1">
          <Label htmlFor={`places-${duty.id}`}>{DUTY_SETTINGS_TEXT.places}</Label>
          <Input
            id={`places-${duty.id}`}
            name="places"
            type="number"
            inputMode="numeric"
            min={1}
            max={DUTY_LIMITS.maxPlaces}
            defaultValue={duty.places}
            fullWidth={false}
            className="w-20"
            required
          />
        </div>
        <Button type="submit" name="intent" value="places" variant="outline" aria-label={`${ROSTER_TEXT.save}: ${duty.name}`}>
          {ROSTER_TEXT.save}
        </Button>
      </Form>
      {duty.people.length === 0 && (
        <Form method="post">
          <input type="hidden" name="duty" value={duty.name} />
          <Button
            type="submit"
            name="intent"
            value="remove-duty"
            variant="ghost"
            aria-label={`${ROSTER_TEXT.removeDuty}: ${duty.name}`}
          >
            {ROSTER_TEXT.removeDuty}
          </Button>
        </Form>
      )}
    </div>
  );
}

/** One duty of the admin's roster: who is on it, a racer picker while a place is free, its number of people. */
function DutyCard({ duty, racers }: { duty: AdminRosterDuty; racers: { id: number; label: string }[] }) {
  return (
    <li className="space-y-3 rounded-md border p-3" aria-labelledby={`duty-${duty.id}`}>
      <h2 id={`duty-${duty.id}`} className="font-semibold">
        {dutyLine({ ...duty, people: duty.people.map((p) => p.name) })}
      </h2>
      {duty.people.length > 0 && <DutyPeople duty={duty} />}
      {duty.places > duty.people.length && <AssignForm duty={duty} racers={racers} />}
      <DutyEdit duty={duty} />
    </li>
  );
}

/** The admin's roster of a race (issue 36 item 2): plain forms posting to the route, with or without script. */
export function DutyRosterAdmin({ duties, racers }: { duties: AdminRosterDuty[]; racers: { id: number; label: string }[] }) {
  return (
    <div className="space-y-4">
      {duties.length === 0 ? (
        <p className="py-4 text-muted-foreground">{ROSTER_TEXT.empty}</p>
      ) : (
        <ul className="space-y-3">
          {duties.map((d) => (
            <DutyCard key={d.id} duty={d} racers={racers} />
          ))}
        </ul>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-2 rounded-md border p-3" aria-labelledby="add-duty">
        <h2 id="add-duty" className="w-full font-semibold">
          {ROSTER_TEXT.addDuty}
        </h2>
        <div className="min-w-40 flex-1 space-y-1">
          <Label htmlFor="new-duty-name">{DUTY_SETTINGS_TEXT.name}</Label>
          <Input id="new-duty-name" name="name" maxLength={DUTY_LIMITS.maxName} required />
        </div>
        <div className="space-y-1">
          <Label htmlFor="new-duty-places">{DUTY_SETTINGS_TEXT.places}</Label>
          <Input
            id="new-duty-places"
            name="places"
            type="number"
            inputMode="numeric"
            min={1}
            max={DUTY_LIMITS.maxPlaces}
            defaultValue={1}
            fullWidth={false}
            className="w-20"
            required
          />
        </div>
        <Button type="submit" name="intent" value="add">
          {ROSTER_TEXT.addDuty}
        </Button>
      </Form>
    </div>
  );
}
