/**
 * The link of a "my data" e-mail (issue 35 item 2). The GET shows one button and changes nothing
 * (mail scanners open links); its POST spends the link, starts this browser's short viewing session
 * (cookie) and goes to the data page. A plain form: no script (decision 0012).
 */
import { data, redirect } from "react-router";
import { clientAddressContext, dbContext, loggerContext, productionContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { myDataLinkState, openMyDataLink, sessionCookie } from "~/domain/privacy/my-data-links.server";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/ui/link-page";
import { FormAlert } from "~/components/ui/form-alert";
import { MY_DATA_TEXTS, openLinkSchema } from "~/lib/privacy/my-data";
import { retryAfter, type PageHandle } from "~/lib/platform/page";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Route } from "./+types/privacy-link";

export const handle: PageHandle = { query: [] };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  ...retryAfter(actionHeaders),
});

export const meta: Route.MetaFunction = () => [{ title: MY_DATA_TEXTS.linkTitle }, { name: "robots", content: "noindex" }];

const REFUSALS = {
  unknown: MY_DATA_TEXTS.linkUnknown,
  used: MY_DATA_TEXTS.linkUsed,
  expired: MY_DATA_TEXTS.linkExpired,
} as const;

function refused(kind: keyof typeof REFUSALS) {
  return data({ refusal: REFUSALS[kind] }, { status: kind === "unknown" ? 404 : 410 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await myDataLinkState(context.get(dbContext), params.token);
  return state.kind === "valid" ? data({ refusal: null }) : refused(state.kind);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const limit = await countPublicPost(db, "privacy-link", context.get(clientAddressContext));
  if (!limit.allowed) {
    return data(
      { refusal: `${MY_DATA_TEXTS.tooMany}. ${tryAgainIn(limit.retryAfterSeconds)}` },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const parsed = openLinkSchema.safeParse(Object.fromEntries(await readForm(request, openLinkSchema)));
  if (!parsed.success) return data({ refusal: MY_DATA_TEXTS.linkUnknown }, { status: 400 });
  try {
    const outcome = await openMyDataLink(db, params.token, { address: context.get(clientAddressContext) });
    if (outcome.kind !== "opened") return refused(outcome.kind);
    return redirect("/privacy/my-data", {
      status: 303,
      headers: { "Set-Cookie": sessionCookie(request, context.get(productionContext), outcome.sessionId) },
    });
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "opening a my-data link failed");
    return data({ refusal: MY_DATA_TEXTS.failed }, { status: 503 });
  }
}

export default function PrivacyLink({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData?.refusal ?? loaderData.refusal;
  return (
    <LinkPage title={MY_DATA_TEXTS.linkTitle} spacing="space-y-4">
      {refusal ? (
        <>
          <FormAlert toast={{ type: "error", title: refusal, description: "" }} />
          <a href="/privacy#your-rights" className="font-medium text-primary underline underline-offset-4">
            Privacy notice
          </a>
        </>
      ) : (
        <form method="post" className="space-y-4">
          <p>{MY_DATA_TEXTS.linkIntro}</p>
          <Button type="submit" name="intent" value="open">
            {MY_DATA_TEXTS.openButton}
          </Button>
        </form>
      )}
    </LinkPage>
  );
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;
