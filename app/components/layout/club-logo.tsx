import logo from "../../../public/images/logo.svg?raw";

/** The one drawing, public/images/logo.svg (also the favicon and the app icon), sized for the header. */
const markup = logo.replace("<svg ", '<svg width="36" height="36" aria-hidden="true" focusable="false" ');

/**
 * The club's logo, inline: as an <img> it was a second request on every first visit, one the
 * first paint waited for on a slow connection (docs/decisions/0025). Decorative: the club's name
 * is next to it.
 */
export function ClubLogo({ className }: { className?: string }) {
  return <span className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}
