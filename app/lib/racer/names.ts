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
