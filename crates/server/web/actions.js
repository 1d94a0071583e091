// Actions: a deal loaded, a contract chosen, cards played, undone, redone, the best card
// and the rest of the play played.

import { SEATS, sideOf, STRAINS } from './cards.js';
import { $ } from './html.js';
import { dealText, handLength, legalCards, parseDeal, parsePlay, replay } from './deal.js';
import { api } from './api.js';
import { cached, cardsInDeal, currentGame, isEnding, solveCache, solveKey, state, tableCache, tableKey } from './state.js';
import { render } from './render.js';
import { refresh, requestSolve } from './refresh.js';

/** The deal last asked for: an answer for an older one is only kept in the cache. */
let loadToken = 0;

/**
 * Loads a deal: shows it at once when the page can read it (PBN), asks the server for its
 * table and par (which also reads LIN and gives the normalized deal), then restores the
 * contract and the cards played given in `options`.
 */
export async function loadDeal(input, options = {}) {
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
export function makeableLevel(strain, declarer) {
  const answer = tableCache.get(tableKey());
  if (!answer || isEnding()) return null;
  return Math.max(1, answer.table[declarer][strain] - 6);
}

export function setContract(strain, declarer, level = null, doubled = '') {
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

export function playCard(card, { fromFinish = false } = {}) {
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

export function undo() {
  if (!state.played.length) return;
  state.finishing = false;
  state.future = [state.played[state.played.length - 1], ...state.future];
  state.played = state.played.slice(0, -1);
  state.solveError = null;
  refresh({ focusCards: true });
}

export function redo() {
  if (!state.future.length) return;
  state.finishing = false;
  state.played = [...state.played, state.future[0]];
  state.future = state.future.slice(1);
  refresh({ focusCards: true });
}

export function goTo(count) {
  state.finishing = false;
  const all = [...state.played, ...state.future];
  state.played = all.slice(0, count);
  state.future = all.slice(count);
  state.solveError = null;
  refresh({ focusCards: true });
}

export function reset() {
  if (!state.played.length) return;
  goTo(0);
}

export async function bestCard({ fromFinish = false } = {}) {
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

export async function finish() {
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
