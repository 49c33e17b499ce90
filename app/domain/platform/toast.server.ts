/**
 * Toasts that survive a redirect: an action calls `redirectWithToast("/", {...})`; the root loader
 * reads the cookie once, clears it, and the layout shows the toast. Works with and without JavaScript.
 */
import { createCookie, redirect } from "react-router";
import { z } from "~/lib/util/zod";
import type { Toast } from "~/lib/util/toast";

const toastCookie = createCookie("toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  title: z.string().check(z.maxLength(200)),
  description: z.optional(z.string().check(z.maxLength(500))),
});

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers();
  if (raw !== null && raw !== undefined) {
    headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  }
  return { toast: parsed.success ? parsed.data : null, headers };
}
