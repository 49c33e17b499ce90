import { Shuffle } from "~/components/ui/icons";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DRAW_METHOD_LABELS, MAX_HEAT_SIZE, MAX_SEED, MIN_HEAT_SIZE } from "~/lib/race-day/heat-draw";

/** Draws (or redraws) a class's heats: how, how many boats per heat, and an optional seed. */
export function HeatDrawForm({
  boatClass,
  heatSize,
  drawn,
  checkIns,
}: {
  boatClass: string;
  heatSize: number;
  drawn: boolean;
  /** Race day: how many of the class's entrants are checked in; the draw may take only those. */
  checkIns?: { here: number; entered: number };
}) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={`Draw ${boatClass} heats`}>
      <input type="hidden" name="intent" value="draw" />
      <input type="hidden" name="boatClass" value={boatClass} />
      <div className="space-y-1">
        <Label htmlFor={`method-${boatClass}`}>Draw</Label>
        <select
          id={`method-${boatClass}`}
          name="method"
          defaultValue="random"
          className="h-9 rounded-md border bg-background px-2 text-sm"
        >
          {Object.entries(DRAW_METHOD_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`size-${boatClass}`}>Boats per heat</Label>
        <Input
          id={`size-${boatClass}`}
          name="heatSize"
          type="number"
          inputMode="numeric"
          min={MIN_HEAT_SIZE}
          max={MAX_HEAT_SIZE}
          defaultValue={heatSize}
          fullWidth={false}
          className="w-24"
          required
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`seed-${boatClass}`}>Seed (optional)</Label>
        <Input
          id={`seed-${boatClass}`}
          name="seed"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SEED}
          fullWidth={false}
          className="w-36"
        />
      </div>
      {checkIns && checkIns.here > 0 && (
        <label className="flex h-9 items-center gap-2 text-sm">
          <input type="checkbox" name="checkedInOnly" value="on" defaultChecked className="size-4" />
          Only boats checked in ({checkIns.here} of {checkIns.entered})
        </label>
      )}
      <Button type="submit">
        <Shuffle aria-hidden />
        {drawn ? "Redraw heats" : "Draw heats"}
      </Button>
    </Form>
  );
}

/** Moves one boat to another heat of its class. */
export function HeatMoveForm({
  boatClass,
  competitorId,
  label,
  heats,
  late = false,
}: {
  boatClass: string;
  competitorId: number;
  label: string;
  heats: number[];
  /** A late arrival joining a heat (until the class's first result), rather than a move. */
  late?: boolean;
}) {
  return (
    <Form method="post" className="flex items-center gap-1">
      <input type="hidden" name="intent" value={late ? "late" : "move"} />
      <input type="hidden" name="boatClass" value={boatClass} />
      <input type="hidden" name="competitorId" value={competitorId} />
      <select name="heatNumber" aria-label={`Heat for ${label}`} className="h-8 rounded-md border bg-background px-1 text-sm">
        {heats.map((n) => (
          <option key={n} value={n}>
            Heat {n}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="outline" aria-label={`${late ? "Add" : "Move"} ${label}`}>
        {late ? "Add" : "Move"}
      </Button>
    </Form>
  );
}
