import { Lock } from "~/components/ui/icons";
import { Form } from "react-router";
import { HeatDrawForm, HeatMoveForm } from "~/components/race-day/heat-draw-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DRAW_METHOD_LABELS, type DrawMethod } from "~/lib/race-day/heat-draw";
import { boatEntryLabel, type Entrant } from "~/lib/race-day/race-day";
import { countOf } from "~/lib/util/plural";

/** One class's draw as the heats page shows it. */
export interface HeatClass {
  boatClass: string;
  method: DrawMethod | null;
  seed: number | null;
  locked: boolean;
  hasResults: boolean;
  heats: { heatNumber: number; boats: Entrant[] }[];
  /** Entered for the class but in no heat (entered after the draw). */
  unplaced: Entrant[];
}

/**
 * A class's heats: the draw form while it can be (re)drawn, each heat's boats with a move form
 * while it is open, the boats entered after the draw, and the button that locks it.
 */
// eslint-disable-next-line max-lines-per-function -- a class's heats and their actions in the order the card shows them
export function HeatClassCard({
  draw: c,
  heatSize,
  checkedIn = [],
}: {
  draw: HeatClass;
  heatSize: number;
  checkedIn?: number[];
}) {
  const open = !c.locked;
  const heatNumbers = c.heats.map((h) => h.heatNumber);
  // Check-in (issue 36 item 1): the draw may take only the boats at the lake.
  const here = new Set(checkedIn);
  const entrants = [...c.heats.flatMap((h) => h.boats), ...c.unplaced];
  const checkIns = { here: entrants.filter((b) => here.has(b.competitorId)).length, entered: entrants.length };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {c.boatClass}
          {c.locked && <Badge variant="past">Locked</Badge>}
        </CardTitle>
        <CardDescription>
          {c.method === null
            ? "Not drawn yet."
            : `${DRAW_METHOD_LABELS[c.method]}${c.seed !== null ? `, seed ${c.seed}` : ""}; ${countOf(c.heats.length, "heat")}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {open && !c.hasResults && (
          <HeatDrawForm boatClass={c.boatClass} heatSize={heatSize} drawn={c.method !== null} checkIns={checkIns} />
        )}
        {c.hasResults && open && (
          <p className="text-sm text-muted-foreground">
            Results are saved for this class: boats can still be moved, but not redrawn.
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          {c.heats.map((heat) => (
            <section
              key={heat.heatNumber}
              aria-label={`${c.boatClass} heat ${heat.heatNumber}`}
              className="rounded-md border p-3"
            >
              <h2 className="font-semibold">Heat {heat.heatNumber}</h2>
              <ul className="mt-2 space-y-1 text-sm">
                {heat.boats.map((boat) => (
                  <BoatLine
                    key={boat.competitorId}
                    boat={boat}
                    boatClass={c.boatClass}
                    moveTo={open && c.heats.length > 1 ? heatNumbers.filter((n) => n !== heat.heatNumber) : null}
                  />
                ))}
                {heat.boats.length === 0 && <li className="text-muted-foreground">Empty</li>}
              </ul>
            </section>
          ))}
        </div>
        {c.heats.length > 0 && c.unplaced.length > 0 && (
          <section aria-label={`${c.boatClass} entries in no heat`} className="rounded-md border border-dashed p-3">
            <h2 className="font-semibold">Entered after the draw</h2>
            {c.hasResults && (
              <p className="text-sm text-muted-foreground">
                Results are saved for this class: late arrivals can no longer join a heat.
              </p>
            )}
            <ul className="mt-2 space-y-1 text-sm">
              {c.unplaced.map((boat) => (
                <BoatLine
                  key={boat.competitorId}
                  boat={boat}
                  boatClass={c.boatClass}
                  moveTo={c.hasResults ? null : heatNumbers}
                  late
                  note={checkIns.here > 0 ? (here.has(boat.competitorId) ? "checked in" : "not checked in") : undefined}
                />
              ))}
            </ul>
          </section>
        )}
        {open && c.heats.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="lock" />
            <input type="hidden" name="boatClass" value={c.boatClass} />
            <Button type="submit" variant="outline">
              <Lock aria-hidden />
              Lock {c.boatClass} draw
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

/** A boat in a heat list; `moveTo`: the heats it can be moved to, null when it cannot move. */
function BoatLine({
  boat,
  boatClass,
  moveTo,
  late = false,
  note,
}: {
  boat: Entrant;
  boatClass: string;
  moveTo: number[] | null;
  late?: boolean;
  note?: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        {boatEntryLabel(boat)}
        {note && <span className="text-muted-foreground"> ({note})</span>}
      </span>
      {moveTo && (
        <HeatMoveForm
          boatClass={boatClass}
          competitorId={boat.competitorId}
          label={boatEntryLabel(boat)}
          heats={moveTo}
          late={late}
        />
      )}
    </li>
  );
}
