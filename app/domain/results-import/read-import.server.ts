/**
 * Reads an uploaded results file as `parseImport` does (app/lib/results-import/parse.ts), with the
 * CSV read in slices and the event loop given a turn between them: the largest file allowed took
 * 30-130 ms of one piece to read, twice per preview (on the upload and on the preview), during
 * which no other request of the site was answered (issue 31 item 6).
 */
import { parse } from "csv-parse";
import { beforeCsv, csvFailure, csvOptions, tableOf, type CsvRecord, type ParseOutcome } from "~/lib/results-import/parse";

/** Bytes read between two turns of the event loop: a few milliseconds of csv-parse's work. */
const SLICE_BYTES = 16 * 1024;

export async function readImport(source: string): Promise<ParseOutcome> {
  const start = beforeCsv(source);
  if ("outcome" in start) return start.outcome;
  // Sliced as bytes, not as text: csv-parse joins a character cut in two across slices.
  const bytes = Buffer.from(start.text, "utf8");
  const records: CsvRecord[] = [];
  const parser = parse(csvOptions(start.text));
  const done = new Promise<void>((resolve, reject) => {
    parser.on("data", (record: CsvRecord) => records.push(record));
    parser.once("end", resolve);
    parser.once("error", reject);
  });
  try {
    for (let at = 0; at < bytes.length && !parser.destroyed && !parser.writableEnded; at += SLICE_BYTES) {
      parser.write(bytes.subarray(at, at + SLICE_BYTES));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!parser.destroyed && !parser.writableEnded) parser.end();
    await done;
  } catch (error) {
    return csvFailure(error);
  }
  return tableOf(records);
}
