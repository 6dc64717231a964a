// Print pages: the Print button (shown only with JavaScript; the browser's own Print works too).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
})();
