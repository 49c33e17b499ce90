/**
 * The registration e-mail (SPEC's 'send-registration-email' notification), rendered when the
 * registration is saved and stored in the outbox with it.
 */
import { countOf } from "~/lib/util/plural";
import type { OutgoingMessage } from "~/domain/platform/outbox.server";
import type { ClubMail } from "~/lib/platform/club";

export interface RegistrationNotice {
  competitorId: number;
  firstName: string;
  lastName: string;
  boatName: string | null;
  boatNumber: string;
  boatClasses: string[];
  telephone: string | null;
  email: string;
  /** "new": first registration; "updated": same address; "moved": moved from `previousEmail`. */
  change: "new" | "updated" | "moved";
  previousEmail?: string | null;
  /** Set when the driver opted in to race e-mails: where to change that choice. */
  preferencesUrl?: string | null;
}

function details(n: RegistrationNotice): string {
  return [
    `Registration number: ${n.competitorId}`,
    `Name: ${n.firstName} ${n.lastName}`,
    `Boat name: ${n.boatName ?? "Not specified"}`,
    `Boat number: ${n.boatNumber}`,
    `Boat class: ${n.boatClasses.join(", ")}`,
    `Telephone: ${n.telephone ?? "Not specified"}`,
    `Email: ${n.email}`,
    "PIPA policy: agreed",
  ].join("\n");
}

export function registrationMessages(n: RegistrationNotice, club: ClubMail): OutgoingMessage[] {
  const name = `${n.firstName} ${n.lastName}`;
  const verb = n.change === "new" ? "received" : "updated";
  const messages: OutgoingMessage[] = [
    {
      kind: "registration",
      to: n.email,
      subject:
        n.change === "new" ? `Your ${club.clubName} driver registration` : `Your ${club.clubName} registration was updated`,
      body: [
        `Hello ${n.firstName},`,
        "",
        `Thank you: ${club.clubName} has ${verb} your driver registration.`,
        "",
        details(n),
        "",
        ...(n.preferencesUrl ? [`You asked for race e-mails. Change that or unsubscribe: ${n.preferencesUrl}`, ""] : []),
        `If anything is wrong, reply to ${club.clubEmail}.`,
      ].join("\n"),
    },
    {
      kind: "registration-club-copy",
      to: club.clubEmail,
      subject: `Driver registration ${verb}: ${name}`,
      body: [
        `A driver registration was ${verb} on the website.`,
        n.change === "moved" ? "The registration was moved to a new e-mail address; the old address has been told." : "",
        "",
        details(n),
      ]
        .filter((line, i) => line !== "" || i !== 1)
        .join("\n"),
    },
  ];
  if (n.change === "moved" && n.previousEmail && n.previousEmail.toLowerCase() !== n.email.toLowerCase()) {
    // The old address may belong to someone else than the new one: tell them what happened, not the new details.
    messages.push({
      kind: "registration-moved",
      to: n.previousEmail,
      subject: `Your ${club.clubName} registration moved to another e-mail address`,
      body: [
        "Hello,",
        "",
        `The ${club.clubName} driver registration for ${name} that used this e-mail address now uses a different one, as requested on the club's registration page.`,
        "",
        `If you did not ask for this, please contact ${club.clubEmail}.`,
      ].join("\n"),
    });
  }
  return messages;
}

export interface ConfirmationNotice {
  /** The address on file: only its owner may confirm a change to the record. */
  to: string;
  firstName: string;
  link: string;
  expiresInHours: number;
  /** The change moves the record to another e-mail address. */
  movesEmail: boolean;
}

/**
 * The single-use confirmation link for a change to an existing registration. The new details are
 * shown on the link's page, not here: the outbox keeps as little personal data as it can.
 */
export function confirmationMessage(n: ConfirmationNotice, club: ClubMail): OutgoingMessage {
  return {
    kind: "registration-confirmation",
    to: n.to,
    subject: `Confirm the change to your ${club.clubName} registration`,
    body: [
      `Hello ${n.firstName},`,
      "",
      n.movesEmail
        ? `Someone asked on the ${club.clubName} registration page to move the driver registration that uses this e-mail address to a different address, with new details.`
        : `Someone asked on the ${club.clubName} registration page to update the details of the driver registration that uses this e-mail address.`,
      "",
      `Nothing has changed yet. To see the change and confirm it, open this link within ${countOf(n.expiresInHours, "hour")}:`,
      "",
      n.link,
      "",
      "If you did not ask for this, ignore this e-mail: your registration stays as it is.",
      `Questions: ${club.clubEmail}`,
    ].join("\n"),
  };
}
