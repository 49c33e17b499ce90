import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** Whether the race's results are provisional or official, with the button that makes them official. */
export function HeatResultsStatus({
  official,
  hasResults,
  action,
}: {
  official: { date: string; time: string } | null;
  hasResults: boolean;
  /** Where the button posts: the page's own action unless given (the Results screen's is /admin/races/:id/official). */
  action?: string;
}) {
  const navigation = useNavigation();
  const markingOfficial = navigation.state !== "idle" && navigation.formData?.get("intent") === "official";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Results status</CardTitle>
        <CardDescription>
          {official
            ? `Official since ${official.date} ${official.time}. Every change from now on is kept in the race's change log.`
            : hasResults
              ? "Provisional: the race page and the standings mark these results as provisional."
              : "No results saved yet."}
        </CardDescription>
      </CardHeader>
      {!official && hasResults && (
        <CardContent>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="official" />
            <Button type="submit" disabled={markingOfficial}>
              Mark results official
            </Button>
          </Form>
        </CardContent>
      )}
    </Card>
  );
}
