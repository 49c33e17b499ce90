import { Link } from "react-router";
import { cn } from "~/lib/util/cn";

/**
 * Tabs that are links (`?tab=...`): the server renders the chosen tab, so they work without
 * JavaScript, can be shared and survive a reload. See docs/decisions/0002-tabs-are-links.md.
 *
 * `wrap`: the tabs run onto more lines instead of scrolling sideways. A long strip (the admin
 * sections) on a phone hid half its tabs behind a scroll nobody saw (issue 32 item 3); the
 * public pages' two or three tabs fit and keep their one-line strip.
 */
export function LinkTabs({
  label,
  tabs,
  current,
  wrap = false,
}: {
  label: string;
  tabs: readonly { key: string; label: string; to: string }[];
  current: string;
  wrap?: boolean;
}) {
  return (
    <nav aria-label={label} className={cn("mb-4", !wrap && "overflow-x-auto")}>
      <ul
        className={cn(
          "items-center rounded-md bg-muted p-1 text-muted-foreground",
          wrap ? "flex flex-wrap gap-1" : "inline-flex h-10",
        )}
      >
        {tabs.map((tab) => {
          const selected = tab.key === current;
          return (
            <li key={tab.key}>
              <Link
                to={tab.to}
                preventScrollReset
                aria-current={selected ? "page" : undefined}
                className={cn(
                  "inline-flex items-center rounded-sm px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary",
                  selected ? "bg-background text-foreground shadow-sm" : "hover:text-foreground",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
