// New-game pages: the first-dealer choices say the names typed in the seats ("Ann"), not "Seat 1".
// The server draws them so too when it shows a form again; this keeps them so while typing.
(function () {
  "use strict";

  function seatLabel(seat) {
    // The label's own words ("Seat 3", "North"), not the "waits" note after them.
    var label = document.querySelector('label[for="id_player_' + seat + '"]');
    return label && label.firstChild ? label.firstChild.textContent.trim() : "";
  }

  function dealerLabel(form, seat) {
    var box = form.querySelector("#id_player_" + seat);
    var name = box ? box.value.replace(/\s+/g, " ").trim() : "";
    var label = seatLabel(seat);
    if (!name) return label;
    return form.hasAttribute("data-seat-labels") ? name + " (" + label + ")" : name;
  }

  function update(form) {
    form.querySelectorAll('select[name="first_dealer"] option').forEach(function (option) {
      if (/^\d+$/.test(option.value)) option.textContent = dealerLabel(form, option.value);
    });
    form.querySelectorAll('input[type="radio"][name="first_dealer"]').forEach(function (input) {
      var chip = form.querySelector('label[for="' + input.id + '"]');
      if (chip && /^\d+$/.test(input.value)) chip.textContent = dealerLabel(form, input.value);
    });
  }

  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-seating]");
    if (form && /^player_\d+$/.test(event.target.name)) update(form);
  });
  // Names the browser filled back in (Back, autofill) count too.
  function all() { document.querySelectorAll("form[data-seating]").forEach(update); }
  document.addEventListener("DOMContentLoaded", all);
  window.addEventListener("pageshow", all);
})();
