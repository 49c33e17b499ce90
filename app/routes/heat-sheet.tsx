import { renderToStaticMarkup } from "react-dom/server";
import { data } from "react-router";
import { configContext, dbContext } from "~/context";
import { raceHeats } from "~/domain/race-day/heats.server";
import { getRace } from "~/domain/races/public-queries.server";
import { RaceWhenWhere } from "~/components/races/race-when-where";
import { parseId } from "~/lib/util/params";
import type { ClassDraw } from "~/domain/race-day/heats.server";
import type { Route } from "./+types/heat-sheet";

/**
 * The heat sheet for the notice board: a document of its own (no site header, no script), like
 * the printable registration form. Its CSS is a file, so the page needs no inline style.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await getRace(db, id) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  const classes = (await raceHeats(db, race.id)).filter((c) => c.heats.length > 0);
  const html = renderToStaticMarkup(<HeatSheet clubName={context.get(configContext).clubName} race={race} classes={classes} />);
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function HeatSheet({
  clubName,
  race,
  classes,
}: {
  clubName: string;
  race: { id: number; title: string; date: string; location: string };
  classes: ClassDraw[];
}) {
  const title = `Heat sheet: ${race.title}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="stylesheet" href="/heat-sheet.css" />
        {/* The site's icon, as in root.tsx: without it the browser asks for /favicon.ico, a 404. */}
        <link rel="icon" href="/images/logo.svg" type="image/svg+xml" />
      </head>
      <body>
        <nav className="screen-only" aria-label="Race">
          <a href={`/calendar/${race.id}`}>Back to {race.title}</a>
        </nav>
        <main>
          {classes.length === 0 && (
            <>
              <h1>{race.title}</h1>
              <p>No heats drawn yet.</p>
            </>
          )}
          {classes.map((c) => (
            <section key={c.boatClass} className="class-page" aria-label={`${c.boatClass} heats`}>
              <h1>
                {race.title} – {c.boatClass}
              </h1>
              <p className="meta">
                <RaceWhenWhere race={race} layout="text" /> · {clubName}
              </p>
              {c.heats.map((heat) => (
                <div key={heat.heatNumber} className="heat">
                  <h2>
                    Heat {heat.heatNumber} – {c.boatClass}
                  </h2>
                  <ol>
                    {heat.boats.map((boat) => (
                      <li key={boat.competitorId}>
                        <span className="number">{boat.boatNumber ? `#${boat.boatNumber}` : "–"}</span>
                        <span>
                          {boat.boatName?.trim() || boat.driver}{" "}
                          {boat.boatName?.trim() ? <span className="driver">{boat.driver}</span> : null}
                        </span>
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </section>
          ))}
        </main>
      </body>
    </html>
  );
}
