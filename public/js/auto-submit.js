// Submits a form marked data-auto-submit when one of its fields changes (the results' year
// filter); without JavaScript the form's <noscript> button does it. Loaded with src (CSP).
for (const form of document.querySelectorAll("form[data-auto-submit]")) {
  form.addEventListener("change", () => form.requestSubmit());
}
