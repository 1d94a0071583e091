// ddsolve's analysis page: an ES module with no build step, served at /static/app.js.
//
// The page keeps its state in `state`, mirrors the deal, contract and cards played in the
// address (`?deal=...&strain=...&declarer=...&play=...`, see the README) and asks the server
// for everything it solves: `/api/table` (table and par), `/api/solve` (every legal card's
// value in the current position), `/api/play` (what each card played cost) and `/api/boards`
// (the boards of a PBN file). The rules of play (whose turn, following suit, who wins a
// trick) are checked here too, so a bad `play=` in a link is caught before it is sent.

const SEATS = ['N', 'E', 'S', 'W'];
const SEAT_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' };
const SUITS = ['S', 'H', 'D', 'C'];
const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const SUIT_NAME_ONE = { S: 'spade', H: 'heart', D: 'diamond', C: 'club' };
const STRAINS = ['NT', 'S', 'H', 'D', 'C'];
const RANKS = 'AKQJT98765432';
const RANK_NAMES = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten' };
const SIDE_NAMES = { NS: 'North-South', EW: 'East-West' };
const EXAMPLE = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';

const nextSeat = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];
const sideOf = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
const otherSide = (side) => (side === 'NS' ? 'EW' : 'NS');
const rankText = (rank) => (rank === 'T' ? '10' : rank);
const strainText = (strain) => (strain === 'NT' ? 'NT' : SUIT_SYMBOLS[strain]);
const cardText = (card) => SUIT_SYMBOLS[card[0]] + rankText(card[1]);
const cardName = (card) => `${SUIT_NAME_ONE[card[0]]} ${RANK_NAMES[card[1]] || card[1]}`;

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

function suitHtml(suit) {
  return `<span class="suit suit-${suit}" aria-hidden="true">${SUIT_SYMBOLS[suit]}</span>`;
}

function cardHtml(card) {
  return `<span class="card-text"><span class="suit suit-${card[0]}">${SUIT_SYMBOLS[card[0]]}</span>${rankText(card[1])}</span>`;
}

function strainHtml(strain) {
  return strain === 'NT' ? 'NT' : `<span class="suit suit-${strain}">${SUIT_SYMBOLS[strain]}</span>`;
}

// ---------------------------------------------------------------- deals and the rules of play

/**
 * The four hands of a PBN deal (`F:h h h h`, any first seat), or null if it is not one: a
 * full deal or an ending (every hand the same length, 1 to 13 cards), read as the library
 * reads deals (a byte-order mark skipped, `10` for the ten, `-` for a void).
 */
function parseDeal(text) {
  const m = /^\s*"?([NESW]):(\S+)\s+(\S+)\s+(\S+)\s+(\S+?)"?\s*$/i.exec((text || '').replace(/^\uFEFF/, ''));
  if (!m) return null;
  const hands = {};
  let seat = m[1].toUpperCase();
  const seen = new Set();
  for (const handText of m.slice(2, 6)) {
    const parts = handText.toUpperCase().replace(/10/g, 'T').split('.').map((p) => (p === '-' ? '' : p));
    if (parts.length !== 4) return null;
    const hand = {};
    SUITS.forEach((suit, i) => {
      hand[suit] = [...parts[i]].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b));
    });
    for (const suit of SUITS) {
      for (const rank of hand[suit]) {
        if (!RANKS.includes(rank) || seen.has(suit + rank)) return null;
        seen.add(suit + rank);
      }
    }
    hands[seat] = hand;
    seat = nextSeat(seat);
  }
  const lengths = SEATS.map((s) => SUITS.reduce((n, suit) => n + hands[s][suit].length, 0));
  return lengths[0] >= 1 && lengths.every((n) => n === lengths[0]) ? hands : null;
}

/** Cards a hand of four hands: 13 for a full deal, fewer for an ending. */
function handLength(hands) {
  return SUITS.reduce((n, suit) => n + hands.N[suit].length, 0);
}

/** The tricks of the deal shown: 13, or an ending's fewer. */
const tricksInDeal = () => (state.hands ? handLength(state.hands) : 13);
/** The cards of the deal shown. */
const cardsInDeal = () => 4 * tricksInDeal();
/** Is the deal shown an ending? Par is of full deals only. */
const isEnding = () => !!state.hands && tricksInDeal() < 13;

/** The normalized PBN (North first) of four hands. */
function dealText(hands) {
  return 'N:' + SEATS.map((seat) => SUITS.map((suit) => hands[seat][suit].join('')).join('.')).join(' ');
}

function cloneHands(hands) {
  const copy = {};
  for (const seat of SEATS) {
    copy[seat] = {};
    for (const suit of SUITS) copy[seat][suit] = hands[seat][suit].slice();
  }
  return copy;
}

function trickWinner(cards, strain) {
  let best = cards[0];
  for (const play of cards.slice(1)) {
    const [suit, rank] = play.card;
    const [bestSuit, bestRank] = best.card;
    if (suit === bestSuit) {
      if (RANKS.indexOf(rank) < RANKS.indexOf(bestRank)) best = play;
    } else if (suit === strain) {
      best = play;
    }
  }
  return best.seat;
}

/**
 * Plays `played` from the start of the deal: the hands left, the tricks, the current trick,
 * the hand to play and the tricks won. A card that cannot be played stops the replay and is
 * reported in `error` (with `valid`, how many cards were good).
 */
function replay(hands0, declarer, strain, played) {
  const hands = cloneHands(hands0);
  let leader = nextSeat(declarer);
  let toPlay = leader;
  let trick = [];
  const tricks = [];
  const won = { NS: 0, EW: 0 };
  for (let i = 0; i < played.length; i++) {
    const card = played[i];
    const [suit, rank] = card;
    const fail = (why) => ({ hands, tricks, current: { leader, cards: trick }, toPlay, won, valid: i, error: `card ${i + 1} (${cardText(card)}): ${why}` });
    const hand = hands[toPlay];
    if (!hand[suit].includes(rank)) return fail(`${SEAT_NAMES[toPlay]} does not hold it`);
    if (trick.length) {
      const led = trick[0].card[0];
      if (suit !== led && hand[led].length) return fail(`${SEAT_NAMES[toPlay]} must follow in ${SUIT_NAMES[led]}`);
    }
    hand[suit] = hand[suit].filter((r) => r !== rank);
    trick.push({ seat: toPlay, card });
    if (trick.length === 4) {
      const winner = trickWinner(trick, strain);
      tricks.push({ leader, cards: trick, winner });
      won[sideOf(winner)] += 1;
      leader = winner;
      toPlay = winner;
      trick = [];
    } else {
      toPlay = nextSeat(toPlay);
    }
  }
  return { hands, tricks, current: { leader, cards: trick }, toPlay, won, valid: played.length, error: null };
}

