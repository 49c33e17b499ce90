/**
 * The admin overview's blocks: each a heading, a sentence and a link (or button) to act.
 * Plain links and one server-rendered form: the screen works without JavaScript.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { countOf } from "~/lib/util/plural";

function Block({ id, title, sentence, children }: { id: string; title: string; sentence: ReactNode; children?: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{sentence}</CardDescription>
      </CardHeader>
      {children && <CardContent className="space-y-3 text-sm">{children}</CardContent>}
    </Card>
  );
}

function Warning({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-destructive px-4 py-3 text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

const linkClass = "font-medium text-primary underline underline-offset-4";

export interface NextRaceView {
  id: number;
  title: string;
  date: string;
  classes: { boatClass: string; entries: number; drawn: boolean }[];
}

export function NextRaceBlock({ race }: { race: NextRaceView | null }) {
  if (!race) {
    return (
      <Block id="overview-next-race" title="Next race" sentence="No upcoming race is on the calendar.">
        <Link className={linkClass} to="/admin/races">
          Add a race
        </Link>
      </Block>
    );
  }
  const undrawn = race.classes.filter((c) => c.entries > 0 && !c.drawn).length;
  return (
    <Block
      id="overview-next-race"
      title="Next race"
      sentence={
        <>
          {race.title} on {race.date}.{" "}
          {race.classes.length === 0
            ? "Nobody has entered yet."
            : undrawn
              ? `${countOf(undrawn, "class", "classes")} with entries ${undrawn === 1 ? "has" : "have"} no heats drawn yet.`
              : "Every class with entries has its heats drawn."}
        </>
      }
    >
      {race.classes.length > 0 && (
        <ul aria-label={`Entries for ${race.title}`} className="divide-y">
          {race.classes.map((c) => (
            <li key={c.boatClass} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium">{c.boatClass}</span>
              <span>
                {countOf(c.entries, "entry", "entries")}, {c.drawn ? "heats drawn" : "heats not drawn"}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link className={linkClass} to={`/admin/races/${race.id}/heats`}>
        Heats of {race.title}
      </Link>
    </Block>
  );
}

export function ProvisionalBlock({ races }: { races: { id: number; title: string }[] }) {
  return (
    <Block
      id="overview-provisional"
      title="Provisional results"
      sentence={
        races.length === 0
          ? "Every race's results are official."
          : `${countOf(races.length, "race")} ${races.length === 1 ? "has" : "have"} results that are still provisional: check them and mark them official.`
      }
    >
      {races.length > 0 && (
        <ul aria-label="Races with provisional results" className="list-disc space-y-1 pl-5">
          {races.map((r) => (
            <li key={r.id}>
              <Link className={linkClass} to={`/admin/results?race=${r.id}`}>
                Results of {r.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}

export function RegistrationChangesBlock({ count, names, owner }: { count: number; names: string[]; owner: boolean }) {
  return (
    <Block
      id="overview-registration-changes"
      title="Registration changes"
      sentence={
        count === 0
          ? "No registration change is waiting for a racer."
          : `${countOf(count, "registration change")} ${count === 1 ? "is" : "are"} waiting for the racer to confirm it from their e-mail.`
      }
    >
      {owner && names.length > 0 && (
        <ul aria-label="Waiting registration changes" className="list-disc space-y-1 pl-5">
          {names.map((name, i) => (
            <li key={i}>{name}</li>
          ))}
        </ul>
      )}
      {owner && (
        <Link className={linkClass} to="/admin/competitors">
          Competitors
        </Link>
      )}
    </Block>
  );
}

export interface MailView {
  waiting: number;
  failed: number;
  failures: { kind: string; when: string }[];
  warning: string | null;
}

export function MailBlock({ mail, owner, busy }: { mail: MailView; owner: boolean; busy: boolean }) {
  return (
    <Block
      id="overview-mail"
      title="E-mail"
      sentence={`${countOf(mail.waiting, "e-mail")} waiting to be sent, ${countOf(mail.failed, "e-mail")} failed.`}
    >
      {mail.warning && <Warning>{mail.warning}. Set SMTP_URL (see the README) and restart the site to send them.</Warning>}
      {owner && mail.failures.length > 0 && (
        <ul aria-label="Failed e-mails" className="divide-y">
          {mail.failures.map((f, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
              <span className="font-medium">{f.kind}</span>
              <span>{f.when}</span>
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <Form method="post">
          <input type="hidden" name="intent" value="test-email" />
          <Button type="submit" variant="outline" disabled={busy}>
            Send a test e-mail
          </Button>
          <p className="mt-2 text-muted-foreground">To your own address, through the outbox; at most 3 an hour.</p>
        </Form>
      )}
    </Block>
  );
}

export interface BackupView {
  name: string;
  when: string;
  size: string;
}

export interface ProofView {
  /** When the newest proven backup was taken (club time), or null: none is. */
  lastProven: string | null;
  /** Why the newest backup is not proven; null when it is. */
  newestNotProven: string | null;
}

export function BackupBlock({
  newest,
  stale,
  owner,
  proof,
}: {
  newest: BackupView | null;
  stale: boolean;
  owner: boolean;
  proof: ProofView | null;
}) {
  return (
    <Block
      id="overview-backup"
      title="Backups"
      sentence={newest ? `The last backup was written ${newest.when} (${newest.size}).` : "The site has no backup yet."}
    >
      {stale && (
        <Warning>
          {newest
            ? "The newest backup is more than two days old: check the server's log, or run npm run db:backup."
            : "No backup exists: run npm run db:backup, and copy the backups off the machine."}
        </Warning>
      )}
      {proof && newest && (
        <p>
          {proof.lastProven
            ? `The last proven backup was taken ${proof.lastProven}.`
            : "No backup is proven yet: none has been restored and counted."}
        </p>
      )}
      {proof?.newestNotProven && <Warning>{proof.newestNotProven}</Warning>}
      {owner && (
        // One above the other, each a finger's height (WCAG 2.2 target size).
        <div className="flex flex-col items-start gap-1">
          {newest && (
            <a className={`${linkClass} py-1`} href={`/admin/backups/${newest.name}`} download>
              Download the last backup
            </a>
          )}
          <Link className={`${linkClass} py-1`} to="/admin/backups">
            Restore a backup
          </Link>
        </div>
      )}
    </Block>
  );
}
