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
  var STRINGS = {previous: "\u2190 Previous", next: "Next \u2192", turn: "Turn", zoomOut: "Zoom out", zoomIn: "Zoom in",
                 action: "Back to this turn's action", whole: "The whole map", framed: "The turn's frame",
                 previousTurn: "Previous turn", nextTurn: "Next turn"};
  (function () {
    var source = document.getElementById("chronicle-strings");
    if (!source) { return; }
    try {
      var given = JSON.parse(source.textContent);
      Object.keys(given).forEach(function (key) { STRINGS[key] = given[key]; });
    } catch (e) { /* a theme's broken override: keep English */ }
  }());

  var ICONS = {
    action: '<circle cx="12" cy="12" r="6" fill="none" stroke="currentColor" stroke-width="2"/>' +
            '<path d="M12 1v6M12 17v6M1 12h6M17 12h6" stroke="currentColor" stroke-width="2"/>',
    whole: '<path d="M3 9V3h6M15 3h6v6M21 15v6h-6M9 21H3v-6" fill="none" stroke="currentColor" stroke-width="2.2"/>'
  };

  function button(parent, text, label, className, icon) {
    var b = document.createElement("button");
    b.type = "button";
    if (icon) {
      b.innerHTML = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">' + ICONS[icon] + "</svg>";
    } else {
      b.textContent = text;
    }
    b.setAttribute("aria-label", label);
    b.title = label;
    if (className) { b.className = className; }
    parent.appendChild(b);
    return b;
  }

  /* Where a phone first looks: the middle of the weightiest parts of the turn's action that fit
     together in a window ``win`` ([w, h]), as chronicle/render/focus.py's view_point chooses it
     (the same steps, so that the same parts in the same window give the same point). A part is
     {weight: [players, orders], ways: [[[x, y]...]...]}: its ways are tried in order. */
  function viewPoint(parts, win) {
    if (!parts.length) { return null; }
    var best = null;
    for (var start = 0; start < parts.length && parts[start].weight[0] === parts[0].weight[0]; start++) {
      var got = gather(parts, start, win);
      if (!best || got.seen[0] > best.seen[0] || got.seen[0] === best.seen[0] && got.seen[1] > best.seen[1]) {
        best = got;
      }
    }
    var xs = best.chosen.map(function (p) { return p[0]; }), ys = best.chosen.map(function (p) { return p[1]; });
    return [(Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2, (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2];
  }
  function gather(parts, start, win) {
    var chosen = [], seen = [0, 0];
    var order = [parts[start]].concat(parts.filter(function (_p, i) { return i !== start; }));
    order.forEach(function (part) {
      for (var k = 0; k < part.ways.length; k++) {
        var trial = chosen.concat(part.ways[k]);
        var xs = trial.map(function (p) { return p[0]; }), ys = trial.map(function (p) { return p[1]; });
        if (Math.max.apply(null, xs) - Math.min.apply(null, xs) <= win[0] && Math.max.apply(null, ys) - Math.min.apply(null, ys) <= win[1]) {
          chosen = trial;
          seen = [seen[0] + part.weight[0], seen[1] + part.weight[1]];
          break;
        }
      }
    });
    return { chosen: chosen, seen: seen };
  }
  window.chronicleViewPoint = viewPoint;      /* for the browser tests: the same choice as focus.py's */

  /* Maps: zoom with the buttons, a pinch, a double tap or double click, or ctrl + the wheel,
     always about the point looked at; the whole map and back to this turn's action. Names too
     small to read at the first view appear as the reader zooms in (the map's z1, z2... classes,
     from its data-scale and data-zooms). Without the script a phone still shows the map at a
     readable width, scrolled to this turn's action. */
  function mapZoom(frame) {
    var scroll = frame.querySelector(".map-scroll");
    var canvas = frame.querySelector(".map-canvas");
    var svg = canvas && canvas.querySelector("svg.map");
    if (!scroll || !canvas || !svg) { return; }
    var focus = canvas.querySelector(".map-focus");
    var framed = svg.getAttribute("viewBox");
    var full = svg.getAttribute("data-full") || framed;
    var base = parseFloat(svg.getAttribute("data-scale")) || 0;
    var zooms = (svg.getAttribute("data-zooms") || "1").split(" ").map(parseFloat);
    var natural = 0;
    var level = 1;
    var MAX = 6;

    function box() { return svg.getAttribute("viewBox").split(/[\s,]+/).map(parseFloat); }
    function tiers() {
      if (!base) { return; }
      var b = box();
      var r = svg.getBoundingClientRect();
      var scale = Math.min(r.width / b[2], r.height / b[3]);
      var zoom = scale / base;
      var k = 0;
      zooms.forEach(function (z, i) { if (zoom >= z * 0.98) { k = i; } });
      zooms.forEach(function (_z, i) { svg.classList.toggle("z" + i, i === k); });
    }
    function centre(x, y) {
      scroll.scrollLeft = x * canvas.offsetWidth - scroll.clientWidth / 2;
      scroll.scrollTop = y * canvas.offsetHeight - scroll.clientHeight / 2;
    }
    function toFocus() {
      if (!focus) { return; }
      var point = actionPoint();
      if (point) { centre(point[0], point[1]); return; }
      centre(parseFloat(focus.style.left) / 100, parseFloat(focus.style.top) / 100);
    }
    /* This turn's action as it fits the frame this screen really has: the page was written
       looking at what fits the smallest phone's (chronicle/render/focus.py, which this follows
       step by step); a taller or wider frame takes in more of the turn's fights and orders.
       Null when the frame holds the whole map, or the page gives no parts. */
    function actionPoint() {
      var given = focus.getAttribute("data-parts");
      if (!given || scroll.scrollWidth <= scroll.clientWidth + 1 && scroll.scrollHeight <= scroll.clientHeight + 1) {
        return null;
      }
      var data;
      try { data = JSON.parse(given); } catch (e) { return null; }
      var reach = data[0];
      var w = canvas.offsetWidth, h = canvas.offsetHeight;
      if (!w || !h) { return null; }
      var win = [Math.max(0, scroll.clientWidth - 2 * reach), Math.max(0, scroll.clientHeight - 2 * reach)];
      var parts = data[1].map(function (p) {
        return { weight: [p[0], p[1]], ways: p.slice(2).map(function (way) {
          var points = [];
          for (var i = 0; i + 1 < way.length; i += 2) { points.push([way[i] * w / 100, way[i + 1] * h / 100]); }
          return points;
        }).filter(function (way) { return way.length; }) };
      }).filter(function (p) { return p.ways.length; });
      var point = viewPoint(parts, win);
      return point ? [point[0] / w, point[1] / h] : null;
    }
    /* the frame opens on this turn's action as this screen's frame holds it (without the
       script, at the page's own point: scroll-initial-target) */
    if (focus && (scroll.scrollWidth > scroll.clientWidth + 1 || scroll.scrollHeight > scroll.clientHeight + 1)) {
      toFocus();
    }

    var tools = document.createElement("div");
    tools.className = "map-tools";
    var out = button(tools, "\u2212", STRINGS.zoomOut);
    var zoomIn = button(tools, "+", STRINGS.zoomIn);
    var action = focus && focus.getAttribute("data-action") ? button(tools, "", STRINGS.action, "map-action", "action") : null;
    var whole = full !== framed ? button(tools, "", STRINGS.whole, "map-whole", "whole") : null;
    frame.appendChild(tools);

    function minimum() { return Math.min(1, scroll.clientWidth / (natural || 1)); }
    /* zoom to ``next`` (times the map's first width) keeping the point at (clientX, clientY) still */
    function apply(next, clientX, clientY) {
      if (!natural) { natural = canvas.offsetWidth; }
      next = Math.max(minimum(), Math.min(MAX, next));
      var rect = scroll.getBoundingClientRect();
      var px = clientX === undefined ? scroll.clientWidth / 2 : clientX - rect.left;
      var py = clientY === undefined ? scroll.clientHeight / 2 : clientY - rect.top;
      var fx = (scroll.scrollLeft + px) / canvas.offsetWidth;
      var fy = (scroll.scrollTop + py) / canvas.offsetHeight;
      if (!frame.classList.contains("map-zoomed")) {
        scroll.style.height = scroll.clientHeight + "px";     /* the frame keeps its size; the map grows in it */
      }
      level = next;
      canvas.style.width = Math.round(natural * level) + "px";
      frame.classList.add("map-zoomed");
      scroll.scrollLeft = fx * canvas.offsetWidth - px;
      scroll.scrollTop = fy * canvas.offsetHeight - py;
      update();
    }
    function reset() {
      level = 1;
      canvas.style.width = "";
      scroll.style.height = "";
      frame.classList.remove("map-zoomed");
      update();
    }
    function update() {
      out.disabled = level <= minimum() + 0.01;
      zoomIn.disabled = level >= MAX - 0.01;
      tiers();
    }
    function step(direction) {
      apply(direction > 0 ? level * 1.6 : level / 1.6);
    }
    out.addEventListener("click", function () { step(-1); });
    zoomIn.addEventListener("click", function () { step(1); });
    if (action) {
      action.addEventListener("click", function () {
        if (whole && svg.getAttribute("viewBox") !== framed) { showWhole(false); }
        reset();
        toFocus();
      });
    }
    function showWhole(on) {
      svg.setAttribute("viewBox", on ? full : framed);
      whole.setAttribute("aria-pressed", on ? "true" : "false");
      whole.title = on ? STRINGS.framed : STRINGS.whole;
      whole.setAttribute("aria-label", whole.title);
      reset();
      natural = canvas.offsetWidth;
      if (!on) { toFocus(); }
    }
    if (whole) {
      whole.setAttribute("aria-pressed", "false");
      whole.addEventListener("click", function () { showWhole(svg.getAttribute("viewBox") === framed); });
    }

    /* a double click, or a double tap, zooms in where it lands (at the closest, back out) */
    svg.addEventListener("dblclick", function (event) {
      event.preventDefault();
      apply(level >= MAX - 0.01 ? 1 : level * 1.6, event.clientX, event.clientY);
    });
    var lastTap = null;
    /* a pinch: two fingers on the map */
    var touches = {};
    var pinch = null;
    function spread() {
      var ids = Object.keys(touches);
      var a = touches[ids[0]], b = touches[ids[1]];
      return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
    scroll.addEventListener("pointerdown", function (event) {
      if (event.pointerType !== "touch") { return; }
      touches[event.pointerId] = { x: event.clientX, y: event.clientY };
      if (Object.keys(touches).length === 2) {
        var s = spread();
        pinch = { d: s.d, level: level };
      } else {
        var now = Date.now();
        if (lastTap && now - lastTap.t < 320 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30) {
          event.preventDefault();
          apply(level >= MAX - 0.01 ? 1 : level * 1.6, event.clientX, event.clientY);
          lastTap = null;
        } else {
          lastTap = { t: now, x: event.clientX, y: event.clientY };
        }
      }
    });
    scroll.addEventListener("pointermove", function (event) {
      if (!(event.pointerId in touches)) { return; }
      touches[event.pointerId] = { x: event.clientX, y: event.clientY };
      if (pinch && Object.keys(touches).length === 2) {
        event.preventDefault();
        var s = spread();
        if (pinch.d > 0) { apply(pinch.level * s.d / pinch.d, s.x, s.y); }
      }
    });
    function lift(event) {
      delete touches[event.pointerId];
      if (Object.keys(touches).length < 2) { pinch = null; }
    }
    scroll.addEventListener("pointerup", lift);
    scroll.addEventListener("pointercancel", lift);
    /* ctrl + the wheel (a trackpad's pinch) */
    scroll.addEventListener("wheel", function (event) {
      if (!event.ctrlKey) { return; }
      event.preventDefault();
      apply(level * Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
    }, { passive: false });

    natural = canvas.offsetWidth;
    update();
    window.addEventListener("resize", function () { if (!frame.classList.contains("map-zoomed")) { tiers(); } });
    frame.mapZoom = { reset: reset, svg: svg };
  }

  /* The timeline: one map, its owners changed turn by turn from the page's data, with a slider,
     buttons and the arrow keys. */
  function timeline(root) {
    var frames = Array.prototype.slice.call(root.querySelectorAll(".frame"));
    var holder = root.querySelector(".timeline-data");
    var svg = root.querySelector("svg.map");
    if (!frames.length || !holder || !svg) { return false; }
    var data = JSON.parse(holder.textContent);
    var steps = data.frames;
    var names = data.players || {};
    var paths = {};
    Array.prototype.forEach.call(svg.querySelectorAll("path.province"), function (path) {
      paths[path.id.replace(/^province-/, "")] = path;
    });
    var outlines = svg.querySelector("g.changed-outlines");
    if (!outlines) {
      outlines = document.createElementNS("http://www.w3.org/2000/svg", "g");
      outlines.setAttribute("class", "changed-outlines js-outlines");
      var group = svg.querySelector("g.provinces");
      outlines.setAttribute("fill", "none");
      outlines.setAttribute("stroke", "#000");
      outlines.setAttribute("pointer-events", "none");
      if (group.getAttribute("transform")) { outlines.setAttribute("transform", group.getAttribute("transform")); }
      var width = parseFloat(group.getAttribute("stroke-width")) || 1;
      outlines.setAttribute("stroke-width", String(width * 2.9));
      outlines.setAttribute("stroke-dasharray", (width * 5.5) + "," + (width * 3.3));
      group.parentNode.insertBefore(outlines, group.nextSibling);
    }
    var current = frames.length - 1;
    var controls = document.createElement("div");
    controls.className = "timeline-controls";
    var prev = button(controls, STRINGS.previous, STRINGS.previousTurn, "timeline-prev");
    var range = document.createElement("input");
    range.type = "range";
    range.min = "0";
    range.max = String(frames.length - 1);
    range.step = "1";
    range.className = "timeline-range";
    range.setAttribute("aria-label", STRINGS.turn);
    controls.insertBefore(range, prev);
    var next = button(controls, STRINGS.next, STRINGS.nextTurn, "timeline-next");
    var label = document.createElement("a");
    label.className = "timeline-label";
    label.setAttribute("aria-live", "polite");
    controls.appendChild(label);
    root.insertBefore(controls, root.firstChild);
    root.classList.add("js-timeline");

    function owners(index) {
      var held = {};
      for (var i = 0; i <= index; i++) {
        var o = steps[i].owners;
        for (var p in o) { if (Object.prototype.hasOwnProperty.call(o, p)) { held[p] = o[p]; } }
      }
      return held;
    }
    function show(index) {
      current = Math.max(0, Math.min(frames.length - 1, index));
      var held = owners(current);
      for (var pid in paths) {
        if (!Object.prototype.hasOwnProperty.call(paths, pid)) { continue; }
        var path = paths[pid];
        var owner = held[pid];
        path.setAttribute("class", "province " + (owner ? "owner-" + owner : "neutral"));
        var title = path.querySelector("title");
        if (title) {
          var place = title.textContent.split(":")[0];
          title.textContent = place + ": " + (owner ? "held by " + (names[owner] || owner) : "neutral");
        }
      }
      while (outlines.firstChild) { outlines.removeChild(outlines.firstChild); }
      steps[current].changed.forEach(function (pid) {
        if (paths[pid]) {
          var copy = document.createElementNS("http://www.w3.org/2000/svg", "path");
          copy.setAttribute("d", paths[pid].getAttribute("d"));
          copy.setAttribute("class", "changed-outline");
          outlines.appendChild(copy);
        }
      });
      frames.forEach(function (frame, i) {
        if (i === current) { frame.setAttribute("aria-current", "step"); } else { frame.removeAttribute("aria-current"); }
      });
      range.value = String(current);
      range.setAttribute("aria-valuetext", frames[current].getAttribute("data-label"));
      label.textContent = frames[current].getAttribute("data-label");
      label.href = steps[current].path;
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

  Array.prototype.forEach.call(document.querySelectorAll(".map-figure .map-frame"), mapZoom);

  var root = document.querySelector("[data-timeline]");
  if (!(root && timeline(root)) && document.querySelector(".turn-nav")) {
    turnKeys();
  }
}());