function legalCards(game) {
  const hand = game.hands[game.toPlay];
  const trick = game.current.cards;
  if (trick.length) {
    const led = trick[0].card[0];
    if (hand[led].length) return hand[led].map((rank) => led + rank);
  }
  return SUITS.flatMap((suit) => hand[suit].map((rank) => suit + rank));
}

/** Cards of a `play=` parameter: `HJH8HAH2`, `HJ,H8,HA,H2` or with `10` for the ten. */
function parsePlay(text) {
  const cards = [];
  const clean = (text || '').toUpperCase().replace(/[\s,;.-]+/g, '');
  const re = /([SHDC])(10|[2-9TJQKA])/y;
  let m;
  let at = 0;
  while (at < clean.length) {
    re.lastIndex = at;
    m = re.exec(clean);
    if (!m) return { cards, error: `cannot read the cards played after "${cards.map(cardText).join(' ')}": "${clean.slice(at, at + 6)}"` };
    cards.push(m[1] + (m[2] === '10' ? 'T' : m[2]));
    at = re.lastIndex;
  }
  return { cards, error: null };
}

/** A board's contract (`4S`, `3NTX`, `6HXX`, `Pass`): level and strain, or null. */
function parseContract(text) {
  const m = /^([1-7])(NT|N|S|H|D|C)(X{0,2})$/i.exec((text || '').trim());
  if (!m) return null;
  const strain = m[2].toUpperCase() === 'N' ? 'NT' : m[2].toUpperCase();
  return { level: Number(m[1]), strain, doubled: m[3].toUpperCase() };
}

// ---------------------------------------------------------------- the server

class ApiError extends Error {}

/**
 * POSTs to the API; the answer's JSON, or an ApiError with the server's `{"error"}` message.
 * A busy server (503 with a short Retry-After) is asked again, twice at most.
 */
async function api(path, body, { raw = false, tries = 3 } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': raw ? 'text/plain; charset=utf-8' : 'application/json' },
      body: raw ? body : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(`Cannot reach the ddsolve server (${err.message}).`);
  }
  let data = null;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const after = response.headers.get('Retry-After');
    if (response.status === 503 && after !== null && tries > 1 && Number(after) <= 5) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(Number(after), 0.2) * 1000));
      return api(path, body, { raw, tries: tries - 1 });
    }
    if (data && typeof data.error === 'string') throw new ApiError(data.error);
    if (response.status === 503) throw new ApiError(`The server is busy${after ? `: try again in ${after} s` : ''}.`);
    throw new ApiError(`The server answered ${response.status} ${response.statusText}.`);
  }
  if (data === null) throw new ApiError('The server sent an answer that is not JSON.');
  return data;
}

// ---------------------------------------------------------------- state

const state = {
  deal: null, // normalized PBN, North first
  hands: null, // the four full hands of `deal`
  vul: 'None',
  dealer: 'N',
  board: null, // board number (from a file or the address)
  boardContract: null, // {level, strain, doubled, declarer} of the file's board
  level: null, // the contract's level when known
  doubled: '', // 'x' or 'xx' when the contract is doubled or redoubled
  strain: null,
  declarer: null,
  played: [],
  future: [], // cards undone, for redo
  view: 'declarer', // tricks shown for the declarer's side (total) or the side to play (from here)
  boards: [],
  boardIndex: -1,
  fileName: '',
  inputError: null,
  dealLoading: false,
  tableError: null,
  solveError: null,
  playError: null,
  finishing: false,
  pendingSuit: null,
  parOpen: false, // the par details, kept open across redraws
};

const tableCache = new Map();
const solveCache = new Map();
const playCache = new Map();
const inflight = new Map();

function cached(cache, key, request) {
  if (cache.has(key)) return Promise.resolve(cache.get(key));
  if (inflight.has(key)) return inflight.get(key);
  const promise = request().then(
    (value) => {
      cache.set(key, value);
      inflight.delete(key);
      return value;
    },
    (err) => {
      inflight.delete(key);
      throw err;
    },
  );
  inflight.set(key, promise);
  return promise;
}

const tableKey = () => `table|${state.deal}|${state.vul}|${state.dealer}`;
const solveKey = (played = state.played) => `solve|${state.deal}|${state.strain}|${state.declarer}|${played.join('')}`;
const playKey = (played = state.played) => `play|${state.deal}|${state.strain}|${state.declarer}|${played.join('')}`;

function currentGame() {
  if (!state.hands || !state.strain || !state.declarer) return null;
  return replay(state.hands, state.declarer, state.strain, state.played);
}

// ---------------------------------------------------------------- the address

function readAddress() {
  const params = new URLSearchParams(location.search);
  const out = {
    deal: params.get('deal'),
    vul: params.get('vul'),
    dealer: params.get('dealer'),
    board: params.get('board'),
    strain: params.get('strain'),
    declarer: params.get('declarer'),
    level: params.get('level'),
    doubled: params.get('doubled'),
    play: params.get('play'),
    view: params.get('view'),
  };
  const contract = params.get('contract'); // e.g. 4SN: level, strain, declarer
  if (contract) {
    const m = /^([1-7])?(NT|N|S|H|D|C)([NESW])?$/i.exec(contract.trim());
    if (m) {
      out.level = out.level || m[1] || null;
      out.strain = out.strain || m[2];
      out.declarer = out.declarer || m[3] || null;
    }
  }
  return out;
}

