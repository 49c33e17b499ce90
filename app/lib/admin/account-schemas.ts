/**
 * The forms of an admin's own account (issue 23 item 3): the e-mail address, a password change,
 * asking for a reset link and choosing a new password from it. Shared by the browser (Conform)
 * and the server. The server's password rule (checkPasswordStrength: the list of leaked
 * passwords) runs after these; the browser checks only what it can without the list.
 */
import { z } from "~/lib/util/zod";
import { MIN_PASSWORD_LENGTH } from "~/lib/admin/admin-schemas";
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

const email = z
  .string({ error: ACCOUNT_MESSAGES.email })
  .trim()
  .max(254, ACCOUNT_MESSAGES.email)
  .pipe(z.email({ error: ACCOUNT_MESSAGES.email }));

const currentPassword = z.string({ error: ACCOUNT_MESSAGES.currentPassword }).min(1, ACCOUNT_MESSAGES.currentPassword).max(1000);

const newPassword = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(1000, "At most 1000 characters.");

const confirmPassword = z.string({ error: ACCOUNT_MESSAGES.mismatch }).max(1000);
const matching = { message: ACCOUNT_MESSAGES.mismatch, path: ["confirmPassword"] };
const same = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;

export const ACCOUNT_INTENTS = ["email", "password"] as const;

export const emailChangeSchema = z.object({ email, currentPassword });
export type EmailChange = z.infer<typeof emailChangeSchema>;

export const passwordChangeSchema = z.object({ currentPassword, newPassword, confirmPassword }).refine(same, matching);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({ newPassword, confirmPassword }).refine(same, matching);

/** Every field name the account page's two forms post, for reading the body before the intent is known. */
export const accountFormFields = z.object({
  intent: z.enum(ACCOUNT_INTENTS),
  email: z.string().optional(),
  currentPassword: z.string().optional(),
  newPassword: z.string().optional(),
  confirmPassword: z.string().optional(),
});
