import { Undo2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { padBoats, placesOf, tapBoat, undoLastTap, type HeatDraw } from "~/lib/race-day/finish-order";
import { ordinal } from "~/lib/util/ordinal";
import type { ResultRow } from "~/lib/race-day/results-editor";

/**
 * The heat's boats as large buttons in the results dialog: tapping them in finishing order fills
 * the result rows (1st, 2nd, ...); tapping a placed boat again takes it out. The rules are in
 * app/lib/race-day/finish-order.ts; the rows, and so the save, stay the dialog's.
 */
export function FinishOrderPad({
  draw,
  rows,
  onRows,
}: {
  draw: HeatDraw;
  rows: ResultRow[];
  onRows: (rows: ResultRow[]) => void;
}) {
  const places = placesOf(rows, draw.boats);
  const titleId = "finish-order-title";
  return (
    <section aria-labelledby={titleId} className="space-y-2 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          Finishing Order
        </h3>
        <Button
          type="button"
          variant="outline"
          size="touch"
          disabled={places.size === 0}
          onClick={() => onRows(undoLastTap(rows, draw.boats))}
        >
          <Undo2 aria-hidden />
          Undo
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Tap the boats of heat {draw.heatNumber} as they finish. Tap a boat again to take it out.
      </p>
      <div role="group" aria-label={`Heat ${draw.heatNumber} boats`} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {padBoats(draw.boats).map((boat) => {
          const place = places.get(boat.competitorId);
          return (
            <Button
              key={boat.competitorId}
              type="button"
              variant={place ? "default" : "outline"}
              aria-pressed={place !== undefined}
              // Two lines: the boat number (and its place once tapped), then the boat's name.
              size="tile"
              className="grid h-auto min-h-12 grid-cols-[1fr_auto] content-center items-center justify-items-start gap-x-2 gap-y-0.5 py-2 text-left whitespace-normal"
              onClick={() => onRows(tapBoat(rows, boat.competitorId))}
            >
              {boat.boatNumber && <span className="text-base font-bold tabular-nums">#{boat.boatNumber}</span>}{" "}
              <span className="col-span-2 break-words">{boat.boatName?.trim() || boat.driver}</span>
              {place !== undefined && (
                <>
                  {" "}
                  <span className="col-start-2 row-start-1 rounded-full bg-background px-2 py-0.5 text-xs font-semibold text-foreground tabular-nums">
                    {ordinal(place)}
                  </span>
                </>
              )}
            </Button>
          );
        })}
      </div>
    </section>
  );
}
