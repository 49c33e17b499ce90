import type { AvatarDrawing } from "~/lib/racer/avatar";
import { cn } from "~/lib/util/cn";

/**
 * An initials avatar from its drawing, inline in the page: an <img> of an SVG file is a whole SVG
 * document for the browser to load, parse and lay out, and a standings page shows up to 200 of
 * them (docs/decisions/0025). Decorative: the name is always next to it. Styled by `.avatar` in
 * app.css (round, 32 px); a utility class passed in wins. A screen that renders in the browser
 * gets the drawing from its loader, so DiceBear stays on the server.
 */
export function AvatarPicture({ drawing, className }: { drawing: AvatarDrawing; className?: string }) {
  return (
    <svg
      viewBox="0 0 100 100"
      width={32}
      height={32}
      aria-hidden="true"
      focusable="false"
      className={className ? cn("avatar", className) : "avatar"}
    >
      <rect width="100" height="100" fill={drawing.background} />
      <text
        x="50"
        y="50"
        // DiceBear's own baseline shift, which centres capitals vertically.
        dy={(drawing.fontSize * 0.356).toFixed(1)}
        textAnchor="middle"
        fill={drawing.textColor}
        fontFamily={drawing.fontFamily}
        fontSize={drawing.fontSize}
        fontWeight={drawing.fontWeight}
      >
        {drawing.initials}
      </text>
    </svg>
  );
}
