import { data } from "react-router";
import { computedOnceContext, configContext, dbContext } from "~/context";
import { standingsView } from "~/domain/championship/championship.server";
import { toCsv } from "~/lib/util/csv";
import { clubToday } from "~/lib/util/dates";
import { ALL_SEASONS } from "~/lib/championship/seasons";
import { championshipCsv, specStandingsCsv, standingsCsvName } from "~/lib/championship/standings-csv";
import type { Route } from "./+types/standings-csv";

/** /standings.csv?season=&class=: the rows of the standings page, for spreadsheets. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const view = await standingsView(db, clubToday(config), new URL(request.url).searchParams, context.get(computedOnceContext));
  if (view.kind === "not-found") throw data("Season Not Found", { status: 404 });
  const rows = view.season === null ? specStandingsCsv(view.rows) : championshipCsv(view.season.name, view.tables);
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${standingsCsvName(view.season?.key ?? ALL_SEASONS, view.boatClass)}"`,
    },
  });
}
