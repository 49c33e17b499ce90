import { renderToStaticMarkup } from "react-dom/server";
import { configContext, nonceContext } from "~/context";
import { PrintableRegistrationForm } from "~/components/registration/printable-registration-form";
import { BOAT_CLASSES, canonicalBoatClass } from "~/lib/platform/boat-classes";
import { pipaPolicyParagraphs } from "~/lib/registration/pipa";
import type { Route } from "./+types/registration-print";
import type { PageHandle } from "~/lib/platform/page";

/** The printable form: a document of its own (no site header), opened in a new window by /registration. */
/** The page cache keys this page on these parameters only (the rest cannot change it). */
export const handle: PageHandle = { query: ["class"] };

export function loader({ request, context }: Route.LoaderArgs) {
  const { clubName, clubEmail } = context.get(configContext);
  const requested = new URL(request.url).searchParams.getAll("class").map(canonicalBoatClass);
  const boatClasses = BOAT_CLASSES.filter((c) => requested.includes(c));
  const html = renderToStaticMarkup(
    <PrintableRegistrationForm
      clubName={clubName}
      clubEmail={clubEmail}
      boatClasses={boatClasses}
      policy={pipaPolicyParagraphs(clubName)}
      nonce={context.get(nonceContext)}
    />,
  );
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
