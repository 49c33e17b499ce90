import { Printer } from "lucide-react";
import type { MouseEvent } from "react";
import { REGISTRATION_FORM_ID } from "~/components/registration/registration-dialogs";
import { Button } from "~/components/ui/button";
import { PRINT_POPUP_BLOCKED, printFormUrl } from "~/lib/registration/registration";

function openPrintForm(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const form = document.getElementById(REGISTRATION_FORM_ID);
  const classes = form instanceof HTMLFormElement ? new FormData(form).getAll("boatClasses").map(String) : [];
  // A same-origin page with its own script file: the site's CSP allows no inline script in a popup.
  const popup = window.open(printFormUrl(classes), "_blank", "popup,width=850,height=1000");
  if (!popup) window.alert(PRINT_POPUP_BLOCKED);
}

/** Opens the paper form, with the classes ticked so far. */
export function PrintFormButton({ className }: { className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      {/* Without JavaScript the link still opens a blank paper form. */}
      <a href={printFormUrl([])} target="_blank" rel="noopener" onClick={openPrintForm}>
        <Printer aria-hidden />
        Print Form
      </a>
    </Button>
  );
}
