/**
 * Times as timing programs and spreadsheets write them, read into the form the site stores and
 * shows (m:ss.cc, as app/lib/race-day/lap-time.ts writes it): "1:45.23", "1:45.234" (RotorHazard
 * writes milliseconds), "45.678" and "105.2" (seconds), "1:02:03.5" (h:mm:ss), a decimal comma
 * ("45,67"). Thousandths are rounded to the nearest hundredth. Unlike the results editor's box,
 * plain digits are seconds: in a file "14523" is far more likely a mistake than 1:45.23.
 */

/** Hundredths of a second, or null when the text is not a time. */
export function importTimeHundredths(input: string): number | null {
  const text = input.trim();
  if (text === "" || text.length > 16) return null;
  const match = /^(?:(?:(\d{1,2}):)?(\d{1,4}):)?(\d{1,6})(?:[.,](\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const [, h, m, s, fraction = ""] = match;
  const seconds = Number(s);
  // With minutes before them, seconds are two digits below 60 ("1:5.2" is a typing slip).
  if (m !== undefined && (s!.length !== 2 || seconds >= 60)) return null;
  if (h !== undefined && (m!.length !== 2 || Number(m) >= 60)) return null;
  const thousandths = Number(fraction.padEnd(3, "0"));
  const total = ((Number(h ?? 0) * 60 + Number(m ?? 0)) * 60 + seconds) * 1000 + thousandths;
  return Math.round(total / 10);
}

/** m:ss.cc ("62:03.50" past the hour), or null when the text is not a time. */
export function formatHundredths(hundredths: number): string {
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  const seconds = Math.floor(rest / 100);
  return `${minutes}:${String(seconds).padStart(2, "0")}.${String(rest % 100).padStart(2, "0")}`;
}

/** The stored form of an imported time: null for an empty cell, undefined when it is not a time. */
export function parseImportTime(input: string): string | null | undefined {
  if (input.trim() === "" || input.trim() === "-") return null;
  const hundredths = importTimeHundredths(input);
  return hundredths === null ? undefined : formatHundredths(hundredths);
}
