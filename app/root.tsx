import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "~/app.css";
import { clubContext, configContext } from "~/context";
import { readToast } from "~/domain/platform/toast.server";
import { currentAdmin } from "~/domain/admin/auth.server";
import { ServerToast, ToastOnLoad } from "~/components/layout/toast-on-load";
import { useNonce } from "~/components/layout/nonce";
import { Toaster } from "~/components/layout/toaster";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFound } from "~/components/layout/not-found";
import { linkPreview } from "~/lib/platform/link-preview";
import { pageHandles } from "~/lib/platform/page";
import { site } from "~/lib/platform/site";
import readPageScript from "~/read-page.js?raw";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/images/logo.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/icon-192.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** Every read page registers the service worker and shows the offline stamp (docs/decisions/0018). */
const OFFLINE_SCRIPT = "/js/offline.js";

export async function loader({ context, request }: Route.LoaderArgs) {
  const config = context.get(configContext);
  const club = context.get(clubContext);
  const { toast, headers } = await readToast(request);
  return data(
    {
      clubName: club.name,
      clubEmail: club.email,
      // The footer's words (the club's settings, /admin/settings).
      footer: { blurb: club.blurb, missionQuote: club.missionQuote, social: club.social, founded: club.founded },
      // The uploaded logo (/admin/settings); absent: the built-in one, inline.
      ...(club.logo ? { logo: club.logo } : {}),
      // Link previews name the page by its public address (app/lib/platform/link-preview.ts).
      siteUrl: config.siteUrl,
      // Checked against the server-side session, never a flag in the browser. A request with a
      // session carries a cookie, so its page is never stored or served by the anonymous page
      // cache (entry.server.tsx, server/page-cache.ts): the signed-in header stays with its admin.
      adminSignedIn: Boolean(await currentAdmin(request, context)),
      toast,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const clubName = data?.clubName ?? site.defaultName;
  const page = pageHandles(useMatches().map((match) => match.handle));
  // Read pages are server HTML without React in the browser. Once a hydrated page runs in the
  // browser, client navigations render read pages there too: keep the runtime mounted then.
  const hydrate = page.hydrate || typeof document !== "undefined";
  const toast = data?.toast ?? null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5c8e" />
        <Meta />
        <Links />
        {!hydrate && (
          // A read page's one inline script (allowed by its hash, server/csp.ts): the season and year
          // pickers submit on change, and the page's scripts load only after it has loaded and its
          // first frame is out (two animation frames: the first runs before that frame is painted),
          // so its first paint waits for no request but the page (docs/decisions/0025).
          <script
            data-scripts={[...page.scripts, OFFLINE_SCRIPT].join(" ")}
            dangerouslySetInnerHTML={{ __html: readPageScript }}
          />
        )}
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-background focus:p-2">
          Skip to content
        </a>
        <SiteHeader
          clubName={clubName}
          logo={data && "logo" in data ? data.logo : undefined}
          adminSignedIn={data?.adminSignedIn ?? false}
        />
        {hydrate ? <ToastOnLoad toast={toast} /> : <ServerToast toast={toast} />}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
          {!hydrate && (
            // Filled and shown by public/js/offline.js while the page is read without a connection.
            <p
              id="offline-stamp"
              role="status"
              hidden
              className="mb-4 w-fit rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900"
            />
          )}
          {children}
        </main>
        <SiteFooter clubName={clubName} clubEmail={data?.clubEmail ?? ""} words={data?.footer ?? null} />
        {hydrate && (
          <>
            <Toaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  linkPreview(loaderData ?? null, location, {
    title: loaderData?.clubName ?? site.defaultName,
    description: loaderData?.footer.blurb ?? site.blurb,
  });

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // A refused request (a tampered form, a cross-site post...) says why instead of "try again".
  const refusal: unknown =
    isRouteErrorResponse(error) && error.status < 500 ? (error.data as { message?: unknown } | null)?.message : undefined;
  if (typeof refusal === "string") {
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">Request refused</h1>
        <p className="mt-2 text-muted-foreground">{refusal}</p>
      </div>
    );
  }
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">Please try again in a moment.</p>
    </div>
  );
}
