/**
 * People's names in the order a person expects: the same order as the database's
 * (app/domain/racer/competitor-order.server.ts, ICU's root collation). "en" is CLDR's root collation
 * without tailoring; "und" is not offered by every JavaScript engine.
 */
const collator = new Intl.Collator("en");

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** Last name, then first name: "Dawson" < "de Silva" < "Evans" < "Zuill"; "Ávila" with the A's. */
export function compareNames(a: PersonName, b: PersonName): number {
  return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName);
}

/** "Tidal Flash #5": a racer's boat as every list shows it. */
export function boatLabel(boatName: string | null, boatNumber: string | null): string {
  const name = boatName?.trim() || "";
  const number = boatNumber?.trim() ? `#${boatNumber.trim()}` : "";
  return [name, number].filter(Boolean).join(" ");
}
