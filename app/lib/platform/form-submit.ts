/**
 * How a public form's page script posts (decision 0033): with `fetch`, so the page stays
 * inspectable and shows "Submitting..." while the answer is on its way, then shows the answer in
 * place. A fetch that followed a redirect would itself load the next page and use up the toast the
 * redirect set, so for a request carrying FORM_SUBMIT_HEADER the server answers a redirect with
 * 204 and the address in FORM_REDIRECT_HEADER (server/react-router-handler.ts), and the script
 * goes there as the browser would have.
 */
export const FORM_SUBMIT_HEADER = "X-Form-Submit";
export const FORM_REDIRECT_HEADER = "X-Form-Redirect";

/** A field no person sees or fills in; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";
