/** Where the tests' own PostgreSQL clusters live: in memory when the machine has room, else on disk. */
import { accessSync, constants, statfsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const MEMORY = "/dev/shm";
/**
 * A run's clusters stay well under 1.5 GB: the Vitest files' databases are dropped as each file ends,
 * PostgreSQL keeps at most 1 GB of write-ahead log, and the four browser-test sites take about 40 MB each.
 */
const ROOM_NEEDED = 4 * 1024 ** 3;

/**
 * /dev/shm (a memory file system, reachable by the postgres system user like the temp directory)
 * when it has 4 GB free, else the system temp directory. A cluster made for a run and deleted after
 * it has nothing to keep on disk, and on disk cloning the migrated template for each test file's
 * database cost 0.4 core-seconds (CREATE DATABASE), in memory 0.03 (decision 0064).
 */
export function scratchRoot(): string {
  // Chosen once per run and handed down through the environment: Playwright's workers and the
  // processes the tests start must find the same directories, whatever is free by then.
  return (process.env.TEST_SCRATCH_DIR ??= chooseRoot());
}

/** The data directory of the browser tests' site on `port` (its PostgreSQL, its socket and password files). */
export function siteDataDir(port: number): string {
  return path.join(scratchRoot(), `club-e2e-data-${port}`);
}

function chooseRoot(): string {
  try {
    const { bavail, bsize } = statfsSync(MEMORY);
    accessSync(MEMORY, constants.W_OK);
    if (bavail * bsize >= ROOM_NEEDED) return MEMORY;
  } catch {
    // No /dev/shm here (or not writable): the temp directory.
  }
  return os.tmpdir();
}
