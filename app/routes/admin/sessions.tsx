import { Form, redirect, useNavigation } from "react-router";
import { z } from "~/lib/util/zod";
import { configContext, dbContext, productionContext } from "~/context";
import { hashSessionId, requireAdmin, sessionCookie, sessionIdFrom } from "~/domain/admin/auth.server";
import { endMySession, listMySessions } from "~/domain/admin/my-sessions.server";
import { refused, succeeded } from "~/domain/platform/answer.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { describeDevice } from "~/lib/admin/device";
import { formatClubDateTime } from "~/lib/util/dates";
import type { Route } from "./+types/sessions";

export const meta: Route.MetaFunction = () => [{ title: "My Sessions" }];

const endSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f]{64}$/)) });

/** "My sessions": every admin's own open sessions, whatever the role. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const current = sessionIdFrom(request, context.get(productionContext));
  const currentHash = current ? hashSessionId(current) : null;
  const { timeZone } = context.get(configContext);
  const sessions = await listMySessions(context.get(dbContext), admin.id);
  return {
    sessions: sessions.map((s) => {
      const last = formatClubDateTime(s.lastSeenAt, timeZone);
      const started = formatClubDateTime(s.createdAt, timeZone);
      return {
        id: s.id,
        device: describeDevice(s.userAgent),
        address: s.address || "unknown address",
        lastActive: `${last.date} ${last.time}`,
        signedIn: `${started.date} ${started.time}`,
        current: s.id === currentHash,
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const production = context.get(productionContext);
  const parsed = endSchema.safeParse(Object.fromEntries(await readForm(request, endSchema)));
  if (!parsed.success) {
    return refused({ type: "error", title: "Failed to end session", description: "This session does not exist." }, 400);
  }
  const current = sessionIdFrom(request, production);
  const ended = await endMySession(context.get(dbContext), { ...adminActor(admin, context), adminId: admin.id }, parsed.data.id);
  if (!ended) {
    return refused({ type: "error", title: "Failed to end session", description: "This session has already ended." }, 404);
  }
  // Ending the session this browser uses is a log out.
  if (current && hashSessionId(current) === parsed.data.id) {
    return redirect("/admin/login", { headers: { "Set-Cookie": sessionCookie(request, production, null) } });
  }
  return succeeded({ type: "success", title: "Session ended", description: "That device is signed out." });
}

export default function MySessions({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useToast(actionData?.toast);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Sessions</CardTitle>
        <CardDescription>Where you are signed in. End a session you do not recognise, then change your password.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Open sessions">
          {loaderData.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {s.device}
                  {s.current && <span className="ml-2 text-sm font-normal text-muted-foreground">(this device)</span>}
                </p>
                <p className="text-sm break-all text-muted-foreground">
                  {s.address} · last active {s.lastActive} · signed in {s.signedIn}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={s.id} />
                <Button type="submit" variant="outline" size="sm" disabled={busy}>
                  {s.current ? "End this session (log out)" : "End session"}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load your sessions" description="An error occurred while loading your sessions" />;
}
