import { data } from "react-router";
import { dbContext } from "~/context";
import { getCompetitor } from "~/domain/racer/public-racer.server";
import { careerResults } from "~/domain/racer-profile/profile.server";
import { careerCsv, careerCsvName } from "~/lib/races/results-csv";
import { toCsv } from "~/lib/util/csv";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/competitor-results-csv";

/** /competitor/:id/results.csv: every result of the racer's career (the profile's Race Results), for spreadsheets. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const competitor = id ? await getCompetitor(db, id) : null;
  if (!competitor) throw data("Racer Not Found", { status: 404 });
  if (competitor.erased) throw data("Racer Erased", { status: 410 });
  const results = await careerResults(db, competitor.id);
  return new Response(toCsv(careerCsv(competitor.name, results)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${careerCsvName(competitor.id)}"`,
    },
  });
}
