// The analysis panel: a server-sent event stream of the engine's iterations on the
// position shown, with the best move drawn as an arrow.

const $ = (id) => document.getElementById(id);

export class Analysis {
  constructor(play) {
    this.play = play;
    this.source = null;
    this.arrow = null;
    this.ply = null;
    $("analyse").addEventListener("click", () => this.start());
    $("analyse-stop").addEventListener("click", () => this.stop());
  }

  start() {
    const g = this.play.game;
    if (!g) return;
    this.stop();
    this.ply = this.play.shownPly();
    this.arrow = null;
    $("score").textContent = "…";
    $("tablebase").textContent = "";
    $("depth").textContent = "";
    $("pv").textContent = "";
    const time = $("analysis-time").value;
    const source = new EventSource(`/api/games/${g.id}/analysis?ply=${this.ply}&movetime=${time}`);
    this.source = source;
    $("analyse-stop").hidden = false;
    source.addEventListener("iteration", (e) => {
      const it = JSON.parse(e.data);
      $("score").textContent = it.score_text;
      $("tablebase").textContent = it.tablebase || "";
      $("depth").textContent = `depth ${it.depth}, ${it.nodes} nodes, ${(it.time_ms / 1000).toFixed(1)} s`;
      $("pv").textContent = it.pv.join(" ");
      if (it.best) this.arrow = [it.best.from, it.best.to];
      this.play.show();
    });
    source.addEventListener("done", (e) => {
      const end = JSON.parse(e.data);
      if (end.message) $("pv").textContent = end.message;
      this.finish();
    });
    source.addEventListener("failure", (e) => {
      $("score").textContent = "–";
      $("pv").textContent = JSON.parse(e.data).error;
      this.finish();
    });
    source.onerror = () => this.finish();
  }

  finish() {
    if (this.source) this.source.close();
    this.source = null;
    $("analyse-stop").hidden = true;
  }

  stop() {
    this.finish();
    this.arrow = null;
  }
}
