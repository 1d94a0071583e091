// End-to-end tests of ddsolve's analysis page in Debian's Chromium (playwright-core, no
// browser download). run.sh builds the release CLI, starts `ddsolve serve` and runs this file
// with:
//   DDSOLVE_URL   the server's address (http://127.0.0.1:PORT)
//   DDSOLVE_BIN   the `ddsolve` binary, whose `table` and `solve` answers the page must show
//   DDSOLVE_SHOTS the folder for the screenshots (target/browser)
//   CHROMIUM      the browser (default /usr/bin/chromium)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE = required('DDSOLVE_URL');
const BIN = required('DDSOLVE_BIN');
const SHOTS = required('DDSOLVE_SHOTS');
const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(HERE, 'fixtures', 'four-boards.pbn');
const README_DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
const SEATS = ['N', 'E', 'S', 'W'];
const STRAINS = ['NT', 'S', 'H', 'D', 'C'];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const SOLVE_TIMEOUT = 60_000;

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through run.sh`);
  return value;
}

/** The CLI's JSON answer (one object) for `args`, with `input` on stdin. */
function cli(args, input) {
  const out = execFileSync(BIN, [...args, '--format', 'json'], { input, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n')[0]);
}

/** The CLI's `solve` as a map card -> tricks for the side to play. */
function cliSolve({ deal, trump, leader, played = [] }) {
  const args = ['solve', '--trump', trump === 'NT' ? 'N' : trump, '--leader', leader];
  if (played.length) args.push('--played', played.join(','));
  args.push(deal);
  const answer = cli(args);
  const values = {};
  for (const group of answer.cards) for (const card of group.cards) values[card] = group.tricks;
  return { answer, values };
}

/** A deal without some cards (those of the current trick, for the CLI's `solve`). */
function without(deal, cards) {
  const [first, rest] = deal.split(':');
  assert.equal(first, 'N');
  const hands = rest.split(' ').map((hand) => hand.split('.'));
  const suits = ['S', 'H', 'D', 'C'];
  for (const card of cards) {
    const s = suits.indexOf(card[0]);
    const holder = hands.find((hand) => hand[s].includes(card[1]));
    assert.ok(holder, `${card} is in the deal`);
    holder[s] = holder[s].replace(card[1], '');
  }
  return 'N:' + hands.map((hand) => hand.join('.')).join(' ');
}

let browser;

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
});

/** A fresh page; any script error or failed asset fails the test at `check()`. */
async function open(t, viewport = DESKTOP, url = '/') {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`script error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) problems.push(`console error: ${msg.text()}`);
  });
  page.on('response', (res) => {
    if (res.url().includes('/static/') && ![200, 304].includes(res.status())) problems.push(`${res.url()}: ${res.status()}`);
  });
  page.on('requestfailed', (req) => {
    // A reload or a new page aborts what is in flight; anything else is a failure.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()}: ${req.failure()?.errorText}`);
  });
  t.after(() => context.close());
  await page.goto(BASE + url);
  page.assertClean = () => assert.deepEqual(problems, [], 'no script errors or failed requests');
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Waits for the table, then returns it as {seat: {strain: tricks}}. */
async function readTable(page) {
  await page.waitForSelector('.dd-table', { timeout: SOLVE_TIMEOUT });
  return page.$$eval('.dd-table .cell', (cells) => {
    const table = {};
    for (const cell of cells) {
      table[cell.dataset.seat] ??= {};
      table[cell.dataset.seat][cell.dataset.strain] = Number(cell.textContent.trim());
    }
    return table;
  });
}

/** Waits until every legal card shows its value; returns {card: number shown}. */
async function readValues(page) {
  await page.waitForFunction(
    () => {
      const values = [...document.querySelectorAll('.playable .value')];
      return values.length > 0 && values.every((v) => /^\d+$/.test(v.textContent.trim()));
    },
    null,
    { timeout: SOLVE_TIMEOUT },
  );
  return page.$$eval('.playable', (buttons) => Object.fromEntries(buttons.map((b) => [b.dataset.card, Number(b.querySelector('.value').textContent)])));
}

// The address's play= as the page holds it (page.url() follows history updates late).
const playedParam = (page) => page.evaluate(() => new URLSearchParams(location.search).get('play') || '');
// Waits for the page to write `want` in its address's play= (it does so as it renders),
// then checks it: a failure shows what the address holds.
async function expectPlayed(page, want) {
  await page
    .waitForFunction((w) => (new URLSearchParams(location.search).get('play') || '') === w, want, { timeout: 10_000 })
    .catch(() => {});
  assert.equal(await playedParam(page), want);
}
const tally = async (page) => (await page.innerText('.tally')).replace(/\s+/g, ' ').trim();

