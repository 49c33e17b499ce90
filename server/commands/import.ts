import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { IMPORT_FILES, importClubData, type ImportTable } from "~/domain/old-site/import.server";
import { countOf } from "~/lib/util/plural";
import type { Command } from "~/server/commands/types";

export const dbImport: Command = {
  summary:
    "db:import DIR [--skip-invalid]  import the old site's CSV exports (competitors.csv, races.csv, race_results.csv, race_registrations.csv)",
  async run({ db, owner = db, args, print }) {
    const dir = args.find((a) => !a.startsWith("--"));
    if (!dir || !existsSync(dir)) {
      print("Usage: npm run db:import -- DIR [--skip-invalid]   (DIR holds the CSV files)");
      return 2;
    }
    const csv: Partial<Record<ImportTable, string>> = {};
    for (const table of IMPORT_FILES) {
      const file = path.join(dir, `${table}.csv`);
      if (existsSync(file)) csv[table] = await readFile(file, "utf8");
    }
    if (Object.keys(csv).length === 0) {
      print(`No CSV files found in ${dir} (expected ${IMPORT_FILES.map((t) => `${t}.csv`).join(", ")}).`);
      return 2;
    }
    const report = await importClubData(owner.$client, csv, { skipInvalid: args.includes("--skip-invalid") });
    for (const p of report.problems) print(`${p.file}:${p.line}: ${p.reason}`);
    if (!report.imported) {
      print(
        `Nothing was imported: ${countOf(report.problems.length, "row")} cannot be imported. Fix them, or run again with --skip-invalid to import the other rows.`,
      );
      return 1;
    }
    for (const [table, c] of Object.entries(report.counts)) {
      if (!csv[table as ImportTable]) continue;
      print(`${table}: ${c.inserted} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.skipped} skipped`);
    }
    return 0;
  },
};
