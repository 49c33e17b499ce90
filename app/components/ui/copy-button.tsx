import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * Copies `text` to the clipboard, and says so beside the button. Only once the page has its
 * script: without it the text is on the screen to select or write down, and a button that does
 * nothing would be worse than none.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  if (!hydrated) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied.");
    } catch {
      // No clipboard outside a secure context, or the browser refused: the text is still on screen.
      setSaid("Could not copy: select the text and copy it instead.");
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="text-sm text-muted-foreground">
        {said}
      </span>
    </span>
  );
}