async function paste(page, deal) {
  await page.fill('#deal-input', deal);
  await page.click('#analyse');
}

test("the README's deal: the page's table and par equal ddsolve's", async (t) => {
  const page = await open(t);
  await paste(page, README_DEAL);
  // The loading state comes first (the table takes a moment), then the table.
  const table = await readTable(page);
  const expected = cli(['table'], README_DEAL + '\n');
  assert.equal(expected.deal, README_DEAL);
  const want = {};
  for (const seat of SEATS) want[seat] = Object.fromEntries(STRAINS.map((s) => [s, expected.table[seat][s]]));
  assert.deepEqual(table, want);
  const par = cli(['par', '--vul', 'none', '--dealer', 'N', README_DEAL]);
  const parText = await page.textContent('.par-main');
  assert.match(parText, /EW \+110/);
  for (const contract of par.dealer_par.contracts) assert.ok(parText.includes(contract.text), `${parText} names ${contract.text}`);
  // The diagram: North's spades in order, the ten shown as 10, dealer marked.
  assert.equal((await page.textContent('.hand-N .suit-row:nth-of-type(2)')).replace(/\s+/g, ''), '♠QJ6');
  assert.equal((await page.textContent('.hand-N .suit-row:nth-of-type(5)')).replace(/\s+/g, ''), '♣1098');
  assert.ok(await page.isVisible('.hand-N .badge.dealer'));
  assert.match(page.url(), /deal=N:QJ6\.K652\.J85\.T98\+873/);
  // Each side's par stays open while the page redraws (here: another contract chosen).
  await page.click('#par-details summary');
  await page.click('.dd-table .cell[data-seat="E"][data-strain="S"]');
  await page.waitForSelector('.dd-table .cell.current[data-seat="E"][data-strain="S"]');
  assert.ok(await page.getAttribute('#par-details', 'open') !== null, 'the par details stay open');
  assert.match(await page.textContent('#par-details'), /NS: -110 EW 2S/);
  await shot(page, 'desktop-table');
  page.assertClean();
});

test('a LIN deal pasted: the same deal, its dealer and vulnerability from md| and sv|', async (t) => {
  const page = await open(t);
  await paste(page, 'md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|b|');
  await page.waitForFunction((deal) => new URLSearchParams(location.search).get('deal') === deal, README_DEAL, { timeout: SOLVE_TIMEOUT });
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('dealer'), 'N');
  assert.equal(url.searchParams.get('vul'), 'Both');
  assert.ok(await page.isVisible('.hand-E .seat-name.vul'));
  assert.ok(await page.isVisible('.hand-N .badge.dealer'));
  await readTable(page);
  assert.match(await page.textContent('.par-main'), /EW \+110/);
  page.assertClean();
});

test("a lead's value equals ddsolve solve's, before and after it is played", async (t) => {
  const page = await open(t);
  await paste(page, README_DEAL);
  await readTable(page);
  await page.click('.dd-table .cell[data-seat="N"][data-strain="NT"]'); // 1NT by North: East leads
  assert.ok(await page.isVisible('.hand-E.to-play'));
  const declarerView = await readValues(page);
  const start = cliSolve({ deal: README_DEAL, trump: 'NT', leader: 'E' });
  assert.equal(start.answer.side, 'EW');
  assert.deepEqual(Object.keys(declarerView).sort(), Object.keys(start.values).sort(), 'the legal leads are the CLI\'s');
  for (const [card, tricks] of Object.entries(start.values)) {
    assert.equal(declarerView[card], 13 - tricks, `${card}: North-South's tricks = 13 - East-West's`);
  }
  // The side to play's view shows the CLI's numbers as they are.
  await page.check('input[name="view"][value="side"]');
  const sideView = await readValues(page);
  assert.deepEqual(sideView, start.values);
  const best = Math.max(...Object.values(start.values));
  const highlighted = await page.$$eval('.playable.best', (b) => b.map((x) => x.dataset.card).sort());
  assert.deepEqual(highlighted, Object.keys(start.values).filter((c) => start.values[c] === best).sort());

  // Lead the heart jack by clicking it: South to play, each card as `ddsolve solve --played HJ`.
  await page.click('.playable[data-card="HJ"]');
  await expectPlayed(page, 'HJ');
  await page.waitForSelector('.hand-S.to-play');
  const after = await readValues(page);
  const next = cliSolve({ deal: without(README_DEAL, ['HJ']), trump: 'NT', leader: 'E', played: ['HJ'] });
  assert.equal(next.answer.side, 'NS');
  assert.deepEqual(after, next.values);
  assert.match(await page.textContent('.slot-E'), /J/);
  page.assertClean();
});

