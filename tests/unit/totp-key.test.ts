/**
 * Where the key sealing TOTP secrets comes from (issue 31 item 18): TOTP_ENCRYPTION_KEY checked at
 * start, or with the embedded database a key file made once in DATA_DIR (mode 0600) and kept;
 * with an external database the variable is required.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeKey, parseEnv } from "~/server/env";
import { KEY_FILE, resolveTotpKey } from "~/server/totp-key";

describe("TOTP_ENCRYPTION_KEY", () => {
  it("takes 32 bytes as base64 or hex and refuses anything else with a message naming it", () => {
    expect(decodeKey("a".repeat(64))).toHaveLength(32);
    expect(decodeKey(Buffer.alloc(32, 7).toString("base64"))).toEqual(Buffer.alloc(32, 7));
    expect(decodeKey("short")).toBeNull();
    expect(decodeKey(Buffer.alloc(31).toString("base64"))).toBeNull();
    expect(parseEnv({ TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64") }).TOTP_ENCRYPTION_KEY).toEqual(
      Buffer.alloc(32, 1),
    );
    expect(() => parseEnv({ TOTP_ENCRYPTION_KEY: "not-a-key" })).toThrow(/TOTP_ENCRYPTION_KEY must be 32 bytes/);
  });

  it("with the embedded database and no variable: a key file made once, mode 0600, then reused", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "totp-key-"));
    const first = resolveTotpKey({ fromEnv: undefined, embedded: true, dataDir });
    const file = path.join(dataDir, KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.key).toHaveLength(32);
    expect(resolveTotpKey({ fromEnv: undefined, embedded: true, dataDir }).key).toEqual(first.key);
    expect(readFileSync(file, "utf8").trim()).toBe(first.key.toString("base64"));
    writeFileSync(file, "garbage");
    expect(() => resolveTotpKey({ fromEnv: undefined, embedded: true, dataDir })).toThrow(/does not hold a 32-byte key/);
  });

  it("with DATABASE_URL the variable is required; given, it wins over any file", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "totp-key-"));
    expect(() => resolveTotpKey({ fromEnv: undefined, embedded: false, dataDir })).toThrow(/TOTP_ENCRYPTION_KEY is not set/);
    const key = Buffer.alloc(32, 9);
    expect(resolveTotpKey({ fromEnv: key, embedded: false, dataDir }).key).toEqual(key);
  });
});
