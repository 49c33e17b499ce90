/**
 * The "keep my details" link (issue 35 item 5). The GET shows one button and changes nothing (mail
 * scanners open links); its POST spends the link and starts the racer's clock again. A plain form:
 * no script (decision 0012).
 */
import { data } from "react-router";
import { clientAddressContext, dbContext, loggerContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { keepDetails, keepLinkState, type KeepLinkState } from "~/domain/privacy/inactivity.server";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/ui/link-page";
import { FormAlert } from "~/components/ui/form-alert";
import { FormNotice } from "~/components/ui/form-notice";
import { KEEP_TEXTS, keepDetailsSchema } from "~/lib/privacy/inactivity";
import { retryAfter, type PageHandle } from "~/lib/platform/page";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Route } from "./+types/privacy-keep";

export const handle: PageHandle = { query: [] };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  ...retryAfter(actionHeaders),
});

export const meta: Route.MetaFunction = () => [{ title: KEEP_TEXTS.title }, { name: "robots", content: "noindex" }];

/** The page for a link in each state: a kept link says so again (the page after the press is this too). */
function answer(state: KeepLinkState) {
  if (state === "valid" || state === "kept") return data({ refusal: null, kept: state === "kept" });
  return data(
    { refusal: state === "unknown" ? KEEP_TEXTS.unknown : KEEP_TEXTS.removed, kept: false },
    { status: state === "unknown" ? 404 : 410 },
  );
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return answer(await keepLinkState(context.get(dbContext), params.token));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const limit = await countPublicPost(db, "privacy-keep", context.get(clientAddressContext));
  if (!limit.allowed) {
    return data(
      { refusal: `${KEEP_TEXTS.tooMany}. ${tryAgainIn(limit.retryAfterSeconds)}`, kept: false },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const parsed = keepDetailsSchema.safeParse(Object.fromEntries(await readForm(request, keepDetailsSchema)));
  if (!parsed.success) return data({ refusal: KEEP_TEXTS.unknown, kept: false }, { status: 400 });
  try {
    return answer(await keepDetails(db, params.token, { address: context.get(clientAddressContext) }));
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "keeping a racer's details failed");
    return data({ refusal: KEEP_TEXTS.failed, kept: false }, { status: 503 });
  }
}

export default function PrivacyKeep({ loaderData, actionData }: Route.ComponentProps) {
  const { refusal, kept } = actionData ?? loaderData;
  return (
    <LinkPage title={KEEP_TEXTS.title} spacing="space-y-4">
      {refusal ? (
        <FormAlert toast={{ type: "error", title: refusal, description: "" }} />
      ) : kept ? (
        <FormNotice notice={{ type: "success", title: KEEP_TEXTS.kept, description: "" }} />
      ) : (
        <form method="post" className="space-y-4">
          <p>{KEEP_TEXTS.intro}</p>
          <Button type="submit" name="intent" value="keep">
            {KEEP_TEXTS.button}
          </Button>
        </form>
      )}
      <a href="/privacy" className="font-medium text-primary underline underline-offset-4">
        Privacy notice
      </a>
    </LinkPage>
  );
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;
