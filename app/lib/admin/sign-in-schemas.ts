/**
 * The sign-in form's rule and the password length every admin password form shares: apart from
 * the other admin forms' rules (each in its feature's schema module), so the sign-in,
 * forgotten-password, reset and invitation screens load only these few lines (issue 26's budget).
 */
import { z } from "~/lib/util/zod";

export const MIN_PASSWORD_LENGTH = 12;

export const loginSchema = z.object({
  username: z
    .string({ error: "Username is required." })
    .check(z.trim(), z.minLength(1, "Username is required."), z.maxLength(100)),
  password: z.string({ error: "Password is required." }).check(z.minLength(1, "Password is required."), z.maxLength(1000)),
});
