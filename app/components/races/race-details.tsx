import { CalendarDays, MapPin } from "~/components/ui/icons";
import { RaceWhenWhere } from "~/components/races/race-when-where";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { UploadedPicture } from "~/components/images/picture";
import type { ImageRef } from "~/lib/platform/image-ref";
import { raceImage } from "~/lib/platform/site";

/**
 * The side column of a race page (below the results on a phone): the race's picture, description,
 * calendar file, date, location, status and entry window, then its location.
 */
export function RaceDetails({
  race,
  image,
  status,
  entryWindow,
}: {
  race: { id: number; title: string; date: string; location: string; description: string; imageUrl: string | null };
  /** An uploaded picture (issue 24 item 2); else the race's image path or the bundled one. */
  image?: ImageRef;
  status: "Upcoming" | "Completed" | "Cancelled";
  /** "Entries closed on ...": only while the race is still to come. */
  entryWindow: string | null;
}) {
  return (
    <aside className="space-y-6">
      <Card className="overflow-hidden">
        {image ? (
          // Below the results on a phone: lazy; cropped to the card's 16:9 as the bundled one is.
          <UploadedPicture image={image} purpose="race" className="aspect-video w-full object-cover" />
        ) : (
          <img
            src={raceImage(race.title, race.imageUrl)}
            alt=""
            width={640}
            height={360}
            // Below the results on a phone.
            loading="lazy"
            className="aspect-video w-full object-cover"
          />
        )}
        <CardHeader>
          <CardTitle>Race Details</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          {race.description && <p>{race.description}</p>}
          <p>
            <a href={`/calendar/${race.id}/event.ics`} download className="inline-flex items-center gap-1 font-medium underline">
              <CalendarDays aria-hidden className="size-4" />
              Add to calendar
            </a>
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <RaceWhenWhere race={race} layout="terms" />
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant={status === "Cancelled" ? "cancelled" : status === "Upcoming" ? "upcoming" : "past"}>{status}</Badge>
            </dd>
            {entryWindow && (
              <>
                <dt className="text-muted-foreground">Entries</dt>
                <dd data-testid="entry-window">{entryWindow}</dd>
              </>
            )}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Location</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="flex aspect-video items-center justify-center gap-2 rounded-md bg-sky-50 text-sm text-sky-900">
            <MapPin aria-hidden className="size-5" />
            {race.location}
          </div>
        </CardContent>
      </Card>
    </aside>
  );
}
