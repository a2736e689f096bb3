// Playing a game: the board, the move list, the game buttons. The server holds the
// game and its rules; this file only shows it and sends what the person does.

import { api, apiText } from "./api.js";
import { Board } from "./board.js";
import { Analysis } from "./analysis.js";
import { Clocks, LiveGame } from "./live.js";

const $ = (id) => document.getElementById(id);

/** The players the menus offer: the built-in ones, then the server's programs. */
const PLAYERS = [
  ["human", "Human"],
  ["random", "Random mover"],
  ["engine:level=1", "Engine level 1"],
  ["engine:level=2", "Engine level 2 (easy)"],
  ["engine:level=3", "Engine level 3"],
  ["engine:level=4", "Engine level 4 (medium)"],
  ["engine:level=5", "Engine level 5"],
  ["engine:level=6", "Engine level 6 (hard, default)"],
  ["engine:level=7", "Engine level 7"],
  ["engine:level=8", "Engine level 8 (max)"],
  ["engine:movetime=1000", "Engine, 1 s a move"],
  ["engine:movetime=5000", "Engine, 5 s a move"],
  ["engine:movetime=15000", "Engine, 15 s a move"],
];
/** The opponent a new page offers: the engine's default level, as `bushka play`. */
const DEFAULT_OPPONENT = "engine:level=6";
const CUSTOM = "(pasted or uploaded file)";

/** How a player is named on the page: a person's name from a loaded record as it is,
 * a spec by the menu's name for it (`random:seed=0` is the menu's random mover: a
 * seed of 0 means a fresh one each game), any other spec as it is. */
function playerName(player) {
  if (player.label !== player.spec) return player.label;
  const spec = player.spec.replace(/:seed=0$/, "");
  const known = PLAYERS.find(([value]) => value === spec);
  return known ? known[1] : player.spec;
}
const COMPUTER_PAUSE_MS = 250;
const SIDES = { white: "White", black: "Black" };
const OTHER = { white: "black", black: "white" };

export class Play {
  constructor(variants, programs) {
    // The programs the server names (`bushka serve --program NAME=SPEC`), by name.
    for (const name of programs) PLAYERS.push([`program:${name}`, `Program ${name}`]);
    this.board = new Board($("board"));
    this.board.onclick = (cell) => this.click(cell);
    this.game = null;
    this.viewPly = null; // null: the current position; otherwise a ply to look at
    this.viewPos = null;
    this.selected = null;
    this.pending = 0; // requests under way that change the game (a move, undo, new game...)
    this.advancing = null; // the id of the game whose computer player is being asked to move
    this.analysis = new Analysis(this);
    this.live = new LiveGame((game) => this.accept(game));
    this.clocks = new Clocks();
    this.links = null; // the links to a game between two people, for its creator
    for (const v of variants) $("variant").add(new Option(`${v.title} (${v.name})`, v.name));
    $("variant").add(new Option(CUSTOM, ""));
    for (const sel of [$("white"), $("black")]) for (const [v, t] of PLAYERS) sel.add(new Option(t, v));
    $("white").value = "human";
    $("black").value = DEFAULT_OPPONENT;
    this.wire();
  }

