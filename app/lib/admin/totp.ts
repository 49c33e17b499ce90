/**
 * Two-factor sign-in's pure rules (issue 23 item 4): TOTP codes as authenticator apps make them
 * (RFC 6238: 6 digits, 30-second steps, HMAC-SHA-1, through otplib), which step a code belongs to,
 * the recovery codes' format, the forms' schemas, and the QR code's drawing.
 *
 * Replay: a code is accepted only for a step after the last one accepted (admins.totp_last_step);
 * the domain stores the new step with `... WHERE totp_last_step < step`, so of two requests
 * carrying one code only one can pass.
 */
import { generateSync, generateURI, verifySync } from "otplib";
import { encode } from "uqr";
import { z } from "~/lib/util/zod";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Clocks drift and people type slowly: the step before and the step after also count, never two away. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code: base32 without padding, 50 bits each code. */
export const RECOVERY_CODE_LENGTH = 10;

export function totpStep(epochSeconds: number): number {
  return Math.floor(epochSeconds / TOTP_PERIOD_SECONDS);
}

/** The code an authenticator app shows for this secret at this time (tests and the e2e helper use it too). */
export function totpCode(secret: string, epochSeconds = Date.now() / 1000): string {
  return generateSync({ secret, epoch: Math.floor(epochSeconds) });
}

/**
 * The step a typed code belongs to, when it is right for this secret within the tolerance and
 * later than `lastStep` (the last accepted); null otherwise.
 */
export function acceptedStep(secret: string, code: string, lastStep: number, epochSeconds = Date.now() / 1000): number | null {
  const token = code.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(token)) return null;
  const result = verifySync({ secret, token, epoch: Math.floor(epochSeconds), epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid || !("timeStep" in result) || result.timeStep <= lastStep) return null;
  return result.timeStep;
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(issuer: string, account: string, secret: string): string {
  return generateURI({ issuer, label: account, secret });
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * The QR code of `text` as one SVG path (dark modules as unit squares), drawn by the server:
 * no image request, no script, nothing for the CSP to allow.
 */
export function qrPath(text: string): { size: number; path: string } {
  const qr = encode(text, { ecc: "M", border: 2 });
  let path = "";
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size: qr.size, path };
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

export function isRecoveryCodeShape(code: string): boolean {
  return new RegExp(`^[A-Z2-7]{${RECOVERY_CODE_LENGTH}}$`).test(normalizeRecoveryCode(code));
}

/** Shown as two groups of five: "ABCDE-FGHJK". */
export function formatRecoveryCode(code: string): string {
  const c = normalizeRecoveryCode(code);
  return `${c.slice(0, 5)}-${c.slice(5)}`;
}

const currentPassword = z
  .string({ error: "Enter your current password." })
  .check(z.minLength(1, "Enter your current password."), z.maxLength(1000, "Enter your current password."));

const sixDigits = z.pipe(
  z.pipe(
    z.string({ error: "Enter the 6-digit code." }).check(z.trim()),
    z.transform((v: string) => v.replace(/\s/g, "")),
  ),
  z.string().check(z.regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.")),
);

/** The sign-in's second step: a 6-digit code, or a recovery code, in the one field. */
export const signinCodeSchema = z.object({
  code: z.string({ error: "Enter the 6-digit code or a recovery code." }).check(
    z.trim(),
    z.minLength(1, "Enter the 6-digit code or a recovery code."),
    z.maxLength(40, "Enter the 6-digit code or a recovery code."),
    z.refine(
      (v) => /^\d{6}$/.test(v.replace(/\s/g, "")) || isRecoveryCodeShape(v),
      "Enter the 6-digit code from your authenticator app, or a recovery code (10 letters and digits).",
    ),
  ),
});

export const PASSKEY_NAME_MAX = 60;

/**
 * Proving it is them again (the password, a code, or a passkey's answer): before a factor changes
 * on the two-factor page, and before a restore on the backups page.
 */
export const reauthForms = [
  z.object({ intent: z.literal("reauth-password"), currentPassword: currentPassword }),
  z.object({ intent: z.literal("reauth-code"), code: sixDigits }),
  z.object({ intent: z.literal("reauth-passkey"), response: z.string().check(z.minLength(1), z.maxLength(20_000)) }),
] as const;

/** Every form of the two-factor page, one intent each. */
export const twoFactorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("totp-start") }),
  z.object({
    intent: z.literal("totp-confirm"),
    code: sixDigits,
    setupId: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "Start the set-up again.")),
  }),
  z.object({ intent: z.literal("recovery-regenerate"), code: sixDigits }),
  z.object({ intent: z.literal("totp-disable"), code: sixDigits }),
  z.object({
    intent: z.literal("passkey-add"),
    name: z
      .string({ error: "Name the passkey (e.g. the phone's name)." })
      .check(
        z.trim(),
        z.minLength(1, "Name the passkey (e.g. the phone's name)."),
        z.maxLength(PASSKEY_NAME_MAX, `At most ${PASSKEY_NAME_MAX} characters.`),
      ),
    response: z.optional(z.string().check(z.maxLength(20_000))),
  }),
  z.object({
    intent: z.literal("passkey-remove"),
    // Optional: a recent re-authentication stands for it (issue 31 item 2).
    currentPassword: z.optional(currentPassword),
    id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2 ** 53 - 1)),
  }),
  ...reauthForms,
]);
export type TwoFactorForm = z.infer<typeof twoFactorSchema>;

/** Every field name the two-factor page's forms post (what readForm lets through before the union decides). */
export const twoFactorFields = z.object({
  intent: z.string(),
  code: z.optional(z.string()),
  setupId: z.optional(z.string()),
  name: z.optional(z.string()),
  response: z.optional(z.string()),
  id: z.optional(z.string()),
  currentPassword: z.optional(z.string()),
});

/**
 * A passkey ceremony on the two-factor page: adding one (after the current password, or a recent
 * re-authentication) or proving it is them again with one ("reauth").
 */
export const passkeyOptionsSchema = z.object({
  purpose: z.optional(z.enum(["add", "reauth"])),
  currentPassword: z.optional(currentPassword),
});

/** The login page's passkey button: first the ceremony's options, then the authenticator's answer (JSON). */
export const passkeySignInSchema = z.object({
  intent: z.enum(["options", "verify"]),
  response: z.optional(z.string().check(z.maxLength(20_000))),
});
