/**
 * The public forms' page script (/registration, /race-registration; decision 0033), loaded by a
 * server-HTML page after it has painted (handle.scripts, app/read-page.js). The page works without
 * it; with it the person gets what the hydrated React form gave, in a few KB:
 * - the server's validation messages from the same zod/mini schema (registration-forms.ts), first
 *   on submit, then as they type (as app/components/ui/use-zod-form.ts: not on blur), in the
 *   server's places (FieldError's element, aria-invalid, aria-describedby);
 * - SPEC's two registration questions as a native modal <dialog> the server rendered;
 * - the Print Form popup with the classes ticked so far;
 * - "Submitting..." on the submit button, and one submission per click: the form is posted with
 *   fetch and the answer shown in place (app/lib/platform/form-submit.ts), so the page stays as it
 *   is, busy, until the answer arrives.
 */
import { type z } from "~/lib/util/zod-mini";
import {
  driverRegistrationSchema,
  PRINT_POPUP_BLOCKED,
  printFormUrl,
  RACE_REGISTRATION_FORM_ID,
  raceRegistrationSchema,
  REGISTRATION_FORM_ID,
} from "~/lib/registration/registration-forms";
import { FORM_REDIRECT_HEADER, FORM_SUBMIT_HEADER } from "~/lib/platform/form-submit";
import { formErrors, formPayload, parsePath } from "~/lib/util/form-data";

const SCHEMAS: Record<string, z.ZodMiniObject> = {
  [REGISTRATION_FORM_ID]: driverRegistrationSchema,
  [RACE_REGISTRATION_FORM_ID]: raceRegistrationSchema,
};

/** Shows each field's first message where the server renders it; returns the first invalid field's name. */
function check(form: HTMLFormElement, schema: z.ZodMiniObject): string | undefined {
  const shape = schema._zod.def.shape;
  const messages: Record<string, string> = {};
  for (const [path, [message]] of Object.entries(formErrors(schema, formPayload(new FormData(form)).payload) ?? {})) {
    messages[String(parsePath(path)[0] ?? "")] ??= message!;
  }
  let first: string | undefined;
  for (const name of Object.keys(shape)) {
    const message = messages[name];
    if (message && !first) first = name;
    const errorId = `${form.id}-${name}-error`;
    const slot = document.getElementById(errorId);
    if (slot) {
      slot.textContent = message ?? "";
      slot.hidden = !message;
    }
    const described = [
      ...form.querySelectorAll(`[name="${name}"]`),
      ...(slot?.parentElement?.tagName === "FIELDSET" ? [slot.parentElement] : []),
    ];
    for (const element of described) {
      const other = element.getAttribute("aria-describedby");
      if (message) {
        if (element.tagName !== "FIELDSET") element.setAttribute("aria-invalid", "true");
        if (!other) element.setAttribute("aria-describedby", errorId);
      } else {
        element.removeAttribute("aria-invalid");
        if (other === errorId) element.removeAttribute("aria-describedby");
      }
    }
  }
  return first;
}

function submitButtons(form: HTMLFormElement): HTMLButtonElement[] {
  const inForm = [...form.elements].filter((e): e is HTMLButtonElement => e instanceof HTMLButtonElement);
  const inDialog = [...document.querySelectorAll<HTMLButtonElement>("dialog button")];
  return [...new Set([...inForm, ...inDialog])];
}

function setBusy(form: HTMLFormElement, busy: boolean) {
  for (const button of submitButtons(form)) {
    button.disabled = busy;
    const label = busy ? button.dataset.busyLabel : button.dataset.idleLabel;
    if (busy && label) button.dataset.idleLabel = button.textContent ?? "";
    if (label) button.textContent = label;
  }
}

function enhance(form: HTMLFormElement) {
  const schema = SCHEMAS[form.id];
  let busy = false;
  // After a submit (or the server's answer with messages), every keystroke checks again.
  let checking = !!form.querySelector('[aria-invalid="true"]');

  form.addEventListener("submit", (event) => {
    if (busy) return event.preventDefault();
    if (schema) {
      checking = true;
      const invalid = check(form, schema);
      if (invalid) {
        event.preventDefault();
        form.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
        return;
      }
    }
    busy = true;
    // A disabled button posts nothing: its name and value ("intent=update") go in a hidden field.
    const submitter = event.submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name) {
      const field = Object.assign(document.createElement("input"), {
        type: "hidden",
        name: submitter.name,
        value: submitter.value,
      });
      field.dataset.submitter = "";
      form.append(field);
    }
    setBusy(form, true);
    event.preventDefault();
    void post(form);
  });
  if (schema) form.addEventListener("input", () => checking && check(form, schema));
  // Back to this page from the next one: usable again.
  addEventListener("pageshow", (event) => {
    if (event.persisted && busy) {
      busy = false;
      form.querySelector("input[data-submitter]")?.remove();
      setBusy(form, false);
    }
  });
}

/** The browser's own post, as without this script (the form's submit event is not fired again). */
function postAsDocument(form: HTMLFormElement) {
  HTMLFormElement.prototype.submit.call(form);
}

/** Posts the form as the browser would, then shows the answer: the next page, or this one again. */
async function post(form: HTMLFormElement) {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
  let response: Response;
  try {
    response = await fetch(form.action, { method: "POST", body, headers: { [FORM_SUBMIT_HEADER]: "1" } });
  } catch {
    // Offline, or the server restarting: the browser's own post shows what it can (the offline page).
    return postAsDocument(form);
  }
  const next = response.headers.get(FORM_REDIRECT_HEADER);
  if (next) return location.assign(next);
  // A refusal before the app (a body too large, a foreign origin) is plain text: the browser shows it.
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return postAsDocument(form);
  show(new DOMParser().parseFromString(await response.text(), "text/html"));
}

/** The server's answer in place of the page: its messages, notice or question, as a post would show them. */
function show(page: Document) {
  document.title = page.title;
  document.body.replaceWith(document.adoptNode(page.body));
  start();
  const invalid = document.querySelector<HTMLElement>('main form [aria-invalid="true"]');
  if (invalid) invalid.focus();
  else scrollTo(0, 0);
}

/** The server asked one of SPEC's two questions: as a modal now, the in-form panel hidden. */
function openQuestion() {
  const dialog = document.getElementById("registration-dialog");
  if (!(dialog instanceof HTMLDialogElement)) return;
  const panel = document.getElementById("registration-question-panel");
  if (panel) panel.hidden = true;
  dialog.querySelector("[data-dialog-cancel]")?.addEventListener("click", () => dialog.close());
  // Escape is Cancel, except while the answer is on its way.
  dialog.addEventListener("cancel", (event) => {
    if (dialog.querySelector("button:disabled")) event.preventDefault();
  });
  dialog.addEventListener("close", () => {
    document.querySelector<HTMLElement>(`#${REGISTRATION_FORM_ID} button[value="submit"]`)?.focus();
  });
  dialog.showModal();
}

function printForm(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest("a[data-print-form]") : null;
  if (!link) return;
  event.preventDefault();
  const form = document.getElementById(REGISTRATION_FORM_ID);
  const classes = form instanceof HTMLFormElement ? new FormData(form).getAll("boatClasses").map(String) : [];
  // A same-origin page with its own script file: the site's CSP allows no inline script in a popup.
  const popup = window.open(printFormUrl(classes), "_blank", "popup,width=850,height=1000");
  if (!popup) window.alert(PRINT_POPUP_BLOCKED);
}

function start() {
  for (const form of document.querySelectorAll<HTMLFormElement>('main form[method="post"]')) enhance(form);
  openQuestion();
}

start();
document.addEventListener("click", printForm);
