// The service worker: it keeps the app shell (the page, its scripts, styles and icons) so
// that the installed app opens without a connection and says plainly that it is offline.
// Every request for the shell goes to the network first, so an update is seen at once; the
// copy is used only when the network fails. Nothing else is kept: the games, the seat links'
// answers and every /api/ or /ws request always go to the server.

const CACHE = "honeymoon-shell-v2";
const SHELL = [
  "/",
  "/manifest.webmanifest",
  "/static/account.js",
  "/static/app.js",
  "/static/cards.js",
  "/static/fourhand.js",
  "/static/hints.js",
  "/static/net.js",
  "/static/table.js",
  "/static/style.css",
  "/static/icon.svg",
  "/static/icon-192.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

function shellKey(request) {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  // "/" and "/play" are the same page: a seat link's fragment never reaches here.
  if (request.mode === "navigate" && (url.pathname === "/" || url.pathname === "/play")) return "/";
  return SHELL.includes(url.pathname) ? url.pathname : null;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const key = shellKey(event.request);
  if (key === null) return; // the API and the websocket: the network only
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((cached) => cached || Response.error())),
  );
});
