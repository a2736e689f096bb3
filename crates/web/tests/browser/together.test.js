// Two people on two devices: each plays through their seat's link, with clocks, while
// a third browser watches; the server is killed mid-game (SIGKILL) and started again
// on the same data directory, and the game goes on with no move lost; moves from the
// wrong seat and from the watcher are refused; the finished game is in the archive,
// opens again and downloads as a record.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHOTS, PATIENCE_MS, startServer, startBrowser, openApp, clickAMove, moveList } from "./server.js";

let server, browser, data;
before(async () => {
  data = mkdtempSync(join(tmpdir(), "bushka-together-"));
  server = await startServer({ data });
  browser = await startBrowser();
});
after(async () => {
  await browser?.close();
  server?.stop();
  if (data) rmSync(data, { recursive: true, force: true });
});

const MAX_PLIES = 600;
/** The ply after which the server is killed. */
const CRASH_AT = 10;

/** The page's status marks (`game`: the page's key, `turn`, `live`...). */
const marks = (page) => page.$eval("#status", (s) => ({ ...s.dataset }));

/** Waits until `page`'s mark `name` is `value`. */
function waitMark(page, name, value) {
  return page.waitForFunction(([n, v]) => document.getElementById("status").dataset[n] === v, [name, value], { timeout: PATIENCE_MS });
}

/** Waits until `page` shows `n` moves. */
function showsMoves(page, n) {
  return page.waitForFunction((k) => document.querySelectorAll("#moves span[data-ply]").length === k, n, { timeout: PATIENCE_MS });
}

