/**
 * Lap and race times as the results editor takes them at the lake: shown and stored
 * as m:ss.cc ("1:45.23"). A phone's number pad has no colon, so digits alone are read from the
 * right: "14523" is 1:45.23, "4523" is 0:45.23. "45.2", "105.23" (seconds) and "1:45" are
 * accepted too, and h:mm:ss for the old site's imported times. Returns the normalized text, or null when the input is not a time.
 */
export const LAP_TIME_MESSAGE = "Enter a time as m:ss.cc, e.g. 1:45.23 (or the digits 14523).";

/** A time in hundredths of a second, read as `parseLapTime` documents; null when it is not one. */
function lapTimeHundredths(input: string): number | null {
  const text = input.trim();
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,4})(\d{2})(\d{2})$/.exec(text)) || (match = /^()(\d{1,2})(\d{2})$/.exec(text))) {
    const [, m, s, c] = match;
    if (Number(s) >= 60) return null;
    return (Number(m || 0) * 60 + Number(s)) * 100 + Number(c);
  }
  if ((match = /^(\d{1,2}):([0-5]\d):([0-5]\d)(?:[.,](\d{1,2}))?$/.exec(text))) {
    // Hours too, as the old site's imported times sometimes have them ("1:02:03.5").
    const [, h, m, s, c = ""] = match;
    return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 100 + Number(c.padEnd(2, "0"));
  }
  if ((match = /^(\d{1,4}):([0-5]\d)(?:[.,](\d{1,2}))?$/.exec(text))) {
    const [, m, s, c = ""] = match;
    return (Number(m) * 60 + Number(s)) * 100 + Number(c.padEnd(2, "0"));
  }
  if ((match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text))) {
    // Seconds only ("45.2", "105.23"); plain digits of 4 or more were taken above.
    const [, s, c = ""] = match;
    return Number(s) * 100 + Number(c.padEnd(2, "0"));
  }
  return null;
}

export function parseLapTime(input: string): string | null {
  const hundredths = lapTimeHundredths(input);
  if (hundredths === null) return null;
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  const seconds = Math.floor(rest / 100);
  return `${minutes}:${String(seconds).padStart(2, "0")}.${String(rest % 100).padStart(2, "0")}`;
}

/**
 * A stored lap time (typed in the results editor or imported from the old site) in milliseconds,
 * for comparing times as times. Anything that is not a time, and zero, is null, so it never
 * counts as a best lap.
 */
export function lapTimeMillis(text: string | null | undefined): number | null {
  const hundredths = text ? lapTimeHundredths(text) : null;
  return hundredths ? hundredths * 10 : null;
}
