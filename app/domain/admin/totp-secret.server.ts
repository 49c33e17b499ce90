/**
 * TOTP secrets at rest (issue 31 item 18): sealed with AES-256-GCM under a key the database never
 * holds (TOTP_ENCRYPTION_KEY, or with the embedded database a key file in DATA_DIR), so a copy of
 * the database or a backup file gives nobody an admin's second factor.
 *
 * Stored as "v1:" + base64url(12-byte nonce | 16-byte tag | ciphertext). The admin's id is the
 * associated data: a sealed secret copied into another admin's row does not open there.
 * A plain base32 secret (written before migration 0025, or restored from an older backup) is
 * still read, and `sealStoredTotpSecrets` seals it at the next start.
 *
 * The key is set once per process at start (`useTotpKey`), before any request is served.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { and, eq, isNotNull, notLike } from "drizzle-orm";
import type { Database } from "~/db/client";
import { adminPending, admins } from "~/db/schema";

const PREFIX = "v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const TOTP_KEY_BYTES = 32;

let key: Buffer | null = null;

export function useTotpKey(value: Buffer): void {
  if (value.length !== TOTP_KEY_BYTES) throw new Error(`The TOTP encryption key must be ${TOTP_KEY_BYTES} bytes.`);
  key = Buffer.from(value);
}

function currentKey(): Buffer {
  if (!key) throw new Error("No TOTP encryption key is set (useTotpKey is called at start).");
  return key;
}

function associated(adminId: number): Buffer {
  return Buffer.from(`admin:${adminId}`);
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

export function sealTotpSecret(adminId: number, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", currentKey(), nonce);
  cipher.setAAD(associated(adminId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
}

export class TotpKeyMismatch extends Error {}

/** The secret as the app uses it. Throws TotpKeyMismatch when the key in use did not seal it. */
export function openTotpSecret(adminId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", currentKey(), raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(associated(adminId));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new TotpKeyMismatch(`The TOTP secret of admin ${adminId} does not open with the key in use.`);
  }
}

/**
 * At start, before serving: seals every plain secret (admins and pending set-ups), and checks that
 * every sealed one opens with this key. A wrong or changed key stops the start with a message
 * naming the variable, rather than letting each admin with an app find their codes refused.
 */
export async function sealStoredTotpSecrets(db: Database): Promise<{ sealed: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: admins.id, secret: admins.totpSecret })
      .from(admins)
      .where(isNotNull(admins.totpSecret))
      .for("update");
    let sealed = 0;
    const unopened: number[] = [];
    for (const row of rows) {
      if (isSealed(row.secret!)) {
        try {
          openTotpSecret(row.id, row.secret!);
        } catch {
          unopened.push(row.id);
        }
        continue;
      }
      await tx
        .update(admins)
        .set({ totpSecret: sealTotpSecret(row.id, row.secret!) })
        .where(eq(admins.id, row.id));
      sealed++;
    }
    if (unopened.length) {
      throw new Error(
        `TOTP_ENCRYPTION_KEY is not the key the two-factor secrets of ${unopened.length} admin(s) were sealed with ` +
          "(ids " +
          unopened.join(", ") +
          "). Start with the key they were sealed with (docs/operations.md, two-factor secrets); " +
          "without it those admins need `npm run admin -- <username> --reset-two-factor`.",
      );
    }
    // A set-up awaiting its first code lasts 10 minutes; a plain one left from before is sealed too.
    const pending = await tx
      .select({ idHash: adminPending.idHash, adminId: adminPending.adminId, secret: adminPending.secret })
      .from(adminPending)
      .where(and(isNotNull(adminPending.secret), notLike(adminPending.secret, `${PREFIX}%`)));
    for (const row of pending) {
      await tx
        .update(adminPending)
        .set({ secret: sealTotpSecret(row.adminId!, row.secret!) })
        .where(eq(adminPending.idHash, row.idHash));
      sealed++;
    }
    return { sealed };
  });
}
