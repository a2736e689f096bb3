// The SVG board: drawn from a layout (cell centres and a cell shape) sent by the
// server, so any variant geometry draws without code that knows it.

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function polygon(cx, cy, r, startDeg) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = ((startDeg + 60 * i) * Math.PI) / 180;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(4)},${(cy + r * Math.sin(a)).toFixed(4)}`);
  }
  return pts.join(" ");
}

// A crown drawn on kings: a shape, so kings differ from men by more than colour.
function crown(parent, x, y, s, cls) {
  const d = [
    [-0.55, 0.35], [-0.65, -0.35], [-0.3, 0.0], [0, -0.5], [0.3, 0.0], [0.65, -0.35], [0.55, 0.35],
  ].map(([px, py], i) => `${i ? "L" : "M"}${(x + px * s).toFixed(4)},${(y + py * s).toFixed(4)}`).join(" ") + " Z";
  el("path", { d, class: cls }, parent);
}

export class Board {
  constructor(container) {
    this.container = container;
    this.svg = el("svg", { class: "board", role: "img" });
    container.appendChild(this.svg);
    this.layout = null;
    this.flipped = false;
    this.names = true;
    this.pieces = [];
    this.marks = {};
    this.onclick = null;
    this.svg.addEventListener("click", (e) => {
      const g = e.target.closest("[data-cell]");
      if (g && this.onclick) this.onclick(Number(g.dataset.cell));
    });
  }

  setLayout(layout) {
    this.layout = layout;
    this.marks = {};
    this.render();
  }

  setPieces(pieces) {
    this.pieces = pieces || [];
    this.render();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.render();
  }

  setNames(on) {
    this.names = on;
    this.render();
  }

  /** Marks: {selectable:[cells], selected:[cells], targets:[cells], last:[cells],
   *  route:[cells], captured:[cells], arrow:[from,to], promotion:{white:[], black:[]},
   *  forward: true} */
  setMarks(marks) {
    this.marks = marks || {};
    this.render();
  }

  point(i) {
    const c = this.layout.cells[i];
    if (!this.flipped) return [c.x, c.y];
    const [x0, y0, w, h] = this.layout.view_box;
    return [2 * x0 + w - c.x, 2 * y0 + h - c.y];
  }

  render() {
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const L = this.layout;
    if (!L) return;
    const [x0, y0, w, h] = L.view_box;
    svg.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    svg.setAttribute("aria-label", `${L.name} board`);
    svg.dataset.variant = L.id;
    svg.dataset.flipped = this.flipped ? "1" : "0";
    const r = L.radius;
    const flipPt = ([x, y]) => (this.flipped ? [2 * x0 + w - x, 2 * y0 + h - y] : [x, y]);
    el("rect", { x: x0, y: y0, width: w, height: h, class: `frame ${L.shape}` }, svg);
    const links = el("g", { class: "links" }, svg);
    for (const [a, b] of L.lines || []) {
      const [x1, y1] = this.point(a);
      const [x2, y2] = this.point(b);
      el("line", { x1, y1, x2, y2 }, links);
    }
    const under = el("g", { class: "cells" }, svg);
    for (const f of L.fill) {
      const [x, y] = flipPt(f);
      el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: "light" }, under);
    }
    const marks = this.marks;
    const setOf = (k) => new Set(marks[k] || []);
    const last = setOf("last"), selected = setOf("selected"), selectable = setOf("selectable");
    const targets = setOf("targets"), captured = setOf("captured");
    const promoW = new Set((marks.promotion && marks.promotion.white) || []);
    const promoB = new Set((marks.promotion && marks.promotion.black) || []);
    const byCell = new Map(this.pieces.map((p) => [p.cell, p]));
    // On a square board a name sits in a cell's corner, beside the piece; on any other
    // shape it sits above the piece, which is made small enough to leave it room.
    const square = L.shape === "square";
    const fontSize = square ? Math.min(0.24, r * 0.42) : Math.min(0.24, r * 0.32);
    // A board of points shows each point as a dot where its lines meet, under a stone
    // that nearly fills the room between points (smaller when names need room above).
    const points = L.shape === "circle";
    const pr = square ? Math.min(0.4, r * 0.74) : points && !this.names ? r * 0.82 : r * 0.6;
    L.cells.forEach((cell, i) => {
      const [x, y] = this.point(i);
      const g = el("g", { "data-cell": i, "data-name": cell.name, class: "cell" }, svg);
      const cls = ["shape"];
      if (last.has(i)) cls.push("last");
      if (selected.has(i)) cls.push("selected");
      if (promoW.has(i)) cls.push("promo-white");
      if (promoB.has(i)) cls.push("promo-black");
      const attrs = { class: cls.join(" ") };
      if (L.shape === "square") el("rect", { ...attrs, x: x - r, y: y - r, width: 2 * r, height: 2 * r }, g);
      else if (L.shape === "hex_flat") el("polygon", { ...attrs, points: polygon(x, y, r, 0) }, g);
      else if (L.shape === "hex_pointy") el("polygon", { ...attrs, points: polygon(x, y, r, 30) }, g);
      else {
        el("circle", { ...attrs, class: `${attrs.class} spot`, cx: x, cy: y, r }, g);
        el("circle", { cx: x, cy: y, r: r * 0.16, class: "point" }, g);
      }
      el("title", {}, g).textContent = cell.name;
      const p = byCell.get(i);
      if (p) {
        const pg = el("g", { class: `piece ${p.player}${p.king ? " king" : ""}`, "data-piece": `${p.player}-${p.king ? "king" : "man"}` }, g);
        el("circle", { cx: x, cy: y, r: pr, class: "disc" }, pg);
        if (p.king) crown(pg, x, y + pr * 0.05, pr * 0.95, "crown");
        else el("circle", { cx: x, cy: y, r: pr * 0.62, class: "ring" }, pg);
      }
      if (selectable.has(i)) el("circle", { cx: x, cy: y, r: pr + 0.05, class: "must" }, g);
      if (targets.has(i)) el("circle", { cx: x, cy: y, r: pr * 0.42, class: "target" }, g);
      if (captured.has(i)) {
        const s = pr * 0.6;
        el("path", { d: `M${x - s},${y - s} L${x + s},${y + s} M${x + s},${y - s} L${x - s},${y + s}`, class: "taken" }, g);
      }
    });
    // Names go on top of every cell, at the top-left corner of a square or the top
    // of any other shape, above the piece (where neighbours cannot cover them).
    if (this.names) {
      const names = el("g", { class: "names" }, svg);
      L.cells.forEach((cell, i) => {
        const [x, y] = this.point(i);
        const at = square
          ? { x: x - r * 0.92, y: y - r * 0.6, "text-anchor": "start" }
          : { x, y: y - pr - r * 0.05, "text-anchor": "middle" };
        el("text", { ...at, class: "name", "font-size": fontSize }, names).textContent = cell.name;
      });
    }
    if (marks.route && marks.route.length > 1) {
      const pts = marks.route.map((i) => this.point(i).map((v) => v.toFixed(4)).join(",")).join(" ");
      el("polyline", { points: pts, class: "route" }, svg);
    }
    if (marks.arrow) this.arrow(svg, marks.arrow[0], marks.arrow[1], r);
    if (marks.forward) this.forwardArrows(svg, r);
  }

  arrow(svg, from, to, r) {
    const [ax, ay] = this.point(from), [bx, by] = this.point(to);
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / len, uy = (by - ay) / len;
    const head = r * 0.55;
    const ex = bx - ux * head * 0.6, ey = by - uy * head * 0.6;
    el("line", { x1: ax, y1: ay, x2: ex, y2: ey, class: "arrow" }, svg);
    const px = -uy, py = ux;
    const tip = `${bx},${by} ${ex - ux * head * 0.5 + px * head * 0.5},${ey - uy * head * 0.5 + py * head * 0.5} ${ex - ux * head * 0.5 - px * head * 0.5},${ey - uy * head * 0.5 - py * head * 0.5}`;
    el("polygon", { points: tip, class: "arrowhead" }, svg);
  }

  // Each side's forward directions, drawn from the middle of its start men.
  forwardArrows(svg, r) {
    for (const side of ["white", "black"]) {
      const marks = this.layout[side];
      const men = this.pieces.filter((p) => p.player === side).map((p) => this.point(p.cell));
      if (!men.length) continue;
      const cx = men.reduce((s, [x]) => s + x, 0) / men.length;
      const cy = men.reduce((s, [, y]) => s + y, 0) / men.length;
      const sign = this.flipped ? -1 : 1;
      marks.forward.forEach(([dx, dy], k) => {
        const ex = cx + sign * dx * 1.6, ey = cy + sign * dy * 1.6;
        el("line", { x1: cx, y1: cy, x2: ex, y2: ey, class: `forward ${side}` }, svg);
        el("circle", { cx: ex, cy: ey, r: r * 0.16, class: `forward-tip ${side}` }, svg);
        // The name beyond the tip, on a halo that keeps it readable over cell names.
        const t = el("text", { x: ex + sign * dx * 0.45, y: ey + sign * dy * 0.45, class: "forward-name", "font-size": r * 0.4 }, svg);
        t.textContent = marks.forward_names[k];
      });
    }
  }
}
