/* hexcrawl: pan and zoom for the maps (wheel / pinch to zoom, drag to pan, double-click to
   reset). Links in the map still work: a click that did not drag follows the link. */
(function () {
  "use strict";

  function parseBox(svg) {
    return svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
  }

  function setBox(svg, box) {
    svg.setAttribute("viewBox", box.map(function (v) { return Math.round(v * 10) / 10; }).join(" "));
  }

  function toSvg(svg, box, clientX, clientY) {
    var rect = svg.getBoundingClientRect();
    var scale = Math.max(box[2] / rect.width, box[3] / rect.height);
    var offX = (rect.width * scale - box[2]) / 2;
    var offY = (rect.height * scale - box[3]) / 2;
    return [box[0] - offX + (clientX - rect.left) * scale,
            box[1] - offY + (clientY - rect.top) * scale, scale];
  }

  function attach(svg) {
    if (svg.dataset.hexcrawlPanzoom) return;
    svg.dataset.hexcrawlPanzoom = "1";
    var home = parseBox(svg);
    var pointers = {};
    var start = null;
    var moved = false;

    function zoomAt(clientX, clientY, factor) {
      var box = parseBox(svg);
      var p = toSvg(svg, box, clientX, clientY);
      var w = Math.min(Math.max(box[2] * factor, home[2] / 20), home[2] * 2);
      var k = w / box[2];
      setBox(svg, [p[0] - (p[0] - box[0]) * k, p[1] - (p[1] - box[1]) * k, box[2] * k, box[3] * k]);
    }

    svg.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      zoomAt(ev.clientX, ev.clientY, ev.deltaY > 0 ? 1.15 : 1 / 1.15);
    }, { passive: false });

    svg.addEventListener("pointerdown", function (ev) {
      pointers[ev.pointerId] = [ev.clientX, ev.clientY];
      start = { x: ev.clientX, y: ev.clientY, box: parseBox(svg),
                dist: pinchDistance() };
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
      var scale = toSvg(svg, start.box, 0, 0)[2];
      setBox(svg, [start.box[0] - dx * scale, start.box[1] - dy * scale,
                   start.box[2], start.box[3]]);
    });

    function end(ev) {
      delete pointers[ev.pointerId];
      svg.classList.remove("dragging");
      if (Object.keys(pointers).length === 0) start = null;
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
      setBox(svg, home);
    });
  }

  function init() {
    document.querySelectorAll(".hexmap svg.hexmap-svg").forEach(attach);
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);  /* Material's instant navigation */
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
