// Registers the service worker (games/views/install.py) where the browser allows it: HTTPS or localhost.
(function () {
  "use strict";
  var script = document.currentScript;
  var url = (script && script.dataset.serviceWorker) || "/sw.js";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).then(function () {
      document.documentElement.dataset.serviceWorker = "registered";
    }).catch(function (error) {
      console.warn("Service worker not registered: " + error);
    });
  });
})();
