// Deals and the rules of play, with no state and no DOM: a PBN deal read into four hands
// and written back, the cards played replayed (whose turn, following suit, who wins a
// trick) and the legal cards, a `play=` list and a board's contract read, and the names of
// seats, strains and vulnerability as links and files write them.

import { cardText, nextSeat, RANKS, SEAT_NAMES, SEATS, sideOf, STRAINS, SUIT_NAMES, SUITS } from './cards.js';

/**
 * The four hands of a PBN deal (`F:h h h h`, any first seat), or null if it is not one: a
 * full deal or an ending (every hand the same length, 1 to 13 cards), read as the library
 * reads deals (a byte-order mark skipped, `10` for the ten, `-` for a void).
 */
export function parseDeal(text) {
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
export function handLength(hands) {
  return SUITS.reduce((n, suit) => n + hands.N[suit].length, 0);
}

/** The normalized PBN (North first) of four hands. */
export function dealText(hands) {
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
export function replay(hands0, declarer, strain, played) {
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

export function legalCards(game) {
  const hand = game.hands[game.toPlay];
  const trick = game.current.cards;
  if (trick.length) {
    const led = trick[0].card[0];
    if (hand[led].length) return hand[led].map((rank) => led + rank);
  }
  return SUITS.flatMap((suit) => hand[suit].map((rank) => suit + rank));
}

/** Cards of a `play=` parameter: `HJH8HAH2`, `HJ,H8,HA,H2` or with `10` for the ten. */
export function parsePlay(text) {
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
export function parseContract(text) {
  const m = /^([1-7])(NT|N|S|H|D|C)(X{0,2})$/i.exec((text || '').trim());
  if (!m) return null;
  const strain = m[2].toUpperCase() === 'N' ? 'NT' : m[2].toUpperCase();
  return { level: Number(m[1]), strain, doubled: m[3].toUpperCase() };
}

export function normalizeStrain(text) {
  if (!text) return null;
  const t = text.toUpperCase();
  if (t === 'N' || t === 'NT') return 'NT';
  return STRAINS.includes(t) ? t : null;
}

export function normalizeSeat(text) {
  const t = (text || '').toUpperCase();
  return SEATS.includes(t) ? t : null;
}

export function normalizeVul(text) {
  const t = (text || '').toLowerCase();
  return { none: 'None', '-': 'None', love: 'None', ns: 'NS', ew: 'EW', both: 'Both', all: 'Both' }[t] || null;
}
