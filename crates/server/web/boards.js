// Boards of a file: a PBN file opened, dropped or pasted whole, listed by the server
// (`/api/boards`) and shown one board at a time; what a pasted deal says besides its cards.

import { normalizeSeat, normalizeVul, parseContract } from './deal.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';
import { refresh } from './refresh.js';
import { loadDeal } from './actions.js';

/**
 * What a pasted text says besides the deal: a PBN game's `[Deal]`, `[Dealer]`,
 * `[Vulnerable]` and `[Board]` tags, or LIN's dealer digit (`md|3...`: 1 South, 2 West,
 * 3 North, 4 East) and `sv|` field. Anything else goes to the server as it is.
 */
export function readPasted(text) {
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

export async function openFile(file) {
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

export async function openText(text, name) {
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

export function showBoard(index) {
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
