/**
 * The demo site's outgoing mail, read from its outbox the way an inbox would receive it: the
 * browser tests follow the confirmation links the site mails. The site runs without SMTP, so its
 * messages wait in `outbox_messages`; we reach its embedded PostgreSQL through the files it leaves
 * for shell commands in DATA_DIR (see db/embedded-postgres.ts).
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const DEMO_PORT = Number(process.env.E2E_PORT ?? 4100);
const DATA_DIR = path.join(os.tmpdir(), `club-e2e-data-${DEMO_PORT}`);

async function connect(): Promise<pg.Client> {
  const socketDir = (await readFile(path.join(DATA_DIR, ".pg-socket"), "utf8")).trim();
  const password = (await readFile(path.join(DATA_DIR, ".pg-password"), "utf8")).trim();
  const client = new pg.Client({ host: socketDir, port: 5432, user: "postgres", password, database: "postgres" });
  await client.connect();
  return client;
}

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Messages of `kind` sent to `to` (any capitals), oldest first. */
export async function mailsTo(to: string, kind = "registration-confirmation"): Promise<Mail[]> {
  const client = await connect();
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
