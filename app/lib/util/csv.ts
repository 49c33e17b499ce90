/**
 * CSV for spreadsheets and the timing PC: RFC 4180 quoting, CRLF line ends. Racers type their own
 * names and boat names on the public form, so no cell may reach a spreadsheet as a formula (OWASP
 * "CSV injection"). Spreadsheets split on the locale's separator (`;` in most of Europe), tab or
 * line breaks, and some ignore our quotes: a formula start (= + - @ tab CR, after blanks or quotes)
 * at the start of a cell or after any of those separators gets an apostrophe before it, so every
 * way of splitting the text sees `'=...`. Every CSV the site writes goes through here.
 */
const FORMULA_AFTER_SEPARATOR = /(^|[,;\t\r\n])(?=[ "]*[=+\-@\t\r])/g;
// Quoted so that a spreadsheet splitting on any of these keeps the cell whole.
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string") text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
