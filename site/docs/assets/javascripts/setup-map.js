// The set-up map of a scenario page (issue 24): zoom buttons, and a counter's details shown on hover.
// Reads only the drawing's own attributes and <title> texts (never markup from them: textContent only).
(function () {
  function setUp(view) {
    var scroll = view.querySelector(".cr-setup-scroll");
    var svg = scroll && scroll.querySelector(":scope > svg");
    var tip = view.querySelector(".cr-setup-tip");
    if (!svg || !tip) { return; }
    var zoom = 1;
    function apply() {
      svg.style.width = (100 * zoom) + "%";
      view.setAttribute("data-zoom", String(Math.round(zoom * 100) / 100));
    }
    view.querySelectorAll("button.cr-zoom").forEach(function (button) {
      button.addEventListener("click", function () {
        var by = parseFloat(button.getAttribute("data-zoom-by"));
        var to = parseFloat(button.getAttribute("data-zoom-to"));
        zoom = isNaN(to) ? Math.min(8, Math.max(1, zoom * by)) : to;
        apply();
      });
    });
    function show(event) {
      var glyph = event.target.closest("[data-counter], [data-finding], .cr-stack, .cr-tf");
      if (!glyph || !svg.contains(glyph)) { tip.hidden = true; return; }
      var title = glyph.querySelector("title");
      tip.textContent = title ? title.textContent : glyph.getAttribute("data-counter");
      tip.hidden = false;
    }
    svg.addEventListener("mouseover", show);
    svg.addEventListener("focusin", show);
    svg.addEventListener("mouseleave", function () { tip.hidden = true; });
    apply();
  }
  function all() { document.querySelectorAll(".cr-setup-view").forEach(setUp); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", all); } else { all(); }
})();
