import { NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** A racer as the admin screens offer them: their label and record number. */
export interface RacerChoice {
  id: number;
  label: string;
}

/**
 * A labelled select of racers for the admin screens that pick one (erasure, a paper privacy
 * request, a merge's two sides): a native select works without JavaScript and is the phone's own
 * picker. The record number tells two racers of one name apart.
 */
export function RacerSelect({
  id,
  name,
  label,
  choices,
  className = "space-y-1",
}: {
  id: string;
  name: string;
  label: string;
  choices: readonly RacerChoice[];
  className?: string;
}) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} required defaultValue="">
        <option value="" disabled>
          Choose a racer
        </option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label} (#{c.id})
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
