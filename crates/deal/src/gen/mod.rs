//! Dealing: the random generators (dealer's own, reproduced exactly, and a counter-based
//! default), dealer's shuffle with predealt cards, and smart stacking of rare hands.
//!
//! ```
//! use ddsolve_deal::gen::{Generator, Predeal, RngKind};
//! use ddsolve_cards::{Card, Seat};
//!
//! let mut predeal = Predeal::new();
//! predeal.add(Seat::South, "SA".parse::<Card>()?)?;
//! // The same deals, in the same order, as Debian's `dealer -s 42`.
//! let mut dealer = Generator::new(RngKind::Dealer, 42, &predeal);
//! let deal = dealer.next_deal();
//! assert!(deal.hand(Seat::South).contains("SA".parse::<Card>()?));
//! // Counter-based: deal `i` depends only on the seed and `i`.
//! let counter = Generator::new(RngKind::Counter, 42, &predeal);
//! assert_eq!(counter.deal_at(7), counter.deal_at(7));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod counter;
mod dealer_shuffle;
mod glibc_rand;
mod predeal;
mod random;
mod shape;
mod stacking;

pub use counter::CounterDealer;
pub use dealer_shuffle::DealerShuffle;
pub use glibc_rand::{GlibcRand, RAND_MAX};
pub use predeal::{seat_name, suit_name, Predeal, PredealError};
pub use random::{KeyedStream, RandomBits};
pub use shape::{hand_shape_id, shape_id, shape_lengths, ShapeSet, SHAPES};
pub use stacking::{NoStacking, Stacking, WORTHWHILE_BELOW};

use ddsolve_cards::{Deal, Hand, SeatMap};
use std::sync::Arc;

/// Which random generator deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RngKind {
    /// Debian's dealer's: glibc's `srand(seed)`/`rand()` and dealer's shuffle, giving the same
    /// deals in the same order as `/usr/games/dealer -s SEED`. Sequential only.
    Dealer,
    /// Counter-based: deal `i` depends only on the seed and `i` (any thread can deal any
    /// index; the same seed gives the same deals for any number of threads).
    Counter,
}

/// dealer's swapping (`-0`, `-2`, `-3`): after each shuffled deal, deals that exchange whole
/// hands instead of shuffling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Swapping {
    /// `-0`: every deal shuffled (the default).
    #[default]
    None,
    /// `-2`: each shuffled deal is followed by one with East and West exchanged.
    EastWest,
    /// `-3`: each shuffled deal is followed by five with East, South and West permuted every
    /// other way.
    EastSouthWest,
}

impl Swapping {
    /// Deals per shuffle: 1, 2 or 6.
    pub fn period(self) -> u64 {
        match self {
            Swapping::None => 1,
            Swapping::EastWest => 2,
            Swapping::EastSouthWest => 6,
        }
    }
}

#[derive(Debug)]
enum Source {
    Dealer(Box<DealerShuffle>),
    Counter(CounterDealer),
}

/// Deals one after another from a seed, a predeal and a generator kind, optionally with one
/// seat stacked ([`Generator::with_stacking`]) and with dealer's swapping.
///
/// It counts the deals it has generated, and stands for dealer's `rand()` for the language's
/// `rnd` function ([`Generator::rand`], [`Generator::rnd`]), which with
/// [`RngKind::Dealer`] draws from the same glibc sequence as the shuffle, as dealer does.
#[derive(Debug)]
pub struct Generator {
    kind: RngKind,
    seed: u64,
    source: Source,
    /// Deals generated so far (the index of the next deal).
    generated: u64,
    /// Uses of `rand()` since the last deal (counter kind).
    rand_calls: u64,
    /// Stacking with dealer's generator (the counter dealer holds its own).
    stacking: Option<Arc<Stacking>>,
    predealt: SeatMap<Hand>,
    free: Vec<u8>,
    need: [u8; 4],
}

