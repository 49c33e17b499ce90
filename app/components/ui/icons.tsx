/**
 * The site's icons: Lucide's drawings (lucide.dev, ISC licence, copied from lucide-react 1.75.0)
 * drawn by one small component. lucide-react's runtime (context, class merging, forwardRef) cost
 * every admin screen 1.4 KB of script for 20 fixed pictures (decision 0035). Each icon takes the
 * usual SVG props; callers say `aria-hidden` or give a label, as before.
 */
import type { SVGProps } from "react";

/** A drawing: a path's `d`, or another SVG element with its attributes. */
type IconPart = string | readonly ["circle" | "rect", Readonly<Record<string, string>>];

function icon(parts: readonly IconPart[]) {
  return function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        {...props}
      >
        {parts.map((part, i) => {
          if (typeof part === "string") return <path key={i} d={part} />;
          const [Tag, attributes] = part;
          return <Tag key={i} {...attributes} />;
        })}
      </svg>
    );
  };
}

export const CalendarDays = icon([
  "M8 2v3",
  "M16 2v3",
  ["rect", { x: "3", y: "3", width: "18", height: "18", rx: "2" }],
  "M3 9h18",
  "M8 13h.01",
  "M12 13h.01",
  "M16 13h.01",
  "M8 17h.01",
  "M12 17h.01",
  "M16 17h.01",
]);
export const Download = icon(["M12 15V3", "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "m7 10 5 5 5-5"]);
export const Grid3x3 = icon([
  ["rect", { width: "18", height: "18", x: "3", y: "3", rx: "2" }],
  "M3 9h18",
  "M3 15h18",
  "M9 3v18",
  "M15 3v18",
]);
export const History = icon(["M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8", "M3 3v5h5", "M12 7v5l4 2"]);
export const KeyRound = icon([
  "M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z",
  ["circle", { cx: "16.5", cy: "7.5", r: ".5", fill: "currentColor" }],
]);
export const ListChecks = icon(["M13 5h8", "M13 12h8", "M13 19h8", "m3 17 2 2 4-4", "m3 7 2 2 4-4"]);
export const Lock = icon([
  ["rect", { width: "18", height: "11", x: "3", y: "11", rx: "2", ry: "2" }],
  "M7 11V7a5 5 0 0 1 10 0v4",
]);
export const LogOut = icon(["m16 17 5-5-5-5", "M21 12H9", "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4"]);
export const MapPin = icon([
  "M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0",
  ["circle", { cx: "12", cy: "10", r: "3" }],
]);
export const Medal = icon([
  "M7.21 15 2.66 7.14a2 2 0 0 1 .13-2.2L4.4 2.8A2 2 0 0 1 6 2h12a2 2 0 0 1 1.6.8l1.6 2.14a2 2 0 0 1 .14 2.2L16.79 15",
  "M11 12 5.12 2.2",
  "m13 12 5.88-9.8",
  "M8 7h8",
  ["circle", { cx: "12", cy: "17", r: "5" }],
  "M12 18v-2h-.5",
]);
export const Menu = icon(["M4 5h16", "M4 12h16", "M4 19h16"]);
export const Pencil = icon([
  "M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z",
  "m15 5 4 4",
]);
export const Plus = icon(["M5 12h14", "M12 5v14"]);
export const Printer = icon([
  "M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2",
  "M6 9V3a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v6",
  ["rect", { x: "6", y: "14", width: "12", height: "8", rx: "1" }],
]);
export const Shuffle = icon([
  "m18 14 4 4-4 4",
  "m18 2 4 4-4 4",
  "M2 18h1.973a4 4 0 0 0 3.3-1.7l5.454-8.6a4 4 0 0 1 3.3-1.7H22",
  "M2 6h1.972a4 4 0 0 1 3.6 2.2",
  "M22 18h-6.041a4 4 0 0 1-3.3-1.8l-.359-.45",
]);
export const Trash2 = icon([
  "M10 11v6",
  "M14 11v6",
  "M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6",
  "M3 6h18",
  "M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2",
]);
export const Trophy = icon([
  "M10 14.66V17a1 1 0 0 1-1 1 2 2 0 0 0-2 2v2",
  "M14 14.66V17a1 1 0 0 0 1 1 2 2 0 0 1 2 2v2",
  "M17.916 10H19.5A2.5 2.5 0 0 0 22 7.5V5a1 1 0 0 0-1-1h-3",
  "M4 22h16",
  "M6 9a6 6 0 0 0 12 0V3a1 1 0 0 0-1-1H7a1 1 0 0 0-1 1z",
  "M6.084 10H4.5A2.5 2.5 0 0 1 2 7.5V5a1 1 0 0 1 1-1h3",
]);
export const Undo2 = icon(["M9 14 4 9l5-5", "M4 9h10.5a5.5 5.5 0 0 1 5.5 5.5a5.5 5.5 0 0 1-5.5 5.5H11"]);
export const Upload = icon(["M12 3v12", "m17 8-5-5-5 5", "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4"]);
export const X = icon(["M18 6 6 18", "m6 6 12 12"]);
