import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { CONFIRM_PAGE } from "~/lib/registration/registration";

/** A field as it is and as it will be; the changed ones are in bold. */
type Row = { field: string; current: string; next: string; changed: boolean };

/** The confirmation link's page: the change side by side with the record, and the button that applies it. */
export function PendingChange({ rows }: { rows: Row[] }) {
  const changed = rows.some((r) => r.changed);
  return (
    <>
      <p>{CONFIRM_PAGE.intro}</p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{CONFIRM_PAGE.columns.field}</TableHead>
            <TableHead>{CONFIRM_PAGE.columns.current}</TableHead>
            <TableHead>{CONFIRM_PAGE.columns.next}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.field} className={r.changed ? "font-semibold" : undefined}>
              <TableCell>{r.field}</TableCell>
              <TableCell className="break-words">{r.current}</TableCell>
              <TableCell className="break-words">{r.next}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!changed && <p className="text-sm text-muted-foreground">{CONFIRM_PAGE.noChange}</p>}
      <Form method="post">
        <Button type="submit">{CONFIRM_PAGE.button}</Button>
      </Form>
    </>
  );
}