test('a full trick played by click, keys and "best card", then undone and redone', async (t) => {
  const page = await open(t, DESKTOP, `/?deal=${encodeURIComponent(README_DEAL)}&strain=NT&declarer=N`);
  await readValues(page);
  await page.click('.playable[data-card="HJ"]'); // East leads by click
  await readValues(page);
  await page.keyboard.press('h'); // South types the heart eight
  await page.keyboard.press('8');
  await page.waitForSelector('.hand-W.to-play');
  await readValues(page);
  // West by the arrow keys and Enter: move until the heart ace has the focus.
  for (let i = 0; i < 4 && (await page.evaluate(() => document.activeElement?.dataset.card)) !== 'HA'; i++) {
    await page.keyboard.press('ArrowRight');
  }
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.card), 'HA');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.hand-N.to-play');
  await readValues(page);
  await page.click('button[data-action="best"]'); // North: one optimal card
  await page.waitForFunction(() => new URLSearchParams(location.search).get('play')?.length === 8);
  const trick = await playedParam(page);
  assert.match(trick, /^HJH8HAH[K652]$/);
  assert.equal(await tally(page), 'NS 0 EW 1');
  assert.match(await page.textContent('.trick-table tbody tr:first-child'), /W/);
  assert.ok(await page.isVisible('.pcard.won'), 'the winning card is marked in the middle');
  await page.waitForSelector('.hand-W.to-play'); // West won, West leads
  await shot(page, 'desktop-one-trick');

  for (let i = 0; i < 3; i++) await page.click('button[data-action="undo"]');
  await page.keyboard.press('u');
  await expectPlayed(page, '');
  assert.equal(await tally(page), 'NS 0 EW 0');
  assert.ok(await page.isVisible('.hand-E.to-play'));
  assert.equal(await page.locator('.hand-E .playable[data-card="HJ"]').count(), 1, 'the jack is back in East\'s hand');
  assert.equal(await page.locator('.trick-table').count(), 0);
  await page.click('button[data-action="redo"]');
  await expectPlayed(page, 'HJ');
  await page.keyboard.press('r');
  await expectPlayed(page, 'HJH8');
  await page.click('button[data-action="reset"]');
  await expectPlayed(page, '');
  page.assertClean();
});

test('a PBN file of four boards: open it and step to board 3', async (t) => {
  const page = await open(t);
  await page.setInputFiles('#file-input', FIXTURE);
  await page.waitForSelector('#board-select');
  assert.equal(await page.locator('#board-select option').count(), 4);
  await readTable(page);
  assert.match(await page.textContent('.board-no'), /Board 1/);
  await page.click('button[data-action="next-board"]');
  await page.waitForFunction(() => document.querySelector('.board-no')?.textContent.includes('Board 2'));
  await page.click('button[data-action="next-board"]');
  await page.waitForFunction(() => document.querySelector('.board-no')?.textContent.includes('Board 3'));
  const deal = 'N:A96.9752.965.AQ3 Q.K843.A4.JT9762 KT753.JT.K832.K5 J842.AQ6.QJT7.84';
  const table = await readTable(page);
  const expected = cli(['table'], deal + '\n').table;
  for (const seat of SEATS) for (const strain of STRAINS) assert.equal(table[seat][strain], expected[seat][strain], `${seat} ${strain}`);
  // Board 3: dealer South, East-West vulnerable, the board's contract (2S by South) in play.
  assert.ok(await page.isVisible('.hand-S .badge.dealer'));
  assert.ok(await page.isVisible('.hand-E .seat-name.vul'));
  assert.ok(!(await page.isVisible('.hand-N .seat-name.vul')));
  assert.match(await page.textContent('.contract-line'), /2♠\s*by\s*South/);
  assert.ok(await page.isVisible('button[data-action="board-contract"]'));
  assert.ok(await page.isVisible('.hand-W.to-play'), 'West leads against South');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('deal'), deal);
  assert.equal(url.searchParams.get('board'), '3');
  assert.equal(url.searchParams.get('vul'), 'EW');
  assert.equal(url.searchParams.get('dealer'), 'S');
  await readValues(page);
  await shot(page, 'desktop-board-3');
  await page.selectOption('#board-select', '3');
  await page.waitForFunction(() => document.querySelector('.board-no')?.textContent.includes('Board 4'));
  assert.ok(await page.isDisabled('button[data-action="next-board"]'));
  page.assertClean();
});

