/** The one form reader every action uses: names from the form's schema only, bounded, no NUL. */
import { describe, expect, it } from "vitest";
import { z } from "~/lib/util/zod";
import { MAX_FIELDS, readForm } from "~/domain/platform/read-form.server";
import { competitorSchema } from "~/lib/racer/competitor-schema";
import { raceSchema } from "~/lib/races/race-schema";
import { resultsSchema } from "~/lib/race-day/results-schema";
import { loginSchema } from "~/lib/admin/sign-in-schemas";
import { driverRegistrationSchema, raceRegistrationSchema } from "~/lib/registration/registration";
import { HONEYPOT_FIELD } from "~/lib/platform/form-submit";

const URLENCODED = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, type: string | null = URLENCODED): Request {
  const headers = new Headers();
  if (type) headers.set("Content-Type", type);
  return new Request("http://localhost/form", { method: "POST", body, headers });
}

/** The status and message readForm refused with (it throws React Router's `data()`). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (thrown) {
    const { data, init } = thrown as { data: { message: string }; init: { status: number } };
    return { status: init.status, message: data.message };
  }
  throw new Error("the form was accepted");
}

const driver = {
  firstName: "Ada",
  lastName: "Byron",
  boatNumber: "7",
  boatClasses: "Open",
  email: "ada@example.com",
  pipaConsent: "on",
  intent: "submit",
  [HONEYPOT_FIELD]: "",
};

describe("readForm accepts what the site's forms post", () => {
  it.each([
    ["driver registration", driverRegistrationSchema, { ...driver, "boatClasses[1]": "Superboat" }, ["intent", HONEYPOT_FIELD]],
    ["race registration", raceRegistrationSchema, { competitorId: "1", raceId: "2", boatClasses: "Open" }, [HONEYPOT_FIELD]],
    ["login", loginSchema, { username: "admin", password: "x" }, []],
    [
      "competitor",
      competitorSchema,
      { intent: "save", id: "3", firstName: "A", lastName: "B", email: "a@b.c", boatClasses: "Open" },
      ["intent"],
    ],
    ["race", raceSchema, { intent: "delete", id: "3" }, ["intent"]],
    [
      "results, 50 rows",
      resultsSchema,
      Object.fromEntries([["raceId", "1"], ...Array.from({ length: 50 }, (_, i) => [`rows[${i}].position`, String(i + 1)])]),
      [],
    ],
  ] as const)("%s", async (_label, schema, values, extraFields) => {
    const formData = await readForm(post(new URLSearchParams(values as Record<string, string>)), schema, { extraFields });
    expect([...formData.keys()]).toEqual(Object.keys(values));
  });

  it("takes a multipart body and an empty body without a type (a bare logout)", async () => {
    const multipart = new FormData();
    multipart.set("username", "admin");
    expect(
      (await readForm(new Request("http://localhost/", { method: "POST", body: multipart }), loginSchema)).get("username"),
    ).toBe("admin");
    expect([...(await readForm(post(null, null), z.object({}))).keys()]).toEqual([]);
  });
});

describe("readForm refuses, before any object is built", () => {
  it("a sparse list index, in milliseconds", async () => {
    const started = performance.now();
    const { status, message } = await refusal(
      readForm(post("boatClasses[10000000]=Open&firstName=Eve"), driverRegistrationSchema),
    );
    expect(performance.now() - started).toBeLessThan(50);
    expect(status).toBe(400);
    expect(message).toBe('The list index in "boatClasses[10000000]" is above the limit of 99.');
  });

  it.each([
    ["rows[100].position=1", 'The list index in "rows[100].position" is above the limit of 99.'],
    ["rows[0099999].position=1", 'The list index in "rows[0099999].position" is above the limit of 99.'],
    ["rows[0].nope=1", 'This form has no field named "rows[0].nope".'],
    ["rows.position=1", 'This form has no field named "rows.position".'],
    ["raceId[0]=1", 'This form has no field named "raceId[0]".'],
    ["__proto__.polluted=1", 'This form has no field named "__proto__.polluted".'],
    ["constructor=1", 'This form has no field named "constructor".'],
    ["rows[0]=1", 'This form has no field named "rows[0]".'],
  ])("a name outside the schema or its bounds: %s", async (body, expected) => {
    expect(await refusal(readForm(post(body), resultsSchema))).toEqual({ status: 400, message: expected });
  });

  it("too many fields", async () => {
    const body = Array.from({ length: MAX_FIELDS + 1 }, () => "boatClasses=Open").join("&");
    expect(await refusal(readForm(post(body), driverRegistrationSchema))).toEqual({
      status: 400,
      message: `Too many fields: a form here has at most ${MAX_FIELDS}.`,
    });
  });

  it("a NUL byte in any value", async () => {
    for (const [schema, body] of [
      [loginSchema, "username=ad%00min&password=x"],
      [driverRegistrationSchema, "firstName=Ada&boatName=Sea%00Dog"],
      [raceSchema, "description=Long%20enough%00"],
    ] as const) {
      const { status, message } = await refusal(readForm(post(body), schema));
      expect(status).toBe(400);
      expect(message).toMatch(/contains a NUL character/);
    }
  });

  it("a file", async () => {
    const multipart = new FormData();
    multipart.set("username", new Blob(["x"]), "x.txt");
    const { status } = await refusal(
      readForm(new Request("http://localhost/", { method: "POST", body: multipart }), loginSchema),
    );
    expect(status).toBe(400);
  });

  it.each([
    ["JSON", "application/json", '{"username":"admin"}', 415],
    ["text/plain", "text/plain", "username=admin", 415],
    ["a body without a type", null, new TextEncoder().encode("username=admin"), 415],
    ["broken multipart", "multipart/form-data; boundary=x", "--x\r\nnot a part", 400],
    ["multipart without a boundary", "multipart/form-data", "--x--", 400],
  ])("a body that is not a form: %s", async (_label, type, body, status) => {
    const refused = await refusal(readForm(post(body, type), loginSchema));
    expect(refused.status).toBe(status);
    expect(refused.message).toMatch(/form/);
  });
});
