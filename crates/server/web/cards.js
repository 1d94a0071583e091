// The names of seats, sides, suits, strains, ranks and cards, and the text the page writes
// for them (`♠10`, `spade ten`).

export const SEATS = ['N', 'E', 'S', 'W'];
export const SEAT_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' };
export const SUITS = ['S', 'H', 'D', 'C'];
export const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_NAMES = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const SUIT_NAME_ONE = { S: 'spade', H: 'heart', D: 'diamond', C: 'club' };
export const STRAINS = ['NT', 'S', 'H', 'D', 'C'];
export const RANKS = 'AKQJT98765432';
const RANK_NAMES = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten' };
export const SIDE_NAMES = { NS: 'North-South', EW: 'East-West' };

export const nextSeat = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];
export const sideOf = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
export const rankText = (rank) => (rank === 'T' ? '10' : rank);
export const cardText = (card) => SUIT_SYMBOLS[card[0]] + rankText(card[1]);
export const cardName = (card) => `${SUIT_NAME_ONE[card[0]]} ${RANK_NAMES[card[1]] || card[1]}`;
