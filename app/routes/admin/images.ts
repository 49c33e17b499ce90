import { data, redirect } from "react-router";
import { dbContext, loggerContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { removeImage, saveImage } from "~/domain/images/images.server";
import { ImageRefused, processImage } from "~/domain/images/process.server";
import { readUpload } from "~/domain/images/read-upload.server";
import { adminActor } from "~/domain/platform/audit.server";
import { attempt } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { z } from "~/lib/util/zod";
import { IMAGE_MESSAGES, imagePlaceOf } from "~/lib/images/images";
import { imageArea } from "~/lib/admin/roles";
import type { Route } from "./+types/images";

const REMOVE_FORM = z.object({ intent: z.optional(z.string()) });

const LABELS = { logo: "The club's logo", banner: "The home page's banner", race: "The race's image" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect("/admin/settings");
}

/**
 * Uploads or removes an image (issue 24 item 2): the club's logo and banner on /admin/settings
 * (owners: area "settings"), a race's image on /admin/races (area "races"). A form without
 * JavaScript posts here and is sent back to its page with a toast, whatever the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const place = imagePlaceOf(new URL(request.url).searchParams);
  // The server checked the same before reading a byte of the body (server/large-bodies.ts).
  const me = await requireAdmin(request, context, imageArea(place));
  const back = place?.purpose === "race" ? "/admin/races" : "/admin/settings";
  const answer = (type: "success" | "error", title: string, description: string) =>
    redirectWithToast(back, { type, title, description }, { status: 303 });
  if (!place)
    throw data({ message: "This form does not say where the image goes (?purpose=logo, banner or race)." }, { status: 400 });

  const db = context.get(dbContext);
  const actor = adminActor(me, context);
  const isRemove = !/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");
  if (isRemove) {
    // The "Remove" button: a plain form, nothing in it but the button.
    const formData = await readForm(request, REMOVE_FORM);
    if (formData.get("intent") !== "remove")
      return answer("error", "Nothing was changed", "This form is not one of this page's.");
    const removed = await attempt(context.get(loggerContext), "image remove", () => removeImage(db, place, actor));
    if (removed === null) return answer("error", "Nothing was changed", "An error occurred. Please try again.");
    return removed
      ? answer("success", "Image removed", `${LABELS[place.purpose]} is the built-in one again.`)
      : answer("error", "Nothing was changed", "There was no uploaded image to remove.");
  }

  let stored: boolean | null;
  try {
    const { upload } = await readUpload(request, "image", ["intent"]);
    if (!upload) return answer("error", "Nothing was changed", IMAGE_MESSAGES.missing);
    const image = await processImage(place.purpose, upload.name, upload.bytes);
    stored = await attempt(context.get(loggerContext), "image upload", () => saveImage(db, place, image, actor));
  } catch (error) {
    if (error instanceof ImageRefused) return answer("error", "The image was not stored", error.message);
    throw error;
  }
  if (stored === null) return answer("error", "The image was not stored", "An error occurred. Please try again.");
  if (!stored) return answer("error", "The image was not stored", "This race does not exist any more.");
  return answer("success", "Image uploaded", `${LABELS[place.purpose]} shows on the site now.`);
}
