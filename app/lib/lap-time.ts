/**
 * Lap and race times as the results editor takes them at the lake (issue 13): shown and stored
 * as m:ss.cc ("1:45.23"). A phone's number pad has no colon, so digits alone are read from the
 * right: "14523" is 1:45.23, "4523" is 0:45.23. "45.2", "105.23" (seconds) and "1:45" are
 * accepted too. Returns the normalized text, or null when the input is not a time.
 */
export const LAP_TIME_MESSAGE = "Enter a time as m:ss.cc, e.g. 1:45.23 (or the digits 14523).";

export function parseLapTime(input: string): string | null {
  const text = input.trim();
  let hundredths: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,4})(\d{2})(\d{2})$/.exec(text)) || (match = /^()(\d{1,2})(\d{2})$/.exec(text))) {
    const [, m, s, c] = match;
    if (Number(s) >= 60) return null;
    hundredths = (Number(m || 0) * 60 + Number(s)) * 100 + Number(c);
  } else if ((match = /^(\d{1,4}):([0-5]\d)(?:[.,](\d{1,2}))?$/.exec(text))) {
    const [, m, s, c = ""] = match;
    hundredths = (Number(m) * 60 + Number(s)) * 100 + Number(c.padEnd(2, "0"));
  } else if ((match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text)) && text.length > 0) {
    // Seconds only ("45.2", "105.23"); plain digits of 4 or more were taken above.
    const [, s, c = ""] = match;
    hundredths = Number(s) * 100 + Number(c.padEnd(2, "0"));
  } else {
    return null;
  }
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  const seconds = Math.floor(rest / 100);
  return `${minutes}:${String(seconds).padStart(2, "0")}.${String(rest % 100).padStart(2, "0")}`;
}
