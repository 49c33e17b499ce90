/**
 * The competitor form's rules and messages (SPEC section 5), shared by the browser and the server,
 * which checks every submission again.
 */
import { z } from "~/lib/util/zod";
import { boatClassListSchema } from "~/lib/platform/boat-classes";
import { isTelephone, shortPublicText, TELEPHONE_MESSAGE } from "~/lib/util/input-rules";
import { recordId, requiredText } from "~/lib/platform/schema-fields";

/** Optional text: blank is fine, anything typed must meet the minimum. */
function optionalText(min: number, message: string, max = 100, base = z.string()) {
  return z
    .optional(base.check(z.trim(), z.maxLength(max, `At most ${max} characters.`)))
    .check(z.refine((v) => !v || v.length >= min, message));
}

export const competitorSchema = z.object({
  id: z.optional(recordId()),
  firstName: requiredText("First name", 2, "First name must be at least 2 characters."),
  lastName: requiredText("Last name", 2, "Last name must be at least 2 characters."),
  email: z.pipe(
    z
      .string({ error: "Please enter a valid email address." })
      .check(z.trim(), z.maxLength(254, "Please enter a valid email address.")),
    z.email("Please enter a valid email address."),
  ),
  // Drivers who registered themselves may have no telephone or boat name: blank stays allowed.
  telephone: optionalText(5, "Telephone number must be at least 5 characters.", 30).check(
    z.refine((v) => !v || isTelephone(v), TELEPHONE_MESSAGE),
  ),
  boatName: optionalText(2, "Boat name must be at least 2 characters.", 100, shortPublicText("Boat name")),
  boatNumber: requiredText("Boat number", 1, "Boat number is required.", 10),
  boatColour: z.optional(shortPublicText("Boat colour").check(z.trim(), z.maxLength(40, "At most 40 characters."))),
  boatClasses: boatClassListSchema("Please select a boat class."),
});
export type CompetitorInput = z.infer<typeof competitorSchema>;
