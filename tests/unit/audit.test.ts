/** The audit log's pure rules: the before/after diff, secrets kept out, the screen's filters. */
import { describe, expect, it } from "vitest";
import { auditQuery, diffFields, isSecretField, readAuditFilters, withoutSecrets } from "~/lib/platform/audit";

describe("diffFields", () => {
  it("keeps only the fields that changed, with both values", () => {
    const before = { title: "Spring Cup", date: "2026-04-01", location: "Lake", classes: ["Mono 1"] };
    const after = { title: "Spring Cup", date: "2026-04-08", location: "Lake", classes: ["Mono 1", "Hydro"] };
    expect(diffFields(before, after)).toEqual({
      date: { before: "2026-04-01", after: "2026-04-08" },
      classes: { before: ["Mono 1"], after: ["Mono 1", "Hydro"] },
    });
  });

  it("gives nothing for an unchanged record (undefined and null are the same)", () => {
    expect(diffFields({ a: 1, b: null }, { a: 1, b: undefined })).toEqual({});
  });

  it("a created record has every field after, a deleted one every field before", () => {
    expect(diffFields(null, { name: "Ann", boat: null })).toEqual({ name: { before: null, after: "Ann" } });
    expect(diffFields({ name: "Ann" }, null)).toEqual({ name: { before: "Ann", after: null } });
  });

  it("stores dates as ISO text and compares them by value", () => {
    const at = new Date("2026-06-15T10:00:00Z");
    expect(diffFields({ at }, { at: new Date(at.getTime()) })).toEqual({});
    expect(diffFields({ at: null }, { at })).toEqual({ at: { before: null, after: "2026-06-15T10:00:00.000Z" } });
  });

  it("never includes a password, hash, token, session, secret or code field, even when it changed", () => {
    const before = { username: "ann", passwordHash: "$argon2id$old", sessionId: "a", resetToken: "t1", totpSecret: "S1" };
    const after = { username: "anne", passwordHash: "$argon2id$new", sessionId: "b", resetToken: "t2", totpSecret: "S2" };
    const changes = diffFields(before, { ...after, password: "hunter2hunter2", recoveryCodes: ["x"] });
    expect(changes).toEqual({ username: { before: "ann", after: "anne" } });
    expect(JSON.stringify(changes)).not.toMatch(/argon2|hunter2|t2|S2/);
  });

  it("withoutSecrets drops secret fields a caller wrote by hand", () => {
    expect(withoutSecrets({ password: { before: null, after: "x" }, title: { before: "a", after: "b" } })).toEqual({
      title: { before: "a", after: "b" },
    });
    expect(["key", "title", "email", "boatNumber"].filter(isSecretField)).toEqual([]);
  });
});

describe("readAuditFilters", () => {
  it("reads every filter", () => {
    const params = new URLSearchParams("admin=ann&kind=race.update&record=race:12&from=2026-01-01&to=2026-02-01&page=3");
    expect(readAuditFilters(params)).toEqual({
      admin: "ann",
      kind: "race.update",
      record: { type: "race", id: "12" },
      from: "2026-01-01",
      to: "2026-02-01",
      page: 3,
    });
  });

  it("drops values that do not parse instead of failing", () => {
    const params = new URLSearchParams("kind=drop.table&record=race:abc&from=2026-02-30&to=yesterday&page=-1&admin=");
    expect(readAuditFilters(params)).toEqual({ admin: null, kind: null, record: null, from: null, to: null, page: 1 });
    expect(readAuditFilters(new URLSearchParams("page=1e9")).page).toBe(1);
    expect(readAuditFilters(new URLSearchParams("admin=%00ann")).admin).toBeNull();
  });

  it("builds the query of another page with the same filters", () => {
    const filters = readAuditFilters(new URLSearchParams("record=competitor:4&kind=competitor.update"));
    expect(auditQuery(filters, 2)).toBe("?kind=competitor.update&record=competitor%3A4&page=2");
    expect(auditQuery(filters, 1)).toBe("?kind=competitor.update&record=competitor%3A4");
  });
});
