// The prerendered first screens (scripts/prerender.mjs, /homepage and /login) paint from their
// HTML and CSS alone; this loads the app that hydrates them once that first paint is on screen,
// so a slow phone's main thread is not busy compiling the app's code before it. `data-entry` is
// the app's entry module, `data-preloads` the modules it imports (fetched alongside it).
(function loadAppAfterFirstPaint() {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var preloads = (script.dataset.preloads || '').split(' ').filter(Boolean);
  var SLICE_MS = 8;

  // Each <link rel=modulepreload> starts a fetch as it is inserted: about 0.7 ms apiece on this
  // machine's CPU, so the 110-odd of a signed-in screen, inserted at once, were one task of 80 ms
  // (735 ms at Lighthouse's 4x CPU: the longest task of a /products load, and input waits behind
  // it). The entry goes first (its own imports are fetched as it is parsed; a preload of a module
  // already asked for is a no-op), then the preloads in slices of about 8 ms, each its own task.
  function load() {
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
    var next = 0;
    (function preloadSome() {
      var until = performance.now() + SLICE_MS;
      while (next < preloads.length) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = preloads[next++];
        document.head.appendChild(link);
        if (performance.now() >= until) break;
      }
      if (next < preloads.length) setTimeout(preloadSome, 0);
    })();
  }

  // Once the browser reports the first contentful paint (Paint Timing). A hidden tab paints
  // nothing: it loads at once; so does a browser without Paint Timing, and any page whose paint
  // has not been reported within 3 s.
  var supportsPaintTiming =
    typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') !== -1;
  if (document.visibilityState === 'hidden' || !supportsPaintTiming) {
    load();
    return;
  }
  var started = false;
  var observer = new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  });
  var fallback = setTimeout(start, 3000);
  function start() {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(fallback);
    setTimeout(load, 0);
  }
  observer.observe({ type: 'paint', buffered: true });
})();
