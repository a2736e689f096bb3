// A person plays in the browser: whole games against the random player on each
// official board, a multi-step capture and a line move, undo / save / load.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOTS, startServer, startBrowser, openApp, settle, newGame, clickCell, clickAMove, moveList, pieceCells, shownPly } from "./server.js";

let server, browser;
before(async () => { server = await startServer(); browser = await startBrowser(); });
after(async () => { await browser?.close(); server?.stop(); });

const OFFICIAL = ["bushka", "bushka-9x11", "hexbushka"];
const MAX_PLIES = 600;

for (const variant of OFFICIAL) {
  test(`a whole game against the random player on ${variant}`, async () => {
    const page = await openApp(browser, server.url);
    await newGame(page, { variant, white: "human", black: "random" });
    await page.screenshot({ path: join(SHOTS, `${variant}-start.png`) });
    let plies = 0;
    while (plies < MAX_PLIES) {
      const turn = await settle(page);
      if (turn === "over") break;
      await clickAMove(page, "white");
      plies += 2;
    }
    await settle(page);
    const outcome = await page.textContent("#outcome");
    assert.match(outcome, /^(1-0|0-1|1\/2-1\/2) /, `the end is announced (after ${plies} plies)`);
    assert.match(outcome, /no legal move|repetition/);
    await page.screenshot({ path: join(SHOTS, `${variant}-end.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

// The draughts built-ins play in the same page: a few moves each, clicked.
for (const variant of ["draughts", "brazilian", "hexdame"]) {
  test(`moves against the random player on ${variant}`, async () => {
    const page = await openApp(browser, server.url);
    await newGame(page, { variant, white: "human", black: "random" });
    for (let i = 0; i < 3; i++) {
      await clickAMove(page, "white");
      assert.equal(await settle(page), "human");
    }
    assert.equal((await moveList(page)).length, 6);
    await page.screenshot({ path: join(SHOTS, `${variant}-moves.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test("where two captures join the same cells, the player picks the route", async () => {
  const page = await openApp(browser, server.url);
  // d6 takes e4 and f6 by d6-e6-e5, or d4 and f5 by d6-d5-e5 (RULES.md section 5).
  await newGame(page, { variant: "bushka", white: "human", black: "human", position: "W:Wd6:Bd4,e4,f5,f6,b7" });
  await clickCell(page, "d6");
  await clickCell(page, "e5");
  await page.waitForSelector("#choose-route:not([hidden])");
  // The question is in sight, over the board, not below it.
  const box = await page.locator("#choose-route").boundingBox();
  const board = await page.locator("#board svg").boundingBox();
  assert.ok(box.y >= board.y && box.y + box.height <= board.y + board.height, `route box ${JSON.stringify(box)} on the board ${JSON.stringify(board)}`);
  const routes = await page.$$eval("#choose-route button", (b) => b.map((x) => x.textContent));
  assert.deepEqual(routes.sort(), ["d6-d5-e5x (takes d4 f5)", "d6-e6-e5x (takes e4 f6)"]);
  await page.screenshot({ path: join(SHOTS, "bushka-choose-route.png") });
  await page.click("#choose-route button:has-text('d6-e6-e5x')");
  await settle(page);
  assert.deepEqual(await moveList(page), ["d6-e6-e5x"]);
  const black = await pieceCells(page, "black");
  assert.deepEqual(black.sort(), ["b7", "d4", "f5"]);
  await page.close();
});

test("on Fanorona the player picks approach or withdrawal", async () => {
  const page = await openApp(browser, server.url);
  // From the start d3-e3 approaches f3 or withdraws from c3 (RULES.md section 9).
  await newGame(page, { variant: "fanorona", white: "human", black: "human" });
  // The move box's example is written in Fanorona's notation, from this position.
  const example = await page.getAttribute("#move-input", "placeholder");
  assert.match(example, /^Type a move: [a-i][1-5]\S*, [a-i][1-5]\S*$/);
  assert.ok(example.includes("e3"), example);
  // Any capture may be chosen: the line under the board says so.
  assert.match(await page.textContent("#notice"), /Capture is compulsory: any capture, taking 1 to 2 pieces/);
  await clickCell(page, "d3");
  await clickCell(page, "e3");
  await page.waitForSelector("#choose-route:not([hidden])");
  const choices = await page.$$eval("#choose-route button", (b) => b.map((x) => x.textContent));
  assert.deepEqual(choices.sort(), ["d3-e3A (takes f3)", "d3-e3W (takes c3)"]);
  await page.screenshot({ path: join(SHOTS, "fanorona-choose.png") });
  await page.click("#choose-route button:has-text('d3-e3W')");
  await settle(page);
  assert.deepEqual(await moveList(page), ["d3-e3W"]);
  const black = await pieceCells(page, "black");
  assert.equal(black.length, 21);
  assert.ok(!black.includes("c3") && black.includes("f3"), black.join(" "));
  await page.close();
});

test("a person stops a long think and the engine moves at once", async () => {
  const page = await openApp(browser, server.url);
  await newGame(page, { variant: "bushka", white: "human", black: "engine:movetime=15000" });
  await clickCell(page, "f4");
  await clickCell(page, "f5");
  await page.waitForSelector("#stop:not([hidden])");
  await page.click("#stop");
  // Unstopped, the engine would think 15 s (the guard fails the test before that);
  // stopped, it plays its best move so far.
  await page.waitForFunction(() => document.querySelectorAll("#moves span[data-ply]").length === 2, null, { timeout: 10000 });
  assert.equal(await settle(page), "human");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a multi-step capture shows its route, and a line move", async () => {
  const page = await openApp(browser, server.url);
  await newGame(page, { variant: "bushka", white: "human", black: "human", position: "W:Wd6,g5,Ke1:Bf7,Kd8" });
  assert.match(await page.textContent("#notice"), /Capture is compulsory: take 2 pieces/);
  assert.deepEqual(await page.$$eval("#board .must", (m) => m.map((x) => x.closest("[data-cell]").dataset.name)), ["d6"]);
  await clickCell(page, "d6");
  // The route and the two pieces it takes are drawn before the move is made.
  assert.equal(await page.$$eval("#board .taken", (t) => t.length), 2);
  assert.equal(await page.$$eval("#board polyline.route", (r) => r.length), 1);
  await page.screenshot({ path: join(SHOTS, "bushka-capture-route.png") });
  await clickCell(page, "e7");
  await settle(page);
  assert.deepEqual(await moveList(page), ["d6e7x"]);
  assert.equal(await page.$$eval("#board [data-piece^='black']", (p) => p.length), 0);
  assert.match(await page.textContent("#outcome"), /White wins: Black has no legal move/);

  // A line move from the start: the tail man of a line jumps to the front.
  await newGame(page, { variant: "bushka", white: "human", black: "human" });
  const start = await (await fetch(`${server.url}/api/position`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ variant: "bushka" }) })).json();
  const line = start.position.legal.find((m) => m.kind === "line");
  const name = (i) => start.layout.cells[i].name;
  await clickCell(page, name(line.from));
  await clickCell(page, name(line.to));
  await settle(page);
  assert.deepEqual(await moveList(page), [line.text]);
  const moved = await page.$eval(`#board [data-name='${name(line.to)}']`, (c) => c.querySelector("[data-piece]")?.dataset.piece);
  assert.equal(moved, "white-man");
  assert.equal(await page.$(`#board [data-name='${name(line.from)}'] [data-piece]`), null);
  await page.close();
});

test("undo, save the record, load it back, and the move list survives", async () => {
  const page = await openApp(browser, server.url);
  await newGame(page, { variant: "hexbushka", white: "human", black: "random" });
  for (let i = 0; i < 3; i++) {
    await clickAMove(page, "white");
    await settle(page);
  }
  const played = await moveList(page);
  assert.equal(played.length, 6);
  await page.click("#undo");
  // The page waits for the server's answer (settle alone would see the state before it).
  await page.waitForFunction(() => document.getElementById("notice").textContent.startsWith("Took back"));
  await settle(page);
  const kept = await moveList(page);
  assert.deepEqual(kept, played.slice(0, 4), "undo takes back your last move and the reply");
  assert.equal(await page.textContent("#notice"), `Took back ${played.slice(4).join(" ")}.`);
  const download = page.waitForEvent("download");
  await page.click("#save");
  const saved = await download;
  assert.match(saved.suggestedFilename(), /^hexbushka-game\.pdn$/);
  const record = await page.inputValue("#record-text");
  assert.match(record, /\[Variant "hexbushka"\]/);
  await page.click("#nav-first");
  await shownPly(page, 0);
  await page.click("#load-text");
  await page.waitForFunction(() => document.getElementById("notice").textContent.startsWith("Loaded"));
  await settle(page);
  assert.deepEqual(await moveList(page), kept);
  // Back and forward through the loaded game.
  await page.click("#nav-first");
  await shownPly(page, 0);
  assert.equal(await page.$$eval("#board [data-piece]", (p) => p.length), 32);
  await page.click("#nav-forward");
  await shownPly(page, 1);
  assert.equal(await page.textContent("#moves .current"), kept[0]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a person playing Black is offered Undo only once they have moved", async () => {
  const page = await openApp(browser, server.url);
  await newGame(page, { variant: "bushka", white: "random", black: "human" });
  // The computer has made the first move: the person has nothing to take back.
  assert.equal((await moveList(page)).length, 1);
  assert.equal(await page.isDisabled("#undo"), true, "Undo is not offered before Black's first move");
  assert.equal(await page.isDisabled("#resign"), false);
  await clickAMove(page, "black");
  await settle(page);
  assert.equal((await moveList(page)).length, 3);
  assert.equal(await page.isDisabled("#undo"), false, "Black's move can be taken back");
  await page.click("#undo");
  await page.waitForFunction(() => document.getElementById("notice").textContent.startsWith("Took back"));
  await settle(page);
  assert.equal((await moveList(page)).length, 1);
  assert.equal(await page.isDisabled("#undo"), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the engine replies at the default level without freezing the page", async () => {
  const page = await openApp(browser, server.url);
  // The page offers the default level, as `bushka play` does.
  assert.equal(await page.inputValue("#black"), "engine:level=6");
  await newGame(page, { variant: "bushka", white: "human" });
  assert.match(await page.textContent("#players"), /Black: Engine level 6 \(hard, default\)\.$/);
  await clickCell(page, "f4");
  await page.waitForSelector("#board [data-name='f5'] .target");
  const clicked = Date.now();
  await clickCell(page, "f5");
  // The page still answers while the engine thinks: the names go away on a click.
  await page.waitForSelector("#stop:not([hidden])");
  await page.click("#names");
  assert.equal(await page.$$eval("#board text.name", (t) => t.length), 0);
  await page.waitForFunction(() => document.querySelectorAll("#moves span[data-ply]").length === 2);
  const ms = Date.now() - clicked;
  console.log(`click to the engine's reply at the default level: ${ms} ms`);
  await settle(page);
  assert.equal(await page.isVisible("#stop"), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});
