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
  const url = await new Promise((ok, fail) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/open (http:\/\/\S+)/);
      if (m) ok(m[1]);
    });
    child.on("exit", (code) => fail(new Error(`bushka serve exited with ${code}: ${out}`)));
    setTimeout(() => fail(new Error(`bushka serve printed no address: ${out}`)), 30000);
  });
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
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

/** Waits until a person is to move, the game is over, or nobody is thinking. */
export async function settle(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById("status");
    return s.dataset.busy !== "1" && (s.dataset.turn === "human" || s.dataset.turn === "over");
  }, null, { timeout: 60000 });
  return page.$eval("#status", (s) => s.dataset.turn);
}

/** Starts a new game from the form, as a person would. */
export async function newGame(page, { variant, white, black, position }) {
  await page.selectOption("#variant", variant);
  await page.selectOption("#white", white);
  await page.selectOption("#black", black);
  await page.fill("#start-position", position || "");
  await page.click("#start");
  await page.waitForSelector(`svg.board[data-variant='${variant}']`);
  return settle(page);
}

/** Clicks the cell called `name` on the play board. */
export async function clickCell(page, name, board = "#board") {
  await page.click(`${board} [data-name='${name}']`);
}

/** The move list's texts. */
export function moveList(page) {
  return page.$$eval("#moves span[data-ply]", (spans) => spans.map((s) => s.textContent));
}
