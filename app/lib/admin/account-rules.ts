/**
 * What an admin's account must have before the admin area opens (decision 0030). Pure, so the
 * guard (requireAdmin and the admin layout) and the account pages read one rule.
 *
 * - An e-mail address: invitations set it; admins made before it existed are asked at sign-in.
 * - Two-factor sign-in (TOTP or a passkey): every owner, and every admin when the club requires it.
 *
 * The demo admin is exempt from both: its credentials are printed on the login page, so a second
 * factor would lock every visitor out of the demo and protect nothing.
 */

export interface AccountState {
  role: string;
  email: string | null;
  twoFactor: boolean;
  isDemo: boolean;
}

export type AccountRequirement = "email" | "two-factor";

/** Where each requirement is met. */
export const REQUIREMENT_PATHS: Record<AccountRequirement, string> = {
  email: "/admin/account",
  "two-factor": "/admin/account/two-factor",
};

/**
 * The admin pages an admin with an unmet requirement may still use: their own account, their
 * sessions, logging out. A client-side navigation asks for `/admin/account.data`: the same page.
 */
export function isAccountPath(url: string): boolean {
  const pathname = url.replace(/\.data$/, "");
  return (
    pathname === "/admin/account" ||
    pathname.startsWith("/admin/account/") ||
    pathname === "/admin/sessions" ||
    pathname === "/admin/logout"
  );
}

export function mustHaveTwoFactor(role: string, clubRequiresTwoFactor: boolean): boolean {
  return role === "owner" || clubRequiresTwoFactor;
}

/** The first thing this account still lacks, or null when the admin area is open to it. */
export function accountRequirement(admin: AccountState, clubRequiresTwoFactor: boolean): AccountRequirement | null {
  if (admin.isDemo) return null;
  if (!admin.email) return "email";
  if (!admin.twoFactor && mustHaveTwoFactor(admin.role, clubRequiresTwoFactor)) return "two-factor";
  return null;
}

/**
 * How long proving it is them again (password, app code or passkey) lets an admin change their
 * sign-in factors from this session (issue 31 item 2): long enough to set up an app, short
 * enough that a session cookie stolen later changes nothing.
 */
export const REAUTH_SECONDS = 10 * 60;
