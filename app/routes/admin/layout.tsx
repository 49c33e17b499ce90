import { LogOut } from "~/components/ui/icons";
import { Form, Link, Outlet, redirect, useLocation, useNavigation } from "react-router";
import { isAccountPath, REQUIREMENT_PATHS } from "~/lib/admin/account-rules";
import { requireAdmin } from "~/domain/admin/auth.server";
import { configContext } from "~/context";
import { CompetitorSkeletonRows, CompetitorsTable } from "~/components/racer/competitors-table";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import type { Route } from "./+types/layout";
import { HYDRATE } from "~/lib/platform/page";
import { tabsFor } from "~/lib/admin/roles";
import { NO_MAIL } from "~/lib/platform/mail-setup";

/** The admin area hydrates (docs/decisions/0012-read-pages-without-a-framework.md). */
export const handle = HYDRATE;

/**
 * The guard: runs on the server before every loader and action below it (pages, data requests,
 * form posts, the CSV download). No live session: a redirect to the login, and nothing runs.
 * Each loader and action also calls requireAdmin itself, so moving a route out of this layout
 * cannot open it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const admin = await requireAdmin(request, context);
    // An account without its e-mail or second factor sees only its own account pages until it has them.
    if (admin.requirement && !isAccountPath(new URL(request.url).pathname)) {
      throw redirect(REQUIREMENT_PATHS[admin.requirement]);
    }
    const response = await next();
    // Admin pages hold personal data: never from a shared cache.
    if (response instanceof Response) response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  // Only the sections this admin's role may use (each route checks the role again itself).
  // Whether e-mail works is the server's setting, not the database's: free to ask on every page.
  // The warning's words come as data, so no screen's script carries the other e-mail notes.
  const mailNotSetUp = context.get(configContext).mailServer ? null : NO_MAIL.banner;
  return { username: admin.username, tabs: tabsFor(admin.role), mailNotSetUp };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { tabs } = loaderData;
  const current = tabs.find((tab) => pathname.startsWith(tab.to))?.key ?? "";
  // The competitors tab shows its four skeleton rows while its data is on the way (SPEC).
  const competitorsPending =
    navigation.state === "loading" && navigation.location.pathname === "/admin/competitors" && pathname !== "/admin/competitors";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Admin Dashboard</h1>
        <Form method="post" action="/admin/logout" className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-sm text-muted-foreground">Signed in as {loaderData.username}</span>
          <Link
            to="/admin/sessions"
            aria-current={pathname === "/admin/sessions" ? "page" : undefined}
            className={buttonClasses({ variant: "ghost", size: "sm" })}
          >
            My sessions
          </Link>
          <Link
            to="/admin/account"
            aria-current={pathname === "/admin/account" ? "page" : undefined}
            className={buttonClasses({ variant: "ghost", size: "sm" })}
          >
            My account
          </Link>
          <Button type="submit" variant="outline" size="sm">
            <LogOut aria-hidden />
            Log out
          </Button>
        </Form>
      </div>
      {/* Every section in sight on a phone: the tabs wrap instead of scrolling sideways (issue 32 item 3). */}
      <LinkTabs label="Admin sections" tabs={tabs} current={current} wrap />
      {loaderData.mailNotSetUp && (
        // On every admin screen, not only the Overview: sign-in lands elsewhere (issue 32 item 5).
        <p id="mail-not-set-up" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {loaderData.mailNotSetUp}{" "}
          {pathname !== "/admin/overview" && (
            <Link to="/admin/overview" className="font-medium underline underline-offset-4">
              See the Overview
            </Link>
          )}
        </p>
      )}
      {competitorsPending ? (
        <Card aria-busy>
          <CardHeader>
            <CardTitle>Competitor Management</CardTitle>
          </CardHeader>
          <CardContent>
            <CompetitorsTable>
              <CompetitorSkeletonRows />
            </CompetitorsTable>
          </CardContent>
        </Card>
      ) : (
        <Outlet />
      )}
    </div>
  );
}
