// The score sheet's explanations (games/table/): a tapped square fetches how it was worked out
// and shows it in a popover beside the square, kept on the screen. Separate from app.js on purpose.
(() => {
  "use strict";
  const GAP = 6;
  const EDGE = 8;

  // Beside the square: under it, or over it when there is no room below; never off the screen.
  function place(pop, square) {
    const box = square.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = document.documentElement.clientHeight;
    Object.assign(pop.style, { position: "fixed", inset: "auto", margin: "0", maxWidth: `${width - 2 * EDGE}px` });
    const w = pop.offsetWidth;
    const h = pop.offsetHeight;
    const left = Math.min(Math.max(EDGE, box.left + box.width / 2 - w / 2), width - w - EDGE);
    let top = box.bottom + GAP;
    if (top + h > height - EDGE && box.top - GAP - h >= EDGE) top = box.top - GAP - h;
    pop.style.left = `${Math.max(EDGE, left)}px`;
    pop.style.top = `${Math.max(EDGE, Math.min(top, height - h - EDGE))}px`;
  }

  async function explain(square) {
    const body = square.closest("#sheet-body");
    const row = square.closest("tr");
    const key = [...row.querySelectorAll("td")].indexOf(square.closest("td"));
    const number = row.id.replace("round-", "");
    // The version the sheet shows: its game tools are redrawn by every answer that changes the game (a
    // save swaps only the rows that changed, leaving the body's own attributes as they were).
    const version = document.getElementById("game-tools")?.dataset.version || "";
    let pop = document.getElementById(`exp-${number}-${key}`);
    if (!pop || pop.dataset.version !== version) {
      const url = `${body.dataset.explain}?r=${number}&k=${key}&v=${version}`;
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) return;
      const holder = document.createElement("div");
      holder.innerHTML = await response.text();
      const fresh = holder.querySelector("[popover]");
      if (!fresh) return;
      fresh.dataset.version = version;
      if (pop) pop.replaceWith(fresh);
      else document.body.append(fresh);
      pop = fresh;
    }
    if (!pop.matches(":popover-open")) pop.showPopover();
    place(pop, square);
  }

  document.addEventListener("click", (event) => {
    // A round's number opens its correction in the entry panel.
    const link = event.target.closest("#sheet-body[data-explain] th a[href]");
    if (link && window.htmx) {
      event.preventDefault();
      window.htmx.ajax("GET", link.getAttribute("href"), { target: "#entry-panel", swap: "outerHTML" }).then(() => {
        // Tapped low on a long sheet: bring the form up, where the round's numbers are.
        const panel = document.getElementById("entry-panel");
        const top = panel ? panel.getBoundingClientRect().top : 0;
        if (top < 0 || top > window.innerHeight / 2) panel.scrollIntoView({ block: "start" });
      });
      return;
    }
    const square = event.target.closest("#sheet-body[data-explain] button");
    if (square) explain(square);
  });
})();
