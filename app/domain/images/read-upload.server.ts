/**
 * Reads an image upload's form: multipart/form-data with one file and the form's own fields,
 * parsed by the runtime's own multipart parser (undici's, behind Request.formData()) from the
 * body the server already capped at MAX_UPLOAD_BODY_BYTES (server/request-guards.ts). Anything
 * else (another field, a second file, a text where the file goes) is refused with a message.
 */
import { data } from "react-router";
import { ImageRefused } from "~/domain/images/process.server";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "~/lib/images/images";

export interface Upload {
  /** The file's name as the browser sent it: compared with its bytes, never trusted. */
  name: string;
  bytes: Buffer;
}

/** A request no form of the site sends (a script's, a fuzzer's): 4xx with the message, as readForm does. */
function refuse(status: 400 | 415, message: string): never {
  throw data({ message }, { status });
}

/** What one kind of upload allows: an image (the default), or a backup to restore. */
export interface UploadRules {
  /** "An image": the file's kind in a refusal's message. */
  what: string;
  maxBytes: number;
  missing: string;
  tooLarge: string;
  /** The error a file the admin chose but the site cannot take is thrown as (its page shows the message). */
  refused: (message: string) => Error;
}

export const IMAGE_UPLOAD: UploadRules = {
  what: "An image",
  maxBytes: MAX_IMAGE_BYTES,
  missing: IMAGE_MESSAGES.missing,
  tooLarge: IMAGE_MESSAGES.tooLarge,
  refused: (message) => new ImageRefused(message),
};

/**
 * The upload in `field` (null: no file chosen). A file the admin chose that cannot be taken
 * throws `rules.refused` (their page shows the message); a malformed request is answered 4xx.
 */
export async function readUpload(
  request: Request,
  field: string,
  extraFields: readonly string[] = [],
  rules: UploadRules = IMAGE_UPLOAD,
): Promise<{ upload: Upload | null; fields: Record<string, string> }> {
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? ""))
    refuse(415, `${rules.what} must be sent as a file (multipart/form-data).`);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    refuse(400, "The request body could not be read as a form.");
  }
  let upload: Upload | null = null;
  const fields: Record<string, string> = {};
  let files = 0;
  for (const [name, value] of formData.entries()) {
    if (name !== field && !extraFields.includes(name))
      refuse(400, `This form has no field named ${JSON.stringify(name.slice(0, 60))}.`);
    if (name === field) {
      if (typeof value === "string") throw rules.refused(rules.missing);
      if (++files > 1) refuse(400, "Upload one file at a time.");
      if (value.size > rules.maxBytes) throw rules.refused(rules.tooLarge);
      // A form sent with no file chosen carries an empty part with no name.
      if (value.size > 0) upload = { name: value.name.slice(0, 255), bytes: Buffer.from(await value.arrayBuffer()) };
    } else if (typeof value !== "string") refuse(400, `Files are not accepted (field ${JSON.stringify(name.slice(0, 60))}).`);
    else fields[name] = value.slice(0, 200);
  }
  return { upload, fields };
}
