// Today's race page follows its results: on each event of /live/races/:id, and after
// a reconnection, it fetches the page again and swaps the [data-live-race] region. The server
// ends a stream after a while and the browser reconnects by itself; a stream it refuses (busy:
// 503, 429) the browser gives up, and the page then polls every 15 s, trying a stream again after
// 5 minutes. CSP: by src.
(() => {
  const live = document.querySelector("[data-live-race]");
  if (!live) return;
  let busy, again, opened, poll;
  const refresh = async () => {
    if (busy) return void (again = true);
    busy = true;
    try {
      const res = await fetch(location.href, { cache: "no-cache" });
      const next = new DOMParser().parseFromString(res.ok ? await res.text() : "", "text/html").querySelector("[data-live-race]");
      if (next) document.querySelector("[data-live-race]")?.replaceWith(next);
    } catch {
      // offline for a moment: the next event or poll tries again
    }
    busy = false;
    if (again) {
      again = false;
      void refresh();
    }
  };
  const polling = (on) => {
    if (on && !poll) poll = setInterval(refresh, 15_000);
    if (!on && poll) poll = void clearInterval(poll);
  };
  const connect = () => {
    if (!window.EventSource) return polling(true);
    const source = new EventSource(live.dataset.liveRace);
    source.onopen = () => {
      polling(false);
      if (opened) void refresh();
      opened = true;
    };
    source.addEventListener("change", refresh);
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      polling(true);
      void refresh();
      setTimeout(connect, 300_000);
    };
  };
  connect();
})();
