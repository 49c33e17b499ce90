import { data } from "react-router";
import { dbContext } from "~/context";
import { getRaceTitle, raceEntries } from "~/domain/races/races.server";
import { requireAdmin } from "~/domain/admin/auth.server";
import { toCsv } from "~/lib/util/csv";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/race-entries-csv";

/** A race's entries as CSV for the timing PC (admin only: it lists racers by name). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "entries");
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await getRaceTitle(db, id) : null;
  if (!id || !race) throw data(null, { status: 404 });
  const entries = await raceEntries(db, id);
  const csv = toCsv([
    ["Race", "Date", "Class", "Boat Number", "First Name", "Last Name", "Boat Name", "Competitor ID"],
    ...entries.map((e) => [
      race.title,
      race.date,
      e.boatClass,
      e.boatNumber,
      e.firstName,
      e.lastName,
      e.boatName,
      e.competitorId,
    ]),
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="race-${id}-entries.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