  wire() {
    $("variant").addEventListener("change", () => { $("custom-row").hidden = $("variant").value !== ""; });
    $("two-devices").addEventListener("change", () => {
      const two = $("two-devices").checked;
      $("two-devices-row").hidden = !two;
      for (const sel of [$("white"), $("black")]) {
        if (two) sel.value = "human";
        sel.disabled = two;
      }
    });
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
    $("undo-accept").addEventListener("click", () => this.action("undo/answer", { accept: true }));
    $("undo-decline").addEventListener("click", () => this.action("undo/answer", { accept: false }));
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

  /** Opens the game a link's key opens (`#game=KEY`). */
  async open(key) {
    await this.replace(() => api(`/api/games/${key}`));
  }

  request() {
    const body = { white: $("white").value, black: $("black").value };
    if ($("two-devices").checked) {
      body.seat = $("my-seat").value;
      const [initial, increment] = $("clock").value.split("+").map(Number);
      if (initial) body.clock = { initial_ms: initial, increment_ms: increment };
    }
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

  /** Swaps in a game from `make` (a new one, or one a link opens), and follows its
   * live updates. An old game left with no move is dropped on the server (a played
   * or finished one stays: its links still open it, the archive lists it). A new
   * game may be asked for at any time, even while a computer thinks in the old one. */
  async replace(make) {
    this.analysis.stop();
    await this.waitFor(async () => {
      const game = await make();
      const old = this.game;
      if (old && old.id !== game.id && old.access === "table" && !old.moves.length) {
        api(`/api/games/${old.id}`, undefined, "DELETE").catch(() => {});
      }
      this.game = game;
      this.selected = null;
      this.board.setLayout(game.layout);
      this.board.setFlipped(game.access === "black" || (game.access === "table" && game.black.human && !game.white.human));
      this.viewPly = null;
      this.viewPos = null;
      this.keepLinks(game);
      this.clocks.set(game.clock);
      history.replaceState(null, "", `#game=${game.id}`);
      this.live.follow(game.id);
      this.notice(game.message || "");
      this.show();
    });
  }

  /** A game the server sent (an answer, or a live update): shown unless it is older
   * than the one shown (updates and answers may cross). */
  accept(game) {
    const g = this.game;
    if (!g || game.id !== g.id || game.version < g.version) return;
    this.game = { ...game, layout: game.layout || g.layout };
    this.clocks.set(game.clock);
    if (this.viewPly !== null && this.viewPly > game.moves.length) this.viewPly = null;
    if (g.moves.length !== game.moves.length) this.selected = null;
    this.show();
    this.advance();
  }

  /** The links to a game between two people: given once, to its creator, and kept in
   * this browser so that a reload still shows them. */
  keepLinks(game) {
    const name = `bushka-links-${game.watch}`;
    try {
      if (game.links) localStorage.setItem(name, JSON.stringify(game.links));
      this.links = game.links || JSON.parse(localStorage.getItem(name) || "null");
    } catch {
      this.links = game.links || null;
    }
  }

  /** Whether the person at this page may move now. */
  myTurn() {
    const g = this.game;
    return !!g && g.to_move === "human" && (g.access === "table" || g.access === g.current.side);
  }

  /** Whether the page waits for the server: a request that changes the game is under
   * way, or a computer player is to move. Clicks on the board and the game buttons
   * wait meanwhile. */
  waiting() {
    return this.pending > 0 || this.advancing !== null;
  }

  /** Runs `request` (which changes the game) with the page marked as waiting, shows
   * its error if it fails, then lets a computer player move if it is its turn. */
  async waitFor(request) {
    this.pending++;
    this.showStatus();
    try {
      await request();
    } catch (e) {
      this.notice(e.message);
      if (this.game) this.show();
    } finally {
      this.pending--;
      // Started before the count drops, so the page never looks idle in between.
      this.advance();
      this.showStatus();
    }
  }

  notice(text) {
    $("notice").textContent = text;
  }

  shownPly() {
    return this.viewPly === null ? this.game.moves.length : this.viewPly;
  }

  /** Lets computer players move until a person is to move or the game ends (or the
   * game is replaced: the loop of a replaced game stops and the new game's starts). */
  async advance() {
    const id = this.game?.id;
    if (!id || this.advancing === id || this.game.to_move !== "computer" || this.game.access !== "table") return;
    this.advancing = id;
    const current = () => this.game && this.game.id === id;
    try {
      while (current() && this.game.to_move === "computer") {
        this.showStatus();
        const both = !this.game.white.human && !this.game.black.human;
        if (both) await new Promise((r) => setTimeout(r, COMPUTER_PAUSE_MS));
        const game = await api(`/api/games/${id}/computer`, {});
        if (!current()) return;
        this.accept(game);
      }
    } catch (e) {
      if (current()) this.notice(e.message);
    } finally {
      if (this.advancing === id) this.advancing = null;
      if (this.game) this.showStatus();
    }
  }

  /** The line above the board, and the page's waiting marks: `data-busy` while the
   * page waits for the server, `data-turn` (`human`, `computer`, `over`), `data-game`
   * (the game's id) and `data-ply` (the ply shown) for scripts and tests. */
  showStatus() {
    const status = $("status");
    const g = this.game;
    const thinking = !!g && this.advancing === g.id && g.to_move === "computer";
    $("stop").hidden = !thinking;
    status.dataset.busy = this.waiting() ? "1" : "0";
    if (!g) return;
    status.dataset.game = g.id;
    // `human`: this page's person is to move; `other`: the other person (or, for a
    // watcher, anyone) is.
    status.dataset.turn = g.outcome ? "over" : g.to_move === "human" && !this.myTurn() ? "other" : g.to_move;
    status.dataset.ply = String(this.shownPly());
    const pos = this.viewPly === null ? g.current : this.viewPos;
    const side = pos.side === "white" ? "White" : "Black";
    let text = g.outcome && this.viewPly === null ? "Game over" : `${side} to move`;
    if (!g.outcome && this.viewPly === null && g.access !== "table") {
      text += g.access === "watch" ? " (you are watching)" : this.myTurn() ? " (your move)" : " (their move)";
    }
    if (thinking) text = `${side} (${playerName(g[g.current.side])}) is thinking…`;
    if (this.viewPly !== null) text += ` (looking at ply ${this.viewPly}; click the board or press End to return)`;
    status.textContent = text;
  }

  async click(cell) {
    const g = this.game;
    if (!g || this.waiting()) return;
    if (this.viewPly !== null) return this.view(null);
    // A computer's move that failed (the server was busy, say) is asked for again.
    if (g.to_move === "computer") return this.advance();
    if (!this.myTurn()) return;
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
    box.innerHTML = "<div>More than one move joins these cells; pick one:</div>";
    // Each named as it is written (its notation names it alone: a route, or Fanorona's
    // approach A or withdrawal W), with the pieces it takes.
    const name = (i) => this.game.layout.cells[i].name;
    for (const m of moves) {
      const b = document.createElement("button");
      b.textContent = `${m.text} (takes ${m.captured.map(name).sort().join(" ")})`;
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
    await this.waitFor(async () => {
      const game = await api(`/api/games/${id}/move`, { move: text });
      if (this.game?.id !== id) return;
      this.notice("");
      this.accept(game);
    });
  }

  async typed() {
    const text = $("move-input").value.trim();
    if (!text || !this.game) return;
    if (this.waiting()) return this.notice("Wait for the move under way.");
    if (!this.myTurn()) return this.notice("It is not your move.");
    $("move-input").value = "";
    await this.play(text);
  }

  /** Undo, draw, resign: a request on the game, answered with the game and a message. */
  async action(name, body) {
    if (!this.game || this.waiting()) return;
    const id = this.game.id;
    await this.waitFor(async () => {
      const game = await api(`/api/games/${id}/${name}`, body || {});
      if (this.game?.id !== id) return;
      this.viewPly = null;
      this.selected = null;
      this.notice(game.message || "");
      this.accept(game);
    });
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
    try {
      const pos = ply === null ? null : await api(`/api/games/${g.id}/position?ply=${ply}`);
      if (this.game?.id !== g.id) return;
      this.viewPly = ply;
      this.viewPos = pos;
      this.selected = null;
      this.show();
    } catch (e) {
      this.notice(e.message);
    }
  }

  compulsoryText() {
    const c = this.game.current.compulsory;
    const n = c.count === 1 ? "1 piece" : `${c.count} pieces`;
    const take = c.fewest === c.count ? `take ${n}` : `any capture, taking ${c.fewest} to ${n}`;
    return `Capture is compulsory: ${take} (the pieces ringed in red must capture).`;
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
    if (this.viewPly === null && this.myTurn()) {
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
    $("players").textContent = `${g.layout.name}. White: ${playerName(g.white)}; Black: ${playerName(g.black)}.`;
    $("outcome").textContent = g.outcome ? `${g.outcome.result} ${g.outcome.text}` : "";
    this.showStatus();
    // The move box's example: two moves of this position, in this variant's notation.
    const examples = g.current.legal.slice(0, 2).map((mv) => mv.text);
    $("move-input").placeholder = examples.length ? `Type a move: ${examples.join(", ")}` : "Type a move";
    if (this.viewPly === null && this.myTurn() && g.current.compulsory && !$("notice").textContent) this.notice(this.compulsoryText());
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
    this.showQuestion("draw", g.draw_offer, (by) => `${SIDES[by]} offers a draw. ${SIDES[OTHER[by]]}, do you accept?`);
    this.showQuestion("undo", g.undo_request, (by) => `${SIDES[by]} asks to take back their last move. ${SIDES[OTHER[by]]}, do you allow it?`);
    const over = !!g.outcome;
    $("draw").disabled = over || !g.can_offer_draw;
    $("resign").disabled = over || !g.can_resign;
    $("undo").disabled = !g.can_undo;
    $("undo").textContent = g.access === "white" || g.access === "black" ? "Ask to take back" : "Undo";
    this.showLinks();
  }

  /** A question `by` one side to the other (a draw offer, a request to take back a
   * move): asked of the person it is for, told to everyone else. */
  showQuestion(name, by, question) {
    const g = this.game;
    const mine = !!by && (g.access === "table" || g.access === OTHER[by]);
    $(`${name}-answer`).hidden = !mine;
    if (mine) $(`${name}-question`).textContent = question(by);
    else if (by && !$("notice").textContent) this.notice(`${question(by).split(".")[0]}: waiting for ${SIDES[OTHER[by]]}'s answer.`);
  }

  /** Who this page plays in a game between two people, and the links to send. */
  showLinks() {
    const g = this.game;
    const box = $("links");
    box.hidden = g.access === "table";
    if (box.hidden) return;
    box.innerHTML = "";
    const line = (text) => box.appendChild(document.createElement("div")).append(text);
    line(g.access === "watch" ? "You are watching this game." : `You play ${SIDES[g.access]}.`);
    const base = `${location.origin}${location.pathname}#game=`;
    const links = this.links || {};
    for (const [access, label] of [[OTHER[g.access], `Send ${SIDES[OTHER[g.access]]} this link:`], ["watch", "Watchers' link:"]]) {
      const key = access === "watch" ? g.watch : links[access];
      if (!key || g.access === "watch") continue;
      line(label);
      const input = document.createElement("input");
      input.readOnly = true;
      input.value = base + key;
      input.id = `link-${access}`;
      input.addEventListener("focus", () => input.select());
      box.appendChild(input);
    }
  }
}
