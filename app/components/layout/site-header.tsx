import { Menu, X } from "~/components/ui/icons";
import { Link, NavLink, useLocation } from "react-router";
import { cn } from "~/lib/util/cn";
import { navigation } from "~/lib/platform/site";
import { ClubLogo } from "~/components/layout/club-logo";
import type { ImageRef } from "~/lib/platform/image-ref";

function NavItems({ vertical }: { vertical?: boolean }) {
  return (
    <ul className={cn("flex", vertical ? "flex-col gap-1" : "items-center gap-1")}>
      {navigation.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === "/"}
            // Read pages are server HTML: from a hydrated page, load them as documents so their
            // standalone scripts run (docs/decisions/0012).
            reloadDocument
            className={({ isActive }) =>
              cn(
                "block rounded-md px-3 py-2 font-medium transition-colors",
                vertical ? "text-base text-foreground hover:bg-muted" : "text-sm hover:bg-white/10",
                isActive && (vertical ? "bg-muted" : "bg-white/15"),
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader({ clubName, logo, adminSignedIn }: { clubName: string; logo?: ImageRef; adminSignedIn: boolean }) {
  const location = useLocation();
  return (
    <header className="sticky top-0 z-40 bg-primary text-primary-foreground shadow">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" reloadDocument className="flex min-w-0 items-center gap-2 font-semibold">
          <ClubLogo logo={logo} className="flex size-9 shrink-0" />
          <span className="truncate">{clubName}</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavItems />
        </nav>
        <div className="flex items-center gap-2">
          {/* SPEC's small Admin link while signed out; signed in, the way back to the admin area
              (issue 32 item 3: from a public page nothing led there). */}
          <Link
            to={adminSignedIn ? "/admin" : "/admin/login"}
            className="rounded px-2 py-1 text-xs whitespace-nowrap opacity-80 hover:opacity-100 hover:underline"
          >
            {adminSignedIn ? "Admin area" : "Admin"}
          </Link>
          {/* A native disclosure: opens and closes without JavaScript (read pages ship none). */}
          {/* Keyed by the address: a client-side navigation on a hydrated page closes it. */}
          <details key={location.pathname + location.search} className="group md:hidden">
            <summary className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-white/10 [&::-webkit-details-marker]:hidden">
              <Menu aria-hidden className="size-6 group-open:hidden" />
              <X aria-hidden className="hidden size-6 group-open:block" />
              <span className="sr-only group-open:hidden">Open menu</span>
              <span className="sr-only hidden group-open:inline">Close menu</span>
            </summary>
            <nav
              aria-label="Mobile"
              className="fixed inset-x-0 top-16 bottom-0 z-50 flex justify-end bg-black/40 motion-safe:group-open:animate-[fade-in_150ms_ease-out]"
            >
              <div className="w-72 max-w-[85vw] overflow-y-auto bg-background p-4 shadow-xl motion-safe:group-open:animate-[slide-in_200ms_ease-out]">
                <p className="mb-2 px-3 font-semibold text-foreground">Menu</p>
                <NavItems vertical />
              </div>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
