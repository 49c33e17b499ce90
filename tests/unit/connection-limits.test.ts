import { describe, expect, it } from "vitest";
import { connectionBudget, openFileLimit, ORDINARY_CONNECTIONS, PROCESS_DESCRIPTORS } from "~/server/connection-limits";

describe("connectionBudget (issue 21: streams sized from the open-file limit)", () => {
  it("keeps descriptors for the process and connections for ordinary requests at 1024", () => {
    const budget = connectionBudget(1024, 1000);
    expect(budget.connections).toBe(1024 - PROCESS_DESCRIPTORS);
    expect(budget.streams).toBe(1024 - PROCESS_DESCRIPTORS - ORDINARY_CONNECTIONS);
    expect(budget.connections - budget.streams).toBeGreaterThanOrEqual(ORDINARY_CONNECTIONS);
    expect(budget.low).toBe(true);
  });

  it("keeps the configured stream cap when the limit is high, and says nothing", () => {
    expect(connectionBudget(65_536, 1000)).toEqual({ streams: 1000, connections: 65_536 - PROCESS_DESCRIPTORS, low: false });
    expect(connectionBudget(Infinity, 1000)).toEqual({ streams: 1000, connections: Infinity, low: false });
    expect(connectionBudget(undefined, 1000)).toEqual({ streams: 1000, connections: Infinity, low: false });
  });

  it("gives streams nothing rather than the ordinary requests' reserve at a tiny limit", () => {
    const budget = connectionBudget(150, 1000);
    expect(budget.streams).toBe(0);
    expect(budget.connections).toBe(150 - PROCESS_DESCRIPTORS);
  });

  it("reads this process's limit", () => {
    const limit = openFileLimit();
    expect(limit === Infinity || (Number.isInteger(limit) && limit! > 0)).toBe(true);
  });
});
