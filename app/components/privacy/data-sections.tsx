/**
 * What the club holds about a racer, section by section (app/lib/privacy/my-data.ts). Each row is
 * a definition list of its columns, so a section with many columns reads on a phone without
 * scrolling sideways; empty cells are left out.
 */
import {
  SECTIONS,
  sectionFile,
  SECTION_KEYS,
  JSON_FILE,
  type Cell,
  type DataColumn,
  type RacerData,
} from "~/lib/privacy/my-data";
import { noticePath } from "~/lib/privacy/notice";
import { countOf } from "~/lib/util/plural";

/** Formats an instant for the page (the route hands in the club's time zone's formatter). */
export type InstantFormat = (iso: string) => string;

export function DataSections({ data, instant }: { data: RacerData; instant: InstantFormat }) {
  return (
    <div className="space-y-8">
      {SECTION_KEYS.map((key) => {
        const section = SECTIONS[key];
        const rows = data.sections[key];
        const id = `section-${key}`;
        return (
          <section key={key} aria-labelledby={id} className="space-y-3">
            <h2 id={id} className="text-xl font-semibold">
              {section.title}
            </h2>
            <p className="text-sm text-muted-foreground">{section.about}</p>
            {rows.length === 0 ? (
              <p className="rounded-md border p-3 text-sm">Nothing.</p>
            ) : (
              <ol className="space-y-3" aria-label={`${section.title}: ${countOf(rows.length, "row")}`}>
                {rows.map((row, i) => (
                  <li key={i} className="rounded-md border p-3">
                    <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
                      {section.columns
                        .filter((c) => row[c.key] !== null && row[c.key] !== undefined && row[c.key] !== "")
                        .map((c) => (
                          <Pair key={c.key} column={c} value={row[c.key]!} instant={instant} />
                        ))}
                    </dl>
                  </li>
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}

function Pair({ column, value, instant }: { column: DataColumn; value: NonNullable<Cell>; instant: InstantFormat }) {
  const text =
    column.type === "yesno"
      ? value
        ? "Yes"
        : "No"
      : column.type === "instant" && typeof value === "string"
        ? instant(value)
        : String(value);
  return (
    <>
      <dt className="text-muted-foreground">{column.label}</dt>
      <dd className="break-words">
        {column.key === "noticeVersion" ? (
          <a href={noticePath(Number(value))} className="text-primary underline underline-offset-4">
            Version {text}
          </a>
        ) : (
          text
        )}
      </dd>
    </>
  );
}

/** The downloads: the whole as JSON, each section as its own CSV. */
export function Downloads() {
  return (
    <section aria-labelledby="downloads" className="space-y-2">
      <h2 id="downloads" className="text-xl font-semibold">
        Download it
      </h2>
      <p className="text-sm text-muted-foreground">
        Everything on this page as one JSON file, or each section as a CSV file for a spreadsheet.
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <li>
          <a href={`/privacy/my-data/${JSON_FILE}`} download className="font-medium text-primary underline underline-offset-4">
            All my data (JSON)
          </a>
        </li>
        {SECTION_KEYS.map((key) => (
          <li key={key}>
            <a href={`/privacy/my-data/${sectionFile(key)}`} download className="text-primary underline underline-offset-4">
              {SECTIONS[key].title} (CSV)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
