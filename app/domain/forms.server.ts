import { data } from "react-router";

/** The posted form, or a 400 (never a 500) when the body is not a form at all. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The request could not be read as a form." }, { status: 400 });
  }
}
