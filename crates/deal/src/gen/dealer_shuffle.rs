//! dealer's shuffle, reproduced exactly: the same deals in the same order as Debian's
//! `dealer -s SEED`.
//!
//! dealer keeps one pack of 52 slots (North's 13, then East's, South's, West's) across the
//! whole run. Predealt cards sit in their seat's first free slots, in the order they were
//! given; the other cards fill the free slots in the order clubs, diamonds, hearts, spades,
//! each from the two up. Each deal shuffles the current pack further: for each free slot `i`
//! in turn, it draws `k = rand() & 0xffff` until `k` is below the largest multiple of the
//! number of free slots that fits in 65536, takes the `k mod n`-th free slot `j`, and swaps
//! slots `i` and `j`. With swapping (`-2`, `-3`) every shuffled deal is followed by deals
//! that exchange whole hands instead of shuffling.

use super::glibc_rand::GlibcRand;
use super::predeal::Predeal;
use super::Swapping;
use ddsolve_cards::{Card, Deal, Hand, Rank, Seat, SeatMap, Suit};

/// dealer's generator and pack: glibc's `rand` after `srand(seed)` and the 52 slots.
#[derive(Clone, Debug)]
pub struct DealerShuffle {
    rng: GlibcRand,
    /// The card (as its bit index in a [`Hand`]) in each slot.
    pack: [u8; 52],
    /// The free (not predealt) slots, in order.
    free: Vec<u8>,
    /// dealer's `zero52`: the slot drawn for each `k` below the limit (the `k mod n`-th free
    /// slot); its length is the limit.
    slot_of: Vec<u8>,
    swapping: Swapping,
    swap_index: u8,
}

impl DealerShuffle {
    /// dealer's state after `srand(seed)` and its pack set up with `predeal`.
    pub fn new(seed: u32, predeal: &Predeal) -> DealerShuffle {
        const NO_CARD: u8 = u8::MAX;
        let mut pack = [NO_CARD; 52];
        let mut count = [0usize; 4];
        for &(seat, card) in predeal.cards_in_order() {
            let slot = seat.index() * 13 + count[seat.index()];
            count[seat.index()] += 1;
            pack[slot] = card.bit_index() as u8;
        }
        let predealt = predeal.all_cards();
        let mut fresh = Vec::with_capacity(52);
        for suit in [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades] {
            for r in 2..=14 {
                let card = Card::new(suit, Rank::new(r).expect("2..=14 are ranks"));
                if !predealt.contains(card) {
                    fresh.push(card.bit_index() as u8);
                }
            }
        }
        let mut fresh = fresh.into_iter();
        let mut free = Vec::with_capacity(52);
        for (i, slot) in pack.iter_mut().enumerate() {
            if *slot == NO_CARD {
                *slot = fresh
                    .next()
                    .expect("as many free slots as unpredealt cards");
                free.push(i as u8);
            }
        }
        let n = free.len();
        let limit = 65536usize.checked_div(n).map_or(0, |q| q * n);
        let slot_of = (0..limit).map(|k| free[k % n]).collect();
        DealerShuffle {
            rng: GlibcRand::new(seed),
            pack,
            free,
            slot_of,
            swapping: Swapping::None,
            swap_index: 0,
        }
    }

    /// Sets dealer's swapping (`-0`, `-2`, `-3`).
    pub fn set_swapping(&mut self, swapping: Swapping) {
        self.swapping = swapping;
        self.swap_index = 0;
    }

    /// The generator, for dealer's other uses of `rand()` (the `rnd` function).
    pub fn rng(&mut self) -> &mut GlibcRand {
        &mut self.rng
    }

    /// Shuffles (or swaps) the pack as dealer's `shuffle()` does and returns the deal.
    pub fn next_deal(&mut self) -> Deal {
        match self.swap_index {
            0 => self.shuffle(),
            1 | 4 => self.swap_hands(1, 3),
            2 | 5 => self.swap_hands(2, 3),
            _ => self.swap_hands(1, 2),
        }
        if self.swapping != Swapping::None {
            self.swap_index += 1;
            let period = self.swapping.period() as u8;
            if self.swap_index >= period {
                self.swap_index = 0;
            }
        }
        self.deal()
    }

    fn shuffle(&mut self) {
        for idx in 0..self.free.len() {
            let i = self.free[idx] as usize;
            let j = loop {
                let k = (self.rng.next() & 0xffff) as usize;
                if let Some(&j) = self.slot_of.get(k) {
                    break j as usize;
                }
            };
            self.pack.swap(i, j);
        }
    }

    fn swap_hands(&mut self, a: usize, b: usize) {
        for i in 0..13 {
            self.pack.swap(a * 13 + i, b * 13 + i);
        }
    }

    /// The deal in the pack now.
    pub fn deal(&self) -> Deal {
        let hands = SeatMap::from_fn(|seat: Seat| {
            let slots = &self.pack[seat.index() * 13..seat.index() * 13 + 13];
            Hand(slots.iter().fold(0u64, |h, &b| h | 1 << b))
        });
        Deal::new(hands).expect("dealer's pack holds each card once")
    }
}
