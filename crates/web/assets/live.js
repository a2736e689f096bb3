// A game's live updates and its clocks. The server sends the whole game (as this
// page's link sees it) on connecting and after every change, over server-sent events;
// a dropped stream reconnects by itself and the first event it gets is the game as it
// is then, so no move is lost. The clocks are the server's: the page only counts down
// the running one between updates.

const $ = (id) => document.getElementById(id);

/** How long the page waits before opening a stream the server refused (a restarted
 * server may answer before it has the game back); a stream merely dropped is
 * reconnected by the browser itself. */
const RETRY_MS = 2000;

export class LiveGame {
  /** `onGame` gets each game the server sends. */
  constructor(onGame) {
    this.onGame = onGame;
    this.key = null;
    this.source = null;
    this.timer = null;
  }

  /** Follows the game that `key` opens (and stops following any other). */
  follow(key) {
    if (this.key === key && this.source) return;
    this.close();
    this.key = key;
    this.connect();
  }

  connect() {
    const key = this.key;
    const source = new EventSource(`/api/games/${key}/events`);
    this.source = source;
    source.addEventListener("game", (e) => {
      if (this.key === key) this.onGame(JSON.parse(e.data));
    });
    source.addEventListener("open", () => this.mark(true));
    source.addEventListener("error", () => {
      this.mark(false);
      if (source.readyState === EventSource.CLOSED && this.key === key) {
        this.timer = setTimeout(() => { if (this.key === key) this.connect(); }, RETRY_MS);
      }
    });
  }

  /** Stops following. */
  close() {
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    this.key = null;
    this.mark(false);
  }

  /** `data-live` on the status line: 1 while the stream is open (for tests). */
  mark(open) {
    $("status").dataset.live = open ? "1" : "0";
  }
}

/** `m:ss`, with tenths under ten seconds. */
function clockText(ms) {
  if (ms < 10000) return `0:0${(ms / 1000).toFixed(1)}`;
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class Clocks {
  constructor() {
    this.view = null;
    this.at = 0;
    setInterval(() => this.draw(), 100);
  }

  /** The clocks as the server last sent them (`null`: the game has none). */
  set(view) {
    this.view = view || null;
    this.at = performance.now();
    this.draw();
  }

  /** Each side's time left now, as far as the page can tell. */
  left(side) {
    const v = this.view;
    const ms = v[`${side}_ms`];
    return v.running === side ? Math.max(0, ms - (performance.now() - this.at)) : ms;
  }

  draw() {
    const v = this.view;
    $("clocks").hidden = !v;
    if (!v) return;
    for (const side of ["white", "black"]) {
      const el = $(`clock-${side}`);
      const ms = this.left(side);
      el.querySelector("b").textContent = clockText(ms);
      el.classList.toggle("running", v.running === side);
      el.classList.toggle("low", ms < 10000);
      el.dataset.running = v.running === side ? "1" : "0";
    }
  }
}
