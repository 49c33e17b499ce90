import { cn } from "~/lib/cn";

const AVATAR = "size-8 shrink-0 rounded-full bg-muted";

/** Initials avatar, drawn by our own server from the name (no third-party avatar service). */
export function Avatar({ name, className, eager }: { name: string; className?: string; eager?: boolean }) {
  return (
    <img
      src={`/avatars/${encodeURIComponent(name)}.svg`}
      alt=""
      width={32}
      height={32}
      loading={eager ? "eager" : "lazy"}
      className={className ? cn(AVATAR, className) : AVATAR}
    />
  );
}
