// Scorekeeper's only script of its own: small touches on top of htmx.
// Everything works without it (plain forms, a reload shows what changed).
//   - live: every open sheet checks for changes every 2 s while visible and the game goes on;
//   - drafts: taps not saved yet are kept per game and form, put back after a reload or a swap;
//   - bids: counted in the page tap by tap (no request), sent once when the last one is in;
//   - tricks: the dealer's filled in as the rest (Call Bridge), as the others' are tapped;
//   - offline: a write that cannot reach the server says so, keeps the taps and is sent again;
//   - the screen stays awake on a sheet (Wake Lock API, or a muted looping video over plain HTTP).
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var LIVE_EVERY = 2000;
  var RETRY_EVERY = 3000;
  var DRAFT_DAYS = 2;
  var SKIP = { csrfmiddlewaretoken: 1, version: 1, key: 1 };

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
  function formVersion(form) { var v = form.querySelector("input[name=version]"); return v ? v.value : ""; }
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

  function saveDraft(form) {
    try {
      localStorage.setItem(draftKey(form), JSON.stringify({
        fields: readFields(form), version: formVersion(form), at: Date.now(),
      }));
    } catch (e) { /* storage full or off: the page still has the taps */ }
  }

  function dropDraft(form) {
    try { localStorage.removeItem(draftKey(form)); } catch (e) { /* nothing kept */ }
  }

  function loadDraft(form) {
    try {
      var draft = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
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
      if (draftKey(form) === answered) { saveDraft(form); return; }
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
    if (pending.save) {
      var button = form.querySelector("button[name=save]");
      if (button && form.requestSubmit) { form.requestSubmit(button); return; }
    }
    refresh(form);
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
    if (!box || checking || gameOver() || !visible() || pending || $(".htmx-request")) return;
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
  setInterval(check, LIVE_EVERY);
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

  // A draft belongs to the form it was tapped on: once a swap takes that form out of the panel
  // (another phone saved that step, the bids are changed), its taps are overtaken, and must not
  // come back (and be sent) the next time such a form is drawn.
  var leaving = [];
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    leaving = evt.detail.shouldSwap && target && target.id === "entry-panel" ? draftForms(target).map(draftKey) : [];
  });
  document.addEventListener("htmx:afterSettle", function (evt) {
    if (evt.target && evt.target.id === "entry-panel") {
      var staying = draftForms(evt.target).map(draftKey);
      leaving.forEach(function (key) {
        if (staying.indexOf(key) === -1) { try { localStorage.removeItem(key); } catch (e) { /* none kept */ } }
      });
      leaving = [];
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

  document.addEventListener("DOMContentLoaded", function () {
    keepAwake();
    // After htmx has processed the page (its own DOMContentLoaded handler), so restored taps post.
    setTimeout(function () { restoreAll(document); }, 0);
  });
})();
