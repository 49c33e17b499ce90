import { Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { cn } from "~/lib/cn";
import { navigation } from "~/lib/site";

function NavItems({ onNavigate, vertical }: { onNavigate?: () => void; vertical?: boolean }) {
  return (
    <ul className={cn("flex", vertical ? "flex-col gap-1" : "items-center gap-1")}>
      {navigation.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === "/"}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "block rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-white/10",
                vertical && "text-base text-foreground hover:bg-muted",
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

export function SiteHeader({ clubName, showAdminLink }: { clubName: string; showAdminLink: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 bg-primary text-primary-foreground shadow">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold">
          <img src="/images/logo.svg" alt="" width={36} height={36} className="size-9 shrink-0" />
          <span className="truncate">{clubName}</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavItems />
        </nav>
        <div className="flex items-center gap-2">
          {showAdminLink && (
            <Link to="/admin/login" className="rounded px-2 py-1 text-xs opacity-80 hover:opacity-100 hover:underline">
              Admin
            </Link>
          )}
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger
              className="inline-flex size-10 items-center justify-center rounded-md hover:bg-white/10 md:hidden"
              aria-label="Open menu"
            >
              <Menu aria-hidden className="size-6" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 md:hidden" />
              <Dialog.Content
                className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 bg-background p-4 shadow-xl transition-transform md:hidden data-[state=open]:animate-[slide-in_200ms_ease-out]"
                aria-describedby={undefined}
              >
                <div className="flex items-center justify-between">
                  <Dialog.Title className="font-semibold">Menu</Dialog.Title>
                  <Dialog.Close
                    className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted"
                    aria-label="Close menu"
                  >
                    <X aria-hidden className="size-6" />
                  </Dialog.Close>
                </div>
                <nav aria-label="Mobile">
                  <NavItems vertical onNavigate={() => setOpen(false)} />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
    </header>
  );
}
