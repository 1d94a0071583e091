// Events: the keys, clicks and changes of the page, and its start from the address.

import { RANKS, SUITS } from './cards.js';
import { $ } from './html.js';
import { normalizeSeat, normalizeStrain, normalizeVul } from './deal.js';
import { currentGame, state } from './state.js';
import { readAddress } from './address.js';
import { render } from './render.js';
import { refresh } from './refresh.js';
import { bestCard, finish, goTo, loadDeal, makeableLevel, playCard, redo, reset, setContract, undo } from './actions.js';
import { openFile, openText, readPasted, showBoard } from './boards.js';

const EXAMPLE = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';

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

export function init() {
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
