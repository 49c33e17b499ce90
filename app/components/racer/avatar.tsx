import { AvatarPicture } from "~/components/racer/avatar-picture";
import { avatarDrawing } from "~/lib/racer/avatar";

/**
 * Initials avatar, drawn by our own server from the name (no third-party avatar service). For
 * server-rendered pages: it draws with DiceBear, which a hydrated screen should not download
 * (use AvatarPicture with a drawing from the loader there).
 */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return <AvatarPicture drawing={avatarDrawing(name)} className={className} />;
}
