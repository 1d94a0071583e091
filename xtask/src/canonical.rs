//! An experiment for `tt-stats --canonical`: a table wrapper that stores and probes every
//! position in a canonical form, so that positions equal up to the seats' rotation (the
//! leader made North) and, in notrump, any permutation of the suits (in a trump contract,
//! of the three side suits) share entries. Each such position has the same value for the
//! side on lead, so every entry stays true. It must know the trump: `tt-stats` builds a
//! solver per strain.

use ddsolve_cards::{Card, Hand, Holding, Seat, SeatMap, Suit};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};
use ddsolve_tt_key::Pattern;

/// The canonical view of a position: its hands, and the suit each canonical suit came from.
struct View {
    hands: SeatMap<Hand>,
    /// `from[c]`: the original suit of canonical suit `c`.
    from: [usize; 4],
}

/// The key of a [`Canonical`] table: the canonical position, the suit each canonical suit
/// came from, and the inner table's key of the canonical position.
#[derive(Clone, Copy, Debug)]
pub struct CanonicalKey<K> {
    from: [usize; 4],
    at: TrickStart,
    inner: K,
}

/// A table that canonicalizes positions before handing them to `inner`.
#[derive(Debug)]
pub struct Canonical<T> {
    inner: T,
    /// The suits that may be permuted among themselves.
    free: Vec<usize>,
    /// Also make the leader North.
    rotate: bool,
}

impl<T: TranspositionTable> Canonical<T> {
    /// `trump`: `None` for notrump.
    pub fn new(inner: T, trump: Option<Suit>, rotate: bool, permute: bool) -> Canonical<T> {
        let free = if permute {
            (0..4)
                .filter(|&s| Some(s) != trump.map(Suit::index))
                .collect()
        } else {
            Vec::new()
        };
        Canonical {
            inner,
            free,
            rotate,
        }
    }

    /// The wrapped table.
    pub fn inner(&self) -> &T {
        &self.inner
    }

    fn view(&self, hands: &SeatMap<Hand>, leader: Seat) -> (View, Seat) {
        let r = if self.rotate { leader.index() } else { 0 };
        let rotated: [Hand; 4] = std::array::from_fn(|h| hands.0[(h + r) % 4]);
        let new_leader = Seat::ALL[(leader.index() + 4 - r) % 4];
        let mut from = [0usize, 1, 2, 3];
        if self.free.len() > 1 {
            let rs = SeatMap(rotated);
            // Longest first by lengths, then by the owners of the cards from the top down.
            let sort_key = |s: usize| {
                let suit = Suit::ALL[s];
                let lens = rotated.map(|h| h.suit(suit).len());
                let lane = Pattern::suit_lane(&rs, suit).reverse_bits();
                (lens, lane)
            };
            let mut free = self.free.clone();
            free.sort_by_key(|&s| std::cmp::Reverse(sort_key(s)));
            for (slot, &s) in self.free.iter().zip(&free) {
                from[*slot] = s;
            }
        }
        let hands = SeatMap(
            rotated
                .map(|h| Hand::from_holdings(std::array::from_fn(|c| h.suit(Suit::ALL[from[c]])))),
        );
        (View { hands, from }, new_leader)
    }

    /// A hand of the original position's suits from one of canonical suits.
    fn back(from: [usize; 4], h: Hand) -> Hand {
        let mut out = [Holding::EMPTY; 4];
        for (c, &s) in from.iter().enumerate() {
            out[s] = h.suit(Suit::ALL[c]);
        }
        Hand::from_holdings(out)
    }

    fn to_canonical(from: [usize; 4], h: Hand) -> Hand {
        Hand::from_holdings(std::array::from_fn(|c| h.suit(Suit::ALL[from[c]])))
    }

    fn card_to(from: [usize; 4], card: Card) -> Card {
        let c = from
            .iter()
            .position(|&s| s == card.suit().index())
            .unwrap_or(0);
        Card::new(Suit::ALL[c], card.rank())
    }

    fn card_back(from: [usize; 4], card: Card) -> Card {
        Card::new(Suit::ALL[from[card.suit().index()]], card.rank())
    }
}

impl<T: TranspositionTable> TranspositionTable for Canonical<T> {
    /// The canonical view of the position and the inner table's key of it.
    type Key = CanonicalKey<T::Key>;

    // No `prepare`: the canonical positions are not positions of the deal (the seats and
    // suits move), so the inner table keys them from their hands, unprepared.

    fn key(&mut self, at: &TrickStart) -> Self::Key {
        let (view, leader) = self.view(at.hands(), at.leader());
        let canonical = TrickStart::new(view.hands, at.trump(), leader);
        let inner = self.inner.key(&canonical);
        CanonicalKey {
            from: view.from,
            at: canonical,
            inner,
        }
    }

    fn probe(&mut self, key: &Self::Key, _: &TrickStart, tricks: u8) -> Option<TtHit> {
        let hit = self.inner.probe(&key.inner, &key.at, tricks)?;
        Some(TtHit {
            win: Self::back(key.from, hit.win),
            best: hit.best.map(|c| Self::card_back(key.from, c)),
            ..hit
        })
    }

    fn store(&mut self, key: &Self::Key, _: &TrickStart, entry: TtEntry) {
        let entry = TtEntry {
            win: Self::to_canonical(key.from, entry.win),
            best: entry.best.map(|c| Self::card_to(key.from, c)),
            ..entry
        };
        self.inner.store(&key.inner, &key.at, entry);
    }

    fn clear(&mut self) {
        self.inner.clear();
    }

    fn new_search(&mut self) {
        self.inner.new_search();
    }

    fn stats(&self) -> TtStats {
        self.inner.stats()
    }
}
