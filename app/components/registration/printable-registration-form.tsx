/**
 * The paper version of the driver registration form (SPEC "Printable form"): a whole HTML
 * document, rendered to static markup by routes/registration-print.tsx.
 */
import { BOAT_CLASSES } from "~/lib/platform/boat-classes";

const css = `
@page { size: letter; margin: 0.5cm; }
* { box-sizing: border-box; }
body { font-family: Arial, Helvetica, sans-serif; color: #000; margin: 0; padding: 0.5cm; font-size: 11pt; }
@media print { body { padding: 0; } }
header { display: flex; align-items: center; gap: 12px; border-bottom: 2px solid #000; padding-bottom: 8px; margin-bottom: 14px; }
header img { width: 56px; height: 56px; }
h1 { font-size: 20pt; margin: 0; }
.line { display: flex; align-items: flex-end; gap: 8px; margin: 0 0 14px; }
.line .label { white-space: nowrap; font-weight: bold; }
.line .blank { flex: 1; border-bottom: 1px solid #000; height: 1.3em; }
.classes { display: flex; gap: 32px; margin: 6px 0 16px; }
.class { display: flex; align-items: center; gap: 8px; font-weight: bold; }
.box { display: inline-flex; align-items: center; justify-content: center; width: 18px; height: 18px; border: 1.5px solid #000; font-size: 14px; line-height: 1; }
.policy { border: 1px solid #000; padding: 8px 10px; font-size: 9.5pt; margin-bottom: 10px; }
.policy h2 { font-size: 11pt; margin: 0 0 4px; }
.policy p { margin: 0 0 5px; }
.agree { display: flex; align-items: center; gap: 8px; margin-bottom: 24px; }
.signatures { display: flex; gap: 32px; margin-top: 28px; }
.signature { flex: 1; }
.signature .blank { border-bottom: 1px solid #000; height: 2.2em; }
.signature .caption { font-size: 9.5pt; margin-top: 4px; }
footer { margin-top: 28px; border-top: 1px solid #000; padding-top: 6px; text-align: center; font-size: 9.5pt; }
`;

function Line({ label }: { label: string }) {
  return (
    <div className="line">
      <span className="label">{label}:</span>
      <span className="blank" />
    </div>
  );
}

function Box({ label, checked }: { label: string; checked: boolean }) {
  return (
    <span className="class" role="checkbox" aria-checked={checked} aria-readonly="true" aria-label={label}>
      <span className="box" aria-hidden="true">
        {checked ? "✓" : ""}
      </span>
      <span aria-hidden="true">{label}</span>
    </span>
  );
}

export function PrintableRegistrationForm({
  clubName,
  clubEmail,
  boatClasses,
  policy,
  nonce,
}: {
  clubName: string;
  clubEmail: string;
  boatClasses: readonly string[];
  /** The response's CSP nonce: the site allows no inline style without it. */
  nonce: string;
  policy: readonly string[];
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Driver Registration Form</title>
        <link rel="icon" href="/images/logo.svg" type="image/svg+xml" />
        <style nonce={nonce}>{css}</style>
      </head>
      <body>
        <header>
          <img src="/images/logo.svg" alt="" />
          <div>
            <h1>Driver Registration Form</h1>
            <div>{clubName}</div>
          </div>
        </header>
        <main>
          <Line label="Date" />
          <Line label="First Name" />
          <Line label="Last Name" />
          <Line label="Boat Name" />
          <Line label="Boat Number" />
          <Line label="Boat Colour" />
          <Line label="Telephone" />
          <Line label="Email" />
          <div className="line">
            <span className="label">Boat Class:</span>
          </div>
          <div className="classes">
            {BOAT_CLASSES.map((c) => (
              <Box key={c} label={`${c} Class`} checked={boatClasses.includes(c)} />
            ))}
          </div>
          <section className="policy">
            <h2>PIPA Policy</h2>
            {policy.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
          <div className="agree">
            <span className="box" aria-hidden="true" />
            <span>I agree to the PIPA Policy</span>
          </div>
          <div className="signatures">
            <div className="signature">
              <div className="blank" />
              <div className="caption">Competitor Signature</div>
            </div>
            <div className="signature">
              <div className="blank" />
              <div className="caption">Guardian Signature (if under 18)</div>
            </div>
          </div>
        </main>
        <footer>
          {clubName} · {clubEmail}
        </footer>
        <script src="/print-form.js" />
      </body>
    </html>
  );
}
