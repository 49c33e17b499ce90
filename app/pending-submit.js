// Before a hydrated page's scripts have loaded (seconds on a phone at the lake), its form posts as
// plain HTML and nothing on the page moves, so people tap again (issue 32 item 11). A submit
// button with data-pending-label shows that label and takes no second tap. Once React Router runs
// it handles the submit itself (its busy state) and prevents the browser's: this listener, on the
// window, sees that and stays out.
(function () {
  addEventListener("submit", function (event) {
    var button = event.submitter;
    if (event.defaultPrevented || !button || !button.hasAttribute("data-pending-label")) return;
    button.setAttribute("data-label", button.textContent);
    button.textContent = button.getAttribute("data-pending-label");
    button.disabled = true;
  });
  // Back to a page kept in the browser's memory: the button works again.
  addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    document.querySelectorAll("[data-pending-label][data-label]").forEach(function (button) {
      button.textContent = button.getAttribute("data-label");
      button.removeAttribute("data-label");
      button.disabled = false;
    });
  });
})();
