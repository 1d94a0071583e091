// Refresh: after every change the address is written, the page drawn and the server asked
// for what the position lacks (its table and par, each legal card's value, what each card
// played cost).

import { nextSeat } from './cards.js';
import { api } from './api.js';
import { cached, cardsInDeal, currentGame, inflight, isEnding, playCache, playKey, solveCache, solveKey, state, tableCache, tableKey } from './state.js';
import { writeAddress } from './address.js';
import { render } from './render.js';

let analysisTimer = null;

export function requestSolve(played) {
  return api('/api/solve', { deal: state.deal, trump: state.strain, leader: nextSeat(state.declarer), played });
}

function requestPlay(played) {
  return api('/api/play', { deal: state.deal, trump: state.strain, declarer: state.declarer, played });
}

export function refresh(opts = {}) {
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
