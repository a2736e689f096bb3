// Playing a game: the board, the move list, the game buttons. The server holds the
// game and its rules; this file only shows it and sends what the person does.

import { api, apiText } from "./api.js";
import { Board } from "./board.js";
import { Analysis } from "./analysis.js";

const $ = (id) => document.getElementById(id);

const PLAYERS = [
  ["human", "Human"],
  ["random", "Random mover"],
  ["engine:level=easy", "Engine: easy (level 2)"],
  ["engine:level=medium", "Engine: medium (level 4)"],
  ["engine:level=hard", "Engine: hard (level 6)"],
  ["engine:level=max", "Engine: max (level 8)"],
  ["engine:movetime=1000", "Engine: 1 s a move"],
  ["engine:movetime=5000", "Engine: 5 s a move"],
  ["engine:movetime=15000", "Engine: 15 s a move"],
];
const CUSTOM = "(pasted or uploaded file)";
const COMPUTER_PAUSE_MS = 250;

export class Play {
  constructor(variants) {
    this.board = new Board($("board"));
    this.board.onclick = (cell) => this.click(cell);
    this.game = null;
    this.viewPly = null; // null: the current position; otherwise a ply to look at
    this.viewPos = null;
    this.selected = null;
    this.busy = false;
    this.analysis = new Analysis(this);
    for (const v of variants) $("variant").add(new Option(`${v.title} (${v.name})`, v.name));
    $("variant").add(new Option(CUSTOM, ""));
    for (const sel of [$("white"), $("black")]) for (const [v, t] of PLAYERS) sel.add(new Option(t, v));
    $("white").value = "human";
    $("black").value = "engine:movetime=1000";
    this.wire();
  }

