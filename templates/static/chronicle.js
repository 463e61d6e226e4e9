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
    prev.textContent = "\u2190 Previous";
    var next = document.createElement("button");
    next.type = "button";
    next.className = "timeline-next";
    next.textContent = "Next \u2192";
    var range = document.createElement("input");
    range.type = "range";
    range.min = "0";
    range.max = String(frames.length - 1);
    range.step = "1";
    range.className = "timeline-range";
    range.setAttribute("aria-label", "Turn");
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

  var root = document.querySelector("[data-timeline]");
  if (!(root && timeline(root)) && document.querySelector(".turn-nav")) {
    turnKeys();
  }
}());
