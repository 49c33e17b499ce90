/**
 * The PIPA (Personal Information Protection Act 2016, Bermuda) policy a driver agrees to when
 * registering. Shown expandable on /registration and printed on the paper form, from this one place.
 */
export function pipaPolicyParagraphs(clubName: string): string[] {
  return [
    `I hereby give my consent to ${clubName} and its representatives to photograph and/or record me, and to use my name, likeness and voice in any media, now known or developed in the future, for any purpose, including the promotion of the club and its events.`,
    "This consent is given for an indefinite term. I understand that I have no right to review or approve any photograph, recording or material in which my name, likeness or voice is used before it is used.",
    `The club keeps the personal information on this form (such as e-mail address and telephone number) only to run registrations and races and to contact me about them, in line with the Personal Information Protection Act 2016. It is never published on the website. To see, correct or remove it, use the privacy notice on the club's website (/privacy), or contact the club.`,
  ];
}

/** The checkbox's label (SPEC: 'I agree to the PIPA Policy*'). */
export const PIPA_AGREEMENT_LABEL = "I agree to the PIPA Policy";