  wire() {
    $("variant").addEventListener("change", () => { $("custom-row").hidden = $("variant").value !== ""; });
    $("custom-file").addEventListener("change", async (e) => {
      const f = e.target.files[0];
      if (f) $("custom-text").value = await f.text();
    });
    $("new-game").addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
    $("move-form").addEventListener("submit", (e) => { e.preventDefault(); this.typed(); });
    $("flip").addEventListener("click", () => this.board.setFlipped(!this.board.flipped));
    $("names").addEventListener("click", () => this.board.setNames(!this.board.names));
    $("undo").addEventListener("click", () => this.action("undo"));
    $("draw").addEventListener("click", () => this.action("draw"));
    $("resign").addEventListener("click", () => this.action("resign"));
    $("stop").addEventListener("click", () => this.game && api(`/api/games/${this.game.id}/stop`, {}));
    $("save").addEventListener("click", () => this.save());
    $("load").addEventListener("change", async (e) => {
      const f = e.target.files[0];
      if (f) await this.load(await f.text());
      e.target.value = "";
    });
    $("load-text").addEventListener("click", () => this.load($("record-text").value));
    $("draw-accept").addEventListener("click", () => this.action("draw/answer", { accept: true }));
    $("draw-decline").addEventListener("click", () => this.action("draw/answer", { accept: false }));
    $("copy-position").addEventListener("click", () => this.copyPosition());
    $("nav-first").addEventListener("click", () => this.view(0));
    $("nav-back").addEventListener("click", () => this.view(this.shownPly() - 1));
    $("nav-forward").addEventListener("click", () => this.view(this.shownPly() + 1));
    $("nav-last").addEventListener("click", () => this.view(null));
    document.addEventListener("keydown", (e) => {
      if (e.target.matches("input, textarea, select") || $("play").hidden) return;
      const keys = {
        ArrowLeft: () => this.view(this.shownPly() - 1), ArrowRight: () => this.view(this.shownPly() + 1),
        Home: () => this.view(0), End: () => this.view(null),
        f: () => $("flip").click(), n: () => $("names").click(), u: () => $("undo").click(),
        Escape: () => this.deselect(),
      };
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
  }

  async start() {
    await this.newGame();
  }

  /** Starts a game on a variant file's text (the lab's "play this variant"). */
  async playCustom(text) {
    $("variant").value = "";
    $("custom-row").hidden = false;
    $("custom-text").value = text;
    await this.newGame();
  }

  request() {
    const body = { white: $("white").value, black: $("black").value };
    if ($("variant").value) body.variant = $("variant").value;
    else body.variant_text = $("custom-text").value;
    const pos = $("start-position").value.trim();
    if (pos) body.position = pos;
    return body;
  }

  async newGame() {
    await this.replace(() => api("/api/games", this.request()));
  }

  async load(record) {
    if (!record.trim()) return this.notice("The record is empty.");
    const body = { record };
    if ($("variant").value === "" && $("custom-text").value.trim()) body.variant_text = $("custom-text").value;
    await this.replace(() => api("/api/games/load", body));
  }

  /** Swaps in a new game from `make`, dropping the old one on the server. */
  async replace(make) {
    try {
      const old = this.game;
      this.analysis.stop();
      const game = await make();
      if (old) api(`/api/games/${old.id}`, undefined, "DELETE").catch(() => {});
      this.game = game;
      this.board.setLayout(game.layout);
      this.board.setFlipped(game.black.human && !game.white.human);
      this.viewPly = null;
      this.notice(game.message || "");
      this.show();
      await this.advance();
    } catch (e) {
      this.notice(e.message);
    }
  }

  notice(text) {
    $("notice").textContent = text;
  }

  shownPly() {
    return this.viewPly === null ? this.game.moves.length : this.viewPly;
  }

  /** Lets computer players move until a person is to move or the game ends. */
  async advance() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.game && this.game.to_move === "computer") {
        const id = this.game.id;
        this.thinking(true);
        const both = !this.game.white.human && !this.game.black.human;
        if (both) await new Promise((r) => setTimeout(r, COMPUTER_PAUSE_MS));
        const game = await api(`/api/games/${id}/computer`, {});
        if (!this.game || this.game.id !== id) return;
        this.game = game;
        this.show();
      }
    } catch (e) {
      this.notice(e.message);
    } finally {
      this.busy = false;
      this.thinking(false);
    }
  }

  thinking(on) {
    $("stop").hidden = !on;
    $("status").dataset.busy = on ? "1" : "0";
    if (on) $("status").textContent = `${this.game.current.side === "white" ? "White" : "Black"} (${this.game[this.game.current.side].label}) is thinking…`;
  }

  async click(cell) {
    const g = this.game;
    if (!g || this.busy) return;
    if (this.viewPly !== null) return this.view(null);
    if (g.to_move !== "human") return;
    const legal = g.current.legal;
    if (this.selected !== null) {
      const moves = legal.filter((m) => m.from === this.selected && m.to === cell);
      if (moves.length === 1) return this.play(moves[0].text);
      if (moves.length > 1) return this.chooseRoute(moves);
    }
    if (legal.some((m) => m.from === cell)) {
      this.selected = cell;
      this.show();
    } else if (this.selected !== null) {
      this.deselect();
    } else if (g.current.compulsory) {
      this.notice(this.compulsoryText());
    }
  }

  deselect() {
    this.selected = null;
    $("choose-route").hidden = true;
    if (this.game) this.show();
  }

  chooseRoute(moves) {
    const box = $("choose-route");
    box.innerHTML = "<div>Two routes join these cells; pick one:</div>";
    for (const m of moves) {
      const b = document.createElement("button");
      b.textContent = `${m.route_text} (takes ${m.captured.length})`;
      b.addEventListener("mouseenter", () => this.board.setMarks({ ...this.marks(), route: m.routes[0], captured: m.captured }));
      b.addEventListener("click", () => { box.hidden = true; this.play(m.text); });
      box.appendChild(b);
    }
    box.hidden = false;
  }

  async play(text) {
    const id = this.game.id;
    this.selected = null;
    $("choose-route").hidden = true;
    $("status").dataset.busy = "1";
    try {
      this.game = await api(`/api/games/${id}/move`, { move: text });
      this.notice("");
      this.show();
      await this.advance();
    } catch (e) {
      this.notice(e.message);
      this.show();
    } finally {
      $("status").dataset.busy = "0";
    }
  }

  async typed() {
    const text = $("move-input").value.trim();
    if (!text || !this.game) return;
    if (this.game.to_move !== "human") return this.notice("It is not a person's turn.");
    $("move-input").value = "";
    await this.play(text);
  }

  async action(name, body) {
    if (!this.game || this.busy) return;
    try {
      this.game = await api(`/api/games/${this.game.id}/${name}`, body || {});
      this.viewPly = null;
      this.selected = null;
      this.notice(this.game.message || "");
      this.show();
      await this.advance();
    } catch (e) {
      this.notice(e.message);
    }
  }

  async save() {
    if (!this.game) return;
    try {
      const text = await apiText(`/api/games/${this.game.id}/record`);
      $("record-text").value = text;
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
      a.download = `${this.game.layout.id}-game.pdn`;
      a.click();
      URL.revokeObjectURL(a.href);
      this.notice("Saved the game record (also shown below).");
    } catch (e) {
      this.notice(e.message);
    }
  }

  async copyPosition() {
    const pos = this.viewPos ? this.viewPos.position : this.game.current.position;
    $("start-position").value = pos;
    try {
      await navigator.clipboard.writeText(pos);
      this.notice(`Copied ${pos}`);
    } catch {
      this.notice(`Position: ${pos} (put in the New game form)`);
    }
  }

  async view(ply) {
    const g = this.game;
    if (!g) return;
    if (ply !== null && (ply < 0 || ply >= g.moves.length)) ply = ply < 0 ? 0 : null;
    this.viewPly = ply;
    this.selected = null;
    this.viewPos = ply === null ? null : await api(`/api/games/${g.id}/position?ply=${ply}`);
    this.show();
  }

  compulsoryText() {
    const c = this.game.current.compulsory;
    const n = c.count === 1 ? "1 piece" : `${c.count} pieces`;
    return `Capture is compulsory: take ${n} (the pieces ringed in red must capture).`;
  }

  marks() {
    const g = this.game;
    const ply = this.shownPly();
    const m = {};
    const lastMove = ply > 0 ? g.moves[ply - 1] : null;
    if (lastMove) {
      m.last = [lastMove.from, lastMove.to];
      if (lastMove.captured.length) { m.route = lastMove.route; m.captured = lastMove.captured; }
    }
    if (this.viewPly === null && g.to_move === "human") {
      if (g.current.compulsory) m.selectable = g.current.compulsory.pieces;
      if (this.selected !== null) {
        const from = g.current.legal.filter((mv) => mv.from === this.selected);
        m.selected = [this.selected];
        m.targets = from.map((mv) => mv.to);
        if (from.length === 1 && from[0].captured.length) { m.route = from[0].routes[0]; m.captured = from[0].captured; }
      }
    }
    if (this.analysis.arrow && this.analysis.ply === ply) m.arrow = this.analysis.arrow;
    return m;
  }

  show() {
    const g = this.game;
    const pos = this.viewPly === null ? g.current : this.viewPos;
    this.board.pieces = pos.pieces;
    this.board.setMarks(this.marks());
    $("players").textContent = `${g.layout.name}: White ${g.white.label}, Black ${g.black.label}`;
    $("outcome").textContent = g.outcome ? `${g.outcome.result} ${g.outcome.text}` : "";
    const side = pos.side === "white" ? "White" : "Black";
    let status = g.outcome && this.viewPly === null ? "Game over" : `${side} to move`;
    if (this.viewPly !== null) status += ` (looking at ply ${this.viewPly}; click the board or press End to return)`;
    $("status").textContent = status;
    $("status").dataset.turn = g.outcome ? "over" : g.to_move;
    if (this.viewPly === null && g.to_move === "human" && g.current.compulsory && !$("notice").textContent) this.notice(this.compulsoryText());
    const list = $("moves");
    list.innerHTML = "";
    let li = null;
    g.moves.forEach((mv, i) => {
      if (mv.side === "white" || !li) {
        li = document.createElement("li");
        li.value = mv.number;
        if (mv.side === "black") li.appendChild(document.createTextNode("… "));
        list.appendChild(li);
      }
      const s = document.createElement("span");
      s.textContent = mv.text;
      s.dataset.ply = String(i + 1);
      if (i + 1 === this.shownPly()) s.classList.add("current");
      s.addEventListener("click", () => this.view(i + 1 === g.moves.length ? null : i + 1));
      li.appendChild(s);
    });
    const cur = list.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    $("draw-answer").hidden = !g.draw_offer;
    if (g.draw_offer) $("draw-question").textContent = `${g.draw_offer === "white" ? "White" : "Black"} offers a draw. ${g.draw_offer === "white" ? "Black" : "White"}, do you accept?`;
    const over = !!g.outcome;
    $("draw").disabled = over || !g.can_offer_draw;
    $("resign").disabled = over || !g.can_resign;
    $("undo").disabled = !g.can_undo;
  }
}
