/**
 * The forms of an admin's own account (issue 23 item 3): the e-mail address, a password change,
 * asking for a reset link and choosing a new password from it. Shared by the browser (Conform)
 * and the server. The server's password rule (checkPasswordStrength: the list of leaked
 * passwords) runs after these; the browser checks only what it can without the list.
 */
import { z } from "~/lib/util/zod";
import { MIN_PASSWORD_LENGTH } from "~/lib/admin/sign-in-schemas";
import { PASSWORD_MESSAGES } from "~/lib/admin/password-rules";

export const ACCOUNT_MESSAGES = {
  email: "Please enter a valid email address.",
  emailTaken: "Another admin already uses this address. Each admin needs their own.",
  emailUnchanged: "This is already your address.",
  currentPassword: "Enter your current password.",
  wrongPassword: "Your current password is not right.",
  mismatch: "The two new passwords are not the same.",
  samePassword: "The new password must differ from the current one.",
  demo: "The demo admin's address and password cannot be changed: everyone shares them.",
  addEmail: "Add your e-mail address: it is where a password reset link goes.",
  resetRequested:
    "If an admin account uses this address, a link to choose a new password is on its way. It works for 30 minutes.",
  linkInvalid: "This link has expired or was already used.",
  resetDone: "Your password is changed. Sign in with it.",
} as const;

const email = z.pipe(
  z.string({ error: ACCOUNT_MESSAGES.email }).check(z.trim(), z.maxLength(254, ACCOUNT_MESSAGES.email)),
  z.email({ error: ACCOUNT_MESSAGES.email }),
);

const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentPassword })
  .check(z.minLength(1, ACCOUNT_MESSAGES.currentPassword), z.maxLength(1000));

const newPassword = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .check(z.minLength(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort), z.maxLength(1000, "At most 1000 characters."));

const confirmPassword = z.string({ error: ACCOUNT_MESSAGES.mismatch }).check(z.maxLength(1000));
const matching = z.refine<{ newPassword: string; confirmPassword: string }>((v) => v.newPassword === v.confirmPassword, {
  message: ACCOUNT_MESSAGES.mismatch,
  path: ["confirmPassword"],
});

export const ACCOUNT_INTENTS = ["email", "password"] as const;

export const emailChangeSchema = z.object({ email, currentPassword });
export type EmailChange = z.infer<typeof emailChangeSchema>;

export const passwordChangeSchema = z.object({ currentPassword, newPassword, confirmPassword }).check(matching);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({ newPassword, confirmPassword }).check(matching);

/** Every field name the account page's two forms post, for reading the body before the intent is known. */
export const accountFormFields = z.object({
  intent: z.enum(ACCOUNT_INTENTS),
  email: z.optional(z.string()),
  currentPassword: z.optional(z.string()),
  newPassword: z.optional(z.string()),
  confirmPassword: z.optional(z.string()),
});
