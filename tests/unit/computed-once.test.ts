import { describe, expect, it } from "vitest";
import { ComputedOnce } from "~/domain/platform/computed-once.server";

/** A computation that counts its runs and answers with the run's number. */
function counted() {
  let runs = 0;
  const compute = () => Promise.resolve(++runs);
  return { compute, runs: () => runs };
}

describe("ComputedOnce", () => {
  it("computes once, and requests arriving meanwhile share that computation", async () => {
    const kept = new ComputedOnce(() => true);
    const { compute, runs } = counted();
    const [first, second] = await Promise.all([kept.get("season 2025", compute), kept.get("season 2025", compute)]);
    expect([first, second, await kept.get("season 2025", compute)]).toEqual([1, 1, 1]);
    expect(runs()).toBe(1);
    expect(await kept.get("season 2024", compute)).toBe(2);
  });

  it("computes again after a clear (the data changed)", async () => {
    const kept = new ComputedOnce(() => true);
    const { compute } = counted();
    await kept.get("k", compute);
    kept.clear();
    expect(await kept.get("k", compute)).toBe(2);
  });

  it("keeps nothing while changes cannot be seen", async () => {
    let listening = false;
    const kept = new ComputedOnce(() => listening);
    const { compute } = counted();
    expect([await kept.get("k", compute), await kept.get("k", compute)]).toEqual([1, 2]);
    expect(kept.size).toBe(0);
    listening = true;
    expect([await kept.get("k", compute), await kept.get("k", compute)]).toEqual([3, 3]);
  });

  it("does not keep a failure", async () => {
    const kept = new ComputedOnce(() => true);
    await expect(kept.get("k", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await kept.get("k", () => Promise.resolve("back"))).toBe("back");
  });

  it("holds at most its limit, forgetting the least recently used first", async () => {
    const kept = new ComputedOnce(() => true, 2);
    const { compute } = counted();
    await kept.get("a", compute);
    await kept.get("b", compute);
    await kept.get("a", compute);
    await kept.get("c", compute);
    expect(kept.size).toBe(2);
    expect(await kept.get("a", compute)).toBe(1);
    expect(await kept.get("b", compute)).toBe(4);
  });
});
