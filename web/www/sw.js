// The service worker: the page works offline after the first visit. Every
// request of this site goes to the network first (so a new version shows at
// once) and is kept; without a network the kept copy answers. Installing it
// keeps only what the first visit loads (the first core, lite/); the whole
// core (pkg/), the whole face, the word lists, the colour profile and the
// large icon (for installing the page) are kept when first fetched.
const CACHE = "jungle-print";
const SHELL = ["./", "index.html", "style.css", "app.js", "worker.js", "i18n.js", "theme.js", "scale.js", "framing.js", "theme-words.js", "zip.js", "store.js",
  "manifest.webmanifest", "icons/icon-192.png",
  "lite/jungle_print_web.js", "lite/jungle_print_web_bg.wasm"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin) return;
  e.respondWith(fetch(e.request).then((r) => {
    if (r.ok) { const copy = r.clone(); caches.open(CACHE).then((c) => c.put(e.request, copy)); }
    return r;
  }).catch(() => caches.match(e.request, { ignoreSearch: true })
    .then((r) => r || (e.request.mode === "navigate" ? caches.match("index.html") : Response.error()))));
});
