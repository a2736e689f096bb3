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

/** Runs the binary (BUSHKA_BIN, or target/debug/bushka) on a free port. */
export async function startServer() {
  const bin = process.env.BUSHKA_BIN || join(root, "target", "debug", "bushka");
  const child = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
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
  return { url, stop: () => child.kill("SIGINT") };
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

/** The move list's texts. */
export function moveList(page) {
  return page.$$eval("#moves span[data-ply]", (spans) => spans.map((s) => s.textContent));
}
