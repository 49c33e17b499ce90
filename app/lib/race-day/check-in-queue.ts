/**
 * The admin's check-in taps waiting for the connection (decision 0055), pure: kept in the phone's
 * storage in tap order, each with the key the server remembers it by, so a tap sent again after
 * a dropped answer is applied once.
 */
import { checkInTapSchema, type CheckInTap } from "~/lib/race-day/check-in";

/** The storage key of one race's waiting taps. */
export function queueKey(raceId: number): string {
  return `check-in-queue:${raceId}`;
}

/** The stored queue; anything that is not a list of taps is an empty queue. */
export function readQueue(raw: string | null): CheckInTap[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const tap = checkInTapSchema.safeParse(
        item && typeof item === "object"
          ? Object.fromEntries(Object.entries(item as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
          : item,
      );
      return tap.success ? [tap.data] : [];
    });
  } catch {
    return [];
  }
}

/** A new tap's key: random, without needing a secure context (crypto.randomUUID does). */
export function newTapKey(random: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => crypto.getRandomValues(b)): string {
  const b = new Uint8Array(16);
  random(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A boat on the phone list as the phone believes it stands. */
export interface ListBoat {
  competitorId: number;
  checkedIn: boolean;
  version: number;
  /** A tap of this phone is waiting to be sent. */
  waiting: boolean;
}

/**
 * The list after this phone's tap, before the server answers: the boat shows what was asked, and
 * the next tap on it builds on the version this one will make.
 */
export function afterTap<B extends ListBoat>(boats: readonly B[], tap: CheckInTap): B[] {
  return boats.map((b) =>
    b.competitorId === tap.competitorId ? { ...b, checkedIn: tap.intent === "in", version: tap.basis + 1, waiting: true } : b,
  );
}

/** The list after the server's answer to a tap: the boat as the server says it stands. */
export function afterAnswer<B extends ListBoat>(
  boats: readonly B[],
  competitorId: number,
  state: { checkedIn: boolean; version: number },
  stillWaiting: boolean,
): B[] {
  return boats.map((b) => (b.competitorId === competitorId ? { ...b, ...state, waiting: stillWaiting } : b));
}
