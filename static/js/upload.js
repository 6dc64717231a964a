// Restoring a backup: how far the upload has gone, from htmx's progress events, then a note that
// the server is checking and storing the games (a large backup takes a few seconds there too).
// Without it the form posts as any form does, and the page answers when it is done.
(function () {
  "use strict";

  function parts(evt) {
    var form = evt.target && evt.target.closest && evt.target.closest("form[data-upload-progress]");
    if (!form) return null;
    var box = form.querySelector(".upload-progress");
    return { form: form, box: box, bar: box.querySelector("progress"), note: box.querySelector("[role=status]") };
  }

  function show(p, percent) {
    p.box.hidden = false;
    if (percent < 100) {
      p.bar.value = percent;
      p.note.textContent = p.note.getAttribute("data-sending").replace("{percent}", String(percent));
    } else {
      p.form.setAttribute("data-sent", "");
      p.bar.removeAttribute("value"); // no measure of the server's work: the bar just moves
      p.note.textContent = p.note.getAttribute("data-checking");
    }
  }

  // A file over the server's limit is refused here, beside the field, and not sent: the server
  // would refuse it unread, and a script sees that answer as a dropped connection.
  function tooBig(p) {
    var input = p.form.querySelector("input[type=file][data-max-bytes]");
    var file = input && input.files && input.files[0];
    var most = input ? Number(input.getAttribute("data-max-bytes")) : 0;
    if (!file || !most || file.size <= most) return false;
    var mb = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 1 });
    var error = p.form.querySelector("#record-error");
    if (!error) {
      error = document.createElement("p");
      error.className = "error";
      error.id = "record-error";
      error.setAttribute("role", "alert");
      input.insertAdjacentElement("afterend", error);
    }
    error.textContent = p.form
      .getAttribute("data-too-big")
      .replace("{size}", mb.format(file.size / 1048576))
      .replace("{limit}", mb.format(most / 1048576));
    input.setAttribute("aria-invalid", "true");
    return true;
  }

  document.addEventListener("htmx:beforeRequest", function (evt) {
    var p = parts(evt);
    if (!p) return;
    if (tooBig(p)) {
      evt.preventDefault();
      return;
    }
    p.form.removeAttribute("data-sent");
    show(p, 0);
  });

  // Fired for the upload and then for the answer's download: only the upload is counted.
  document.addEventListener("htmx:xhr:progress", function (evt) {
    var p = parts(evt);
    if (!p || p.form.hasAttribute("data-sent") || !evt.detail.lengthComputable || !evt.detail.total) return;
    show(p, Math.min(100, Math.floor((evt.detail.loaded * 100) / evt.detail.total)));
  });
})();
