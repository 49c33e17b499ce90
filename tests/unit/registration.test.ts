import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { retryDelaySeconds, OUTBOX } from "~/domain/platform/outbox.server";
import { registrationMessages } from "~/domain/registration/email.server";
import { pipaPolicyParagraphs } from "~/lib/registration/pipa";
import {
  alreadyRegisteredToast,
  driverLabel,
  DRIVER_MESSAGES,
  driverRegistrationSchema,
  maskEmail,
  parseDriverIntent,
  printFormUrl,
  RACE_MESSAGES,
  raceLabel,
  raceRegistrationSchema,
  REGISTRATION_TOASTS,
} from "~/lib/registration/registration";

/** The field errors of a parse, whatever its status (a success has none). */
function errorsOf(submission: object): Record<string, string[] | null> | undefined {
  return "error" in submission ? (submission.error as Record<string, string[] | null>) : undefined;
}

function form(fields: Record<string, string | string[]>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) fd.append(k, x);
  return fd;
}

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  boatNumber: "7",
  boatClasses: "Open",
  email: "ada@example.com",
  pipaConsent: "on",
};

describe("driver registration schema (browser and server)", () => {
  it("gives SPEC's message for every missing required field", () => {
    const result = parseWithZod(form({}), { schema: driverRegistrationSchema });
    expect(result.status).toBe("error");
    expect(errorsOf(result)).toEqual({
      firstName: ["First name must be at least 2 characters."],
      lastName: ["Last name must be at least 2 characters."],
      boatNumber: ["Boat number is required."],
      boatClasses: ["Please select at least one boat class."],
      email: ["Please enter a valid email address."],
      pipaConsent: ["You must agree to the PIPA policy to register."],
    });
  });

  it("accepts a minimal registration, trims, keeps one spelling per class and drops empty optionals", () => {
    const result = parseWithZod(
      form({ ...valid, firstName: "  Ada ", boatClasses: ["SuperBoat", "open", "Open"], telephone: "", boatName: " " }),
      {
        schema: driverRegistrationSchema,
      },
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      boatNumber: "7",
      boatClasses: ["Open", "Superboat"],
      email: "ada@example.com",
      pipaConsent: true,
      // Race e-mails stay off unless the box is ticked (decision 0022).
      raceEmails: false,
      boatName: undefined,
      telephone: undefined,
    });
  });

  it.each([
    ["firstName", "A", DRIVER_MESSAGES.firstName],
    ["lastName", " B ", DRIVER_MESSAGES.lastName],
    ["email", "ada@", DRIVER_MESSAGES.email],
    ["email", `${"a".repeat(250)}@example.com`, DRIVER_MESSAGES.email],
    ["boatNumber", "12345678901", "Boat number must be at most 10 characters."],
    ["telephone", "1".repeat(31), "Telephone must be at most 30 characters."],
  ])("%s = %j is refused with %j", (name, value, message) => {
    const result = parseWithZod(form({ ...valid, [name]: value }), { schema: driverRegistrationSchema });
    expect(errorsOf(result)?.[name]).toEqual([message]);
  });

  it("refuses an unticked PIPA box", () => {
    const { pipaConsent: _, ...rest } = valid;
    expect(errorsOf(parseWithZod(form(rest), { schema: driverRegistrationSchema }))).toEqual({
      pipaConsent: [DRIVER_MESSAGES.pipaConsent],
    });
  });

  it("reads the dialog answers and treats anything else as a plain submit", () => {
    expect(parseDriverIntent("update")).toBe("update");
    expect(parseDriverIntent("use-new-email")).toBe("use-new-email");
    expect(parseDriverIntent("drop table")).toBe("submit");
    expect(parseDriverIntent(null)).toBe("submit");
  });
});

