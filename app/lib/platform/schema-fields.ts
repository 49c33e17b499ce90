/**
 * Field rules the admin forms' schemas share (SPEC section 5): the competitor, race and results
 * forms each have a module of their own, so a screen's script carries only its own form.
 */
import { z } from "~/lib/util/zod";
import { shortPublicText } from "~/lib/util/input-rules";
import { MAX_ID } from "~/lib/util/params";

/** Required public text (shortPublicText's rule) with one message for "missing" and "too short". */
export function requiredText(field: string, min: number, message: string, max = 100) {
  return shortPublicText(field, message).check(
    z.trim(),
    z.minLength(min, message),
    z.maxLength(max, `At most ${max} characters.`),
  );
}

/** A hidden record id (the row being edited): a positive whole number in the database's range. */
export const recordId = () => z.number().check(z.int(), z.positive(), z.maximum(MAX_ID));
