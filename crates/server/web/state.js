// The page's state: the deal, the contract, the cards played and what is shown; the
// server's answers kept by request (table, solve, play); the game the cards played make.

import { handLength, replay } from './deal.js';

export const state = {
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

export const tableCache = new Map();
export const solveCache = new Map();
export const playCache = new Map();
export const inflight = new Map();

export function cached(cache, key, request) {
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

export const tableKey = () => `table|${state.deal}|${state.vul}|${state.dealer}`;
export const solveKey = (played = state.played) => `solve|${state.deal}|${state.strain}|${state.declarer}|${played.join('')}`;
export const playKey = (played = state.played) => `play|${state.deal}|${state.strain}|${state.declarer}|${played.join('')}`;

export function currentGame() {
  if (!state.hands || !state.strain || !state.declarer) return null;
  return replay(state.hands, state.declarer, state.strain, state.played);
}

/** The tricks of the deal shown: 13, or an ending's fewer. */
export const tricksInDeal = () => (state.hands ? handLength(state.hands) : 13);
/** The cards of the deal shown. */
export const cardsInDeal = () => 4 * tricksInDeal();
/** Is the deal shown an ending? Par is of full deals only. */
export const isEnding = () => !!state.hands && tricksInDeal() < 13;