function queryValue(text) {
  return encodeURIComponent(text).replace(/%20/g, '+').replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

function writeAddress() {
  const parts = [];
  if (state.deal) {
    parts.push(`deal=${queryValue(state.deal)}`);
    if (state.board) parts.push(`board=${queryValue(state.board)}`);
    parts.push(`dealer=${state.dealer}`, `vul=${state.vul}`);
    if (state.strain && state.declarer) {
      if (state.level) parts.push(`level=${state.level}`);
      if (state.level && state.doubled) parts.push(`doubled=${state.doubled}`);
      parts.push(`strain=${state.strain}`, `declarer=${state.declarer}`);
      if (state.played.length) parts.push(`play=${state.played.join('')}`);
    }
    if (state.view !== 'declarer') parts.push(`view=${state.view}`);
  }
  const url = parts.length ? `${location.pathname}?${parts.join('&')}` : location.pathname;
  if (url !== location.pathname + location.search) history.replaceState(null, '', url);
}

// ---------------------------------------------------------------- actions

const $ = (id) => document.getElementById(id);

function normalizeStrain(text) {
  if (!text) return null;
  const t = text.toUpperCase();
  if (t === 'N' || t === 'NT') return 'NT';
  return STRAINS.includes(t) ? t : null;
}

function normalizeSeat(text) {
  const t = (text || '').toUpperCase();
  return SEATS.includes(t) ? t : null;
}

function normalizeVul(text) {
  const t = (text || '').toLowerCase();
  return { none: 'None', '-': 'None', love: 'None', ns: 'NS', ew: 'EW', both: 'Both', all: 'Both' }[t] || null;
}

/**
 * Loads a deal: shows it at once when the page can read it (PBN), asks the server for its
 * table and par (which also reads LIN and gives the normalized deal), then restores the
 * contract and the cards played given in `options`.
 */
async function loadDeal(input, options = {}) {
  state.inputError = null;
  state.tableError = null;
  state.solveError = null;
  state.playError = null;
  state.finishing = false;
  state.vul = options.vul || state.vul;
  state.dealer = options.dealer || state.dealer;
  state.board = options.board || null;
  state.boardContract = options.boardContract || null;
  state.level = options.level || null;
  state.doubled = options.doubled || '';
  state.strain = options.strain || null;
  state.declarer = options.declarer || null;
  state.played = [];
  state.future = [];
  const token = ++loadToken;
  const hands = parseDeal(input);
  state.hands = hands;
  state.deal = hands ? dealText(hands) : null;
  state.dealLoading = !hands;
  $('deal-input').value = input.trim();
  $('dealer-input').value = state.dealer;
  $('vul-input').value = state.vul;
  if (hands) restorePlay(options.play);
  refresh();

  const { vul, dealer } = state;
  let answer;
  try {
    // Par is of full deals: an ending is asked for its table alone.
    answer = await api('/api/table', hands && handLength(hands) < 13 ? { deal: input.trim() } : { deal: input.trim(), vulnerable: vul, dealer });
  } catch (err) {
    if (token !== loadToken) return;
    state.dealLoading = false;
    if (!hands) {
      state.inputError = err.message;
      state.deal = null;
    } else {
      state.tableError = err.message;
    }
    refresh();
    return;
  }
  if (token !== loadToken) {
    // Another deal was loaded meanwhile: keep this table for when its deal comes back.
    if (parseDeal(answer.deal)) tableCache.set(`table|${answer.deal}|${vul}|${dealer}`, answer);
    return;
  }
  const normal = parseDeal(answer.deal);
  if (!normal) {
    state.dealLoading = false;
    state.inputError = `The server gave a deal the page cannot read: ${answer.deal}`;
    refresh();
    return;
  }
  const changed = state.deal !== answer.deal;
  state.hands = normal;
  state.deal = answer.deal;
  state.dealLoading = false;
  tableCache.set(tableKey(), answer);
  if (changed) {
    state.played = [];
    state.future = [];
    restorePlay(options.play);
  }
  if (!state.strain || !state.declarer) chooseDefaultContract(answer);
  refresh();
}

/** Sets the cards played from a `play=` value, keeping the legal part and saying what was not. */
function restorePlay(text) {
  if (!text || !state.strain || !state.declarer) return;
  const { cards, error } = parsePlay(text);
  const game = replay(state.hands, state.declarer, state.strain, cards);
  state.played = cards.slice(0, game.valid);
  if (error || game.error) state.playError = `The cards played in the link stop at ${game.error || error}.`;
}

/** Without a contract, plays the par contract (or the best one of the table). */
function chooseDefaultContract(answer) {
  if (state.boardContract) {
    state.level = state.boardContract.level;
    state.doubled = (state.boardContract.doubled || '').toLowerCase();
    state.strain = state.boardContract.strain;
    state.declarer = state.boardContract.declarer;
    return;
  }
  const table = answer.table;
  const par = answer.dealer_par && answer.dealer_par.contracts && answer.dealer_par.contracts[0];
  if (par) {
    const seats = par.declarer.length === 1 ? [par.declarer] : SEATS.filter((s) => sideOf(s) === par.declarer);
    const best = seats.reduce((a, b) => (table[b][par.strain] > table[a][par.strain] ? b : a));
    state.level = par.level;
    state.doubled = par.doubled ? 'x' : '';
    state.strain = par.strain;
    state.declarer = best;
    return;
  }
  let best = { seat: 'N', strain: 'NT', tricks: -1 };
  for (const seat of SEATS) {
    for (const strain of STRAINS) {
      if (table[seat][strain] > best.tricks) best = { seat, strain, tricks: table[seat][strain] };
    }
  }
  // An ending has no contract level: its tricks are counted without one.
  state.level = isEnding() ? null : Math.max(1, best.tricks - 6);
  state.doubled = '';
  state.strain = best.strain;
  state.declarer = best.seat;
}

/** The highest level a declarer makes in a strain (1 if none), once the table is known. */
function makeableLevel(strain, declarer) {
  const answer = tableCache.get(tableKey());
  if (!answer || isEnding()) return null;
  return Math.max(1, answer.table[declarer][strain] - 6);
}

function setContract(strain, declarer, level = null, doubled = '') {
  if (strain === state.strain && declarer === state.declarer && level === state.level && doubled === state.doubled) return;
  state.strain = strain;
  state.declarer = declarer;
  state.level = level;
  state.doubled = doubled;
  state.played = [];
  state.future = [];
  state.solveError = null;
  state.playError = null;
  state.finishing = false;
  refresh();
}

function playCard(card, { fromFinish = false } = {}) {
  const game = currentGame();
  if (!game || game.error || state.played.length >= cardsInDeal()) return false;
  if (!legalCards(game).includes(card)) return false;
  if (!fromFinish) state.finishing = false;
  state.played = [...state.played, card];
  if (state.future[0] === card) state.future = state.future.slice(1);
  else state.future = [];
  state.solveError = null;
  state.playError = null;
  refresh({ focusCards: true });
  return true;
}

function undo() {
  if (!state.played.length) return;
  state.finishing = false;
  state.future = [state.played[state.played.length - 1], ...state.future];
  state.played = state.played.slice(0, -1);
  state.solveError = null;
  refresh({ focusCards: true });
}

function redo() {
  if (!state.future.length) return;
  state.finishing = false;
  state.played = [...state.played, state.future[0]];
  state.future = state.future.slice(1);
  refresh({ focusCards: true });
}

function goTo(count) {
  state.finishing = false;
  const all = [...state.played, ...state.future];
  state.played = all.slice(0, count);
  state.future = all.slice(count);
  state.solveError = null;
  refresh({ focusCards: true });
}

function reset() {
  if (!state.played.length) return;
  goTo(0);
}

async function bestCard({ fromFinish = false } = {}) {
  const game = currentGame();
  if (!game || game.error || state.played.length >= cardsInDeal()) return false;
  const key = solveKey();
  let answer;
  try {
    answer = await cached(solveCache, key, () => requestSolve(state.played));
  } catch (err) {
    if (key === solveKey()) {
      state.solveError = err.message;
      state.finishing = false;
      render();
    }
    return false;
  }
  if (key !== solveKey()) return false;
  return playCard(answer.cards[0].cards[0], { fromFinish });
}

async function finish() {
  if (state.finishing) {
    state.finishing = false;
    render();
    return;
  }
  state.finishing = true;
  render();
  while (state.finishing && state.played.length < cardsInDeal()) {
    const ok = await bestCard({ fromFinish: true });
    if (!ok) break;
  }
  state.finishing = false;
  refresh();
}

function requestSolve(played) {
  return api('/api/solve', { deal: state.deal, trump: state.strain, leader: nextSeat(state.declarer), played });
}

function requestPlay(played) {
  return api('/api/play', { deal: state.deal, trump: state.strain, declarer: state.declarer, played });
}

// ---------------------------------------------------------------- refresh: address, render, requests

let analysisTimer = null;
let loadToken = 0;

function refresh(opts = {}) {
  writeAddress();
  render(opts);
  if (!state.deal) return;

  const tk = tableKey();
  if (!tableCache.has(tk) && !inflight.has(tk) && !state.tableError && !state.dealLoading) {
    const request = isEnding() ? { deal: state.deal } : { deal: state.deal, vulnerable: state.vul, dealer: state.dealer };
    cached(tableCache, tk, () => api('/api/table', request)).then(
      () => tk === tableKey() && render(),
      (err) => {
        if (tk === tableKey()) {
          state.tableError = err.message;
          render();
        }
      },
    );
  }

  const game = currentGame();
  if (!game || game.error) return;
  if (state.played.length < cardsInDeal()) {
    const sk = solveKey();
    if (!solveCache.has(sk) && !inflight.has(sk)) {
      const played = state.played;
      cached(solveCache, sk, () => requestSolve(played)).then(
        () => sk === solveKey() && render(),
        (err) => {
          if (sk === solveKey()) {
            state.solveError = err.message;
            render();
          }
        },
      );
      render();
    }
  }

  clearTimeout(analysisTimer);
  if (state.played.length) {
    const pk = playKey();
    if (!playCache.has(pk)) {
      const played = state.played;
      analysisTimer = setTimeout(() => {
        if (state.finishing) return;
        cached(playCache, pk, () => requestPlay(played)).then(
          () => pk === playKey() && render(),
          () => {}, // the tricks list simply shows no costs; the solve errors say why
        );
      }, 250);
    }
  }
}

// ---------------------------------------------------------------- rendering

function render({ focusCards = false } = {}) {
  const active = document.activeElement;
  const focusKey = active && active.dataset ? active.dataset.focus : null;

  renderInput();
  renderBoards();
  renderDiagram();
  renderControls();
  renderTable();
  renderContract();
  renderTricks();

  let target = focusKey ? document.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`) : null;
  if ((focusCards || (focusKey && !target)) && (!target || target.disabled)) {
    target = document.querySelector('.playable[data-best="1"]') || document.querySelector('.playable');
    if (!target && focusKey) target = document.querySelector('[data-focus="undo"]');
  }
  if (target && target !== document.activeElement && (focusCards || focusKey)) target.focus({ preventScroll: true });
}

/** Sets an element's HTML only when it changed, so a redraw keeps focus, hover and open details. */
const drawn = new WeakMap();

function setHtml(el, html) {
  if (drawn.get(el) === html) return;
  el.innerHTML = html;
  drawn.set(el, html);
}

function renderInput() {
  const box = $('input-error');
  box.hidden = !state.inputError;
  box.textContent = state.inputError ? `The deal could not be read: ${state.inputError}` : '';
  $('analyse').disabled = state.dealLoading;
  $('analyse').textContent = state.dealLoading ? 'Reading…' : 'Analyse';
}

function renderBoards() {
  const nav = $('boards');
  if (!state.boards.length) {
    nav.hidden = true;
    setHtml(nav, '');
    return;
  }
  nav.hidden = false;
  const i = state.boardIndex;
  const options = state.boards
    .map((b, j) => `<option value="${j}"${j === i ? ' selected' : ''}>Board ${escapeHtml(b.board ?? j + 1)}${b.error ? ' (error)' : ''}</option>`)
    .join('');
  const board = state.boards[i];
  setHtml(nav, `
    <span class="file-name" title="${escapeHtml(state.fileName)}">${escapeHtml(state.fileName)} · ${state.boards.length} boards</span>
    <div class="board-stepper">
      <button type="button" data-action="prev-board" data-focus="prev-board" aria-label="Previous board" ${i <= 0 ? 'disabled' : ''}>‹ Prev</button>
      <label class="visually-hidden" for="board-select">Board</label>
      <select id="board-select" data-focus="board-select">${options}</select>
      <button type="button" data-action="next-board" data-focus="next-board" aria-label="Next board" ${i >= state.boards.length - 1 ? 'disabled' : ''}>Next ›</button>
    </div>
    ${board && board.error ? `<p class="error" role="alert">Board ${escapeHtml(board.board ?? i + 1)}: ${escapeHtml(board.error)}</p>` : ''}`);
}

function renderHand(seat, game, legal, values) {
  const hand = game ? game.hands[seat] : state.hands[seat];
  const toPlay = game && !game.error && state.played.length < cardsInDeal() && game.toPlay === seat;
  const vulnerable = state.vul === 'Both' || state.vul === sideOf(seat);
  const badges = [];
  if (state.dealer === seat) badges.push('<span class="badge dealer" title="Dealer" aria-label="Dealer">D</span>');
  if (state.declarer === seat && state.strain) badges.push('<span class="badge declarer" title="Declarer">Declarer</span>');
  const rows = SUITS.map((suit) => {
    const cards = hand[suit].map((rank) => {
      const card = suit + rank;
      if (toPlay && legal.has(card)) {
        const v = values.get(card);
        const label = v ? `${cardName(card)}: ${v.label}${v.best ? ', best' : ''}` : cardName(card);
        return `<button type="button" class="cardbtn playable${v && v.best ? ' best' : ''}${v && !v.best ? ' worse' : ''}" data-card="${card}" data-focus="card-${card}" data-best="${v && v.best ? 1 : 0}" aria-label="Play the ${label}"><span class="rank">${rankText(rank)}</span><span class="value">${v ? v.shown : '…'}</span></button>`;
      }
      return `<span class="rank-chip${toPlay ? ' illegal' : ''}">${rankText(rank)}</span>`;
    });
    return `<div class="suit-row"><span class="suit suit-${suit}" aria-label="${SUIT_NAMES[suit]}">${SUIT_SYMBOLS[suit]}</span><span class="cards">${cards.join('') || '<span class="void">—</span>'}</span></div>`;
  }).join('');
  return `<div class="hand hand-${seat}${toPlay ? ' to-play' : ''}" role="group" aria-label="${SEAT_NAMES[seat]}${vulnerable ? ', vulnerable' : ''}">
    <div class="hand-head"><span class="seat-name${vulnerable ? ' vul' : ''}">${SEAT_NAMES[seat]}</span>${badges.join('')}${toPlay ? '<span class="badge turn">to play</span>' : ''}</div>
    ${rows}
  </div>`;
}

/** Each legal card's value as shown: for declarer's side in total, or for the side to play from here. */
function cardValues(game) {
  const values = new Map();
  const answer = solveCache.get(solveKey());
  if (!answer) return { values, answer: null };
  const declSide = sideOf(state.declarer);
  const left = tricksInDeal() - game.tricks.length;
  const best = answer.cards[0].tricks;
  for (const group of answer.cards) {
    const forDecl = game.won[declSide] + (answer.side === declSide ? group.tricks : left - group.tricks);
    for (const card of group.cards) {
      const isBest = group.tricks === best;
      const shown = state.view === 'declarer' ? forDecl : group.tricks;
      const label = state.view === 'declarer' ? `${SIDE_NAMES[declSide]} take ${forDecl} tricks in all` : `${SIDE_NAMES[answer.side]} take ${group.tricks} of the ${left} tricks left`;
      values.set(card, { shown, best: isBest, label, forDecl, forSide: group.tricks });
    }
  }
  return { values, answer };
}

function renderDiagram() {
  const el = $('diagram');
  if (!state.hands) {
    el.classList.add('is-empty');
    setHtml(el, state.dealLoading
      ? '<p class="empty"><span class="spinner" aria-hidden="true"></span> Reading the deal…</p>'
      : '<p class="empty">Paste a deal above, open a PBN file, or try the <button type="button" class="link" data-action="example">example deal</button>.</p>');
    return;
  }
  el.classList.remove('is-empty');
  const game = currentGame();
  const legal = new Set(game && !game.error ? legalCards(game) : []);
  const { values } = game && !game.error ? cardValues(game) : { values: new Map() };

  // The trick in the middle: the current one, or the last one complete while the next has no card.
  let shown = null;
  let done = false;
  if (game && game.current.cards.length) shown = game.current;
  else if (game && game.tricks.length) {
    shown = game.tricks[game.tricks.length - 1];
    done = true;
  }
  const trickCards = SEATS.map((seat) => {
    const play = shown && shown.cards.find((p) => p.seat === seat);
    if (!play) return `<div class="slot slot-${seat}"></div>`;
    const win = done && shown.winner === seat;
    const lead = shown.cards[0].seat === seat;
    return `<div class="slot slot-${seat}"><div role="img" class="pcard${win ? ' won' : ''}${done ? ' done' : ''}" aria-label="${SEAT_NAMES[seat]} played the ${cardName(play.card)}${lead ? ' (led)' : ''}${win ? ', won the trick' : ''}"><span class="pc-rank">${rankText(play.card[1])}</span><span class="suit suit-${play.card[0]}">${SUIT_SYMBOLS[play.card[0]]}</span></div></div>`;
  }).join('');

  const vulSeat = (seat) => state.vul === 'Both' || state.vul === sideOf(seat);
  const compass = SEATS.map((seat) => `<span class="compass-seat cs-${seat}${vulSeat(seat) ? ' vul' : ''}${game && !game.error && game.toPlay === seat && state.played.length < cardsInDeal() ? ' turn' : ''}">${seat}</span>`).join('');
  const won = game ? game.won : { NS: 0, EW: 0 };
  const info = `<div class="corner corner-nw">
      ${state.board ? `<div class="board-no">Board ${escapeHtml(state.board)}</div>` : ''}
      <div>Dealer <strong>${SEAT_NAMES[state.dealer]}</strong></div>
      <div>Vul <strong>${{ None: 'None', NS: 'N-S', EW: 'E-W', Both: 'Both' }[state.vul]}</strong></div>
    </div>`;
  const score = game
    ? `<div class="corner corner-ne">
      <div class="contract-line">${state.level ? state.level : ''}${strainHtml(state.strain)}${state.level && state.doubled ? escapeHtml(state.doubled) : ''} <span class="muted">by</span> ${SEAT_NAMES[state.declarer]}</div>
      <div class="tally" aria-label="Tricks won: North-South ${won.NS}, East-West ${won.EW}"><span>NS <strong>${won.NS}</strong></span><span>EW <strong>${won.EW}</strong></span></div>
    </div>`
    : '<div class="corner corner-ne"></div>';

  setHtml(el, `<div class="table-grid">
      ${info}
      ${renderHand('N', game && !game.error ? game : null, legal, values)}
      ${score}
      ${renderHand('W', game && !game.error ? game : null, legal, values)}
      <div class="felt" role="group" aria-label="The trick on the table">${compass}${trickCards}</div>
      ${renderHand('E', game && !game.error ? game : null, legal, values)}
      <div class="corner corner-sw"></div>
      ${renderHand('S', game && !game.error ? game : null, legal, values)}
      <div class="corner corner-se"></div>
    </div>`);
}

function renderControls() {
  const el = $('controls');
  const status = $('play-status');
  const game = currentGame();
  if (!game) {
    setHtml(el, '');
    setHtml(status, state.hands && state.tableError ? '' : state.hands ? '<p class="muted">Choose a strain and a declarer to play the deal.</p>' : '');
    return;
  }
  const over = state.played.length >= cardsInDeal();
  const sk = solveKey();
  const loading = !over && !solveCache.has(sk) && inflight.has(sk);
  const answer = solveCache.get(sk);
  const declSide = sideOf(state.declarer);
  const disabled = (cond) => (cond ? 'disabled' : '');
  setHtml(el, `
    <button type="button" data-action="reset" data-focus="reset" ${disabled(!state.played.length)} aria-label="Reset: back to the opening lead">« Reset</button>
    <button type="button" data-action="undo" data-focus="undo" ${disabled(!state.played.length)} aria-label="Undo the last card (u)">↶ Undo</button>
    <button type="button" data-action="redo" data-focus="redo" ${disabled(!state.future.length)} aria-label="Redo (r)">↷ Redo</button>
    <button type="button" data-action="best" data-focus="best" class="accent" ${disabled(over || !!game.error || state.finishing)} aria-label="Play the best card (b)">★ Best card</button>
    <button type="button" data-action="finish" data-focus="finish" ${disabled(over || !!game.error)} aria-label="${state.finishing ? 'Stop finishing' : 'Finish: play the rest optimally (f)'}">${state.finishing ? 'Stop' : 'Finish »'}</button>
    <div class="view-toggle" role="radiogroup" aria-label="Numbers on the cards">
      <label><input type="radio" name="view" value="declarer" ${state.view === 'declarer' ? 'checked' : ''}> declarer's side, total</label>
      <label><input type="radio" name="view" value="side" ${state.view === 'side' ? 'checked' : ''}> side to play, from here</label>
    </div>`);

  let html = '';
  if (game.error) {
    html = `<p class="error" role="alert">${escapeHtml(game.error)}</p>`;
  } else if (over) {
    const made = game.won[declSide];
    let result = '';
    if (state.level && !isEnding()) {
      const need = state.level + 6;
      result = made >= need ? (made === need ? ' — made exactly' : ` — made with ${made - need} over`) : ` — down ${need - made}`;
    }
    const of = isEnding() ? ` of ${tricksInDeal()}` : '';
    html = `<p class="done-line"><strong>${SEAT_NAMES[state.declarer]}</strong> took <strong>${made}</strong>${of} tricks${result}.</p>`;
  } else {
    const who = SEAT_NAMES[game.toPlay];
    const trickNo = game.tricks.length + 1;
    const last = game.tricks[game.tricks.length - 1];
    const lastText = last && !game.current.cards.length ? `Trick ${game.tricks.length} to ${SEAT_NAMES[last.winner]}. ` : '';
    let line;
    if (loading) line = `<span class="spinner" aria-hidden="true"></span> Solving: <strong>${who}</strong> to play to trick ${trickNo}…`;
    else if (answer) {
      const bestDecl = game.won[declSide] + (answer.side === declSide ? answer.cards[0].tricks : tricksInDeal() - game.tricks.length - answer.cards[0].tricks);
      const legend = state.view === 'declarer'
        ? `the numbers are ${SIDE_NAMES[declSide]}'s tricks in all (declarer's side)`
        : `the numbers are ${SIDE_NAMES[answer.side]}'s tricks from here (the side to play)`;
      line = `<strong>${who}</strong> to play to trick ${trickNo}. Double dummy, declarer's side takes <strong class="dd-total">${bestDecl}</strong>; ${legend}, <span class="legend-best">best</span> highlighted.`;
    } else line = `<strong>${who}</strong> to play to trick ${trickNo}.`;
    html = `<p>${lastText}${line}${state.pendingSuit ? ` <span class="typing" aria-live="assertive">typed ${suitHtml(state.pendingSuit)} …</span>` : ''}</p>`;
  }
  if (state.solveError) html += `<p class="error" role="alert">The server could not solve this position: ${escapeHtml(state.solveError)}</p>`;
  if (state.playError) html += `<p class="error" role="alert">${escapeHtml(state.playError)}</p>`;
  setHtml(status, html);
}

