/**
 * Recovery codes, shown once after they are made (issue 32 item 6). The page shows nothing else
 * until the admin says they saved them: the codes are where the eye is, never scrolled away
 * behind "Remove the authenticator app".
 */
import { Form } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { CopyButton } from "~/components/ui/copy-button";
import { Label } from "~/components/ui/label";
import { useArrivalFocus } from "~/components/ui/use-arrival-focus";

/** What the copy button and the downloaded file hold: a line that says what they are, then the codes. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    "Recovery codes for two-factor sign-in: each signs you in once, instead of a code from your app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

export function RecoveryCodes({ codes, action }: { codes: string[]; action: string }) {
  // After "Turn on" the page would stay where the button was: the box comes to the top instead.
  const heading = useArrivalFocus<HTMLHeadingElement>(codes);
  const text = recoveryCodesText(codes);
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="space-y-3 rounded-md border border-primary bg-accent p-4 text-accent-foreground"
    >
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the once-only codes are where the page lands, with or without script */}
      <h2 ref={heading} id="recovery-codes-heading" tabIndex={-1} autoFocus className="scroll-mt-24 font-semibold outline-none">
        Your recovery codes
      </h2>
      <p className="text-sm">
        Save them now somewhere safe (a password manager, or printed): this page shows them only once. Each code signs you in once
        if you lose your phone.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={text} label="Copy the codes" />
        {/* A data: address built from the codes on this page: no server route can hand them out again. */}
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          Download the codes
        </a>
      </div>
      <Form method="get" action={action} className="space-y-3 border-t pt-3">
        <div className="flex items-center gap-2">
          <Checkbox id="recovery-codes-saved" required />
          <Label htmlFor="recovery-codes-saved">I have saved these codes</Label>
        </div>
        <Button type="submit">Done</Button>
      </Form>
    </section>
  );
}
