import { data, redirect } from "react-router";
import { dbContext } from "~/context";
import { unsubscribe } from "~/domain/registration/race-messages.server";
import { readForm } from "~/domain/platform/read-form.server";
import { ONE_CLICK_FIELD, preferencesPath, RACE_EMAILS } from "~/lib/registration/race-messages";
import { z } from "~/lib/util/zod";
import type { Route } from "./+types/messages-unsubscribe";

/** Opening the address (a person, or a mail scanner) unsubscribes nobody: it shows the choices. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(preferencesPath(params.token));
}

/**
 * RFC 8058 one-click unsubscribe: the mail provider POSTs `List-Unsubscribe=One-Click` here,
 * without cookies or a page. The answer is plain text; there is no page to show.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await readForm(request, z.object({}), { extraFields: [ONE_CLICK_FIELD] });
  const done = await unsubscribe(context.get(dbContext), params.token);
  if (!done) return data({ message: RACE_EMAILS.unknownLink.description }, { status: 404 });
  return new Response(`${RACE_EMAILS.page.unsubscribed}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