function renderTable() {
  const el = $('table');
  if (!state.deal) {
    setHtml(el, state.dealLoading ? '<p class="loading"><span class="spinner" aria-hidden="true"></span> Solving the table…</p>' : '<p class="muted">No deal yet.</p>');
    return;
  }
  if (state.tableError) {
    setHtml(el, `<p class="error" role="alert">The table could not be solved: ${escapeHtml(state.tableError)}</p>`);
    return;
  }
  const answer = tableCache.get(tableKey());
  if (!answer) {
    setHtml(el, `<p class="loading"><span class="spinner" aria-hidden="true"></span> Solving the table (20 contracts)…</p>
      <div class="skeleton" aria-hidden="true"></div>`);
    el.setAttribute('aria-busy', 'true');
    return;
  }
  el.removeAttribute('aria-busy');
  const head = STRAINS.map((s) => `<th scope="col">${strainHtml(s)}<span class="visually-hidden">${s === 'NT' ? ' notrump' : ` ${SUIT_NAMES[s]}`}</span></th>`).join('');
  const rows = ['N', 'S', 'E', 'W'].map((seat) => {
    const cells = STRAINS.map((strain) => {
      const tricks = answer.table[seat][strain];
      const level = tricks - 6;
      const current = state.strain === strain && state.declarer === seat;
      const makes = level >= 1;
      return `<td><button type="button" class="cell${makes ? ' makes' : ''}${current ? ' current' : ''}" data-action="contract" data-strain="${strain}" data-seat="${seat}" data-focus="cell-${seat}${strain}" aria-pressed="${current}" aria-label="${SEAT_NAMES[seat]} in ${strain === 'NT' ? 'notrump' : SUIT_NAMES[strain]}: ${tricks} tricks${makes ? `, makes ${level}` : ''}. Play it." title="${makes ? `${level}${strain} makes (${tricks} tricks)` : `${tricks} tricks`}">${tricks}</button></td>`;
    }).join('');
    return `<tr><th scope="row">${seat}</th>${cells}</tr>`;
  }).join('');
  let par = '';
  if (isEnding()) {
    const n = tricksInDeal();
    par = `<p class="ending-note" role="note">An ending of ${n} card${n === 1 ? '' : 's'} a hand: the table counts its ${n} trick${n === 1 ? '' : 's'}. No par and no contract level: par is of full deals (13 cards a hand).</p>`;
  } else if (answer.dealer_par) {
    const dp = answer.dealer_par;
    const score = dp.score;
    const scoreText = score === 0 ? 'Passed out, 0' : `${score > 0 ? 'NS' : 'EW'} +${Math.abs(score)}`;
    const contracts = dp.contracts.map((c) => escapeHtml(c.text || `${c.declarer} ${c.level}${c.strain}${c.doubled ? 'x' : ''}`)).join(', ');
    const sideText = (p) => `${p.score > 0 ? '+' : ''}${p.score} ${p.contracts.map((c) => escapeHtml(c.text || '')).join(', ')}`;
    par = `<div class="par">
        <div class="par-main"><span class="par-label">Par</span> <strong class="par-score">${scoreText}</strong> <span class="par-contracts">${contracts || 'Pass'}</span></div>
        ${answer.par ? `<details id="par-details"${state.parOpen ? ' open' : ''}><summary>Par from each side's view</summary><p>NS: ${sideText(answer.par.ns)}</p><p>EW: ${sideText(answer.par.ew)}</p></details>` : ''}
      </div>`;
  }
  setHtml(el, `<table class="dd-table">
      <caption class="visually-hidden">Tricks each declarer takes in each strain; choose one to play it</caption>
      <thead><tr><th scope="col"><span class="visually-hidden">Declarer</span></th>${head}</tr></thead>
      <tbody>${rows}</tbody>
    </table>
    <p class="hint">Tricks by declarer and strain${isEnding() ? ` (of ${tricksInDeal()})` : ''}; click one to play it.</p>
    ${par}`);
}

function renderContract() {
  const el = $('contract');
  if (!state.hands) {
    setHtml(el, '<p class="muted">No deal yet.</p>');
    return;
  }
  const strainButtons = STRAINS.map((s) => `<button type="button" class="seg${state.strain === s ? ' on' : ''}" data-action="strain" data-strain="${s}" data-focus="strain-${s}" aria-pressed="${state.strain === s}" aria-label="${s === 'NT' ? 'Notrump' : SUIT_NAMES[s]}">${strainHtml(s)}</button>`).join('');
  const seatButtons = SEATS.map((s) => `<button type="button" class="seg${state.declarer === s ? ' on' : ''}" data-action="declarer" data-seat="${s}" data-focus="declarer-${s}" aria-pressed="${state.declarer === s}" aria-label="Declarer ${SEAT_NAMES[s]}">${s}</button>`).join('');
  const bc = state.boardContract;
  const boardBtn = bc
    ? `<button type="button" class="small" data-action="board-contract" data-focus="board-contract">Board's contract: ${bc.level}${strainHtml(bc.strain)}${bc.doubled ? escapeHtml(bc.doubled.replace(/X/g, 'x')) : ''} by ${SEAT_NAMES[bc.declarer]}</button>`
    : '';
  const leader = state.declarer ? `<p class="muted">Opening lead: ${SEAT_NAMES[nextSeat(state.declarer)]}.</p>` : '';
  setHtml(el, `<div class="seg-row" role="group" aria-label="Strain">${strainButtons}</div>
    <div class="seg-row" role="group" aria-label="Declarer">${seatButtons}</div>
    ${boardBtn}${leader}`);
}

function renderTricks() {
  const el = $('tricks');
  const game = currentGame();
  if (!game || (!game.tricks.length && !game.current.cards.length)) {
    setHtml(el, `<p class="muted">No card played yet.</p>${state.future.length ? '<p class="muted">Redo goes forward again.</p>' : ''}`);
    return;
  }
  const analysis = playCache.get(playKey());
  const costAt = (i) => (analysis && analysis.cards[i] ? analysis.cards[i].cost : 0);
  const ddAt = (i) => (analysis && analysis.cards[i] ? analysis.cards[i].tricks : null);
  const rows = [];
  let index = 0;
  const all = [...game.tricks, ...(game.current.cards.length ? [{ ...game.current, winner: null }] : [])];
  all.forEach((trick, t) => {
    const cells = trick.cards.map((play) => {
      const i = index++;
      const cost = costAt(i);
      return `<li><button type="button" class="played${trick.winner === play.seat ? ' won' : ''}${cost ? ' costly' : ''}" data-action="goto" data-count="${i}" data-focus="goto-${i}" aria-label="${SEAT_NAMES[play.seat]} ${cardName(play.card)}${cost ? `, gave away ${cost} trick${cost > 1 ? 's' : ''}` : ''}. Go back to before this card." title="Back to before this card"><span class="seat-tag">${play.seat}</span>${cardHtml(play.card)}${cost ? `<span class="cost">−${cost}</span>` : ''}</button></li>`;
    });
    const dd = ddAt(index - 1);
    rows.push(`<tr><th scope="row">${t + 1}</th><td><ol class="trick-cards">${cells.join('')}</ol></td><td class="winner">${trick.winner ? trick.winner : '…'}</td><td class="dd">${dd === null ? '' : dd}</td></tr>`);
  });
  setHtml(el, `<table class="trick-table">
      <thead><tr><th scope="col">#</th><th scope="col">Cards (leader first)</th><th scope="col">Won</th><th scope="col"><abbr title="Declarer's side: tricks won plus double-dummy tricks to come, after the trick">DD</abbr></th></tr></thead>
      <tbody>${rows.join('')}</tbody>
    </table>
    <p class="hint">A red mark is a card that gave tricks away. Click a card to go back to before it.</p>`);
}

// ---------------------------------------------------------------- boards of a file

/**
 * What a pasted text says besides the deal: a PBN game's `[Deal]`, `[Dealer]`,
 * `[Vulnerable]` and `[Board]` tags, or LIN's dealer digit (`md|3...`: 1 South, 2 West,
 * 3 North, 4 East) and `sv|` field. Anything else goes to the server as it is.
 */
function readPasted(text) {
  const tag = (name) => {
    const m = new RegExp(`\\[${name}\\s+"([^"]*)"\\]`, 'i').exec(text);
    return m ? m[1] : null;
  };
  const deal = tag('Deal');
  if (deal) {
    return { deal, dealer: normalizeSeat(tag('Dealer')), vul: normalizeVul(tag('Vulnerable')), board: tag('Board') };
  }
  const md = /md\|([1-4])/i.exec(text);
  const sv = /sv\|([onebNEB0-])\|/i.exec(text);
  return {
    deal: text,
    dealer: md ? { 1: 'S', 2: 'W', 3: 'N', 4: 'E' }[md[1]] : null,
    vul: sv ? { o: 'None', '0': 'None', '-': 'None', n: 'NS', e: 'EW', b: 'Both' }[sv[1].toLowerCase()] : null,
    board: null,
  };
}

async function openFile(file) {
  state.inputError = null;
  let text;
  try {
    text = await file.text();
  } catch (err) {
    state.inputError = `cannot read ${file.name}: ${err.message}`;
    render();
    return;
  }
  await openText(text, file.name);
}

async function openText(text, name) {
  state.inputError = null;
  state.fileName = name;
  state.dealLoading = true;
  render();
  let answer;
  try {
    answer = await api('/api/boards', text, { raw: true });
  } catch (err) {
    state.dealLoading = false;
    state.inputError = `${name}: ${err.message}`;
    render();
    return;
  }
  state.dealLoading = false;
  state.boards = answer.boards || [];
  if (!state.boards.length) {
    state.inputError = `${name} holds no board.`;
    render();
    return;
  }
  const first = state.boards.findIndex((b) => !b.error);
  showBoard(first >= 0 ? first : 0);
}

function showBoard(index) {
  if (index < 0 || index >= state.boards.length) return;
  state.boardIndex = index;
  const board = state.boards[index];
  if (board.error || !board.deal) {
    state.deal = null;
    state.hands = null;
    state.board = board.board || String(index + 1);
    state.strain = null;
    state.declarer = null;
    state.played = [];
    state.future = [];
    refresh();
    return;
  }
  const contract = parseContract(board.contract);
  const declarer = normalizeSeat(board.declarer);
  const boardContract = contract && declarer ? { ...contract, declarer } : null;
  loadDeal(board.deal, {
    vul: normalizeVul(board.vulnerable) || 'None',
    dealer: normalizeSeat(board.dealer) || 'N',
    board: board.board || String(index + 1),
    boardContract,
    level: boardContract ? boardContract.level : null,
    strain: boardContract ? boardContract.strain : null,
    declarer: boardContract ? boardContract.declarer : null,
  });
}

// ---------------------------------------------------------------- events

function moveFocus(delta) {
  const cards = [...document.querySelectorAll('.playable')];
  if (!cards.length) return;
  const i = cards.indexOf(document.activeElement);
  const next = i < 0 ? cards.findIndex((c) => c.dataset.best === '1') : (i + delta + cards.length) % cards.length;
  cards[Math.max(0, next)].focus();
}

function onKey(event) {
  const t = event.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
  if (event.ctrlKey || event.metaKey || event.altKey) {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    }
    return;
  }
  const key = event.key;
  if (['ArrowLeft', 'ArrowUp'].includes(key) || ['ArrowRight', 'ArrowDown'].includes(key)) {
    if (!document.querySelector('.playable')) return;
    event.preventDefault();
    moveFocus(['ArrowLeft', 'ArrowUp'].includes(key) ? -1 : 1);
    return;
  }
  if (key === 'Escape') {
    state.pendingSuit = null;
    if (state.finishing) state.finishing = false;
    render();
    return;
  }
  const k = key.toUpperCase();
  if (state.pendingSuit) {
    let rank = k === '1' || k === '0' ? 'T' : k;
    if (RANKS.includes(rank)) {
      event.preventDefault();
      const card = state.pendingSuit + rank;
      state.pendingSuit = null;
      if (!playCard(card)) render();
      return;
    }
  }
  if (SUITS.includes(k) && currentGame()) {
    event.preventDefault();
    state.pendingSuit = k;
    render();
    return;
  }
  const actions = { B: () => bestCard(), U: undo, R: redo, F: finish };
  if (actions[k]) {
    event.preventDefault();
    state.pendingSuit = null;
    actions[k]();
  }
}

