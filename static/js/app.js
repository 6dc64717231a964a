// Scorekeeper's only script of its own: small touches on top of htmx.
// Everything works without it (plain forms, a reload shows what changed).
//   - live: every open sheet checks for changes every 2 s while visible (every 6 s once the game
//     is over: it may be reopened or corrected), and at once when Back or Forward shows it again;
//   - drafts: taps not saved yet are kept per game and form, put back after a reload or a swap;
//   - bids: counted in the page tap by tap (no request), sent once when the last one is in;
//   - tricks: the dealer's filled in as the rest (Call Bridge), as the others' are tapped;
//   - offline: a write that cannot reach the server (or its database: a 503) says so, keeps the taps
//     and is sent again, after a reload too (with the key and version it was drawn from: applied
//     once, or refused);
//   - the screen stays awake on a sheet (Wake Lock API, or a muted looping video over plain HTTP);
//   - the result card of a finished game: shared with the phone's share sheet, else downloaded.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var LIVE_EVERY = 2000;
  var OVER_EVERY = 3; // live checks: once in so many, while the page shows the game over
  var RETRY_EVERY = 3000;
  var DRAFT_DAYS = 2;
  var SKIP = { csrfmiddlewaretoken: 1, version: 1, key: 1, save: 1 };

  function $(selector) { return document.querySelector(selector); }
  function liveBox() { return $("[data-live-url]"); }
  function gameOver() { var box = liveBox(); return !box || box.hasAttribute("data-over"); }
  function visible() { return document.visibilityState === "visible"; }

  // -- drafts -----------------------------------------------------------------------------
  // A form that writes to a game keeps what was tapped in localStorage, under its own URL
  // (which names the game, the round and the step), until the server says it was saved.

  function draftForms(root) {
    return Array.prototype.filter.call((root || document).querySelectorAll("form[method=post]"), function (form) {
      return form.closest("#entry-panel") && form.querySelector("input[name=version]");
    });
  }
  function draftKey(form) { return "draft:" + form.getAttribute("action"); }
  function field(form, name) { return form.querySelector("input[name=" + name + "]"); }
  function formVersion(form) { var v = field(form, "version"); return v ? v.value : ""; }
  function isCorrection(form) { return /\/edit\/$/.test(form.getAttribute("action") || ""); }

  function readFields(form) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || SKIP[el.name] || el.disabled) return;
      if (el.type === "radio" || el.type === "checkbox") {
        if (el.checked) fields[el.name] = el.value;
      } else if (el.type === "text" || el.type === "number" || el.tagName === "SELECT") {
        fields[el.name] = el.value;
      }
    });
    return fields;
  }

  // ``sent``: the form's write was sent and never answered (no connection); after a reload it is
  // sent again as it was (resendUnsent).
  function saveDraft(form) {
    var draft = { fields: readFields(form), version: formVersion(form), at: Date.now() };
    if (pending && pending.form === form) draft.sent = { key: field(form, "key").value, save: pending.save };
    try {
      localStorage.setItem(draftKey(form), JSON.stringify(draft));
    } catch (e) { /* storage full or off: the page still has the taps */ }
  }

  function dropDraft(form) {
    try { localStorage.removeItem(draftKey(form)); } catch (e) { /* nothing kept */ }
  }

  // ``form``: a form, or its draft key.
  function loadDraft(form) {
    try {
      var key = typeof form === "string" ? form : draftKey(form);
      var draft = JSON.parse(localStorage.getItem(key) || "null");
      if (!draft || Date.now() - draft.at > DRAFT_DAYS * 86400000) return null;
      return draft;
    } catch (e) { return null; }
  }

  // Put a draft back into a freshly drawn form. A correction is put back only onto the version
  // it was made on (otherwise the fresh values win); the round being entered always is, since the
  // server checks it against the game as it stands. Returns whether anything changed.
  function restoreDraft(form) {
    var draft = loadDraft(form);
    if (!draft) return false;
    if (isCorrection(form) && draft.version !== formVersion(form)) { dropDraft(form); return false; }
    var changed = false;
    Object.keys(draft.fields).forEach(function (name) {
      var value = draft.fields[name];
      var els = form.querySelectorAll("[name='" + name.replace(/'/g, "") + "']");
      Array.prototype.forEach.call(els, function (el) {
        if (el.type === "radio" || el.type === "checkbox") {
          if (el.value === value && !el.checked) { el.checked = true; changed = true; }
        } else if (el.type !== "hidden" && el.value !== value) { el.value = value; changed = true; }
      });
    });
    return changed;
  }

  // -- bids and tricks counted in the page: one POST once the bids are in / the tricks add up ---

  function wordsOf(form, name) { return JSON.parse(form.getAttribute("data-" + name + "-words")); }
  function checked(root) { return Array.prototype.slice.call(root.querySelectorAll(".seat-row input:checked")); }
  function text(form, id, value) { var el = form.querySelector("[data-testid=" + id + "]"); if (el) el.textContent = value; }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
  }

  function strikeHooked(form, words, rows) {
    var others = 0, waiting = false, dealer = null;
    rows.forEach(function (row) {
      var on = row.querySelector("input:checked");
      if (Number(row.getAttribute("data-seat")) === words.dealer) { dealer = row; return; }
      if (on) others += Number(on.value); else waiting = true;
    });
    if (!dealer) return;
    var forbidden = waiting ? null : words.hook - others;
    if (forbidden !== null && (forbidden < 0 || forbidden > words.hook)) forbidden = null;
    Array.prototype.forEach.call(dealer.querySelectorAll("input[type=radio]"), function (input) {
      var label = form.querySelector("label[for='" + input.id + "']");
      var struck = forbidden !== null && Number(input.value) === forbidden;
      if (struck) input.checked = false;
      input.disabled = struck;
      if (!label) return;
      label.classList.toggle("struck", struck);
      if (struck) label.title = fill(words.struck, { bid: forbidden }); else label.removeAttribute("title");
    });
  }

  function countBids(form) {
    var words = wordsOf(form, "bid");
    var rows = Array.prototype.slice.call(form.querySelectorAll(".seat-row[data-seat]"));
    if (words.hook !== null) strikeHooked(form, words, rows);
    var total = 0, missing = rows.length;
    checked(form).forEach(function (on) { total += Number(on.value); missing -= 1; });
    var live, todo;
    if (missing) {
      live = fill(words.partial, { total: total, tricks: words.tricks, missing: words.players[missing] });
      todo = fill(words.todo_partial, { missing: words.bids[missing] });
    } else {
      var off = total - words.cards;
      var verdict = off === 0 ? words.even : fill(off > 0 ? words.over : words.under, { count: Math.abs(off) });
      live = fill(words.complete, { total: total, tricks: words.tricks, verdict: verdict });
      todo = words.todo_complete;
    }
    text(form, "bid-live", live);
    text(document.getElementById("entry-panel"), "todo", todo);
    return !missing;
  }

  function countTricks(form) {
    var said = wordsOf(form, "trick"), placed = 0, cards = said.cards;
    checked(form).forEach(function (on) { placed += Number(on.value); });
    var line = placed === cards ? said.all : placed < cards ? said.short : said.over;
    text(form, "tricks-live", fill(line, { placed: placed, cards: cards, left: cards - placed, more: placed - cards }));
    if (placed !== cards) text(form, "summary", "");
    return placed === cards;
  }

  // Taps restored or to resend: counted, else the server asked.
  function refresh(form) {
    if (form.hasAttribute("data-bid-words")) { if (countBids(form)) htmx.trigger(form, "bids-complete"); }
    else if (form.hasAttribute("data-trick-words")) { if (countTricks(form)) htmx.trigger(form, "tricks-add-up"); }
    else htmx.trigger(form, "change");
  }

  // data-rest-seat (Call Bridge's dealer): their tricks follow the others' as the rest (capture).
  document.addEventListener("change", function (evt) {
    var input = evt.target;
    var form = input && input.form;
    if (!form || input.type !== "radio" || !form.hasAttribute("data-rest-seat")) return;
    var rest = form.querySelector(".seat-row[data-seat='" + form.getAttribute("data-rest-seat") + "']");
    if (!rest || rest.contains(input)) return;
    var left = Number(form.getAttribute("data-cards"));
    checked(form).forEach(function (on) { if (!rest.contains(on)) left -= Number(on.value); });
    var chip = rest.querySelector("input[type=radio][value='" + left + "']");
    if (chip) chip.checked = true;
  }, true);

  // ``answered``: the draft key of the form whose own request drew ``root``. The server's answer
  // shows what it made of those taps (kept, or cleared by a refusal), so that is the draft now;
  // putting the refused taps back would send them again, and be refused again, without end.
  function restoreAll(root, answered) {
    draftForms(root).forEach(function (form) {
      if (draftKey(form) === answered) {
        if (pending && draftKey(pending.form) === answered) pending = null; // answered: not unsent
        saveDraft(form);
        return;
      }
      // Work out the lines (totals, who is still to bid) for the restored taps.
      if (restoreDraft(form)) refresh(form);
    });
  }

  document.addEventListener("change", function (evt) {
    var form = evt.target.form || (evt.target.closest && evt.target.closest("form"));
    if (!form || draftForms().indexOf(form) === -1) return;
    // Counted first: a struck bid is no bid.
    var complete = form.hasAttribute("data-bid-words") && countBids(form);
    saveDraft(form);
    if (complete) htmx.trigger(form, "bids-complete");
    // Sent while an earlier answer is on its way too (it would lose this tap).
    var busy = form.classList.contains("htmx-request");
    if (form.hasAttribute("data-trick-words") && (countTricks(form) || busy)) htmx.trigger(form, "tricks-add-up");
  });
  // The server says a write was stored: that form's draft is done with.
  document.addEventListener("scorekeeper:saved", function (evt) {
    var form = evt.target && evt.target.closest ? evt.target.closest("form") : null;
    if (form) dropDraft(form);
    pending = null;
  });
  // Refused because the game changed meanwhile: the fresh state wins over what was tapped.
  document.addEventListener("scorekeeper:refused", function (evt) {
    var form = evt.target && evt.target.closest ? evt.target.closest("form") : null;
    if (form) dropDraft(form);
    pending = null;
  });

  // -- not saved yet: no connection ----------------------------------------------------------

  var pending = null; // {form, save}: the write to send again
  var retryTimer = null;

  function showOffline(show) {
    var panel = $("#entry-panel");
    var note = $("#offline-note");
    if (show && panel && !note) {
      note = document.createElement("p");
      note.id = "offline-note";
      note.className = "offline";
      note.setAttribute("role", "alert");
      // The words come from the page (base.html), in its language.
      note.textContent = document.body.getAttribute("data-offline-note") ||
        "Not saved yet: the server cannot be reached. Your taps are kept here " +
        "and will be sent again as soon as the connection is back.";
      panel.insertBefore(note, panel.firstChild);
    } else if (!show && note) {
      note.parentNode.removeChild(note);
    }
  }

  function resend() {
    retryTimer = null;
    if (!pending) return;
    var form = pending.form;
    if (!document.body.contains(form)) { pending = null; showOffline(false); return; }
    // A click, not requestSubmit(button): htmx sends the button's name only for a button clicked.
    var button = pending.save && form.querySelector("button[name=save]");
    if (button) { button.click(); return; }
    if (form.hidden && form.requestSubmit) { form.requestSubmit(); return; } // unsentForm's: no taps to count
    refresh(form);
  }

  // After a reload: a write sent and never answered goes again as it was, with its key and the
  // version it was drawn from. The server applies it once, answers it as saved if it had arrived
  // after all, or refuses it with what changed meanwhile. Its form is put back as it was; if the
  // game has moved on (it has no such form now), a hidden one like it is sent.
  function resendUnsent() {
    var tools = $("#game-tools[data-writes]");
    if (!tools) return; // a page that writes nothing (a watcher's) leaves the storage unread
    var keys = [];
    try { keys = Object.keys(localStorage); } catch (e) { /* nothing kept */ }
    var prefix = "draft:/games/" + tools.getAttribute("data-game") + "/";
    keys.forEach(function (key) {
      var draft = key.indexOf(prefix) === 0 ? loadDraft(key) : null;
      if (!draft || !draft.sent || pending) return;
      var form = draftForms().filter(function (f) { return draftKey(f) === key; })[0];
      if (form) {
        restoreDraft(form);
        field(form, "version").value = draft.version;
        field(form, "key").value = draft.sent.key;
      } else {
        form = unsentForm(key.slice("draft:".length), draft);
      }
      pending = { form: form, save: draft.sent.save };
    });
    if (!pending) return;
    showOffline(true);
    resend();
  }

  function unsentForm(action, draft) {
    var form = document.createElement("form");
    form.hidden = true;
    [["method", "post"], ["action", action], ["hx-post", action], ["hx-target", "#entry-panel"],
      ["hx-swap", "outerHTML"]].forEach(function (pair) { form.setAttribute(pair[0], pair[1]); });
    var fields = Object.assign({ version: draft.version, key: draft.sent.key }, draft.fields);
    if (draft.sent.save) fields.save = "1";
    Object.keys(fields).forEach(function (name) {
      var input = document.createElement("input");
      input.type = "text"; // read back by readFields, should it be kept again
      input.name = name;
      input.value = fields[name];
      form.appendChild(input);
    });
    $("#entry-panel").appendChild(form);
    htmx.process(form);
    return form;
  }

  function scheduleResend() {
    if (!retryTimer) retryTimer = setTimeout(resend, RETRY_EVERY);
  }

  function failed(evt) {
    var elt = evt.detail && evt.detail.elt;
    var form = elt && (elt.tagName === "FORM" ? elt : elt.closest && elt.closest("form"));
    if (!form || !form.closest("#entry-panel, #game-tools")) return; // a live check: just try later
    var trigger = evt.detail.requestConfig && evt.detail.requestConfig.triggeringEvent;
    var submitter = trigger && trigger.submitter;
    var save = !!(submitter && submitter.name === "save");
    if (pending && pending.form === form && pending.save) save = true;
    pending = { form: form, save: save };
    if (draftForms().indexOf(form) !== -1) saveDraft(form);
    showOffline(true);
    scheduleResend();
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:afterRequest", function (evt) {
    var xhr = evt.detail && evt.detail.xhr;
    // 503: the server is up but its database is out of reach (games/views/outage.py): not saved yet either.
    if (xhr && xhr.status === 503) { failed(evt); return; }
    if (xhr && xhr.status > 0 && pending && evt.detail.elt && evt.detail.elt.closest &&
        evt.detail.elt.closest("form") === pending.form) {
      pending = null;
    }
    if (xhr && xhr.status > 0) showOffline(!!pending);
  });
  window.addEventListener("online", function () { if (pending) { clearTimeout(retryTimer); resend(); } });

  // -- live ------------------------------------------------------------------------------------
  // The server answers 204 with no body while the game is at the version this page shows;
  // otherwise the sheet's parts, swapped in place (the panel too, then drafts are put back).

  // A check still on its way when anything else is sent is dropped: that answer brings the game
  // as it stands, and the check's would come after it, to tools (its source) swapped out by then.
  var checking = null; // the tools box a check was sent from, while it is on its way
  document.addEventListener("htmx:beforeRequest", function (evt) {
    if (checking && evt.detail.elt !== checking) htmx.trigger(checking, "htmx:abort");
  });
  function check() {
    var box = liveBox();
    if (!box || checking || !visible() || pending || $(".htmx-request")) return;
    var url = box.getAttribute("data-live-url") + "?v=" + encodeURIComponent(box.getAttribute("data-version"));
    var panel = $("#entry-panel");
    if (panel && panel.classList.contains("phase-edit")) url += "&panel=edit";
    checking = box;
    var done = function () { checking = null; };
    if (box.hasAttribute("data-live-reload")) {
      fetch(url, { credentials: "same-origin", headers: { "HX-Request": "true" } }).then(function (r) {
        if (r.status === 200 || r.status === 410) window.location.reload();
      }).then(done, done);
      return;
    }
    htmx.ajax("GET", url, { source: box, target: "#entry-panel", swap: "outerHTML" }).then(done, done);
  }
  var ticks = 0;
  setInterval(function () {
    ticks += 1;
    if (!gameOver() || ticks % OVER_EVERY === 0) check();
  }, LIVE_EVERY);
  // 410: the share link this page came through was replaced. Load the page again, which says so,
  // rather than check (or tap) into the same refusal every 2 s.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    if (evt.detail.xhr && evt.detail.xhr.status === 410) {
      evt.detail.shouldSwap = false;
      evt.detail.isError = false;
      window.location.reload();
    }
  });
  document.addEventListener("visibilitychange", function () { if (visible()) check(); });
  // Back or Forward may show the page as it was left (the back/forward cache): check at once.
  window.addEventListener("pageshow", function (evt) { if (evt.persisted) check(); });
  // End, Reopen and Undo answer with a reload: from the top, where the panel shows what they did,
  // not from a sheet's length down, where the tools were tapped.
  document.addEventListener("htmx:beforeOnLoad", function (evt) {
    var xhr = evt.detail.xhr;
    if (xhr && xhr.getResponseHeader("HX-Refresh") === "true") window.scrollTo(0, 0);
  });

  // A draft belongs to the form it was tapped on: once a swap takes that form out of the panel
  // (another phone saved that step, the bids are changed), its taps are overtaken, and must not
  // come back (and be sent) the next time such a form is drawn. When a live check did that, the
  // page says what changed (the server's words, ``scorekeeper:changed``), as a refused save does.
  var leaving = [];
  var changed = ""; // what the live check being answered says changed
  document.addEventListener("scorekeeper:changed", function (evt) { changed = (evt.detail && evt.detail.said) || ""; });
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    leaving = evt.detail.shouldSwap && target && target.id === "entry-panel" ? draftForms(target).map(draftKey) : [];
  });
  function sayOvertaken(panel, said) {
    var line = document.createElement("p");
    line.className = "error";
    line.setAttribute("role", "alert");
    line.textContent = said;
    var head = panel.querySelector(".round-head");
    panel.insertBefore(line, head ? head.nextSibling : panel.firstChild);
  }
  document.addEventListener("htmx:afterSettle", function (evt) {
    if (evt.target && evt.target.id === "entry-panel") {
      var staying = draftForms(evt.target).map(draftKey);
      var overtaken = false;
      leaving.forEach(function (key) {
        if (staying.indexOf(key) !== -1) return;
        var draft = loadDraft(key);
        if (draft && Object.keys(draft.fields).length) overtaken = true;
        try { localStorage.removeItem(key); } catch (e) { /* none kept */ }
      });
      if (overtaken && changed) sayOvertaken(evt.target, changed);
      leaving = [];
      changed = "";
      var elt = evt.detail && evt.detail.requestConfig && evt.detail.requestConfig.elt;
      restoreAll(evt.target, elt && elt.tagName === "FORM" ? draftKey(elt) : null);
    }
    keepAwake();
  });

  // -- the screen stays awake on a sheet ---------------------------------------------------------

  var lock = null;
  var video = null;
  function wantAwake() {
    return document.body && document.body.classList.contains("sheet-page") && visible() && !gameOver();
  }
  function videoAwake() {
    // Where the Wake Lock API is missing (plain HTTP on the home network), a tiny muted
    // looping video keeps the screen on, as phones do while a video plays.
    if (!video) {
      video = document.createElement("video");
      video.className = "awake";
      video.muted = true;
      video.loop = true;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      video.setAttribute("aria-hidden", "true");
      ["webm", "mp4"].forEach(function (kind) {
        var src = document.body.getAttribute("data-awake-" + kind);
        if (!src) return;
        var source = document.createElement("source");
        source.src = src;
        source.type = "video/" + kind;
        video.appendChild(source);
      });
      document.body.appendChild(video);
    }
    var played = video.play();
    if (played && played.catch) played.catch(function () { /* needs a tap first: tried on each tap */ });
  }
  function keepAwake() {
    if (!wantAwake()) {
      if (lock) { lock.release(); lock = null; }
      if (video && !video.paused) video.pause();
      return;
    }
    if ("wakeLock" in navigator && window.isSecureContext) {
      if (lock) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        lock.addEventListener("release", function () { lock = null; });
      }).catch(function () { lock = null; videoAwake(); });
    } else {
      videoAwake();
    }
  }
  document.addEventListener("visibilitychange", keepAwake);
  document.addEventListener("click", function () { if (video && video.paused) keepAwake(); });

  // -- copy a share link -------------------------------------------------------------------------

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("[data-copy]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("data-copy"));
    var said = function () { button.textContent = button.getAttribute("data-copied") || "Copied"; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(said);
    } else {
      input.select();
      if (document.execCommand("copy")) said();
    }
  });

  // -- the result card: shared with the phone's share sheet, else downloaded ----------------------
  // The card link is a plain download (<a download>). Where the browser has a share sheet, a tap
  // shares the card as a PNG drawn from the SVG (chat apps take PNG), or the result in words when
  // files cannot be shared, and downloads it if sharing fails.

  function shareLabels(root) {
    if (!navigator.share) return;
    Array.prototype.forEach.call((root || document).querySelectorAll("[data-share-card]"), function (link) {
      link.textContent = link.getAttribute("data-share-label");
    });
  }

  // The SVG is drawn from a data: URL (the page's CSP takes data: images, not blob:).
  function asPng(svg) {
    return svg.text().then(function (text) {
      return new Promise(function (resolve) {
        var img = new Image();
        img.onload = function () {
          var canvas = document.createElement("canvas");
          canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
          canvas.getContext("2d").drawImage(img, 0, 0);
          canvas.toBlob(function (png) { resolve(png || svg); }, "image/png");
        };
        img.onerror = function () { resolve(svg); };
        img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
      });
    });
  }

  function download(link) {
    var a = document.createElement("a");
    a.href = link.href; a.download = link.getAttribute("download");
    document.body.appendChild(a); a.click(); a.remove();
  }

  document.addEventListener("click", function (evt) {
    var link = evt.target.closest && evt.target.closest("[data-share-card]");
    if (!link || !navigator.share) return;
    evt.preventDefault();
    var words = { title: link.getAttribute("data-share-title"), text: link.getAttribute("data-share-text") };
    if (link.getAttribute("data-share-url")) words.url = link.getAttribute("data-share-url");
    fetch(link.href).then(function (r) { return r.blob(); }).then(asPng).then(function (image) {
      var name = link.getAttribute("download");
      if (image.type === "image/png") name = name.replace(/\.svg$/, ".png");
      var type = image.type.split(";")[0];
      var withFile = { files: [new File([image], name, { type: type })], title: words.title, text: words.text };
      return navigator.share(navigator.canShare && navigator.canShare(withFile) ? withFile : words);
    }).catch(function (err) { if (!err || err.name !== "AbortError") download(link); });
  });
  document.addEventListener("htmx:afterSettle", function (evt) { shareLabels(evt.detail.elt); });

  document.addEventListener("DOMContentLoaded", function () {
    shareLabels();
    // After htmx has processed the page (its own DOMContentLoaded handler), so restored taps post.
    setTimeout(function () { resendUnsent(); restoreAll(document); }, 0);
    // Once the page is drawn, in a task of its own: over plain HTTP the video's set-up (a media
    // element, its file, a style pass) would otherwise lengthen the page's first one.
    if (window.requestIdleCallback) requestIdleCallback(keepAwake, { timeout: 1000 }); else setTimeout(keepAwake, 0);
  });
})();
