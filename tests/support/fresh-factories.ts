/**
 * Vitest setup file: every test file starts the factories' numbering at 1, as it did when each
 * file imported the factories afresh (the files now share their worker's modules; vitest.config.ts).
 * A test that reads a made-up name or boat number then sees the same one however many files ran before it.
 */
import { restartNumbering } from "./factories";

restartNumbering();
