#!/usr/bin/env node
/**
 * The type check (`tsc`) and ESLint (`eslint .`) in one process over one TypeScript program.
 * Run apart, each builds the same program and works out the same types: ESLint's type-aware rules
 * (eslint.config.js) ask the checker for types that `tsc` has already computed. Here the checker
 * works once, `tsc`'s full check first, and ESLint's rules read its answers (decision 0063).
 * What is checked is exactly what `tsc` and `eslint .` check: tsconfig.json and eslint.config.js,
 * unchanged; only where ESLint gets its program from is different.
 * Usage: node scripts/types-and-lint.js (after `react-router typegen`, as `npm run checks` does).
 */
import path from "node:path";
import { ESLint } from "eslint";
import ts from "typescript";

const root = process.cwd();

function createProgram() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
  });
  return { program, configErrors: parsed.errors };
}

/** What `tsc` reports, formatted as `tsc --pretty` prints it. */
function typeErrors(program, configErrors) {
  const diagnostics = ts.sortAndDeduplicateDiagnostics([...configErrors, ...ts.getPreEmitDiagnostics(program)]);
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" };
  return {
    count: diagnostics.length,
    text: diagnostics.length ? ts.formatDiagnosticsWithColorAndContext(diagnostics, host) : "",
  };
}

async function lint(program) {
  // eslint.config.js asks for typescript-eslint's project service, which builds a program of its
  // own; handing it this one instead is the only change.
  const eslint = new ESLint({
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs: [program] } } },
  });
  const results = await eslint.lintFiles(["."]);
  const formatter = await eslint.loadFormatter("stylish");
  const errors = results.reduce((sum, r) => sum + r.errorCount + r.fatalErrorCount, 0);
  return { errors, text: await formatter.format(results) };
}

const { program, configErrors } = createProgram();
const types = typeErrors(program, configErrors);
if (types.text) process.stdout.write(types.text + "\n");
const lintResult = await lint(program);
if (lintResult.text) process.stdout.write(lintResult.text);
if (types.count > 0) console.error(`tsc: ${types.count} error${types.count === 1 ? "" : "s"}`);
process.exit(types.count > 0 || lintResult.errors > 0 ? 1 : 0);
