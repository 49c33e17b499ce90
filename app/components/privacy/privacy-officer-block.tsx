import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** The admin overview asks for the privacy officer (PIPA s. 5) until the club's settings name one. */
export function PrivacyOfficerBlock({ officerName, owner }: { officerName: string | null; owner: boolean }) {
  return (
    <Card aria-labelledby="overview-privacy-officer">
      <CardHeader>
        <CardTitle id="overview-privacy-officer">Privacy officer</CardTitle>
        <CardDescription>
          {officerName
            ? `${officerName} is named on the privacy notice as the club's privacy officer.`
            : "The privacy notice names no privacy officer yet: PIPA asks the club to name the person responsible for personal information."}
        </CardDescription>
      </CardHeader>
      {owner && (
        <CardContent className="space-y-3 text-sm">
          {!officerName && (
            <p role="alert" className="rounded-md border border-destructive px-4 py-3 text-sm font-medium text-destructive">
              Add the privacy officer&apos;s name and address in the club settings.
            </p>
          )}
          <Link className="font-medium text-primary underline underline-offset-4" to="/admin/settings">
            Club settings
          </Link>{" "}
          <a className="font-medium text-primary underline underline-offset-4" href="/privacy">
            Privacy notice
          </a>
        </CardContent>
      )}
    </Card>
  );
}
