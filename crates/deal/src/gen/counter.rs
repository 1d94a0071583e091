//! The counter-based generator: deal number `i` depends only on the seed and `i`, so any
//! number of threads can deal any part of a run and get the same deals.

use super::predeal::Predeal;
use super::random::{mix64, KeyedStream, RandomBits};
use super::stacking::Stacking;
use super::Swapping;
use ddsolve_cards::{Deal, Hand, Seat, SeatMap};
use std::sync::Arc;

/// Deals by index: a Fisher-Yates shuffle of the cards not predealt, driven by a SplitMix64
/// stream keyed by the seed and the deal's index.
///
/// Cheap to clone (the stacking tables are shared), `Send` and `Sync`: give each thread a
/// clone, or share one.
#[derive(Clone, Debug)]
pub struct CounterDealer {
    seed: u64,
    key: u64,
    rnd_key: u64,
    predealt: SeatMap<Hand>,
    /// The cards not predealt, as bit indices.
    free: Vec<u8>,
    /// Cards each seat still needs.
    need: [u8; 4],
    stacking: Option<Arc<Stacking>>,
    swapping: Swapping,
    /// Seat indices in dealing order.
    order: [u8; 4],
}

impl CounterDealer {
    /// The dealer of `seed` with `predeal`'s cards in place.
    pub fn new(seed: u64, predeal: &Predeal) -> CounterDealer {
        let predealt = *predeal.hands();
        let all = predeal.all_cards();
        let free = (0..64u8)
            .filter(|&b| Hand::ALL.0 >> b & 1 != 0 && all.0 >> b & 1 == 0)
            .collect();
        CounterDealer {
            seed,
            key: mix64(seed ^ 0x6465_616c_6765_6e31),
            rnd_key: mix64(seed ^ 0x726e_645f_6b65_7932),
            predealt,
            free,
            need: predealt.0.map(|h| 13 - h.len() as u8),
            stacking: None,
            swapping: Swapping::None,
            order: [0, 1, 2, 3],
        }
    }

    /// The order in which the seats receive their cards (North, East, South, West unless
    /// set): the shuffle fixes the first seat's cards first, so [`CounterDealer::hands_at`]
    /// deals the first seats alone for the cost of their cards. The order is part of what a
    /// deal depends on. A stacked seat is always dealt first.
    ///
    /// # Panics
    /// If `order` is not the four seats.
    pub fn set_order(&mut self, order: [Seat; 4]) {
        let mut seen = [false; 4];
        for s in order {
            assert!(!seen[s.index()], "the deal order names {s} twice");
            seen[s.index()] = true;
        }
        self.order = order.map(|s| s.index() as u8);
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Deals the stacked seat first from `stacking`'s tables (its predeal must be the one
    /// this dealer was made with).
    pub fn set_stacking(&mut self, stacking: Option<Arc<Stacking>>) {
        self.stacking = stacking;
    }

    /// dealer's swapping: deal `i` is base deal `i / period` with its hands exchanged as
    /// dealer's `-2` or `-3` exchanges them after `i % period` steps.
    pub fn set_swapping(&mut self, swapping: Swapping) {
        self.swapping = swapping;
    }

    /// Deal number `index`.
    pub fn deal_at(&self, index: u64) -> Deal {
        let period = self.swapping.period();
        let (base, step) = (index / period, index % period);
        let mut rng = KeyedStream::new(self.key, base);
        let mut hands = deal_free(
            &mut rng,
            &self.predealt,
            &self.free,
            self.need,
            self.stacking.as_deref(),
            self.order,
            4,
        );
        for s in 0..step as usize {
            let (a, b) = SWAP_STEPS[s];
            hands.swap(a, b);
        }
        Deal::new(SeatMap(hands.map(Hand))).expect("a shuffle of the free cards is a deal")
    }

    /// The hands of the first `seats` seats of the dealing order (and the stacked seat) in
    /// deal number `index`, as [`CounterDealer::deal_at`] deals them, for the cost of their
    /// cards alone; the other seats hold only their predealt cards. With swapping, the whole
    /// deal is dealt.
    pub fn hands_at(&self, index: u64, seats: usize) -> SeatMap<Hand> {
        if self.swapping != Swapping::None {
            let d = self.deal_at(index);
            let mut hands = *d.hands();
            for &s in &self.order[seats.min(4)..] {
                if self.stacked_seat().map(Seat::index) != Some(s as usize) {
                    hands.0[s as usize] = self.predealt.0[s as usize];
                }
            }
            return hands;
        }
        let mut rng = KeyedStream::new(self.key, index);
        let hands = deal_free(
            &mut rng,
            &self.predealt,
            &self.free,
            self.need,
            self.stacking.as_deref(),
            self.order,
            seats.min(4),
        );
        SeatMap(hands.map(Hand))
    }

    /// The random value dealer's `rand()` stands for, for the `call`-th use (from 0) while
    /// evaluating deal `index`: 31 bits that depend only on the seed, `index` and `call`.
    pub fn rand_at(&self, index: u64, call: u64) -> u32 {
        let mut s = KeyedStream::new(self.rnd_key ^ mix64(call), index);
        (s.next_u64() >> 33) as u32
    }

    /// The seat dealt from the stacking tables, if any.
    pub fn stacked_seat(&self) -> Option<Seat> {
        self.stacking.as_ref().map(|s| s.seat())
    }
}

/// The hands dealer's `-3` exchanges at each step after a shuffle (East 1, South 2, West 3);
/// `-2` uses the first.
pub(crate) const SWAP_STEPS: [(usize, usize); 5] = [(1, 3), (2, 3), (1, 2), (1, 3), (2, 3)];

/// Deals the `free` cards (bit indices) to the seats' `need`ed slots around the `predealt`
/// cards, the stacked seat first from its tables when there is one, then the seats in
/// `order` from the end of the shuffled cards; only the first `seats` of `order` are dealt.
/// Returns the hands' bits.
pub(crate) fn deal_free<R: RandomBits>(
    rng: &mut R,
    predealt: &SeatMap<Hand>,
    free: &[u8],
    mut need: [u8; 4],
    stacking: Option<&Stacking>,
    order: [u8; 4],
    seats: usize,
) -> [u64; 4] {
    let mut hands = predealt.0.map(|h| h.0);
    let mut cards = [0u8; 52];
    let mut n = 0;
    match stacking {
        None => {
            n = free.len();
            cards[..n].copy_from_slice(free);
        }
        Some(st) => {
            let seat = st.seat().index();
            let hand = st.sample(rng);
            hands[seat] = hand.0;
            need[seat] = 0;
            // Branch-free filter: write every card, keep those the stacked hand lacks.
            for &b in free {
                cards[n] = b;
                n += (hand.0 >> b & 1 == 0) as usize;
            }
        }
    }
    let order = &order[..seats];
    let m: usize = order.iter().map(|&s| need[s as usize] as usize).sum();
    rng.shuffle_tail(&mut cards[..n], m);
    let mut at = n;
    for &seat in order {
        let k = need[seat as usize] as usize;
        hands[seat as usize] |= cards[at - k..at].iter().fold(0u64, |a, &b| a | 1 << b);
        at -= k;
    }
    hands
}
