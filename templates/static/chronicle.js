/* chronicle's default theme: small enhancements. Every page reads fine without them. */
(function () {
  "use strict";

  function typing(event) {
    var t = event.target;
    return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) && t.type !== "range");
  }

  function modified(event) {
    return event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
  }

  /* The words this script shows, in the site's language: base.html writes them (translated
     through the catalog) into <script id="chronicle-strings" type="application/json">. */
  var STRINGS = {previous: "\u2190 Previous", next: "Next \u2192", turn: "Turn", zoomOut: "Zoom out", zoomIn: "Zoom in"};
  (function () {
    var source = document.getElementById("chronicle-strings");
    if (!source) { return; }
    try {
      var given = JSON.parse(source.textContent);
      Object.keys(given).forEach(function (key) { STRINGS[key] = given[key]; });
    } catch (e) { /* a theme's broken override: keep English */ }
  }());

  /* The timeline: one map at a time, with a slider, buttons and the arrow keys. */
  function timeline(root) {
    var frames = Array.prototype.slice.call(root.querySelectorAll(".frame"));
    if (!frames.length) { return false; }
    var current = frames.length - 1;
    var controls = document.createElement("div");
    controls.className = "timeline-controls";
    var prev = document.createElement("button");
    prev.type = "button";
    prev.className = "timeline-prev";
    prev.textContent = STRINGS.previous;
    var next = document.createElement("button");
    next.type = "button";
    next.className = "timeline-next";
    next.textContent = STRINGS.next;
    var range = document.createElement("input");
    range.type = "range";
    range.min = "0";
    range.max = String(frames.length - 1);
    range.step = "1";
    range.className = "timeline-range";
    range.setAttribute("aria-label", STRINGS.turn);
    var label = document.createElement("output");
    label.className = "timeline-label";
    label.setAttribute("aria-live", "polite");
    controls.appendChild(prev);
    controls.appendChild(range);
    controls.appendChild(next);
    controls.appendChild(label);
    root.parentNode.insertBefore(controls, root);
    root.classList.add("js-timeline");

    function show(index) {
      current = Math.max(0, Math.min(frames.length - 1, index));
      frames.forEach(function (frame, i) {
        frame.hidden = i !== current;
        if (i === current) {
          var img = frame.querySelector("img");
          if (img) { img.loading = "eager"; }
        }
      });
      range.value = String(current);
      range.setAttribute("aria-valuetext", frames[current].getAttribute("data-label"));
      label.textContent = frames[current].getAttribute("data-label");
      prev.disabled = current === 0;
      next.disabled = current === frames.length - 1;
    }

    range.addEventListener("input", function () { show(parseInt(range.value, 10)); });
    prev.addEventListener("click", function () { show(current - 1); });
    next.addEventListener("click", function () { show(current + 1); });
    document.addEventListener("keydown", function (event) {
      if (typing(event) || modified(event)) { return; }
      var moves = { ArrowLeft: -1, ArrowRight: 1, Home: -frames.length, End: frames.length };
      if (Object.prototype.hasOwnProperty.call(moves, event.key)) {
        event.preventDefault();
        show(current + moves[event.key]);
      }
    });
    var wanted = frames.findIndex(function (f) { return "#" + f.id === window.location.hash; });
    show(wanted >= 0 ? wanted : frames.length - 1);
    return true;
  }

  /* Turn pages: the arrow keys follow the previous and next links. */
  function turnKeys() {
    document.addEventListener("keydown", function (event) {
      if (typing(event) || modified(event)) { return; }
      var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
      var link = rel && document.querySelector("a[rel=" + rel + "]");
      if (link) { window.location.href = link.href; }
    });
  }

  /* Maps: zoom buttons; the frame scrolls once the map is bigger than it. Without the
     script a phone still shows the map at a readable width, scrolled to where it matters. */
  function mapZoom(frame) {
    var scroll = frame.querySelector(".map-scroll");
    var canvas = frame.querySelector(".map-canvas");
    if (!scroll || !canvas) { return; }
    var focus = canvas.querySelector(".map-focus");
    var natural = 0;
    var level = 1;

    function centre(x, y) {
      scroll.scrollLeft = x * canvas.offsetWidth - scroll.clientWidth / 2;
      scroll.scrollTop = y * canvas.offsetHeight - scroll.clientHeight / 2;
    }
    /* where the browser did not start the frame at its focus (no scroll-initial-target) */
    if (focus && scroll.scrollWidth > scroll.clientWidth + 1 && scroll.scrollLeft === 0 && scroll.scrollTop === 0) {
      centre(parseFloat(focus.style.left) / 100, parseFloat(focus.style.top) / 100);
    }

    var tools = document.createElement("div");
    tools.className = "map-tools";
    function button(text, label) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.title = label;
      tools.appendChild(b);
      return b;
    }
    var out = button("\u2212", STRINGS.zoomOut);
    var zoomIn = button("+", STRINGS.zoomIn);
    frame.appendChild(tools);

    /* the whole map in the frame, its own size, then closer */
    function levels() {
      var fit = Math.min(1, scroll.clientWidth / natural);
      return [fit].concat([1, 1.5, 2, 3, 4].filter(function (l) { return l > fit + 0.05; }));
    }
    function apply(next) {
      var middleX = (scroll.scrollLeft + scroll.clientWidth / 2) / canvas.offsetWidth;
      var middleY = (scroll.scrollTop + scroll.clientHeight / 2) / canvas.offsetHeight;
      level = next;
      if (Math.abs(level - 1) < 0.01) {
        canvas.style.width = "";
        frame.classList.remove("map-zoomed");
      } else {
        canvas.style.width = Math.round(natural * level) + "px";
        frame.classList.add("map-zoomed");
      }
      centre(middleX, middleY);
      update();
    }
    function update() {
      var list = levels();
      out.disabled = level <= list[0] + 0.01;
      zoomIn.disabled = level >= list[list.length - 1] - 0.01;
    }
    function step(direction) {
      if (!natural) { natural = canvas.offsetWidth; }
      var list = levels();
      var next = direction > 0 ? list.filter(function (l) { return l > level + 0.01; })[0]
                               : list.filter(function (l) { return l < level - 0.01; }).pop();
      if (next !== undefined) { apply(next); }
    }
    out.addEventListener("click", function () { step(-1); });
    zoomIn.addEventListener("click", function () { step(1); });
    natural = canvas.offsetWidth;
    update();
  }

  Array.prototype.forEach.call(document.querySelectorAll(".map-figure .map-frame"), mapZoom);

  var root = document.querySelector("[data-timeline]");
  if (!(root && timeline(root)) && document.querySelector(".turn-nav")) {
    turnKeys();
  }
}());