function onClick(event) {
  const target = event.target.closest('button');
  if (!target) return;
  if (target.dataset.card) {
    playCard(target.dataset.card);
    return;
  }
  const action = target.dataset.action;
  if (!action) return;
  switch (action) {
    case 'example':
      loadDeal(EXAMPLE, { dealer: 'N', vul: 'None' });
      break;
    case 'undo':
      undo();
      break;
    case 'redo':
      redo();
      break;
    case 'reset':
      reset();
      break;
    case 'best':
      bestCard();
      break;
    case 'finish':
      finish();
      break;
    case 'goto':
      goTo(Number(target.dataset.count));
      break;
    case 'strain':
      setContract(target.dataset.strain, state.declarer || 'S', makeableLevel(target.dataset.strain, state.declarer || 'S'));
      break;
    case 'declarer':
      setContract(state.strain || 'NT', target.dataset.seat, makeableLevel(state.strain || 'NT', target.dataset.seat));
      break;
    case 'contract':
      setContract(target.dataset.strain, target.dataset.seat, makeableLevel(target.dataset.strain, target.dataset.seat));
      break;
    case 'board-contract': {
      const bc = state.boardContract;
      if (bc) setContract(bc.strain, bc.declarer, bc.level, (bc.doubled || '').toLowerCase());
      break;
    }
    case 'prev-board':
      showBoard(state.boardIndex - 1);
      break;
    case 'next-board':
      showBoard(state.boardIndex + 1);
      break;
    default:
      break;
  }
}

