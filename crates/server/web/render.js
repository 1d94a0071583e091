// Rendering: the page drawn from the state, each part only when its HTML changed (the
// input's error, the boards of a file, the hand diagram, the play controls, the table and
// par, the contract, the tricks played).

import { cardName, nextSeat, rankText, SEAT_NAMES, SEATS, SIDE_NAMES, sideOf, STRAINS, SUIT_NAMES, SUIT_SYMBOLS, SUITS } from './cards.js';
import { $, cardHtml, escapeHtml, strainHtml, suitHtml } from './html.js';
import { legalCards } from './deal.js';
import { cardsInDeal, currentGame, inflight, isEnding, playCache, playKey, solveCache, solveKey, state, tableCache, tableKey, tricksInDeal } from './state.js';

export function render({ focusCards = false } = {}) {
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
