import { createAvatar } from "@dicebear/core";
import * as initials from "@dicebear/initials";
import { remembered } from "~/lib/util/remembered";

/** What DiceBear's initials style picks for a name: the seeded background colour and the letters. */
export type AvatarDrawing = {
  background: string;
  textColor: string;
  initials: string;
  fontFamily: string;
  fontSize: number;
  fontWeight: number;
};

/**
 * The initials avatar of a name, as DiceBear draws it (SPEC's external avatar service would send
 * every racer's name to a third party). The name is the seed, so the same racer always gets the
 * same picture. Remembered: a standings page draws the same 200 racers on every render.
 */
export const avatarDrawing = remembered((name: string): AvatarDrawing => {
  const extra = createAvatar(initials, { seed: name.slice(0, 100), fontWeight: 600 }).toJson().extra ?? {};
  const text = (key: string, fallback: string) => (typeof extra[key] === "string" ? extra[key] : fallback);
  const number = (key: string, fallback: number) => (typeof extra[key] === "number" ? extra[key] : fallback);
  return {
    background: text("primaryBackgroundColor", "#888888"),
    textColor: text("textColor", "#ffffff"),
    initials: text("initials", ""),
    fontFamily: text("fontFamily", "sans-serif"),
    fontSize: number("fontSize", 50),
    fontWeight: number("fontWeight", 600),
  };
});
