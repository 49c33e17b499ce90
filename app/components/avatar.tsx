import { cn } from "~/lib/cn";

/**
 * Initials avatar, drawn by our own server from the name (no third-party avatar service). Styled
 * by `.avatar` in app.css (standings list one per row); a utility class passed in wins.
 */
export function Avatar({ name, className, eager }: { name: string; className?: string; eager?: boolean }) {
  return (
    <img
      src={`/avatars/${encodeURIComponent(name)}.svg`}
      alt=""
      width={32}
      height={32}
      loading={eager ? "eager" : "lazy"}
      className={className ? cn("avatar", className) : "avatar"}
    />
  );
}
