// Scorekeeper's service worker (games/views/install.py). Keeps the app shell for offline use;
// never stores a page or an answer of the server: pages always come from the network.
const CACHE = {{ version|safe }};
const SHELL = {{ shell|safe }};
const OFFLINE = {{ offline|safe }};
const STATIC = {{ static_prefix|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // A page: always the network's answer; the offline page only when there is none.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (url.pathname.startsWith(STATIC)) {
    // Static files: from the shell's cache when there, else the network (and kept for next time).
    event.respondWith(
      caches.match(request).then((hit) => hit || fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      }))
    );
  }
  // Anything else (htmx answers, live checks, downloads) goes to the network untouched.
});
