import { Printer } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { printFormUrl } from "~/lib/registration/registration";

/**
 * Opens the paper form. With JavaScript the forms' page script (app/browser/public-forms.ts) opens
 * it in a popup with the classes ticked so far; without, the link opens a blank paper form.
 */
export function PrintFormButton({ className }: { className?: string }) {
  return (
    <a
      href={printFormUrl([])}
      target="_blank"
      rel="noopener"
      data-print-form=""
      className={buttonClasses({ variant: "outline" }, className)}
    >
      <Printer aria-hidden />
      Print Form
    </a>
  );
}
