import { describe, expect, it } from "vitest";
import { maskContactDetails, serializeError } from "../../server/logger";

describe("maskContactDetails", () => {
  it.each([
    ["duplicate key (lower(email))=(Jo.Smith+boats@Example.co.uk)", "duplicate key (lower(email))=([email])"],
    ["call 441-299-7777 or +1 (441) 555-0199", "call [telephone] or [telephone]"],
    ["tel 4412997777.", "tel [telephone]."],
  ])("masks %s", (input, expected) => {
    expect(maskContactDetails(input)).toBe(expected);
  });

  it.each(["race on 2026-05-06", "2026-05-06 14:00:00", "heat 2, position 15, 14 laps", "at file.js:123:45", "id 4211"])(
    "keeps %s",
    (input) => {
      expect(maskContactDetails(input)).toBe(input);
    },
  );
});

describe("serializeError", () => {
  it("drops a failed query's parameters from the message, the stack and the fields, and keeps the SQL", () => {
    const cause = Object.assign(new Error("value too long for member jo@example.net"), {
      detail: "Key (email)=(jo@example.net)",
    });
    const error = Object.assign(new Error("Failed query: insert into competitors (email) values ($1)\nparams: jo@example.net"), {
      query: "insert into competitors (email) values ($1)",
      params: ["jo@example.net"],
      cause,
    });
    const out = JSON.stringify(serializeError(error));
    expect(out).not.toContain("jo@example.net");
    expect(out).toContain("insert into competitors (email) values ($1)");
    expect(out).toContain("params: [removed]");
    expect(out).toContain("value too long for member [email]");
  });
});
