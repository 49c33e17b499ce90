/**
 * Counted words in every sentence the site writes ("1 win", "3 wins", "0 races"). The choice
 * between singular and plural is English's plural rule (Intl.PluralRules), made in this one place
 * so no sentence says "1 wins" again.
 */
const english = new Intl.PluralRules("en");

/** The word that goes with `n`: `one` for 1, else `other` (the word with an "s" unless given). */
export function plural(n: number, one: string, other = `${one}s`): string {
  return english.select(n) === "one" ? one : other;
}

/** `n` and its word: "1 win", "3 wins", "2 race entries". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${n} ${plural(n, one, other)}`;
}
