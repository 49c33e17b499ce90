// Race day offline (docs/decisions/0018): registers the service worker that keeps the pages a
// visitor opened, asks it to keep this one too, and shows "saved at 14:05, offline" while the
// page is read without a connection (the time the page was saved, on this device's clock). The
// "x-saved-at" header is the one sw/service-worker.ts adds (SAVED_AT_HEADER in app/lib/race-day/offline.ts).
(function () {
  if (!("serviceWorker" in navigator)) return;
  var stamp = document.getElementById("offline-stamp");
  var here = location.href.split("#")[0];
  navigator.serviceWorker.register("/sw.js").catch(function () {});
  var navigation = performance.getEntriesByType("navigation")[0];
  var ok = !navigation || !navigation.responseStatus || navigation.responseStatus === 200;
  if (!navigator.serviceWorker.controller && navigator.onLine && ok) {
    // This page and its scripts came before the worker: have them fetched again and kept (not a 404).
    var urls = [[here, { headers: { Accept: "text/html" } }]];
    for (var i = 0; i < document.scripts.length; i++) if (document.scripts[i].src) urls.push(document.scripts[i].src);
    navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: urls } });
    });
  }
  if (!stamp) return;
  function two(n) {
    return (n < 10 ? "0" : "") + n;
  }
  function show(savedAt) {
    stamp.textContent = "saved at " + two(savedAt.getHours()) + ":" + two(savedAt.getMinutes()) + ", offline";
    stamp.hidden = false;
  }
  function hide() {
    stamp.hidden = true;
  }
  /** When the kept copy of this page was saved; null if none is kept. */
  function savedAt() {
    if (!window.caches) return Promise.resolve(null);
    return caches.match(here).then(
      function (response) {
        var at = response && response.headers.get("x-saved-at");
        return at ? new Date(at) : null;
      },
      function () {
        return null;
      },
    );
  }
  var loaded = new Date(performance.timeOrigin);
  // On load: when a kept copy of this page exists, the page may have come from it; a request
  // the worker never answers (/healthz) tells whether the network is there.
  savedAt().then(function (at) {
    if (!navigator.onLine) return show(at || loaded);
    if (!at) return;
    fetch("/healthz", { method: "HEAD", cache: "no-store" }).then(hide, function () {
      show(at);
    });
  });
  addEventListener("offline", function () {
    savedAt().then(function (at) {
      show(at || loaded);
    });
  });
  addEventListener("online", hide);
})();
