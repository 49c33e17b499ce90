import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names; it does not resolve conflicts (`h-9` and `h-12` both stay, and the CSS order
 * decides). So a component never takes a class for a property it sets itself: it offers a variant
 * or a prop instead, or leaves that property to the caller. A merging library did this in the
 * browser, for ~8 KB on every screen.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
