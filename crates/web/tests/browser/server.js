// Starts `bushka serve --port 0` and a headless Chromium for the tests.

import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");

/** The folder the screenshots go to. */
export const SHOTS = process.env.BUSHKA_SHOTS || join(root, "target", "browser-screenshots");
mkdirSync(SHOTS, { recursive: true });

/** The bushka binary the tests run (BUSHKA_BIN, or target/debug/bushka). */
export const BIN = process.env.BUSHKA_BIN || join(root, "target", "debug", "bushka");

/** Runs the binary on `port` (default: a free one), its games in the directory `data`
 * (default: in memory only), with `args` added. `kill()` ends it as a crash would
 * (SIGKILL), `stop()` as Ctrl-C does. */
export async function startServer({ port, data, args } = {}) {
  const store = data ? ["--data", data] : ["--memory"];
  const child = spawn(BIN, ["serve", "--port", String(port || 0), ...store, ...(args || [])], { stdio: ["ignore", "pipe", "inherit"] });
  let timer;
  const url = await new Promise((ok, fail) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/open (http:\/\/\S+)/);
      if (m) ok(m[1]);
    });
    child.on("exit", (code) => fail(new Error(`bushka serve exited with ${code}: ${out}`)));
    timer = setTimeout(() => fail(new Error(`bushka serve printed no address: ${out}`)), 60000);
  }).finally(() => clearTimeout(timer));
  const exited = new Promise((ok) => child.on("exit", ok));
  return {
    url,
    port: Number(new URL(url).port),
    stop: () => child.kill("SIGINT"),
    kill: () => { child.kill("SIGKILL"); return exited; },
  };
}

/** A headless Chromium (CHROMIUM, or /usr/bin/chromium). */
export async function startBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}

/** A page on the app, failing the test on any script error. */
export async function openApp(browser, url, viewport) {
  const page = await browser.newPage({ viewport: viewport || { width: 1280, height: 860 } });
  page.setDefaultTimeout(PATIENCE_MS);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

/** How long a test waits for the page or the server (generous: the machine may be
 * loaded and the binary a debug build). */
export const PATIENCE_MS = 120000;

/** Waits until the page waits for nothing and a person is to move or the game is over. */
export async function settle(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById("status");
    return s.dataset.busy !== "1" && (s.dataset.turn === "human" || s.dataset.turn === "over");
  }, null, { timeout: PATIENCE_MS });
  return page.$eval("#status", (s) => s.dataset.turn);
}

/** Starts a new game from the form, as a person would, and waits until that game (not
 * the one before it) is shown. Players left out keep the form's defaults. */
export async function newGame(page, { variant, white, black, position }) {
  const before = await page.$eval("#status", (s) => s.dataset.game || "");
  await page.selectOption("#variant", variant);
  if (white) await page.selectOption("#white", white);
  if (black) await page.selectOption("#black", black);
  await page.fill("#start-position", position || "");
  await page.click("#start");
  await page.waitForFunction((old) => {
    const s = document.getElementById("status");
    return s.dataset.game && s.dataset.game !== old && s.dataset.busy !== "1";
  }, before, { timeout: PATIENCE_MS });
  await page.waitForSelector(`svg.board[data-variant='${variant}']`);
  return settle(page);
}

/** Waits until the page shows ply `ply` of the game (after a click on the move list or
 * the navigation buttons). */
export async function shownPly(page, ply) {
  await page.waitForFunction((n) => document.getElementById("status").dataset.ply === String(n), ply, { timeout: PATIENCE_MS });
}

/** Clicks the cell called `name` on the play board. */
export async function clickCell(page, name, board = "#board") {
  await page.click(`${board} [data-name='${name}']`);
}

/** The cells (names) of one colour's pieces on the play board. */
export function pieceCells(page, colour) {
  return page.$$eval(`#board [data-piece^='${colour}']`, (p) => p.map((x) => x.closest("[data-cell]").dataset.name));
}

/** The move list's texts. */
export function moveList(page) {
  return page.$$eval("#moves span[data-ply]", (spans) => spans.map((s) => s.textContent));
}

// One move as a person makes it: click own pieces (the ringed ones first when a capture
// is compulsory) until one shows destinations, then click a destination.
export async function clickAMove(page, turn) {
  const mine = await page.$$eval(`#board [data-piece^='${turn}']`, (ps) =>
    ps.map((p) => ({ name: p.closest("[data-cell]").dataset.name, must: !!p.closest("[data-cell]").querySelector(".must") })));
  const order = [...mine.filter((p) => p.must), ...mine.filter((p) => !p.must)];
  for (const piece of order) {
    await clickCell(page, piece.name);
    const targets = await page.$$eval("#board [data-cell]", (cells) => cells.filter((c) => c.querySelector(".target")).map((c) => c.dataset.name));
    if (!targets.length) continue;
    const before = (await moveList(page)).length;
    await clickCell(page, targets[Math.floor(Math.random() * targets.length)]);
    if (await page.isVisible("#choose-route")) await page.click("#choose-route button");
    await page.waitForFunction((n) => document.querySelectorAll("#moves span[data-ply]").length > n, before);
    return;
  }
  await page.screenshot({ path: join(SHOTS, "stuck.png") });
  const state = await page.evaluate(() => [document.getElementById("status").textContent, document.getElementById("notice").textContent, document.getElementById("status").dataset.turn]);
  throw new Error(`no piece of ${turn} could move: ${JSON.stringify(state)} ${JSON.stringify(mine)}`);
}
