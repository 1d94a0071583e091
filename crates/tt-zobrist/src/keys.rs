//! Zobrist keys: one random 64-bit number per (owner, card) and per hand on lead; the key of
//! a position is the exclusive-or of the numbers of its cards in their owners' hands and of
//! its leader.

use ddsolve_cards::{Card, Hand, Seat, SeatMap};

/// The random numbers of Zobrist hashing for bridge positions at the start of a trick.
///
/// A position is its remaining cards, each in its owner's hand, and the hand on lead: its
/// key is `leader[leader] ^ card[owner][card]` over every remaining card. A card already
/// played contributes nothing (it is in no hand), so the tricks left are implied by the key.
/// Trumps are not part of the key: a table is cleared when the trump strain changes.
///
/// Exclusive-or is its own inverse, so the key follows play cheaply: a card leaving (or
/// coming back to) `seat` toggles `card(seat, c)`, a new leader toggles two leader numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZobristKeys {
    /// Per seat, per bit of a [`Hand`] (`16 * suit + rank`): the card's number in that hand.
    card: [[u64; 64]; 4],
    /// Per seat: the number of that hand being on lead.
    leader: [u64; 4],
}

/// The seed of [`ZOBRIST`].
pub const ZOBRIST_SEED: u64 = 0x5eed_2b1d_9e37_79b9;

/// The keys every table uses (computed at compile time from [`ZOBRIST_SEED`]).
pub static ZOBRIST: ZobristKeys = ZobristKeys::from_seed(ZOBRIST_SEED);

/// SplitMix64: a step of the generator and its output.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

impl ZobristKeys {
    /// Keys drawn from a SplitMix64 generator seeded with `seed`.
    pub const fn from_seed(seed: u64) -> ZobristKeys {
        let mut state = seed;
        let mut card = [[0u64; 64]; 4];
        let mut s = 0;
        while s < 4 {
            let mut b = 0;
            while b < 64 {
                let (next, x) = splitmix(state);
                state = next;
                card[s][b] = x;
                b += 1;
            }
            s += 1;
        }
        let mut leader = [0u64; 4];
        let mut s = 0;
        while s < 4 {
            let (next, x) = splitmix(state);
            state = next;
            leader[s] = x;
            s += 1;
        }
        ZobristKeys { card, leader }
    }

    /// The number of `card` in `seat`'s hand.
    #[inline]
    pub fn card(&self, seat: Seat, card: Card) -> u64 {
        self.card[seat.index()][card.bit_index() as usize]
    }

    /// The number of `seat` being on lead.
    #[inline]
    pub fn leader(&self, seat: Seat) -> u64 {
        self.leader[seat.index()]
    }

    /// The exclusive-or of the numbers of every card of `cards` in `seat`'s hand: what
    /// those cards leaving or coming back to that hand changes in a key.
    #[inline]
    pub fn cards(&self, seat: Seat, cards: Hand) -> u64 {
        let table = &self.card[seat.index()];
        let mut bits = cards.0;
        let mut k = 0;
        while bits != 0 {
            k ^= table[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        k
    }

    /// The key of the position with these hands and `leader` on lead, computed from scratch
    /// (one exclusive-or per card).
    #[inline]
    pub fn position(&self, hands: &SeatMap<Hand>, leader: Seat) -> u64 {
        let mut k = self.leader(leader);
        for seat in Seat::ALL {
            k ^= self.cards(seat, hands[seat]);
        }
        k
    }

    /// The key after a whole trick: `key` was the position's key with `from` on lead,
    /// `played[seat]` is the card each seat gave up (no card: [`Hand::EMPTY`]), and `to`
    /// leads next. Taking the trick back is the same call with `from` and `to` swapped.
    #[inline]
    pub fn after_trick(&self, key: u64, played: &SeatMap<Hand>, from: Seat, to: Seat) -> u64 {
        let mut k = key ^ self.leader(from) ^ self.leader(to);
        for seat in Seat::ALL {
            k ^= self.cards(seat, played[seat]);
        }
        k
    }
}
