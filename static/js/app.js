// Scorekeeper's only script of its own: small touches on top of htmx.
// Everything works without it.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // Keep the screen awake while a score sheet is open, where the browser allows it.
  var lock = null;
  function wantLock() {
    return document.body && document.body.classList.contains("sheet-page") && document.visibilityState === "visible";
  }
  function requestLock() {
    if (!("wakeLock" in navigator) || lock || !wantLock()) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      lock.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; });
  }
  document.addEventListener("visibilitychange", requestLock);
  document.addEventListener("DOMContentLoaded", requestLock);
})();