/** A request sent from inside a page, as a hand-made request from that device. */
function send(page, path, body) {
  return page.evaluate(async ([p, b]) => {
    const r = await fetch(p, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
    return { status: r.status, error: (await r.json()).error };
  }, [path, body]);
}

/** The game as `key` opens it, asked by the test itself. */
async function game(key) {
  const r = await fetch(`${server.url}/api/games/${key}`);
  assert.equal(r.status, 200);
  return r.json();
}

/** A side's clock as the page shows it, in milliseconds. */
async function shownClock(page, side) {
  const text = await page.textContent(`#clock-${side} b`);
  const [m, s] = text.split(":").map(Number);
  return (m * 60 + s) * 1000;
}

test("two people play a whole game through their links, with clocks, watched, across a crash", async () => {
  const white = await openApp(browser, server.url);
  await white.check("#two-devices");
  await white.selectOption("#variant", "bushka");
  await white.selectOption("#my-seat", "white");
  await white.selectOption("#clock", "600000+5000");
  await white.click("#start");
  await white.waitForSelector("#link-black");
  const blackLink = await white.inputValue("#link-black");
  const watchLink = await white.inputValue("#link-watch");
  assert.match(blackLink, /#game=[0-9a-f]{32}$/, "a key of 128 bits");
  const black = await openApp(browser, blackLink);
  const watcher = await openApp(browser, watchLink);
  const seats = { white, black };
  const everyone = [white, black, watcher];
  for (const page of everyone) await waitMark(page, "live", "1");
  const keys = { white: (await marks(white)).game, black: (await marks(black)).game, watch: (await marks(watcher)).game };
  assert.equal(new Set(Object.values(keys)).size, 3, "three different links");
  assert.equal((await marks(white)).turn, "human");
  assert.equal((await marks(black)).turn, "other");
  assert.equal((await marks(watcher)).turn, "other");
  assert.match(await black.textContent("#links"), /You play Black/);
  assert.match(await watcher.textContent("#links"), /You are watching/);
  assert.equal(await white.isVisible("#clocks"), true, "the clocks are shown");
  await white.screenshot({ path: join(SHOTS, "together-start.png") });

  let plies = 0;
  let crashed = false;
  while (plies < MAX_PLIES) {
    const turn = (await marks(white)).turn;
    if (turn === "over") break;
    const side = turn === "human" ? "white" : "black";
    assert.equal((await marks(seats[side])).turn, "human", `${side}'s page may move`);
    await clickAMove(seats[side], side);
    plies++;
    for (const page of everyone) await showsMoves(page, plies);
    if (plies !== CRASH_AT || crashed) continue;
    crashed = true;
    const toMove = side === "white" ? "black" : "white";

    // The side to move's clock runs, on every page, and the other's stands.
    await watcher.waitForFunction((s) => document.getElementById(`clock-${s}`).dataset.running === "1", toMove);
    const first = await shownClock(watcher, toMove);
    await watcher.waitForFunction(([s, t]) => {
      const [m, sec] = document.querySelector(`#clock-${s} b`).textContent.split(":").map(Number);
      return (m * 60 + sec) * 1000 < t;
    }, [toMove, first]);
    assert.equal(await watcher.$eval(`#clock-${side}`, (c) => c.dataset.running), "0");

    // A move from the wrong seat, and anything from the watcher, is refused.
    const legal = (await game(keys.watch)).current.legal[0].text;
    const wrong = await send(seats[side], `/api/games/${keys[side]}/move`, { move: legal });
    assert.equal(wrong.status, 403, wrong.error);
    assert.match(wrong.error, new RegExp(`this link plays ${side}`, "i"));
    for (const action of ["move", "undo", "draw", "resign"]) {
      const refused = await send(watcher, `/api/games/${keys.watch}/${action}`, action === "move" ? { move: legal } : {});
      assert.equal(refused.status, 403, `${action}: ${refused.error}`);
      assert.match(refused.error, /only watches/);
    }
    const made = await send(watcher, `/api/games/${"0".repeat(32)}/move`, { move: legal });
    assert.equal(made.status, 404, "a made-up key opens nothing");

    // The server dies as in a crash, and comes back on the same port and data.
    const before = await game(keys.watch);
    const moves = await moveList(watcher);
    await server.kill();
    for (const page of everyone) await waitMark(page, "live", "0");
    server = await startServer({ data, port: server.port });
    const after = await game(keys.watch);
    assert.deepEqual(after.moves.map((m) => m.text), moves, "no move is lost");
    assert.equal(after.clock.running, toMove, "the clock runs on");
    // Time while the server was down is charged to nobody: the clock stands where it
    // stood at the server's last heartbeat (at most 5 s before the crash).
    const left = after.clock[`${toMove}_ms`];
    assert.ok(left > 0 && left <= before.clock[`${toMove}_ms`] + 5000, `${left} ms left`);
    assert.equal(after.clock[`${side}_ms`], before.clock[`${side}_ms`], "the waiting side's clock stood still");

    // A move made before the pages are back: their streams reconnect and catch up.
    const reply = after.current.legal[0].text;
    const r = await fetch(`${server.url}/api/games/${keys[toMove]}/move`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ move: reply }),
    });
    assert.equal(r.status, 200);
    plies++;
    for (const page of everyone) {
      await waitMark(page, "live", "1");
      await showsMoves(page, plies);
    }
    assert.deepEqual(await moveList(black), [...moves, reply]);
  }
  assert.ok(crashed, `the game lasted past ply ${CRASH_AT}`);
  for (const page of everyone) await waitMark(page, "turn", "over");
  const outcome = await watcher.textContent("#outcome");
  assert.match(outcome, /^(1-0|0-1|1\/2-1\/2) /, `the end is announced (after ${plies} plies)`);
  assert.equal(await white.textContent("#outcome"), outcome);
  assert.equal(await black.textContent("#outcome"), outcome);
  await watcher.screenshot({ path: join(SHOTS, "together-end.png") });

  // The archive lists it; it opens again (where the analysis studies it) and its
  // record downloads.
  await watcher.click("#tab-archive");
  const row = `#archive-list tr[data-game='${keys.watch}']`;
  await watcher.waitForSelector(row);
  assert.match(await watcher.textContent(row), new RegExp(outcome.split(" ")[0].replace("/", "\\/")));
  const [download] = await Promise.all([watcher.waitForEvent("download"), watcher.click(`${row} a.record`)]);
  const record = readFileSync(await download.path(), "utf8");
  assert.match(record, /\[Variant "bushka"\]/);
  await white.click("#tab-archive");
  await white.waitForSelector(row);
  await white.click(`${row} a.open`);
  await waitMark(white, "game", keys.watch);
  await showsMoves(white, plies);
  assert.equal(await white.isHidden("#play"), false);
  for (const page of everyone) assert.deepEqual(page.errors, []);
});