function init() {
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  document.addEventListener('change', (event) => {
    const t = event.target;
    if (t.id === 'board-select') showBoard(Number(t.value));
    else if (t.name === 'view') {
      state.view = t.value;
      refresh();
    } else if (t.id === 'file-input' && t.files && t.files[0]) {
      openFile(t.files[0]);
      t.value = '';
    } else if ((t.id === 'dealer-input' || t.id === 'vul-input') && state.deal) {
      state.dealer = $('dealer-input').value;
      state.vul = $('vul-input').value;
      state.tableError = null;
      refresh();
    }
  });
  $('deal-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('deal-input').value.trim();
    if (!text) {
      state.inputError = 'the box is empty: paste a PBN deal (N:… four hands) or a LIN md| field';
      render();
      $('deal-input').focus();
      return;
    }
    if ((text.match(/\[Deal\s/gi) || []).length > 1) {
      openText(text, 'pasted boards'); // a PBN file pasted whole: its boards
      return;
    }
    state.boards = [];
    state.boardIndex = -1;
    const pasted = readPasted(text);
    if (pasted.dealer) $('dealer-input').value = pasted.dealer;
    if (pasted.vul) $('vul-input').value = pasted.vul;
    loadDeal(pasted.deal, { dealer: $('dealer-input').value, vul: $('vul-input').value, board: pasted.board });
  });
  $('deal-input').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      $('deal-form').requestSubmit();
    }
  });
  const help = $('help-toggle');
  help.addEventListener('click', () => {
    const open = help.getAttribute('aria-expanded') !== 'true';
    help.setAttribute('aria-expanded', String(open));
    $('help').hidden = !open;
  });
  document.addEventListener('toggle', (event) => {
    if (event.target.id === 'par-details') state.parOpen = event.target.open;
  }, true);
  document.addEventListener('dragover', (event) => event.preventDefault());
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) openFile(file);
  });

  const params = readAddress();
  if (params.view === 'side') state.view = 'side';
  if (params.deal) {
    loadDeal(params.deal, {
      vul: normalizeVul(params.vul) || 'None',
      dealer: normalizeSeat(params.dealer) || 'N',
      board: params.board,
      level: params.level && /^[1-7]$/.test(params.level) ? Number(params.level) : null,
      doubled: /^x{1,2}$/i.test(params.doubled || '') ? params.doubled.toLowerCase() : '',
      strain: normalizeStrain(params.strain),
      declarer: normalizeSeat(params.declarer),
      play: params.play,
    });
  } else {
    render();
  }
}

init();