const MID_PLAY = 'HJH8HAH2SAS6S3S5';

test('a link with play= restores the position, and a reload keeps it', async (t) => {
  const url = `/?deal=${encodeURIComponent(README_DEAL)}&level=1&strain=NT&declarer=N&play=${MID_PLAY}H4`;
  const page = await open(t, DESKTOP, url);
  const values = await readValues(page);
  // Trick 1 to West (heart ace), trick 2 to West (spade ace); West led the heart four.
  assert.equal(await tally(page), 'NS 0 EW 2');
  assert.match(await page.textContent('.contract-line'), /1NT\s*by\s*North/);
  assert.equal(await page.locator('.trick-table tbody tr').count(), 3);
  assert.ok(await page.isVisible('.hand-N.to-play'));
  const cards = ['HJ', 'H8', 'HA', 'H2', 'SA', 'S6', 'S3', 'S5'];
  const remaining = without(README_DEAL, [...cards, 'H4']);
  const expected = cliSolve({ deal: remaining, trump: 'NT', leader: 'W', played: ['H4'] });
  assert.equal(expected.answer.side, 'NS');
  for (const [card, tricks] of Object.entries(expected.values)) assert.equal(values[card], tricks, `${card}: NS have won no trick yet`);
  await page.reload();
  assert.deepEqual(await readValues(page), values);
  await expectPlayed(page, MID_PLAY + 'H4');
  // The tricks list gets `ddsolve play`'s analysis: the heart jack lead gave a trick away, and
  // after each trick North-South's total (won plus double dummy to come) is listed.
  await page.waitForFunction(() => document.querySelector('.trick-table tbody tr:nth-child(2) td.dd')?.textContent.trim() !== '', null, { timeout: SOLVE_TIMEOUT });
  assert.equal(await page.textContent('.trick-table tbody tr:nth-child(1) td.dd'), '7');
  assert.equal(await page.textContent('.played[data-count="0"] .cost'), '−1');
  await shot(page, 'page-mid-play');

  // A card that cannot be played stops the replay with a message; the good part stays.
  const bad = await open(t, DESKTOP, `/?deal=${encodeURIComponent(README_DEAL)}&strain=NT&declarer=N&play=HJSA`);
  await bad.waitForSelector('.play-status .error');
  assert.match(await bad.textContent('.play-status .error'), /card 2 .*South does not hold it/);
  await expectPlayed(bad, 'HJ');
  page.assertClean();
});

