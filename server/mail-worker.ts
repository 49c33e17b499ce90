/**
 * Delivers the e-mail outbox (app/domain/platform/outbox.server.ts) through nodemailer when SMTP_URL is
 * set. Without it, messages stay in the outbox and the worker only logs their ids. A delivery
 * failure is retried with backoff and recorded on the message; it never touches the registration
 * that wrote it. Logs carry message ids and error codes, never addresses or message text.
 */
import type { Transporter } from "nodemailer";
import type { Database } from "~/db/client";
import { claimDue, markAttemptFailed, markSent, pruneOutbox, takeUnlogged } from "~/domain/platform/outbox.server";
import { pruneMessageLinks } from "~/domain/registration/race-messages.server";
import type { Logger } from "~/server/logger";

export interface MailWorkerOptions {
  db: Database;
  log: Pick<Logger, "info" | "warn" | "error">;
  smtpUrl?: string;
  /**
   * The From header, e.g. `"Club" <info@club.bm>`; a function is asked once per pass (the club's
   * name from its settings, which an owner may change).
   */
  from: string | (() => Promise<string>);
  intervalMs?: number;
}

export interface MailWorker {
  /** One pass: deliver (or log) what is due. Resolves when the pass is done. */
  runOnce(): Promise<void>;
  /** Stops polling and waits for a pass in progress. */
  stop(): Promise<void>;
}

/** nodemailer is loaded only when SMTP_URL is set: its import is about 0.06 s of CPU at each start. */
export async function createTransport(smtpUrl: string): Promise<Transporter> {
  const { default: nodemailer } = await import("nodemailer");
  // Timeouts well under the outbox lease, so a hung server cannot make a claim expire mid-send.
  const transport = nodemailer.createTransport(smtpUrl);
  const options = transport.options as Record<string, unknown>;
  options.connectionTimeout ??= 30_000;
  options.greetingTimeout ??= 30_000;
  options.socketTimeout ??= 60_000;
  return transport;
}

/** A short, address-free description of a delivery failure, for the outbox row and the log. */
function describe(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; command?: string; message?: string };
  const parts = [e.code, e.responseCode, e.command].filter((p) => p !== undefined && p !== "");
  // The SMTP reply text can quote the recipient: keep it out of logs, but on the row it helps the admin.
  return parts.length ? `${parts.join(" ")}: ${e.message ?? ""}`.trim() : (e.message ?? String(error));
}

function codeOf(error: unknown): string {
  const e = error as { code?: string; responseCode?: number };
  return [e.code, e.responseCode].filter(Boolean).join(" ") || "unknown";
}

export function createMailWorker({
  db,
  log,
  smtpUrl,
  from,
  intervalMs = 5_000,
}: MailWorkerOptions): MailWorker & { start(): void } {
  const transport = smtpUrl ? createTransport(smtpUrl) : null;
  // Its failure, if any, is reported by the pass that needs it (below).
  transport?.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastPrune = 0;

  async function pass(): Promise<void> {
    if (Date.now() - lastPrune > 6 * 3600_000) {
      lastPrune = Date.now();
      const pruned = await pruneOutbox(db);
      if (pruned) log.info({ pruned }, "old outbox messages deleted");
      const links = await pruneMessageLinks(db);
      if (links) log.info({ links }, "expired e-mail preference links deleted");
    }
    if (!transport) {
      for (const m of await takeUnlogged(db)) {
        log.info({ outboxId: m.id, kind: m.kind }, "e-mail kept in the outbox (SMTP_URL is not set)");
      }
      return;
    }
    const smtp = await transport;
    const sender = typeof from === "string" ? from : await from();
    for (;;) {
      const batch = await claimDue(db);
      if (batch.length === 0) return;
      for (const message of batch) {
        if (stopped) return;
        try {
          await smtp.sendMail({
            from: sender,
            to: message.to,
            subject: message.subject,
            text: message.body,
            headers: message.headers,
          });
          await markSent(db, message);
          log.info({ outboxId: message.id, kind: message.kind }, "e-mail sent");
        } catch (error) {
          const outcome = await markAttemptFailed(db, message, describe(error));
          const fields = { outboxId: message.id, kind: message.kind, attempts: message.attempts, code: codeOf(error) };
          if (outcome === "failed") log.error(fields, "e-mail failed for good; left in the outbox as failed");
          else log.warn(fields, "e-mail failed; will retry");
        }
      }
    }
  }

  function runOnce(): Promise<void> {
    // One pass at a time per instance; a second caller waits for the pass under way.
    running ??= pass()
      .catch((error: unknown) => log.error({ code: codeOf(error) }, "outbox pass failed"))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void runOnce().then(schedule), intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!transport) log.info("SMTP_URL is not set: registration e-mails stay in the outbox");
      void runOnce().then(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      (await transport?.catch(() => null))?.close();
    },
  };
}
