// A program the server names (`bushka serve --program NAME=SPEC`) is offered in the
// player menus by its name, and plays: here bushka itself over Hub.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BIN, startServer, startBrowser, openApp, settle, newGame, clickAMove, moveList } from "./server.js";

let server, browser;
before(async () => {
  server = await startServer({ args: ["--program", `self=hub,depth=2:${BIN} hub`] });
  browser = await startBrowser();
});
after(async () => { await browser?.close(); server?.stop(); });

test("a person plays the server's program, chosen by its name", async () => {
  const page = await openApp(browser, server.url);
  const offered = await page.$$eval("#black option", (options) => options.map((o) => [o.value, o.textContent]));
  assert.deepEqual(offered.at(-1), ["program:self", "Program self"]);
  assert.ok(!offered.some(([value]) => value.startsWith("hub:")), "no command is offered");
  await newGame(page, { variant: "draughts", white: "human", black: "program:self" });
  assert.match(await page.textContent("#players"), /Black: Program self\.$/);
  for (let i = 0; i < 2; i++) {
    await clickAMove(page, "white");
    assert.equal(await settle(page), "human");
  }
  assert.equal((await moveList(page)).length, 4, "the program answered each move");
  assert.deepEqual(page.errors, []);
  await page.close();
});
