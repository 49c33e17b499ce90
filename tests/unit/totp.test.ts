/** TOTP rules: the window (the step before and after, never two away), replay, recovery codes' shape. */
import { describe, expect, it } from "vitest";
import {
  acceptedStep,
  formatRecoveryCode,
  groupSecret,
  isRecoveryCodeShape,
  normalizeRecoveryCode,
  qrPath,
  signinCodeSchema,
  totpCode,
  totpStep,
  totpUri,
} from "~/lib/admin/totp";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
// A moment 10 s into a step.
const NOW = 1_700_000_010;
const STEP = totpStep(NOW);

describe("TOTP codes", () => {
  it("matches RFC 6238's SHA-1 test vector (6 digits, 30 s)", () => {
    // RFC 6238 appendix B: secret "12345678901234567890" (base32 below), T = 59 -> 94287082 (8 digits) -> 287082.
    expect(totpCode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 59)).toBe("287082");
  });

  it("accepts the current step, the one before and the one after", () => {
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(SECRET, (STEP + offset) * 30);
      expect(acceptedStep(SECRET, code, 0, NOW)).toBe(STEP + offset);
    }
  });

  it("refuses a code two steps away, either side", () => {
    for (const offset of [-2, 2]) {
      expect(acceptedStep(SECRET, totpCode(SECRET, (STEP + offset) * 30), 0, NOW)).toBeNull();
    }
  });

  it("keeps the window at the edges of a step (first and last second)", () => {
    const start = STEP * 30;
    const end = STEP * 30 + 29;
    expect(acceptedStep(SECRET, totpCode(SECRET, (STEP - 1) * 30), 0, start)).toBe(STEP - 1);
    expect(acceptedStep(SECRET, totpCode(SECRET, (STEP - 1) * 30), 0, end)).toBe(STEP - 1);
    expect(acceptedStep(SECRET, totpCode(SECRET, (STEP + 1) * 30), 0, end)).toBe(STEP + 1);
    expect(acceptedStep(SECRET, totpCode(SECRET, (STEP - 2) * 30), 0, end)).toBeNull();
    expect(acceptedStep(SECRET, totpCode(SECRET, (STEP + 2) * 30), 0, start)).toBeNull();
  });

  it("refuses a replay: a code whose step is not after the last accepted one", () => {
    const code = totpCode(SECRET, NOW);
    expect(acceptedStep(SECRET, code, STEP, NOW)).toBeNull();
    expect(acceptedStep(SECRET, code, STEP + 1, NOW)).toBeNull();
    expect(acceptedStep(SECRET, code, STEP - 1, NOW)).toBe(STEP);
    // An older code is refused once a newer one was used.
    expect(acceptedStep(SECRET, totpCode(SECRET, (STEP - 1) * 30), STEP, NOW)).toBeNull();
  });

  it("refuses malformed codes without throwing", () => {
    for (const code of ["", "12345", "1234567", "abcdef", "12 34 5", "١٢٣٤٥٦"]) {
      expect(acceptedStep(SECRET, code, 0, NOW)).toBeNull();
    }
    expect(acceptedStep(SECRET, totpCode(SECRET, NOW).replace(/(\d{3})/, "$1 "), 0, NOW)).toBe(STEP);
  });

  it("builds the otpauth address, the grouped secret and a QR path", () => {
    const uri = totpUri("Test Club", "owner", SECRET);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Test%20Club:owner\?/);
    expect(uri).toContain(`secret=${SECRET}`);
    expect(groupSecret("ABCDEFGH")).toBe("ABCD EFGH");
    const qr = qrPath(uri);
    expect(qr.size).toBeGreaterThan(20);
    expect(qr.path).toMatch(/^M\d+ \d+h1v1h-1z/);
  });
});

describe("recovery codes and the code field", () => {
  it("reads a recovery code whatever its case, spaces and dash", () => {
    expect(normalizeRecoveryCode(" abcde-fgh23 ")).toBe("ABCDEFGH23");
    expect(isRecoveryCodeShape("abcde-fgh23")).toBe(true);
    expect(isRecoveryCodeShape("ABCDE-FGH2")).toBe(false);
    expect(isRecoveryCodeShape("ABCDE-FGH18")).toBe(false); // 1 and 8 are not base32
    expect(formatRecoveryCode("abcdefgh23")).toBe("ABCDE-FGH23");
  });

  it("accepts a 6-digit code or a recovery code in the one field", () => {
    expect(signinCodeSchema.safeParse({ code: "123 456" }).success).toBe(true);
    expect(signinCodeSchema.safeParse({ code: "ABCDE-FGH23" }).success).toBe(true);
    expect(signinCodeSchema.safeParse({ code: "12345" }).success).toBe(false);
    expect(signinCodeSchema.safeParse({ code: "" }).success).toBe(false);
  });
});
