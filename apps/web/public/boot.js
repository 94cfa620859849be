// The prerendered first screens (scripts/prerender.mjs, /homepage and /login) paint from their
// HTML and CSS alone; this loads the app that hydrates them once that first paint is on screen,
// so a slow phone's main thread is not busy compiling the app's code before it. `data-entry` is
// the app's entry module, `data-preloads` the modules it imports (fetched alongside it). A signed-in
// screen's HTML asks for those modules itself (modulepreload links): its `data-preloads` is empty,
// and the entry then runs from the fetch the HTML started.
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

// On a signed-in screen (`data-early`, from app/early-requests.ts): its first GETs, asked for as the
// page arrives rather than once the app's code has come and rendered; api-client's apiFetch takes
// each answer for the same URL and token (`takeEarlyAnswer`) instead of asking again. After the
// app's loader, so nothing here can keep the app from loading.
(function startEarlyRequests(script) {
  var early = parse(script.dataset.early || null);
  if (early === null || typeof fetch !== 'function' || typeof Map !== 'function' || typeof URLSearchParams !== 'function') return;
  var session = readSession();
  if (session === null) return;
  var answers = new Map();
  window[early.answers] = answers;
  setTimeout(function () {
    answers.clear();
  }, 60000);

  early.paths.forEach(function (path) {
    ask(path, []);
  });
  var product = early.product;
  if (product !== null) {
    // As features/catalogue/api.ts's productIdOf reads the address, and routes/product-details.tsx asks.
    var address = new URLSearchParams(window.location.search);
    var named = product.addressParams.map(function (name) { return address.get(name); }).filter(function (value) { return value !== null; });
    var id = named.length > 0 ? named[0] : '';
    if (/^\d{1,9}$/.test(id) && Number(id) > 0) {
      var productQuery = [[product.idParam, Number(id)]];
      var productEmail = actingEmail();
      if (productEmail !== null) productQuery.push(['email', productEmail]);
      ask(product.path, productQuery);
    }
  }
  var catalogue = early.catalogue;
  if (catalogue !== null) {
    // As features/catalogue/catalogue-url.ts reads the address, and routes/products.tsx asks.
    var params = new URLSearchParams(window.location.search);
    var rawPage = params.get(catalogue.pageParam);
    var page = rawPage !== null && /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
    params.delete(catalogue.pageParam);
    catalogue.dropParams.forEach(function (name) {
      params.delete(name);
    });
    var pageSize = read('localStorage', catalogue.viewKey) === 'list' ? catalogue.listPageSize : catalogue.pageSize;
    var email = actingEmail();
    var query = [['search', params.toString()], ['pageNumber', page], ['pageSize', pageSize]];
    if (email !== null) query.push(['email', email]);
    var products = ask('/api/Product/getAll', query);
    if (pageSize === catalogue.pageSize) preloadFirstImages(products, catalogue.eagerImages);
    catalogue.sortParams.forEach(function (name) {
      params.delete(name);
    });
    ask('/api/Product/getFacets', [['search', params.toString()]]);
  }

  // As lib/api-client.ts's buildUrl writes it.
  function ask(path, query) {
    var search = new URLSearchParams(query.map(function (pair) { return [pair[0], String(pair[1])]; })).toString();
    var url = search === '' ? path : path + '?' + search;
    var response = fetch(url, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + session.accessToken } });
    // Not taken, a failure is nobody's error; taken, the app sees it as its own.
    response.catch(function () {});
    answers.set(url, { token: session.accessToken, response: response });
    return response;
  }

  // The grid's first cards' images, the screen's largest paint: asked for as soon as getAll's answer
  // is in (a copy of it: the app reads the original), not once the app's code has come and rendered
  // the cards. Each is the image its card shows (features/catalogue/product-display.ts).
  function preloadFirstImages(response, count) {
    response
      .then(function (answer) {
        return answer.ok ? answer.clone().json() : null;
      })
      .then(function (body) {
        var found = body && body.Status === 0 && body.Data && body.Data.searchResults ? body.Data.searchResults.value : null;
        if (!Array.isArray(found)) return;
        found.slice(0, count).forEach(function (product) {
          var src = cardImage(product);
          if (typeof src !== 'string' || src === '') return;
          var link = document.createElement('link');
          link.rel = 'preload';
          link.as = 'image';
          link.href = src;
          link.setAttribute('fetchpriority', 'high');
          document.head.appendChild(link);
        });
      })
      .catch(function () {});
  }

  // product-display.ts: `pickInitialVariant` (most stock, ties to the lower colour number), then
  // `variantImage` (its thumbnail, its first image, the product's first image).
  function cardImage(product) {
    var best = null;
    (product.productColor || []).forEach(function (variant) {
      if (best === null || variant.availableStockQuantity > best.availableStockQuantity ||
          (variant.availableStockQuantity === best.availableStockQuantity && colourNumber(variant) < colourNumber(best))) {
        best = variant;
      }
    });
    var images = product.productImageList || [];
    if (best === null) return images[0];
    return best.thumbnailImage != null ? best.thumbnailImage : best.productImage && best.productImage[0] != null ? best.productImage[0] : images[0];
  }

  function colourNumber(variant) {
    var digits = /\d+/.exec(variant.colorVariant);
    return digits ? Number(digits[0]) : Number.MAX_SAFE_INTEGER;
  }

  // lib/session.ts: a live session, from sessionStorage (an earlier version's) or localStorage.
  function readSession() {
    var stores = ['sessionStorage', 'localStorage'];
    for (var i = 0; i < stores.length; i++) {
      var value = parse(read(stores[i], early.sessionKey));
      if (value && typeof value.accessToken === 'string' && value.accessToken !== '' && typeof value.userName === 'string' &&
          typeof value.expiresAt === 'number' && value.expiresAt > Date.now()) {
        return value;
      }
    }
    return null;
  }

  // lib/acting-store.ts: the retailer a sales executive acts for, by the signed-in user name.
  function actingEmail() {
    var value = parse(read('localStorage', early.actingKeyPrefix + session.userName.toLowerCase()));
    return value && typeof value.id === 'number' && typeof value.email === 'string' && typeof value.businessName === 'string'
      ? value.email
      : null;
  }

  // Storage may be turned off (privacy settings): then nothing is read.
  function read(storage, key) {
    try {
      return window[storage].getItem(key);
    } catch {
      return null;
    }
  }

  function parse(text) {
    try {
      var value = text === null ? null : JSON.parse(text);
      return typeof value === 'object' ? value : null;
    } catch {
      return null;
    }
  }
})(document.currentScript);
