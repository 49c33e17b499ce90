import { data } from "react-router";
import { dbContext } from "~/context";
import { getRace, resultsForRaces } from "~/domain/races/public-queries.server";
import { pickResults, raceResultsCsv, raceResultsCsvName } from "~/lib/races/results-csv";
import { toCsv } from "~/lib/util/csv";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/race-results-csv";

/** /results/:id/results.csv?class=&heat=: the race page's results, for spreadsheets. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await getRace(db, id) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  const query = new URL(request.url).searchParams;
  const boatClass = query.get("class") || null;
  const heatParam = query.get("heat") || null;
  const heat = heatParam === null ? null : parseId(heatParam);
  if (heatParam !== null && heat === null) throw data("Heat Not Found", { status: 404 });
  const results = pickResults(await resultsForRaces(db, [race.id]), { boatClass, heat });
  if (!results) throw data("Results Not Found", { status: 404 });
  return new Response(toCsv(raceResultsCsv(race, results)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${raceResultsCsvName(race, { boatClass, heat })}"`,
    },
  });
}
