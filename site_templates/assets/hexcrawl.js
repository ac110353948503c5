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
  }

  /* A large overview's layers of links and of hex labels come beside it, each in a
     <noscript> (render/maps.py, "deferred"): kept as text while the page loads, they cost
     it nothing. The links join the map once the page has loaded (at once at the first
     pointer or key over the map), the labels once zoomed in far enough to read them. */
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
    if (layer) place.replaceWith(layer);
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

  /* The box that frames a map's "data-focus" (the players' explored hexes, render/maps)
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
    var whole = parseBox(svg);
    var first = framed(svg);
    if (first) {
      svg.setAttribute("data-whole", svg.getAttribute("viewBox"));  /* the file's own box */
      setBox(svg, first);
    }
    var home = parseBox(svg);
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
    });
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

    svg.addEventListener("pointerdown", function (ev) {
      commit();
      pointers[ev.pointerId] = [ev.clientX, ev.clientY];
      start = { x: ev.clientX, y: ev.clientY, dist: pinchDistance() };
      moved = false;
    });

    function pinchDistance() {
      var ids = Object.keys(pointers);
      if (ids.length < 2) return 0;
      var a = pointers[ids[0]], b = pointers[ids[1]];
      return Math.hypot(a[0] - b[0], a[1] - b[1]);
    }

    svg.addEventListener("pointermove", function (ev) {
      if (!start || !(ev.pointerId in pointers)) return;
      pointers[ev.pointerId] = [ev.clientX, ev.clientY];
      var ids = Object.keys(pointers);
      if (ids.length >= 2) {
        var d = pinchDistance();
        if (start.dist > 0 && d > 0) {
          var a = pointers[ids[0]], b = pointers[ids[1]];
          zoomAt((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, start.dist / d);
          start.dist = d;
          moved = true;
        }
        return;
      }
      var dx = ev.clientX - start.x, dy = ev.clientY - start.y;
      if (!moved && Math.hypot(dx, dy) < 5) return;
      if (!moved) { svg.setPointerCapture(ev.pointerId); }
      moved = true;
      svg.classList.add("dragging");
      var g = begin();
      g.dx = dx;
      g.dy = dy;
      show(g);
    });

    function end(ev) {
      delete pointers[ev.pointerId];
      svg.classList.remove("dragging");
      if (Object.keys(pointers).length === 0) {
        start = null;
        commit();
      }
    }
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);

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
