import { HONEYPOT_FIELD } from "~/lib/platform/form-submit";

/** Off-screen and skipped by keyboard and screen readers: only bots fill it in. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