impl Generator {
    /// A generator of `kind` seeded with `seed`, with `predeal`'s cards in place.
    ///
    /// With [`RngKind::Dealer`], only the low 32 bits of the seed count (dealer passes its
    /// `long` seed to `srand`, which takes an `unsigned int`); a negative seed given to dealer
    /// is its two's complement here (`-s -1` is `u64::MAX`).
    pub fn new(kind: RngKind, seed: u64, predeal: &Predeal) -> Generator {
        let source = match kind {
            RngKind::Dealer => Source::Dealer(Box::new(DealerShuffle::new(seed as u32, predeal))),
            RngKind::Counter => Source::Counter(CounterDealer::new(seed, predeal)),
        };
        let all = predeal.all_cards();
        let predealt = *predeal.hands();
        Generator {
            kind,
            seed,
            source,
            generated: 0,
            rand_calls: 0,
            stacking: None,
            predealt,
            free: (0..64u8)
                .filter(|&b| Hand::ALL.0 >> b & 1 != 0 && all.0 >> b & 1 == 0)
                .collect(),
            need: predealt.0.map(|h| 13 - h.len() as u8),
        }
    }

    /// Deals `stacking`'s seat first from its tables, then the rest at random (built with the
    /// same predeal as this generator). With [`RngKind::Dealer`] the deals are uniform but no
    /// longer dealer's.
    pub fn with_stacking(mut self, stacking: Stacking) -> Generator {
        let st = Arc::new(stacking);
        match &mut self.source {
            Source::Dealer(_) => self.stacking = Some(st),
            Source::Counter(c) => c.set_stacking(Some(st)),
        }
        self
    }

    /// Sets dealer's swapping.
    pub fn with_swapping(mut self, swapping: Swapping) -> Generator {
        match &mut self.source {
            Source::Dealer(d) => d.set_swapping(swapping),
            Source::Counter(c) => c.set_swapping(swapping),
        }
        self
    }

    /// The order in which the counter-based generator deals the seats (see
    /// [`CounterDealer::set_order`]); no effect on dealer's generator.
    ///
    /// # Panics
    /// If `order` is not the four seats.
    pub fn with_deal_order(mut self, order: [ddsolve_cards::Seat; 4]) -> Generator {
        if let Source::Counter(c) = &mut self.source {
            c.set_order(order);
        }
        self
    }

    /// The generator kind.
    pub fn kind(&self) -> RngKind {
        self.kind
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Deals generated so far (dealer's "Generated N hands").
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The next deal.
    pub fn next_deal(&mut self) -> Deal {
        let index = self.generated;
        self.generated += 1;
        self.rand_calls = 0;
        match &mut self.source {
            Source::Counter(c) => c.deal_at(index),
            Source::Dealer(d) => match &self.stacking {
                None => d.next_deal(),
                Some(st) => {
                    let hands = counter::deal_free(
                        d.rng(),
                        &self.predealt,
                        &self.free,
                        self.need,
                        Some(st),
                        [0, 1, 2, 3],
                        4,
                    );
                    Deal::new(SeatMap(hands.map(Hand))).expect("a stacked deal is a deal")
                }
            },
        }
    }

    /// Deal number `index` (from 0) of a counter-based generator, without changing the
    /// generator; `None` with [`RngKind::Dealer`], whose deals exist only in sequence.
    pub fn deal_at(&self, index: u64) -> Option<Deal> {
        self.counter().map(|c| c.deal_at(index))
    }

    /// The counter-based dealer (clone it into worker threads), if this is one.
    pub fn counter(&self) -> Option<&CounterDealer> {
        match &self.source {
            Source::Counter(c) => Some(c),
            Source::Dealer(_) => None,
        }
    }

    /// dealer's `rand()`: 31 random bits. With [`RngKind::Dealer`], the next value of the
    /// glibc sequence the shuffle draws from; with [`RngKind::Counter`],
    /// [`CounterDealer::rand_at`] of the last deal and the number of uses since it.
    pub fn rand(&mut self) -> u32 {
        match &mut self.source {
            Source::Dealer(d) => d.rng().next(),
            Source::Counter(c) => {
                let call = self.rand_calls;
                self.rand_calls += 1;
                c.rand_at(self.generated.saturating_sub(1), call)
            }
        }
    }

    /// dealer's `rnd(n)`: `(int)(n * rand() / (RAND_MAX + 1.0))`, a number in `0..n` for
    /// `n > 0`.
    pub fn rnd(&mut self, n: i32) -> i32 {
        rnd_from(n, self.rand())
    }
}

/// dealer's seed when `-s` is not given: the current time in seconds since 1970 (dealer calls
/// `time()`); 0 if the clock is before 1970.
pub fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// dealer's `rnd(n)` from one `rand()` value `r`: `(int)(n * r / (RAND_MAX + 1.0))`.
pub fn rnd_from(n: i32, r: u32) -> i32 {
    (n as f64 * r as f64 / (RAND_MAX as f64 + 1.0)) as i32
}
