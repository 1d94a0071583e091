// The page's HTML pieces: text escaped, the markup of a suit, a card and a strain, and
// the page's elements by id.

import { rankText, SUIT_SYMBOLS } from './cards.js';

export const $ = (id) => document.getElementById(id);

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

export function suitHtml(suit) {
  return `<span class="suit suit-${suit}" aria-hidden="true">${SUIT_SYMBOLS[suit]}</span>`;
}

export function cardHtml(card) {
  return `<span class="card-text"><span class="suit suit-${card[0]}">${SUIT_SYMBOLS[card[0]]}</span>${rankText(card[1])}</span>`;
}

export function strainHtml(strain) {
  return strain === 'NT' ? 'NT' : `<span class="suit suit-${strain}">${SUIT_SYMBOLS[strain]}</span>`;
}
