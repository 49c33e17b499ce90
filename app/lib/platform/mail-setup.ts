/**
 * What the site says while e-mail is not set up (SMTP_URL unset: messages wait in the outbox
 * table and nothing leaves the site; issue 32 item 5). One place for every screen that would send
 * an e-mail, so none of them says "on its way" when nothing is sent.
 */
import { countOf } from "~/lib/util/plural";

export const NO_MAIL = {
  /** On every admin screen, for every role: sign-in lands on Competitors or Races, not the Overview. */
  banner:
    "E-mail is not set up: the site sends no e-mails. Invitations, password resets and race e-mails wait in the outbox until SMTP_URL is set.",
  /**
   * The forgot-password page, before and after a request: the same words whatever the address,
   * so the page never tells whether an admin uses it.
   */
  forgotPassword:
    "E-mail is not set up on this site, so no link to choose a new password can reach you. Ask an owner of the club's website to reset your password.",
  invitationTitle: "Invitation created, not sent",
  invitation: (email: string, hours: number) =>
    `E-mail is not set up, so nothing was sent to ${email}. Copy the link below and give it to them yourself. It works once, for ${hours} hours.`,
  /** Under the link, shown once: only its hash is stored. */
  invitationOnce: "This link is shown only now. If it is lost, invite the same address again: the new link replaces this one.",
  resultsMailed: (count: number) =>
    `A "results are up" e-mail for ${countOf(count, "driver")} who asked for one waits in the outbox: e-mail is not set up, so it is not sent.`,
} as const;