test('bad input is shown inline with the server\'s message', async (t) => {
  const page = await open(t);
  await paste(page, 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ'); // 51 cards
  await page.waitForSelector('#input-error:not([hidden])');
  const message = await page.textContent('#input-error');
  assert.match(message, /could not be read: ./);
  let cliMessage = '';
  try {
    execFileSync(BIN, ['table'], { input: 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ\n', encoding: 'utf8', stdio: 'pipe' });
  } catch (err) {
    cliMessage = err.stderr;
  }
  assert.ok(cliMessage, 'the CLI refuses the deal too');
  await shot(page, 'desktop-error');
  page.assertClean();
});

test('"finish" plays the deal out optimally', async (t) => {
  const page = await open(t, DESKTOP, `/?deal=${encodeURIComponent(README_DEAL)}&strain=S&declarer=W`);
  await readValues(page);
  await page.click('button[data-action="finish"]');
  await page.waitForSelector('.done-line', { timeout: 180_000 });
  assert.equal((await playedParam(page)).length, 104);
  // West makes 8 tricks in spades double dummy, and optimal play keeps exactly that.
  assert.equal(await tally(page), 'NS 5 EW 8');
  assert.match(await page.textContent('.done-line'), /West took 8 tricks/);
  assert.equal(await page.locator('.trick-table tbody tr').count(), 13);
  page.assertClean();
});

test('phone width: a stacked layout without sideways scrolling, playable by keyboard', async (t) => {
  const url = `/?deal=${encodeURIComponent(README_DEAL)}&strain=NT&declarer=N&play=${MID_PLAY}`;
  const page = await open(t, PHONE, url);
  await readTable(page);
  await readValues(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `page width ${width} fits ${PHONE.width}`);
  // Measured in one go: the page redraws the diagram when an answer arrives.
  const box = await page.evaluate(() => Object.fromEntries(['.hand-N', '.hand-W', '.hand-E', '.felt', '.hand-S', '.diagram-panel', '.dd-table'].map((sel) => [sel, document.querySelector(sel).getBoundingClientRect().toJSON()])));
  const [n, w, e, felt, s] = ['.hand-N', '.hand-W', '.hand-E', '.felt', '.hand-S'].map((sel) => box[sel]);
  assert.ok(n.bottom <= w.top && n.bottom <= e.top, 'North above West and East');
  assert.ok(w.right <= e.left && w.top < e.bottom && e.top < w.bottom, 'West and East side by side');
  assert.ok(Math.max(w.bottom, e.bottom) <= felt.top && felt.bottom <= s.top, 'the table below them, South below it');
  assert.ok(box['.diagram-panel'].bottom <= box['.dd-table'].top, 'the table of contracts below the diagram');
  await shot(page, 'phone-mid-play');
  // Tab reaches the cards; the focus is visible (an outline), Enter plays.
  let found = false;
  for (let i = 0; i < 40 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => document.activeElement?.classList.contains('playable'));
  }
  assert.ok(found, 'Tab reaches a playable card');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => (new URLSearchParams(location.search).get('play') || '').length === n, MID_PLAY.length + 2);
  await readValues(page);
  await shot(page, 'phone-after-keyboard');
  page.assertClean();
});

const ENDING = 'N:AK2.3.4. QJ3.4..5 4.AK.AK. 5.Q.Q.AK';

test('an ending (five cards a hand): its table, what the page cannot show, and its play', async (t) => {
  const url = `/?deal=${ENDING.replace(/ /g, '+')}&strain=S&declarer=N`;
  const page = await open(t, DESKTOP, url);
  const table = await readTable(page);
  const expected = cli(['table'], ENDING + '\n');
  const want = {};
  for (const seat of SEATS) want[seat] = Object.fromEntries(STRAINS.map((s) => [s, expected.table[seat][s]]));
  assert.deepEqual(table, want);
  // No par: the page says why, in words.
  assert.equal(await page.locator('.par-main').count(), 0);
  assert.match(await page.textContent('.ending-note'), /ending of 5 cards a hand.*No par.*full deals \(13 cards a hand\)/);
  assert.equal(await page.locator('#input-error:not([hidden])').count(), 0);
  // East leads against North's spades; the values are ddsolve solve's.
  const values = await readValues(page);
  const { values: want2 } = cliSolve({ deal: ENDING, trump: 'S', leader: 'E' });
  for (const [card, tricks] of Object.entries(want2)) assert.equal(values[card], 5 - tricks, `${card}: North-South's tricks in all`);
  await shot(page, 'desktop-ending');
  await page.click('button[data-action="finish"]');
  await page.waitForSelector('.done-line', { timeout: 180_000 });
  assert.equal((await playedParam(page)).length, 40);
  assert.match(await page.textContent('.done-line'), new RegExp(`North took ${table.N.S} of 5 tricks\\.`));
  assert.equal(await page.locator('.trick-table tbody tr').count(), 5);
  await shot(page, 'desktop-ending-played');
  page.assertClean();
});

test("a doubled par contract keeps its x on the page and in the address", async (t) => {
  // list100's second deal: dealer par is 4Sx by East-West, one down.
  const deal = 'E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63';
  const page = await open(t, DESKTOP, `/?deal=${deal.replace(/ /g, '+')}&dealer=E&vul=NS`);
  await readTable(page);
  assert.match(await page.textContent('.par-contracts'), /EW 4Sx-1/);
  await page.waitForSelector('.contract-line');
  assert.match((await page.textContent('.contract-line')).replace(/\s+/g, ' '), /^4♠x by (East|West)$/);
  await page.waitForFunction(() => new URLSearchParams(location.search).get('doubled') === 'x');
  // A reload keeps it.
  await page.reload();
  await readTable(page);
  assert.match((await page.textContent('.contract-line')).replace(/\s+/g, ' '), /^4♠x by (East|West)$/);
  await shot(page, 'desktop-doubled-par');
  page.assertClean();
});
