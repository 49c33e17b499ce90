/**
 * Proven backups and the restore from the admin area (issue 33 item 4): what a proof file says,
 * how a backup's state reads, the restore page's forms and its answers. Pure, so the screen, the
 * server and their tests read the same values.
 */
import { z } from "~/lib/util/zod";
import { reauthForms } from "~/lib/admin/totp";
import { MAX_IMAGE_BYTES } from "~/lib/images/images";
import type { Toast } from "~/lib/util/toast";

/** Beside each backup the server writes `<name>.proof.json`: the file's restore into a scratch database, checked. */
export const PROOF_SUFFIX = ".proof.json";

export type BackupProof =
  | { proven: true; provenAt: string; bytes: number; sha256: string; counts: Record<string, number> }
  | { proven: false; checkedAt: string; reason: string };

/** A proof file's contents, or null when it is not one (a proof is never assumed). */
export function parseProof(text: string): BackupProof | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const v = value as Record<string, unknown> | null;
  if (v?.proven === true && typeof v.provenAt === "string" && typeof v.bytes === "number" && typeof v.sha256 === "string")
    return v as BackupProof;
  if (v?.proven === false && typeof v.checkedAt === "string" && typeof v.reason === "string") return v as BackupProof;
  return null;
}

/** What the admin area says of one backup: proven (and when), or why not. */
export type ProofState = { proven: true; provenAt: Date } | { proven: false; reason: string };

export const NOT_CHECKED = "it has not been checked yet";

/** A proof counts only for the file it was made of: same size (the hash is checked before a restore). */
export function proofState(proof: BackupProof | null, bytes: number): ProofState {
  if (!proof) return { proven: false, reason: NOT_CHECKED };
  if (!proof.proven) return { proven: false, reason: proof.reason };
  if (proof.bytes !== bytes) return { proven: false, reason: "the file changed after it was checked" };
  return { proven: true, provenAt: new Date(proof.provenAt) };
}

/** Why a proof could not be made where the database role may not create databases (a managed PostgreSQL). */
export const NO_SCRATCH_DATABASE =
  "the database role may not create a scratch database to check it in (CREATEDB), so it was not restored and counted";

/** An upload is held in memory whole, as an image is: the same limit. Larger backups: choose a kept one. */
export const MAX_BACKUP_UPLOAD_BYTES = MAX_IMAGE_BYTES;

export const BACKUP_UPLOAD_MESSAGES = {
  missing: "Choose a backup file (.json.gz) to upload.",
  tooLarge: `The file is too large: an uploaded backup may be at most ${MAX_BACKUP_UPLOAD_BYTES / 1024 / 1024} MB. Put a larger one in the backups directory and choose it from the list.`,
  notGzip: "This file is not a backup of this site: a backup's name ends in .json.gz.",
} as const;

const confirmed = z.literal("yes", { error: "Tick the box to say the club's data may be replaced." });

/** The restore page's url-encoded forms: "Confirm it's you", and a restore of a kept backup. */
export const backupsPageSchema = z.discriminatedUnion("intent", [
  ...reauthForms,
  z.object({
    intent: z.literal("restore-kept"),
    name: z.string({ error: "Choose a backup." }).check(z.minLength(1, "Choose a backup."), z.maxLength(100)),
    confirm: confirmed,
  }),
]);

/** Every field name the page's url-encoded forms post (what readForm lets through before the union decides). */
export const backupsPageFields = z.object({
  intent: z.string(),
  name: z.optional(z.string()),
  confirm: z.optional(z.string()),
  currentPassword: z.optional(z.string()),
  code: z.optional(z.string()),
  response: z.optional(z.string()),
});

/** The upload form's fields beside its file (multipart). */
export const UPLOAD_FIELDS = ["intent", "confirm"] as const;

export const RESTORE_REFUSED = "The backup was not restored";

export const CONFIRM_BEFORE_RESTORE: Toast = {
  type: "error",
  title: "Confirm it's you first",
  description: "Enter your password, a code from your app, or use a passkey; then restore within 10 minutes.",
};

export const RESTORE_UNAVAILABLE: Toast = {
  type: "error",
  title: RESTORE_REFUSED,
  description: "This server has no backups directory or owner connection to restore with.",
};

export function restoredToast(name: string, restorePoint: string): Toast {
  return {
    type: "success",
    title: "Backup restored",
    description: `The club's data is now the data of ${name}. What was there before is kept in ${restorePoint}.`,
  };
}
