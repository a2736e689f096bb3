// The page: tabs, and the two halves (play with analysis; the variant lab).

import { api } from "./api.js";
import { Play } from "./play.js";
import { Lab } from "./lab.js";

const $ = (id) => document.getElementById(id);

async function main() {
  const variants = await api("/api/variants");
  const play = new Play(variants);
  const lab = new Lab(variants, (text) => {
    showTab("play");
    play.playCustom(text);
  });
  function showTab(name) {
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.dataset.tab === name);
    $("play").hidden = name !== "play";
    $("lab").hidden = name !== "lab";
    if (name === "lab") lab.open();
  }
  for (const t of document.querySelectorAll(".tab")) t.addEventListener("click", () => showTab(t.dataset.tab));
  await play.start();
  document.body.dataset.ready = "1";
}

main().catch((e) => {
  document.body.insertAdjacentHTML("afterbegin", `<p class="notice">Could not start: ${String(e.message || e)}</p>`);
});