describe("race registration schema", () => {
  it("gives SPEC's messages", () => {
    expect(errorsOf(parseWithZod(form({ competitorId: "", raceId: "" }), { schema: raceRegistrationSchema }))).toEqual({
      competitorId: ["Please select a driver"],
      raceId: ["Please select a race"],
      boatClasses: ["Please select at least one boat class"],
    });
  });

  it("accepts ids and one or several classes", () => {
    const result = parseWithZod(form({ competitorId: "3", raceId: "8", boatClasses: ["Superboat", "Open"] }), {
      schema: raceRegistrationSchema,
    });
    expect(result.status === "success" && result.value).toEqual({
      competitorId: 3,
      raceId: 8,
      boatClasses: ["Open", "Superboat"],
    });
  });

  it("refuses ids that are not positive whole numbers", () => {
    for (const bad of ["0", "-1", "1.5", "abc", "99999999999"]) {
      expect(
        errorsOf(parseWithZod(form({ competitorId: bad, raceId: "1", boatClasses: "Open" }), { schema: raceRegistrationSchema })),
      ).toEqual({
        competitorId: [RACE_MESSAGES.competitorId],
      });
    }
  });
});

describe("labels and texts", () => {
  it("shows drivers as 'First Last - Boat #N'", () => {
    expect(driverLabel({ firstName: "Marcus", lastName: "Trott", boatNumber: "7" })).toBe("Marcus Trott - Boat #7");
    expect(driverLabel({ firstName: "Marcus", lastName: "Trott", boatNumber: "" })).toBe("Marcus Trott");
  });

  it("shows races as 'title, dd MMMM yyyy at location', or the raw date", () => {
    expect(raceLabel({ title: "Season Finale", date: "2026-03-05", location: "Long Bay" })).toBe(
      "Season Finale, 05 March 2026 at Long Bay",
    );
    expect(raceLabel({ title: "Odd", date: "sometime", location: "Long Bay" })).toBe("Odd, sometime at Long Bay");
  });

  it("has SPEC's toasts", () => {
    expect(alreadyRegisteredToast("Open").description).toBe("You are already registered for this race in the Open class.");
    expect(REGISTRATION_TOASTS.driverSaved).toMatchObject({
      title: "Registration Successful!",
      description: "Your registration has been submitted.",
    });
    expect(REGISTRATION_TOASTS.driverUpdated).toMatchObject({
      title: "Registration Updated!",
      description: "Your registration details have been updated.",
    });
    expect(REGISTRATION_TOASTS.raceSaved).toMatchObject({ title: "Registration Successful" });
    // SPEC's sentence first, then the one e-mail the racer gets (issue 21, item 1).
    expect(REGISTRATION_TOASTS.raceSaved.description).toBe(
      "You have successfully registered for the race. The racer gets one e-mail about this entry if the club has their address.",
    );
  });

  it("masks another person's e-mail address", () => {
    expect(maskEmail("marcus.trott@example.com")).toBe("m•••@example.com");
    expect(maskEmail(null)).toBeNull();
    expect(maskEmail("broken")).toBe("•••");
  });

  it("puts the chosen classes in the print form's address", () => {
    expect(printFormUrl([])).toBe("/registration/print");
    expect(printFormUrl(["Open", "Superboat"])).toBe("/registration/print?class=Open&class=Superboat");
  });

  it("states the PIPA consent SPEC describes, naming the club", () => {
    const text = pipaPolicyParagraphs("Test Club").join(" ");
    expect(text).toContain("Test Club");
    expect(text).toMatch(/photograph/);
    expect(text).toMatch(/name, likeness and voice in any media/);
    expect(text).toMatch(/indefinite term/);
    expect(text).toMatch(/no right to review/);
  });
});

describe("registration e-mail", () => {
  const notice = {
    competitorId: 5,
    firstName: "Ada",
    lastName: "Lovelace",
    boatName: null,
    boatNumber: "7",
    boatClasses: ["Open"],
    telephone: null,
    email: "ada@example.com",
  };
  const club = { clubName: "Club", clubEmail: "club@example.org" };

  it("goes to the driver and the club", () => {
    const messages = registrationMessages({ ...notice, change: "new" }, club);
    expect(messages.map((m) => m.to)).toEqual(["ada@example.com", "club@example.org"]);
    expect(messages[0]!.body).toContain("Boat name: Not specified");
  });

  it("also tells the old address when the registration moved, without the new details", () => {
    const messages = registrationMessages({ ...notice, change: "moved", previousEmail: "old@example.com" }, club);
    expect(messages.map((m) => m.to)).toEqual(["ada@example.com", "club@example.org", "old@example.com"]);
    expect(messages[2]!.body).not.toContain("ada@example.com");
  });
});

describe("outbox backoff", () => {
  it("doubles from 30 s and stops growing at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(OUTBOX.backoffMaxSeconds);
  });
});
