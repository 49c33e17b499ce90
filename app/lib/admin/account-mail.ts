/**
 * The e-mails of an admin's own account: the password reset link, and the notices that the
 * password or the address changed (so a change the admin did not make does not go unnoticed).
 * Plain text; the reset link alone on its line, so mail programs make it clickable.
 */
import type { ClubMail } from "~/lib/platform/club";

export const RESET_MAIL_KIND = "admin-password-reset";
export const NOTICE_MAIL_KIND = "admin-account-notice";

export interface AccountMail {
  kind: string;
  to: string;
  subject: string;
  body: string;
}

export function resetMessage(
  { to, username, link, expiresInMinutes }: { to: string; username: string; link: string; expiresInMinutes: number },
  club: ClubMail,
): AccountMail {
  return {
    kind: RESET_MAIL_KIND,
    to,
    subject: `Choose a new password for ${club.clubName}`,
    body: [
      `Hello ${username},`,
      "",
      `Someone asked to choose a new password for your admin account at ${club.clubName}. To choose one, open this link within ${expiresInMinutes} minutes:`,
      "",
      link,
      "",
      "The link works once. It does not sign you in, and your two-factor sign-in stays as it is.",
      "If you did not ask for it, ignore this e-mail: your password stays as it is.",
      "",
      `Questions: ${club.clubEmail}`,
    ].join("\n"),
  };
}

export type AccountChange = "password-changed" | "password-reset" | "email-changed";

const WHAT: Record<AccountChange, string> = {
  "password-changed": "The password of your admin account was changed, and every other session of it was ended.",
  "password-reset": "The password of your admin account was reset from an e-mailed link, and every session of it was ended.",
  "email-changed": "The e-mail address of your admin account was changed; this address no longer receives its e-mails.",
};

export function accountNotice(
  { to, username, change }: { to: string; username: string; change: AccountChange },
  club: ClubMail,
): AccountMail {
  return {
    kind: NOTICE_MAIL_KIND,
    to,
    subject: `Your admin account at ${club.clubName} was changed`,
    body: [
      `Hello ${username},`,
      "",
      WHAT[change],
      "",
      `If you did this, there is nothing to do. If you did not, tell the club's owner at once (${club.clubEmail}): someone else may have your password.`,
    ].join("\n"),
  };
}
