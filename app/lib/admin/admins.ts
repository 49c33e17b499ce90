/**
 * The admins screen and invitations (issue 23 item 2): the forms' rules and the screen's words,
 * shared by the browser (Conform) and the server, which checks every submission again.
 */
import { z } from "~/lib/util/zod";
import { MIN_PASSWORD_LENGTH } from "~/lib/admin/sign-in-schemas";
import { ADMIN_ROLES } from "~/lib/admin/roles";
import { foldUsername, isSafeUsername, USERNAME_MAX_LENGTH, USERNAME_MESSAGE } from "~/lib/admin/usernames";
import { MAX_ID } from "~/lib/util/params";

/** An invitation's link lives this long (issue 23: 72 hours). */
export const INVITATION_HOURS = 72;

const email = z.pipe(
  z
    .string({ error: "Please enter a valid email address." })
    .check(z.trim(), z.maxLength(254, "Please enter a valid email address.")),
  z.email("Please enter a valid email address."),
);

const role = z.enum(ADMIN_ROLES, "Please select a role.");
const adminId = z.number({ error: "This admin does not exist." }).check(z.int(), z.positive(), z.maximum(MAX_ID));
/** A pending invitation is named by its token's hash: the page never holds the token itself. */
const invitationId = z.string({ error: "This invitation does not exist." }).check(z.regex(/^[0-9a-f]{64}$/));

export const inviteSchema = z.object({ intent: z.literal("invite"), email, role });
export const revokeSchema = z.object({ intent: z.literal("revoke"), invitation: invitationId });
export const roleSchema = z.object({ intent: z.literal("role"), id: adminId, role });
export const removeSchema = z.object({ intent: z.literal("remove"), id: adminId });
export const endSessionsSchema = z.object({ intent: z.literal("end-sessions"), id: adminId });
// A checkbox: "on" when ticked, absent when not; the hidden `intent` tells the two apart from a missing form.
export const twoFactorSettingSchema = z.object({ intent: z.literal("two-factor"), requireTwoFactor: z.optional(z.boolean()) });

export const ADMINS_FORM_SCHEMAS = {
  invite: inviteSchema,
  revoke: revokeSchema,
  role: roleSchema,
  remove: removeSchema,
  "end-sessions": endSessionsSchema,
  "two-factor": twoFactorSettingSchema,
} as const;
export type AdminsIntent = keyof typeof ADMINS_FORM_SCHEMAS;

export function isAdminsIntent(value: unknown): value is AdminsIntent {
  return typeof value === "string" && Object.hasOwn(ADMINS_FORM_SCHEMAS, value);
}

/** Every field name any form of the screen posts (for the form reader's check of names). */
export const adminsFormFields = z.object({
  intent: z.string(),
  email: z.string(),
  role: z.string(),
  id: z.string(),
  invitation: z.string(),
  requireTwoFactor: z.string(),
});

export { USERNAME_MESSAGE };
export const PASSWORDS_DIFFER = "The two passwords do not match.";

/** The invited person's form: their username and password (typed twice). */
export const acceptInvitationSchema = z
  .object({
    // The safe alphabet after folding (app/lib/admin/usernames.ts): "SecAdmin" becomes "secadmin".
    username: z
      .pipe(
        z.string({ error: USERNAME_MESSAGE }).check(z.maxLength(4 * USERNAME_MAX_LENGTH, USERNAME_MESSAGE)),
        z.transform(foldUsername),
      )
      .check(z.refine(isSafeUsername, USERNAME_MESSAGE)),
    password: z
      .string({ error: `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.` })
      .check(
        z.minLength(MIN_PASSWORD_LENGTH, `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`),
        z.maxLength(1000, "Passwords must be at most 1000 characters."),
      ),
    confirmPassword: z.string({ error: PASSWORDS_DIFFER }).check(z.maxLength(1000, PASSWORDS_DIFFER)),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ["confirmPassword"] }));

export const INVITATION_PAGE = {
  title: "Join the club's admins",
  invalid: {
    type: "error",
    title: "Invitation not valid",
    description: "This invitation has expired or was already used. Ask an owner of the club to invite you again.",
  },
} as const;

/** Why an invitation ended before it was used (issue 31 item 7; admin_links.ended_reason). */
export type InvitationEndReason = "sender-removed" | "sender-demoted";

const ENDED_BECAUSE: Record<InvitationEndReason, string> = {
  "sender-removed": "the owner who sent it was removed from the club's admins",
  "sender-demoted": "the owner who sent it may no longer invite admins of this role",
};

/** The Admins screen's line for an ended invitation. */
export function invitationEndedLine(reason: InvitationEndReason): string {
  return `Ended: ${ENDED_BECAUSE[reason]}.`;
}

/** What the link of an ended invitation says. */
export function invitationEndedToast(reason: InvitationEndReason) {
  return {
    type: "error",
    title: "Invitation ended",
    description: `This invitation has ended: ${ENDED_BECAUSE[reason]}. No account was created. Ask an owner of the club to invite you again.`,
  } as const;
}

/** What a refused write on the admins screen says (the last owner, a taken address...). */
export const ADMINS_MESSAGES = {
  lastOwner: "The club must keep at least one owner: make another admin an owner first.",
  notFound: "This admin no longer exists.",
  emailTaken: "An admin with this e-mail address already exists.",
  invitationGone: "This invitation was already used, revoked or has expired.",
  usernameTaken: "This username is taken. Please choose another.",
  mayNotInvite: "You may no longer invite admins.",
} as const;

/**
 * The admins list's two-factor cell: Off, or On and with what. A passkey is two factors by itself
 * (it verifies its user), so an admin with only a passkey is On (issue 31 item 15).
 */
export function twoFactorLabel({ app, passkeys }: { app: boolean; passkeys: number }): string {
  const ways = [app ? "app" : null, passkeys > 1 ? `${passkeys} passkeys` : passkeys === 1 ? "passkey" : null];
  const on = ways.filter((w) => w !== null);
  return on.length ? `On (${on.join(" and ")})` : "Off";
}
