import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ANSWER_DAYS, PRIVACY_REQUESTS_PATH } from "~/lib/privacy/requests";

const linkClass = "font-medium text-primary underline underline-offset-4";

/** The overview's warning to owners, while an open request is due within WARN_DAYS or overdue. */
export function PrivacyRequestsBlock({ due }: { due: { id: number; line: string }[] }) {
  return (
    <Card aria-labelledby="overview-privacy-requests">
      <CardHeader>
        <CardTitle id="overview-privacy-requests">Privacy requests</CardTitle>
        <CardDescription>
          {due.length === 1 ? "A privacy request needs" : `${due.length} privacy requests need`} an answer soon: PIPA allows{" "}
          {ANSWER_DAYS} days.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <ul role="alert" className="list-disc rounded-md border border-destructive py-3 pr-4 pl-8 font-medium text-destructive">
          {due.map((d) => (
            <li key={d.id}>{d.line}</li>
          ))}
        </ul>
        <Link className={linkClass} to={PRIVACY_REQUESTS_PATH}>
          Privacy requests
        </Link>
      </CardContent>
    </Card>
  );
}
