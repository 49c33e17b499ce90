// SPEC: the calendar refetches every 60 seconds and on window focus. The page is server HTML
// without React: fetch the same address and swap its [data-live] region. Loaded with src (CSP).
(() => {
  const refresh = async () => {
    if (document.visibilityState !== "visible") return;
    try {
      const response = await fetch(location.href, { cache: "no-cache", headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const next = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("[data-live]");
      const current = document.querySelector("[data-live]");
      if (next && current && next.innerHTML !== current.innerHTML) current.replaceWith(next);
    } catch {
      // Offline or the server is restarting: keep what is shown, try again later.
    }
  };
  setInterval(refresh, 60_000);
  addEventListener("focus", refresh);
})();
