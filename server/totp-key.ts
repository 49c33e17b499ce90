/**
 * Where the key that seals TOTP secrets comes from (issue 31 item 18): TOTP_ENCRYPTION_KEY, or,
 * with the embedded database only, a key generated once into DATA_DIR (mode 0600) so the quick
 * start needs no setting. An external database is shared by instances that must all hold the same
 * key, so there the variable is required: a key each instance made up for itself would seal
 * secrets the others cannot open.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeKey } from "~/server/env";
import { TOTP_KEY_BYTES } from "~/domain/admin/totp-secret.server";

export const KEY_FILE = "totp-encryption.key";

export function resolveTotpKey({
  fromEnv,
  embedded,
  dataDir,
}: {
  fromEnv: Buffer | undefined;
  embedded: boolean;
  dataDir: string;
}): { key: Buffer; source: string } {
  if (fromEnv) return { key: fromEnv, source: "TOTP_ENCRYPTION_KEY" };
  if (!embedded) {
    throw new Error(
      "TOTP_ENCRYPTION_KEY is not set: with DATABASE_URL every instance needs the same key to seal the admins' " +
        "two-factor secrets. Make one with `openssl rand -base64 32` and keep it apart from the database backups.",
    );
  }
  const file = path.join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": only the first start writes it; a key that exists is never replaced.
    writeFileSync(file, `${randomBytes(TOTP_KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
  }
  const key = decodeKey(readFileSync(file, "utf8"));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64): restore it, or set TOTP_ENCRYPTION_KEY.`);
  return { key, source: file };
}
