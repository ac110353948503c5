/* hexcrawl: pan and zoom for the maps (wheel / pinch to zoom, drag to pan, double-click to
   reset). Links in the map still work: a click that did not drag follows the link.

   While a drag or a burst of wheel turns goes on, the map is only moved and scaled with a
   CSS transform, which the browser composites without drawing the map again; the viewBox
   is set once, when the drag ends or the wheel rests. A map of thousands of hexes takes a
   good part of a second to draw: drawn again on every mouse move, it would pan at a few
   frames a second (bench/README.md). */
(function () {
  "use strict";

  /* How long the wheel rests before its zoom is committed (milliseconds). */
  var WHEEL_REST = 180;

  function parseBox(svg) {
    return svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  }

  /* A large overview hides its hex labels until they are this tall on screen (CSS pixels):
     its "data-lod" gives their size in map units (render/maps.py, hexcrawl.css). */
  var LABEL_PIXELS = 6;

  function setBox(svg, box) {
    svg.setAttribute("viewBox", box.map(function (v) { return Math.round(v * 10) / 10; }).join(" "));
    levelOfDetail(svg);
    legible(svg);
    zoomedIn(svg, box);
  }

  /* On a touch screen a one-finger vertical swipe over the map scrolls the page
     (hexcrawl.css: "touch-action: pan-y") until the reader zooms in (two fingers, or a
     wheel): then one finger pans the map ("hexmap-zoomed": "touch-action: none"), until
     it is zoomed out to the box the page opened on again (a double tap). */
  function zoomedIn(svg, box) {
    var wrap = svg.closest ? svg.closest(".hexmap") : null;
    var home = svg.hexcrawlHome;
    if (!wrap || !home) return;
    wrap.classList.toggle("hexmap-zoomed", box[2] < home[2] * 0.99);
  }

  /* Names and hex labels stay legible as the map is zoomed out (a phone shows the whole
     of a large map at a fraction of its natural size): a label smaller than LEGIBLE CSS
     pixels on screen is drawn larger, up to its layer's limit, beyond which it is hidden;
     then, most important first, a label that would cover one shown before it, an icon or
     the party is hidden (or, nearly legible, keeps its own size; FLOOR). Zoomed in, every label has its own size and place again (the
     placement of render/maps/labels.py keeps them apart at that size). */
  var LEGIBLE = 9;
  /* a label that cannot grow to LEGIBLE without covering another keeps its own size when
     that is at least FLOOR CSS pixels (a desk's window), else it is hidden */
  var FLOOR = 8;
  /* the label layers, most important first, and how many times its own size each may grow
     (a name along a path keeps its size: the stretch of path it was fitted to is no longer) */
  var LABEL_LAYERS = [["locations", 3], ["hnames", 2], ["pnames", 1], ["labels", 2]];
  /* what two boxes may share (map units) before they count as covering each other */
  var SLACK = 0.2;

  /* The box of an element in the map's own units, its groups' transforms applied. */
  function userBox(svg, el) {
    var b = el.getBBox(), m = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
    var xs = [], ys = [];
    [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
      .forEach(function (p) {
        xs.push(m.a * p[0] + m.c * p[1] + m.e);
        ys.push(m.b * p[0] + m.d * p[1] + m.f);
      });
    return [Math.min.apply(null, xs), Math.min.apply(null, ys),
            Math.max.apply(null, xs), Math.max.apply(null, ys)];
  }

  function letterBoxes(svg, el) {
    var m = svg.getScreenCTM().inverse().multiply(el.getScreenCTM()), out = [];
    for (var i = 0; i < el.getNumberOfChars(); i++) {
      var r = el.getExtentOfChar(i), xs = [], ys = [];
      [[r.x, r.y], [r.x + r.width, r.y], [r.x, r.y + r.height], [r.x + r.width, r.y + r.height]]
        .forEach(function (p) {
          xs.push(m.a * p[0] + m.c * p[1] + m.e);
          ys.push(m.b * p[0] + m.d * p[1] + m.f);
        });
      out.push([Math.min.apply(null, xs), Math.min.apply(null, ys),
                Math.max.apply(null, xs), Math.max.apply(null, ys)]);
    }
    return out;
  }

  function firstLength(list) {
    return list && list.numberOfItems ? list.getItem(0).value : 0;
  }

  /* A label's rough place (its anchor, its groups' translations), found without layout. */
  function roughPlace(svg, el) {
    var x = firstLength(el.x && el.x.baseVal), y = firstLength(el.y && el.y.baseVal);
    for (var e = el; e && e !== svg; e = e.parentNode) {
      var t = e.transform && e.transform.baseVal.consolidate();
      if (t && e !== el) { x += t.matrix.e; y += t.matrix.f; }
    }
    return [x, y];
  }

  /* What a label keeps as it grows: a location's name the edge nearest its icon, any other
     label its centre; its size, box and anchor as drawn (measured once, the first time it
     is on screen). */
  function measure(svg, label) {
    var el = label.el;
    label.size = parseFloat(getComputedStyle(el).fontSize) || 1;
    label.box = userBox(svg, el);
    label.y0 = el.getAttribute("y");
    var b = label.box, onPath = el.querySelector("textPath") !== null;
    /* a name along a path: the cell of each letter, turned with the path */
    label.parts = onPath ? letterBoxes(svg, el) : null;
    label.ax = onPath ? (b[0] + b[2]) / 2 : label.at[0];
    label.ay = onPath ? (b[1] + b[3]) / 2 : label.at[1];
    label.keep = "middle";
    var icon = el.previousElementSibling;
    while (icon && icon.tagName === "path") icon = icon.previousElementSibling;
    label.leader = el.previousElementSibling && el.previousElementSibling.tagName === "path"
      ? el.previousElementSibling : null;
    if (label.layer === "locations" && icon && icon.tagName === "use") {
      var ib = userBox(svg, icon), cy = (ib[1] + ib[3]) / 2;
      label.keep = b[1] >= cy ? "top" : b[3] <= cy ? "bottom" : "middle";
    }
  }

  function labelsOf(svg, group, layer) {
    if (!group.hexcrawlLabels) {
      group.hexcrawlLabels = Array.prototype.map.call(group.querySelectorAll("text"),
        function (el) { return { el: el, layer: layer, at: roughPlace(svg, el), box: null }; });
    }
    return group.hexcrawlLabels;
  }

  function show1(label, f, hidden, shift) {
    var el = label.el, vis = hidden ? "hidden" : "";
    if (el.style.visibility !== vis) {
      el.style.visibility = vis;
      if (label.leader) label.leader.style.visibility = vis;
    }
    el.style.fontSize = f > 1 ? (Math.round(label.size * f * 100) / 100) + "px" : "";
    if ((label.shift || 0) === shift) return;
    label.shift = shift;
    if (shift) el.setAttribute("y", Math.round(((Number(label.y0) || 0) + shift) * 100) / 100);
    else if (label.y0 === null) el.removeAttribute("y");
    else el.setAttribute("y", label.y0);
  }

  /* The box of a label drawn ``f`` times its size, and the shift of its baseline that keeps
     the edge it keeps in place. */
  function grown(label, f) {
    var b = label.box, ax = label.ax, ay = label.ay;
    var x0 = ax + (b[0] - ax) * f, x1 = ax + (b[2] - ax) * f;
    var y0 = ay + (b[1] - ay) * f, y1 = ay + (b[3] - ay) * f;
    var shift = label.keep === "top" ? b[1] - y0 : label.keep === "bottom" ? b[3] - y1
      : (b[1] + b[3]) / 2 - (y0 + y1) / 2;
    if (label.el.querySelector("textPath")) shift = 0;
    return { box: [x0, y0 + shift, x1, y1 + shift], shift: shift };
  }

  function legible(svg) {
    var vb = parseBox(svg), rect = svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    var ppu = Math.min(rect.width / vb[2], rect.height / vb[3]);
    /* what the element shows of the map (the viewBox, and the room beside it) */
    var cx = vb[0] + vb[2] / 2, cy = vb[1] + vb[3] / 2;
    var shown = [cx - rect.width / ppu / 2, cy - rect.height / ppu / 2,
                 cx + rect.width / ppu / 2, cy + rect.height / ppu / 2];
    var whole = svg.hexcrawlWhole;  /* and never past the map's own edge */
    if (whole) {
      shown = [Math.max(shown[0], whole[0]), Math.max(shown[1], whole[1]),
               Math.min(shown[2], whole[0] + whole[2]), Math.min(shown[3], whole[1] + whole[3])];
    }
    var pad = Math.max(vb[2], vb[3]) * 0.1;
    var view = [vb[0] - pad, vb[1] - pad, vb[0] + vb[2] + pad, vb[1] + vb[3] + pad];
    var cell = Math.max(vb[2], vb[3]) / 16, taken = {};
    function cells(b, f) {
      for (var i = Math.floor(b[0] / cell); i <= Math.floor(b[2] / cell); i++) {
        for (var j = Math.floor(b[1] / cell); j <= Math.floor(b[3] / cell); j++) {
          if (f(i + " " + j) === false) return false;
        }
      }
      return true;
    }
    function free(b) {
      var ok = true;
      cells(b, function (k) {
        var list = taken[k] || [];
        for (var n = 0; n < list.length; n++) {
          var o = list[n];
          if (b[0] + SLACK < o[2] && o[0] + SLACK < b[2] && b[1] + SLACK < o[3] &&
              o[1] + SLACK < b[3]) { ok = false; return false; }
        }
      });
      return ok;
    }
    function take(b) { cells(b, function (k) { (taken[k] = taken[k] || []).push(b); }); }
    if (!svg.hexcrawlMarks) {
      svg.hexcrawlMarks = Array.prototype.map.call(
        svg.querySelectorAll(".locations use, .party circle"),
        function (el) { return userBox(svg, el); });
    }
    svg.hexcrawlMarks.forEach(function (b) {
      if (b[2] >= view[0] && b[0] <= view[2] && b[3] >= view[1] && b[1] <= view[3]) take(b);
    });
    LABEL_LAYERS.forEach(function (spec) {
      var group = svg.querySelector("g." + spec[0]);
      if (!group || getComputedStyle(group).display === "none") return;
      labelsOf(svg, group, spec[0]).forEach(function (label) {
        var at = label.at;
        if (at[0] < view[0] || at[0] > view[2] || at[1] < view[1] || at[1] > view[3]) return;
        if (!label.box) measure(svg, label);
        var f = Math.max(1, LEGIBLE / (label.size * ppu));
        if (f > spec[1]) { show1(label, 1, true, 0); return; }
        var g = grown(label, f);
        var b = g.box, cut = f > 1 && (b[0] < shown[0] || b[1] < shown[1] ||
                                      b[2] > shown[2] || b[3] > shown[3]);
        var parts = label.parts || [b];
        var fits = !cut && parts.every(free);
        if (!fits && f > 1 && label.size * ppu >= FLOOR) {
          /* nearly legible as it is: at its own size, where it was placed, if that is free */
          f = 1;
          b = label.box;
          parts = label.parts || [b];
          fits = parts.every(free);
          g.shift = 0;
        }
        if (fits) parts.forEach(take);
        show1(label, fits ? f : 1, !fits, fits ? g.shift : 0);
      });
    });
  }

  /* A large overview's layers of links and of hex labels come beside it, each in a
     <noscript> (render/maps.py, "deferred"): kept as text while the page loads, they cost
     it nothing. The links join the map once the page has loaded (at once at the first
     pointer or key over the map), the labels once zoomed in far enough to read them. */
  /* A map's links are out of the Tab order: a screen reader announces the map as one
     graphic, and the list under it offers the same links (render/map_lists.py). Set here
     rather than in the file, where it would be one attribute on every hex. */
  function outOfTabOrder(root) {
    root.querySelectorAll("a").forEach(function (a) { a.setAttribute("tabindex", "-1"); });
    /* the map itself is no stop either: it takes no keys, and Chromium would make a map
       whose links left the order a stop of its own, as a scroller */
    if (root.tagName.toLowerCase() === "svg") root.setAttribute("tabindex", "-1");
  }

  function joinLayer(svg, name) {
    var box = svg.parentNode;
    var note = box && box.querySelector('noscript.hexmap-deferred[data-layer="' + name + '"]');
    var place = svg.querySelector("g." + name);
    if (!note || !place) return;
    var layer = note.querySelector("g." + name);  /* parsed already (instant navigation) */
    if (!layer) {
      var doc = new DOMParser().parseFromString(note.textContent, "image/svg+xml");
      layer = doc.documentElement && doc.documentElement.querySelector("g." + name);
      layer = layer && document.importNode(layer, true);
    }
    note.remove();
    if (layer) {
      outOfTabOrder(layer);
      place.replaceWith(layer);
    }
  }

  function goLive(svg) {
    var done = false;
    function live() {
      if (done) return;
      done = true;
      joinLayer(svg, "hexes");
    }
    svg.addEventListener("pointerover", live, { once: true });
    svg.addEventListener("focusin", live, { once: true });
    var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 50); };
    function later() { requestAnimationFrame(function () { idle(live, { timeout: 1000 }); }); }
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  }

  function levelOfDetail(svg) {
    var size = Number(svg.getAttribute("data-lod"));
    if (!size) return;
    var box = parseBox(svg), rect = svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    var pixels = size * Math.min(rect.width / box[2], rect.height / box[3]);
    var detail = pixels >= LABEL_PIXELS;
    if (detail) joinLayer(svg, "labels");
    svg.classList.toggle("detail", detail);
  }

  /* The SVG point under a client point, for the element's untransformed rectangle. */
  function toSvg(rect, box, clientX, clientY) {
    var scale = Math.max(box[2] / rect.width, box[3] / rect.height);
    var offX = (rect.width * scale - box[2]) / 2;
    var offY = (rect.height * scale - box[3]) / 2;
    return [box[0] - offX + (clientX - rect.left) * scale,
            box[1] - offY + (clientY - rect.top) * scale, scale];
  }

  /* The box that frames a map's "data-focus" (every hex the players know, render/maps)
     in the part of the element the window shows when the page opens: the focus as large
     as fits there and centred in it, the box of the element's own proportions (so the
     map fills the element). Null without a focus or a size. */
  function framed(svg, f) {
    var focus = svg.getAttribute("data-focus");
    var rect = svg.getBoundingClientRect();
    if (!f && focus) f = focus.split(/[\s,]+/).map(Number);
    if (!f || !rect.width || !rect.height) return null;
    if (f.length !== 4 || !(f[2] > 0 && f[3] > 0)) return null;
    var top = Math.max(rect.top, 0);
    var bottom = Math.min(rect.bottom, window.innerHeight || rect.bottom);
    if (bottom - top < rect.height / 3) { top = rect.top; bottom = rect.bottom; }
    var scale = Math.max(f[2] / rect.width, f[3] / (bottom - top));
    var cx = f[0] + f[2] / 2, cy = f[1] + f[3] / 2;
    return [cx - rect.width / 2 * scale, cy - ((top + bottom) / 2 - rect.top) * scale,
            rect.width * scale, rect.height * scale];
  }

  /* The hex a link to the map page names (map/#map-CCRR: a players' location page links
     its hex so), when the map names its grid ("data-grid": orientation, digits of a
     label's column, hex size; render/maps/draw.py): its label and centre, else null. */
  var HEX_HASH = /^#map-(\d+)$/;

  function hashHex(svg) {
    var grid = (svg.getAttribute("data-grid") || "").split(" ");
    var found = HEX_HASH.exec(window.location.hash);
    var width = Number(grid[1]), size = Number(grid[2]);
    if (!found || grid.length !== 3 || found[1].length !== 2 * width || !(size > 0)) return null;
    var x = Number(found[1].slice(0, width)) - 1, y = Number(found[1].slice(width)) - 1;
    var s3 = Math.sqrt(3), q, r;
    if (grid[0] === "flat") {  /* Grid.from_offset and Grid.pixel (hexgrid.py) */
      q = x; r = y - (x - (x & 1)) / 2;
      return { label: found[1], x: size * 1.5 * q, y: size * s3 * (r + q / 2), size: size,
               flat: true };
    }
    q = x - (y - (y & 1)) / 2; r = y;
    return { label: found[1], x: size * s3 * (q + r / 2), y: size * 1.5 * r, size: size,
             flat: false };
  }

  /* The box that frames the hex of the address (``hashHex``), as large as the box the page
     opens on ("data-focus"; without one, six hexes across), and the hex outlined. */
  function hexFramed(svg) {
    var old = svg.querySelector("path.hexmap-target");
    if (old) old.remove();
    var h = hashHex(svg);
    if (!h) return null;
    var corners = [];
    for (var i = 0; i < 6; i++) {
      var angle = Math.PI / 180 * (60 * i - (h.flat ? 0 : 30));
      corners.push((Math.round((h.x + h.size * Math.cos(angle)) * 10) / 10) + " " +
                   (Math.round((h.y + h.size * Math.sin(angle)) * 10) / 10));
    }
    var mark = document.createElementNS("http://www.w3.org/2000/svg", "path");
    mark.setAttribute("class", "hexmap-target");
    mark.setAttribute("d", "M" + corners.join(" L") + " Z");
    svg.appendChild(mark);
    var focus = (svg.getAttribute("data-focus") || "").split(/[\s,]+/).map(Number);
    var w = focus[2] > 0 ? focus[2] : 9 * h.size, ht = focus[3] > 0 ? focus[3] : 4 * Math.sqrt(3) * h.size;
    return framed(svg, [h.x - w / 2, h.y - ht / 2, w, ht]);
  }

  function attach(svg) {
    if (svg.dataset.hexcrawlPanzoom) return;
    svg.dataset.hexcrawlPanzoom = "1";
    outOfTabOrder(svg);
    var whole = parseBox(svg);
    svg.hexcrawlWhole = whole;
    var first = framed(svg);
    if (first) {
      svg.setAttribute("data-whole", svg.getAttribute("viewBox"));  /* the file's own box */
      setBox(svg, first);
    }
    var home = parseBox(svg);
    svg.hexcrawlHome = home;
    /* The hex of the address has an element of that id in the map (map-CCRR, so the link
       works without this script): the browser scrolls the page to it, which would leave
       the map framed for a window it no longer fills. The map's top goes to the window's
       top first, and the map is framed for that. */
    function toMapTop() {
      if (hashHex(svg)) svg.scrollIntoView({ block: "start" });
    }
    toMapTop();
    var atHex = hexFramed(svg);
    if (atHex) {
      setBox(svg, atHex);
      window.addEventListener("load", toMapTop, { once: true });
    }
    /* a link to another hex of the map, from this page */
    svg.hexcrawlGoHex = function () {
      toMapTop();
      var box = hexFramed(svg);
      if (box) setBox(svg, box);
    };
    /* zooming out stops at twice the larger of the whole map and the framed box */
    var widest = Math.max(whole[2], home[2]);
    levelOfDetail(svg);
    goLive(svg);
    window.addEventListener("resize", function onResize() {
      if (!svg.isConnected) { window.removeEventListener("resize", onResize); return; }
      levelOfDetail(svg);
      legible(svg);
    });
    legible(svg);
    var pointers = {};
    var start = null;
    var moved = false;

    /* A gesture not yet committed: the box it started from, the element's rectangle then,
       and the change so far: moved by (dx, dy) CSS pixels, the box's size times k about the
       client point (cx, cy). */
    var gesture = null;

    function begin() {
      if (!gesture) {
        gesture = { box: parseBox(svg), rect: svg.getBoundingClientRect(), dx: 0, dy: 0,
                    k: 1, cx: 0, cy: 0, timer: null };
      }
      return gesture;
    }

    /* The box the gesture leads to: zoomed by k about (cx, cy), then moved by (dx, dy). */
    function target(g) {
      var box = g.box;
      var p = toSvg(g.rect, box, g.cx, g.cy);
      var zoomed = [p[0] - (p[0] - box[0]) * g.k, p[1] - (p[1] - box[1]) * g.k,
                    box[2] * g.k, box[3] * g.k];
      var scale = p[2] * g.k;
      return [zoomed[0] - g.dx * scale, zoomed[1] - g.dy * scale, zoomed[2], zoomed[3]];
    }

    /* Show the gesture as a transform of the element (what the target box will show). */
    function show(g) {
      var ox = g.cx - g.rect.left, oy = g.cy - g.rect.top;
      svg.style.willChange = "transform";
      svg.style.transformOrigin = ox + "px " + oy + "px";
      svg.style.transform = "translate(" + g.dx + "px," + g.dy + "px) scale(" + (1 / g.k) + ")";
    }

    function commit() {
      var g = gesture;
      if (!g) return;
      gesture = null;
      clearTimeout(g.timer);
      svg.style.transform = "";
      svg.style.transformOrigin = "";
      svg.style.willChange = "";
      if (g.k !== 1 || g.dx || g.dy) setBox(svg, target(g));
    }

    function zoomFactor(box, factor) {
      var w = Math.min(Math.max(box[2] * factor, home[2] / 20), widest * 2);
      return w / box[2];
    }

    /* Zoom about a client point; a burst of wheel turns zooms about the point it began at. */
    function zoomAt(clientX, clientY, factor) {
      var g = begin();
      if (g.dx || g.dy) {  /* after a move: start from where it ended */
        commit();
        g = begin();
      }
      if (g.k === 1) {
        g.cx = clientX;
        g.cy = clientY;
      }
      g.k = zoomFactor(g.box, g.k * factor);
      show(g);
    }

    svg.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      zoomAt(ev.clientX, ev.clientY, ev.deltaY > 0 ? 1.15 : 1 / 1.15);
      clearTimeout(gesture.timer);
      gesture.timer = setTimeout(commit, WHEEL_REST);
    }, { passive: false });

    /* Two fingers zoom (their distance) and pan (their midpoint) at once; one finger, or
       a mouse, pans. When a finger comes or goes, the gesture so far is committed and the
       next starts from where the fingers are. */
    var pinch = null;

    function fingers() {
      var ids = Object.keys(pointers);
      if (ids.length < 2) return null;
      var a = pointers[ids[0]], b = pointers[ids[1]];
      return { x: (a[0] + b[0]) / 2, y: (a[1] + b[1]) / 2,
               dist: Math.hypot(a[0] - b[0], a[1] - b[1]) };
    }

    function restart() {
      commit();
      var ids = Object.keys(pointers);
      pinch = fingers();
      start = ids.length === 1 ? { x: pointers[ids[0]][0], y: pointers[ids[0]][1] } : null;
    }

    svg.addEventListener("pointerdown", function (ev) {
      pointers[ev.pointerId] = [ev.clientX, ev.clientY];
      if (Object.keys(pointers).length === 1) moved = false;
      restart();
    });

    svg.addEventListener("pointermove", function (ev) {
      if (!(ev.pointerId in pointers)) return;
      pointers[ev.pointerId] = [ev.clientX, ev.clientY];
      var g;
      if (pinch) {
        var now = fingers();
        if (!now) return;
        g = begin();
        g.cx = pinch.x;
        g.cy = pinch.y;
        if (pinch.dist > 0 && now.dist > 0) g.k = zoomFactor(g.box, pinch.dist / now.dist);
        g.dx = now.x - pinch.x;
        g.dy = now.y - pinch.y;
        moved = true;
        show(g);
        return;
      }
      if (!start) return;
      var dx = ev.clientX - start.x, dy = ev.clientY - start.y;
      if (!moved && Math.hypot(dx, dy) < 5) return;
      /* one finger moving up or down the map the page opened on scrolls the page */
      if (!moved && ev.pointerType === "touch" && Math.abs(dy) > Math.abs(dx) &&
          !svg.closest(".hexmap-zoomed")) { start = null; return; }
      if (!moved) { svg.setPointerCapture(ev.pointerId); }
      moved = true;
      svg.classList.add("dragging");
      g = begin();
      g.dx = dx;
      g.dy = dy;
      show(g);
    });

    function end(ev) {
      if (!(ev.pointerId in pointers)) return;
      delete pointers[ev.pointerId];
      svg.classList.remove("dragging");
      restart();
    }
    svg.addEventListener("pointerup", end);
    /* the browser took the gesture over (it scrolls the page): the map stays as it was */
    svg.addEventListener("pointercancel", function (ev) {
      if (gesture) {
        clearTimeout(gesture.timer);
        gesture = null;
        svg.style.transform = "";
        svg.style.transformOrigin = "";
        svg.style.willChange = "";
      }
      end(ev);
    });

    /* A link in the map is followed a moment after a single click, so that a double-click
       (reset) over a hex or an icon does not leave the page on its first click. */
    var pending = null;
    svg.addEventListener("click", function (ev) {
      if (moved) { ev.preventDefault(); ev.stopPropagation(); moved = false; return; }
      var a = ev.target.closest ? ev.target.closest("a") : null;
      if (!a || ev.detail < 1 || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey ||
          ev.altKey) return;
      var href = a.getAttribute("href") ||
                 a.getAttributeNS("http://www.w3.org/1999/xlink", "href");
      if (!href) return;
      ev.preventDefault();
      clearTimeout(pending);
      pending = ev.detail > 1 ? null : setTimeout(function () {
        pending = null;
        window.location.assign(new URL(href, document.baseURI).href);
      }, 300);
    }, true);

    svg.addEventListener("dblclick", function (ev) {
      ev.preventDefault();
      commit();
      setBox(svg, home);
    });
  }

  /* A link to an anchor inside a closed <details> block (the GM session page's watches)
     opens the block, in browsers that do not do so themselves. */
  function openTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id && document.getElementById(id);
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS") el.open = true;
    }
  }

  /* A table wider than the content column scrolls sideways inside Material's wrapper
     (.md-typeset__scrollwrap, or without Material's script inside the table itself). A
     keyboard scrolls a box only once it has the focus, so each box that does scroll joins
     the Tab order, as a region named by the heading above it (else by its header row);
     one that no longer scrolls (a wider window) leaves it again. */
  var SCROLL_BOXES = ".md-typeset .md-typeset__scrollwrap, " +
                     ".md-typeset :not(.md-typeset__table) > table:not([class])";

  function headingBefore(box) {
    for (var el = box; el && !el.matches(".md-content__inner"); el = el.parentElement) {
      for (var sib = el.previousElementSibling; sib; sib = sib.previousElementSibling) {
        if (/^H[1-6]$/.test(sib.tagName)) return sib;
      }
    }
    return null;
  }

  function markScrollBox(box) {
    box.setAttribute("data-hexcrawl-scroll", "");
    box.setAttribute("tabindex", "0");
    if (box.tagName !== "TABLE") box.setAttribute("role", "region");
    var heading = headingBefore(box);
    var table = box.tagName === "TABLE" ? box : box.querySelector("table");
    if (heading && heading.id) {
      box.setAttribute("aria-labelledby", heading.id);
    } else {
      var row = table && table.rows.length ? table.rows[0].textContent : "";
      box.setAttribute("aria-label", (heading ? heading.textContent : row)
        .replace(/\s+/g, " ").trim().slice(0, 120));
    }
  }

  function unmarkScrollBox(box) {
    ["data-hexcrawl-scroll", "tabindex", "role", "aria-labelledby", "aria-label"]
      .forEach(function (name) { box.removeAttribute(name); });
  }

  function scrollBoxes() {
    var boxes = Array.prototype.slice.call(document.querySelectorAll(SCROLL_BOXES));
    document.querySelectorAll("[data-hexcrawl-scroll]").forEach(function (box) {
      if (boxes.indexOf(box) < 0) unmarkScrollBox(box);  /* a table Material wrapped since */
    });
    boxes.forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      var marked = box.hasAttribute("data-hexcrawl-scroll");
      if (scrolls && !marked) markScrollBox(box);
      else if (!scrolls && marked) unmarkScrollBox(box);
    });
  }

  var resizing = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(scrollBoxes, 150);
  });

  function init() {
    document.querySelectorAll(".hexmap svg.hexmap-svg").forEach(attach);
    openTarget();
    scrollBoxes();
    /* Material wraps the tables from its own subscription, which may come after this one */
    setTimeout(scrollBoxes, 0);
    if (document.readyState !== "complete") {
      window.addEventListener("load", scrollBoxes, { once: true });
    }
  }

  window.addEventListener("hashchange", function () {
    openTarget();
    document.querySelectorAll(".hexmap svg.hexmap-svg").forEach(function (svg) {
      if (svg.hexcrawlGoHex) svg.hexcrawlGoHex();
    });
  });

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);  /* Material's instant navigation */
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
