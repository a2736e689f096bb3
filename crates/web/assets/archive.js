// The archive: finished games, the latest first; each opens in the play page (where
// the analysis panel studies it) and downloads as a record.

import { api } from "./api.js";

const $ = (id) => document.getElementById(id);
const PAGE = 50;

export class Archive {
  constructor() {
    this.shown = 0;
    $("archive-more").addEventListener("click", () => this.more());
  }

  /** Lists the latest games afresh. */
  async open() {
    this.shown = 0;
    $("archive-list").innerHTML = "";
    await this.more();
  }

  async more() {
    try {
      const page = await api(`/api/archive?offset=${this.shown}&limit=${PAGE}`);
      for (const g of page.games) $("archive-list").appendChild(this.row(g));
      this.shown += page.games.length;
      $("archive-count").textContent = page.total === 1 ? "1 finished game" : `${page.total} finished games`;
      $("archive-more").hidden = this.shown >= page.total;
      $("archive").dataset.loaded = "1";
    } catch (e) {
      $("archive-count").textContent = `Could not list the games: ${e.message}`;
    }
  }

  row(g) {
    const tr = document.createElement("tr");
    tr.dataset.game = g.id;
    for (const text of [g.date, g.variant, g.white, g.black, g.result, String(g.plies)]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    tr.cells[4].title = g.text;
    const links = document.createElement("td");
    const open = document.createElement("a");
    open.href = `#game=${g.id}`;
    open.textContent = "Open";
    open.className = "open";
    const record = document.createElement("a");
    record.href = `/api/games/${g.id}/record`;
    record.download = `${g.date.replaceAll(".", "-")}-${g.id}.pdn`;
    record.textContent = "Record";
    record.className = "record";
    links.append(open, " ", record);
    tr.appendChild(links);
    return tr;
  }
}
