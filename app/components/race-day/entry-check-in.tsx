import { Button } from "~/components/ui/button";
import { CHECK_IN, type EntryCheckInBlock } from "~/lib/race-day/check-in";

/** What the entry link's page says about check-in; `text` is already on the club's clock. */

/** The racer's own check-in on their entry link's page: a plain form (the page ships no React). */
export function EntryCheckIn({ block }: { block: EntryCheckInBlock }) {
  return (
    <section aria-labelledby="check-in" className="space-y-3 rounded-md border p-4">
      <h2 id="check-in" className="text-lg font-semibold">
        {CHECK_IN.heading}
      </h2>
      {block.state === "open" ? (
        <form method="post" className="space-y-3">
          <p>At the lake? Check in so your boat is in the heat draw.</p>
          <Button type="submit" name="checkIn" value="1" size="touch">
            {CHECK_IN.button}
          </Button>
        </form>
      ) : (
        <p>{block.text}</p>
      )}
    </section>
  );
}
