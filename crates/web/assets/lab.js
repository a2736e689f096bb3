// The variant lab: a variant file beside its board, validated as it is typed by the
// same loader as `bushka check`.

import { api } from "./api.js";
import { Board } from "./board.js";

const $ = (id) => document.getElementById(id);
const CHECK_DELAY_MS = 250;

export class Lab {
  constructor(variants, playText) {
    this.board = new Board($("lab-board"));
    this.playText = playText;
    this.timer = null;
    this.seq = 0;
    this.opened = false;
    for (const v of variants) $("template").add(new Option(`${v.title} (${v.name})`, v.name));
    $("template").addEventListener("change", () => this.template($("template").value));
    $("lab-text").addEventListener("input", () => {
      this.gutter(null);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.check(), CHECK_DELAY_MS);
    });
    $("lab-perft").addEventListener("click", () => this.perft());
    $("lab-playtest").addEventListener("click", () => this.playtest());
    $("lab-play").addEventListener("click", () => this.playText($("lab-text").value));
    $("lab-download").addEventListener("click", () => this.download());
  }

  async open() {
    if (this.opened) return;
    this.opened = true;
    await this.template($("template").value);
  }

  async template(name) {
    const v = await api(`/api/variants/${encodeURIComponent(name)}`);
    $("lab-text").value = v.text;
    await this.check();
  }

  gutter(bad) {
    const text = $("lab-text");
    const lines = text.value.split("\n").length;
    const out = [];
    for (let i = 1; i <= lines; i++) out.push(i === bad ? `<span class="bad">${i}</span>` : String(i));
    $("gutter").innerHTML = out.join("\n");
    text.style.height = "auto";
    text.style.height = `${text.scrollHeight}px`;
  }

  async check() {
    const seq = ++this.seq;
    const text = $("lab-text").value;
    try {
      const ok = await api("/api/lab/check", { text });
      if (seq !== this.seq) return;
      $("lab-error").textContent = "";
      $("lab-summary").textContent = ok.summary;
      this.gutter(null);
      this.board.setLayout(ok.layout);
      this.board.pieces = ok.position.pieces;
      this.board.setMarks({ promotion: { white: ok.layout.white.promotion, black: ok.layout.black.promotion }, forward: true });
      $("lab-board").dataset.state = "valid";
    } catch (e) {
      if (seq !== this.seq) return;
      const b = e.body || {};
      const where = b.line ? `line ${b.line}, column ${b.column}: ` : "";
      $("lab-error").textContent = where + (b.message || e.message);
      $("lab-summary").textContent = "";
      $("lab-board").dataset.state = "invalid";
      this.gutter(b.line || null);
      if (b.line) this.select(b.line);
    }
  }

  // Puts the caret on the line at fault without stealing focus from the typist.
  select(line) {
    const text = $("lab-text");
    if (document.activeElement === text) return;
    const lines = text.value.split("\n");
    const start = lines.slice(0, line - 1).reduce((s, l) => s + l.length + 1, 0);
    text.setSelectionRange(start, start + (lines[line - 1] || "").length);
  }

  async perft() {
    $("lab-output").textContent = "Counting…";
    try {
      const rows = await api("/api/lab/perft", { text: $("lab-text").value, depth: 3 });
      $("lab-output").textContent = "perft from the start position\n" + rows.map((r) => `depth ${r.depth}: ${r.nodes} leaves`).join("\n");
    } catch (e) {
      $("lab-output").textContent = e.message;
    }
  }

  async playtest() {
    $("lab-output").textContent = "Playing test games…";
    try {
      const r = await api("/api/lab/playtest", { text: $("lab-text").value, games: 6 });
      const pct = (x) => `${(100 * x).toFixed(0)}%`;
      const row = (name, f) => `${name.padEnd(26)}${String(f(r.random)).padStart(10)}${String(f(r.engine)).padStart(12)}`;
      $("lab-output").textContent = [
        `${"".padEnd(26)}${"random".padStart(10)}${"engine d2".padStart(12)}`,
        row("games", (x) => x.games),
        row("branching at the start", (x) => x.branching_start),
        row("branching, mean", (x) => x.branching_mean.toFixed(1)),
        row("plies, mean", (x) => x.mean_plies.toFixed(1)),
        row("White / draws / Black", (x) => `${x.white_wins}/${x.draws}/${x.black_wins}`),
        row("White's score", (x) => pct(x.white_score)),
        row("captures per game", (x) => x.captures_per_game.toFixed(1)),
        row("linear captures", (x) => pct(x.linear_capture_share)),
        row("largest capture", (x) => x.largest_capture),
        row("games with a promotion", (x) => x.games_with_promotion),
        row("ply-limit adjudications", (x) => x.ply_limit_adjudications),
      ].join("\n");
    } catch (e) {
      $("lab-output").textContent = e.message;
    }
  }

  download() {
    const text = $("lab-text").value;
    const id = (text.match(/^\s*id\s*=\s*"([^"]+)"/m) || [null, "variant"])[1];
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
    a.download = `${id}.toml`;
    a.click();
    URL.revokeObjectURL(a.href);
  }
}
