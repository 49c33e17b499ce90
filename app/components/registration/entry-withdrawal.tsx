import { Form, useLocation } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { ENTRY_PAGE } from "~/lib/registration/registration";

/** The entry link's withdrawal (decision 0020): `?confirm=race` or `?confirm=<class>` asks before anything is withdrawn. */
export const CONFIRM = "confirm";

type Entry = { title: string; classes: string[] };

/** The first step: a GET form per choice, which only asks. */
export function WithdrawChoices({ entry }: { entry: Entry }) {
  return (
    <Form method="get" className="flex flex-wrap gap-3">
      {entry.classes.length > 1 &&
        entry.classes.map((c) => (
          <Button key={c} type="submit" name={CONFIRM} value={c} variant="outline">
            Withdraw from {c}
          </Button>
        ))}
      <Button type="submit" name={CONFIRM} value="race" variant="destructive">
        Withdraw from the race
      </Button>
    </Form>
  );
}

/** The second step: the question, "Yes" posts the withdrawal, "Keep" goes back to the entry. */
export function ConfirmWithdrawal({ entry, choice }: { entry: Entry; choice: string }) {
  const question = choice === "race" ? ENTRY_PAGE.confirmRace(entry.title) : ENTRY_PAGE.confirmClass(choice, entry.title);
  return (
    <Form method="post" className="space-y-3 rounded-md border border-destructive p-4">
      <h2 className="text-lg font-semibold">{question}</h2>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="withdraw" value={choice} variant="destructive">
          {ENTRY_PAGE.confirmYes}
        </Button>
        {/* The same page without the question. */}
        <a href={useLocation().pathname} className={buttonClasses({ variant: "outline" })}>
          {ENTRY_PAGE.confirmNo}
        </a>
      </div>
    </Form>
  );
}
