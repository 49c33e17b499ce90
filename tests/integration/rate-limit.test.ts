import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { hit, peek, pruneRateLimits, reset } from "~/domain/platform/rate-limit.server";
import { useTestDatabase } from "../support/database";

const { db } = await useTestDatabase();
const rule = (key: string) => ({ key, limit: 3, windowSeconds: 60 });

it("allows up to the limit in a window, then refuses with the time to wait", async () => {
  const states = [];
  for (let i = 0; i < 4; i++) states.push(await hit(db, rule("form:ip:1")));
  expect(states.map((s) => s.allowed)).toEqual([true, true, true, false]);
  expect(states[3]!.retryAfterSeconds).toBeGreaterThan(0);
  expect(states[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect((await peek(db, rule("form:ip:1"))).allowed).toBe(false);
  expect((await peek(db, rule("form:ip:2"))).allowed).toBe(true); // other keys are separate
});

it("counts concurrent attempts exactly (one statement, no lost updates)", async () => {
  const states = await Promise.all(Array.from({ length: 20 }, () => hit(db, { key: "burst", limit: 5, windowSeconds: 60 })));
  expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect(states.filter((s) => s.allowed)).toHaveLength(5);
});

it("starts a new window once the old one is over, and forgets on reset", async () => {
  await hit(db, rule("old"));
  await hit(db, rule("old"));
  await hit(db, rule("old"));
  await hit(db, rule("old"));
  await db.execute(sql`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = 'old'`);
  expect((await peek(db, rule("old"))).allowed).toBe(true);
  expect(await hit(db, rule("old"))).toMatchObject({ allowed: true, count: 1 });
  await hit(db, rule("old"));
  await reset(db, "old");
  expect((await peek(db, rule("old"))).count).toBe(0);
});

it("prunes windows older than a day", async () => {
  await hit(db, rule("stale"));
  await db.execute(sql`UPDATE rate_limits SET window_start = now() - interval '2 days' WHERE key = 'stale'`);
  await pruneRateLimits(db);
  const { rows } = await db.execute(sql`SELECT key FROM rate_limits WHERE key = 'stale'`);
  expect(rows).toEqual([]);
});
