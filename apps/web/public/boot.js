// The prerendered first screens (scripts/prerender.mjs, /homepage and /login) paint from their
// HTML and CSS alone; this loads the app that hydrates them once that first paint is on screen,
// so a slow phone's main thread is not busy compiling the app's code before it. `data-entry` is
// the app's entry module, `data-preloads` the modules it imports (fetched alongside it).
(function loadAppAfterFirstPaint() {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var preloads = (script.dataset.preloads || '').split(' ').filter(Boolean);

  function load() {
    var tags = document.createDocumentFragment();
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      tags.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    tags.appendChild(app);
    document.head.appendChild(tags);
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
