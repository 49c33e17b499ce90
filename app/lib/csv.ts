/**
 * CSV for spreadsheets and the timing PC: RFC 4180 quoting, CRLF line ends. A cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a leading apostrophe:
 * racers type their own names and boat names on the public form (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
