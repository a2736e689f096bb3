// The page: tabs, and its three parts (play with analysis; the variant lab; the
// archive of finished games). `#game=KEY` in the address opens the game a link's key
// opens, in the play part.

import { api } from "./api.js";
import { Play } from "./play.js";
import { Lab } from "./lab.js";
import { Archive } from "./archive.js";

const $ = (id) => document.getElementById(id);
const TABS = ["play", "lab", "archive"];

/** The key in the address (`#game=KEY`), if any. */
function linkedKey() {
  const m = location.hash.match(/^#game=([0-9A-Za-z]+)$/);
  return m ? m[1] : null;
}

async function main() {
  const [variants, programs] = await Promise.all([api("/api/variants"), api("/api/programs")]);
  const play = new Play(variants, programs);
  const archive = new Archive();
  const lab = new Lab(variants, (text) => {
    showTab("play");
    play.playCustom(text);
  });
  function showTab(name) {
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.tab === name);
    for (const tab of TABS) $(tab).hidden = name !== tab;
    if (name === "lab") lab.open();
    if (name === "archive") archive.open();
  }
  for (const t of document.querySelectorAll(".tab")) t.addEventListener("click", () => showTab(t.dataset.tab));
  window.addEventListener("hashchange", () => {
    const key = linkedKey();
    if (key && key !== play.game?.id) {
      showTab("play");
      play.open(key);
    }
  });
  const key = linkedKey();
  if (key) await play.open(key);
  else await play.start();
  document.body.dataset.ready = "1";
}

main().catch((e) => {
  document.body.insertAdjacentHTML("afterbegin", `<p class="notice">Could not start: ${String(e.message || e)}</p>`);
});
