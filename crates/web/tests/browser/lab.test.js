// The variant lab and the analysis panel, used as a person would.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, startServer, startBrowser, openApp, newGame } from "./server.js";

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); server?.stop(); });

test("every built-in board is drawn in its shape", async () => {
  const page = await openApp(browser, server.url);
  const shapes = {
    bushka: "rect", "bushka-9x11": "rect", hexbushka: "polygon", "hexbushka-4": "polygon", "bushka-cylinder": "rect",
    draughts: "rect", brazilian: "rect", hexdame: "polygon",
    checkers: "rect", russian: "rect", pool: "rect", canadian: "rect", frisian: "rect", frysk: "rect",
    italian: "rect", spanish: "rect", czech: "rect", thai: "rect", turkish: "rect", killer: "rect",
    antidraughts: "rect", breakthrough: "rect", fanorona: "circle",
  };
  const cells = {
    bushka: 50, "bushka-9x11": 50, hexbushka: 61, "hexbushka-4": 37, "bushka-cylinder": 50,
    draughts: 50, brazilian: 32, hexdame: 61,
    checkers: 32, russian: 32, pool: 32, canadian: 72, frisian: 50, frysk: 50,
    italian: 32, spanish: 32, czech: 32, thai: 32, turkish: 64, killer: 50,
    antidraughts: 50, breakthrough: 50, fanorona: 45,
  };
  // Pieces at the start: at least 20, but Thai has 8 men a side and Frysk 5.
  const fewest = { thai: 16, frysk: 10 };
  // Every built-in variant the server offers is drawn here.
  const offered = await page.$$eval("#variant option", (o) => o.map((x) => x.value).filter((v) => v));
  assert.deepEqual(offered.sort(), Object.keys(shapes).sort());
  for (const [variant, shape] of Object.entries(shapes)) {
    await newGame(page, { variant, white: "human", black: "human" });
    assert.equal(await page.$$eval(`#board [data-cell] > ${shape}.shape`, (c) => c.length), cells[variant], variant);
    const pieces = await page.$$eval("#board [data-piece]", (p) => p.length);
    assert.ok(pieces >= (fewest[variant] ?? 20), `${variant}: ${pieces} pieces`);
    await page.locator("#board").screenshot({ path: join(SHOTS, `board-${variant}.png`) });
  }
  // Flipped, names hidden, and on a phone-sized screen.
  await page.click("#flip");
  await page.click("#names");
  assert.equal(await page.$$eval("#board text.name", (t) => t.length), 0);
  await page.setViewportSize({ width: 390, height: 800 });
  const width = await page.$eval("#board svg", (s) => s.getBoundingClientRect().width);
  assert.ok(width > 300 && width <= 390, `board width ${width} on a phone`);
  await page.screenshot({ path: join(SHOTS, "phone-flipped.png"), fullPage: false });
  await page.close();
});

test("in the lab a broken file shows its line, a fixed one redraws the board", async () => {
  const page = await openApp(browser, server.url);
  await page.click("#tab-lab");
  await page.waitForFunction(() => document.getElementById("lab-board").dataset.state === "valid");
  const original = await page.inputValue("#lab-text");
  const lines = original.split("\n");
  const at = lines.findIndex((l) => l.startsWith("name = "));
  // Break it: a key the format does not know.
  const broken = [...lines];
  broken[at] = "colour = \"blue\"";
  await page.fill("#lab-text", broken.join("\n"));
  await page.waitForFunction(() => document.getElementById("lab-board").dataset.state === "invalid");
  const error = await page.textContent("#lab-error");
  assert.match(error, new RegExp(`^line ${at + 1}, column 1: unknown key \`colour\``));
  assert.equal(await page.textContent("#gutter .bad"), String(at + 1));
  await page.screenshot({ path: join(SHOTS, "lab-error.png") });
  // Fix it, and take two cells away: Bushka's learned evaluation no longer fits the
  // board, and the error says what to do.
  const reshaped = original.replace(/^generate = .*$/m, (g) => `${g}\nremove_cells = ["e5", "f6"]`);
  assert.notEqual(reshaped, original, "the template generates its cells");
  await page.fill("#lab-text", reshaped);
  await page.waitForFunction(() => /remove `weights`/.test(document.getElementById("lab-error").textContent));
  // Without the learned evaluation the board is redrawn without the two cells.
  const fixed = reshaped.replace(/^weights = .*\n/m, "");
  assert.notEqual(fixed, reshaped, "the template names its learned evaluation");
  await page.fill("#lab-text", fixed);
  await page.waitForFunction(() => document.getElementById("lab-board").dataset.state === "valid");
  assert.equal(await page.textContent("#lab-error"), "");
  assert.equal(await page.$$eval("#lab-board [data-cell]", (c) => c.length), 48);
  assert.equal(await page.$("#lab-board [data-name='e5']"), null);
  assert.ok(await page.$$eval("#lab-board .promo-white", (c) => c.length) > 0, "promotion zones marked");
  assert.ok(await page.$$eval("#lab-board line.forward", (c) => c.length) >= 4, "forward directions drawn");
  await page.screenshot({ path: join(SHOTS, "lab-fixed.png") });
  await page.click("#lab-perft");
  await page.waitForFunction(() => /depth 3: \d+ leaves/.test(document.getElementById("lab-output").textContent));
  await page.click("#lab-playtest");
  await page.waitForFunction(() => /branching at the start/.test(document.getElementById("lab-output").textContent));
  // Play this variant.
  await page.click("#lab-play");
  await page.waitForFunction(() => document.querySelectorAll("#board [data-cell]").length === 48);
  assert.equal(await page.isVisible("#play"), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an analysis shows the score and the best move's arrow", async () => {
  const page = await openApp(browser, server.url);
  await newGame(page, { variant: "hexbushka", white: "human", black: "human" });
  await page.selectOption("#analysis-time", "1000");
  await page.click("#analyse");
  await page.waitForFunction(() => /^[+-]\d+\.\d\d$|mate/.test(document.getElementById("score").textContent));
  // Attached, not "visible": an arrow straight up the screen is a line of zero width,
  // which Playwright counts as hidden; its length shows it is drawn.
  const arrow = await page.waitForSelector("#board line.arrow", { state: "attached" });
  const length = await arrow.evaluate((line) =>
    Math.hypot(line.x2.baseVal.value - line.x1.baseVal.value, line.y2.baseVal.value - line.y1.baseVal.value),
  );
  assert.ok(length > 0, `the arrow has a length (${length})`);
  assert.match(await page.textContent("#pv"), /\S+/);
  await page.waitForSelector("#analyse-stop", { state: "hidden" });
  await page.screenshot({ path: join(SHOTS, "analysis.png") });
  await page.close();
});
