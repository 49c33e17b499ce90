/**
 * A test site's outgoing mail, read from its outbox the way an inbox would receive it: the browser
 * tests follow the links the site mails. The sites run without SMTP, so their messages wait in
 * `outbox_messages`, read through the site's database (tests/e2e/factories.ts). The tests that
 * register drivers do it on the own-data site, so that is the outbox read unless told otherwise.
 */
import pg from "pg";
import { OWN_DATA_PORT, siteDatabaseUrl } from "./factories";

async function connect(port: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await siteDatabaseUrl(port) });
  await client.connect();
  return client;
}

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Messages of `kind` sent to `to` (any capitals), oldest first. */
export async function mailsTo(to: string, kind = "registration-confirmation", port = OWN_DATA_PORT): Promise<Mail[]> {
  const client = await connect(port);
  try {
    const { rows } = await client.query<Mail>(
      "SELECT recipient AS to, subject, body FROM outbox_messages WHERE lower(recipient) = lower($1) AND kind = $2 ORDER BY id",
      [to, kind],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** The confirmation link in the latest message to `to`, as the e-mail shows it. */
export async function confirmationLinkMailedTo(to: string): Promise<string> {
  const mails = await mailsTo(to);
  const link = mails.at(-1)?.body.match(/^https?:\/\/\S+\/registration\/confirm\/[A-Za-z0-9_-]+$/m)?.[0];
  if (!link) throw new Error(`no confirmation link was mailed to ${to}`);
  return link;
}

/** The invitation link in the latest admin invitation to `to`, as the e-mail shows it. */
export async function invitationLinkMailedTo(to: string): Promise<string> {
  const mails = await mailsTo(to, "admin-invitation");
  const link = mails.at(-1)?.body.match(/^https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]+$/m)?.[0];
  if (!link) throw new Error(`no invitation link was mailed to ${to}`);
  return link;
}

/** The password reset link in the latest reset e-mail to an admin's address. */
export async function resetLinkMailedTo(to: string): Promise<string> {
  const mails = await mailsTo(to, "admin-password-reset");
  const link = mails.at(-1)?.body.match(/^https?:\/\/\S+\/admin\/reset-password\/[A-Za-z0-9_-]{43}$/m)?.[0];
  if (!link) throw new Error(`no password reset link was mailed to ${to}`);
  return link;
}
