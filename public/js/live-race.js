// Today's race page follows its results (issue 13): on each event of /live/races/:id, and after
// a reconnection, it fetches the page again and swaps the [data-live-race] region. CSP: by src.
(() => {
  const live = document.querySelector("[data-live-race]");
  if (!live || !window.EventSource) return;
  let busy, again, opened;
  const refresh = async () => {
    if (busy) return void (again = true);
    busy = true;
    try {
      const res = await fetch(location.href, { cache: "no-cache" });
      const next = new DOMParser().parseFromString(res.ok ? await res.text() : "", "text/html").querySelector("[data-live-race]");
      if (next) document.querySelector("[data-live-race]")?.replaceWith(next);
    } catch {
      // offline for a moment: the next event tries again
    }
    busy = false;
    if (again) {
      again = false;
      void refresh();
    }
  };
  const source = new EventSource(live.dataset.liveRace);
  source.onopen = () => {
    if (opened) void refresh();
    opened = true;
  };
  source.addEventListener("change", refresh);
})();
