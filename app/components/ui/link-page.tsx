import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "~/components/ui/card";

/**
 * The page a link mailed to a racer opens (an entry link and its duty and results-check pages, a
 * duty swap, race e-mails, "my data", "keep my details"): one card with the page's title, a line
 * under it (the race), and the answer to what was just done as a status the screen reader reads.
 */
export function LinkPage({
  title,
  subtitle,
  done,
  spacing = "space-y-5",
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  done?: string | null;
  spacing?: "space-y-4" | "space-y-5";
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {subtitle}
      </CardHeader>
      <CardContent className={spacing}>
        {done && (
          <p role="status" className="text-base font-medium">
            {done}
          </p>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
