//! Random deals with a symmetry (`ddsolve_cards::Symmetry`): hands that a turn of the table
//! with a renaming of the suits, or a renaming of the suits alone, maps onto themselves. A
//! random deal almost never has one; these exercise the search's canonical table form
//! (`SearchConfig::symmetry`).
//!
//! Three kinds, each hand `cards_per_hand` cards:
//! - [`SymmetricKind::Quarter`]: a quarter turn with a cycle of the four suits. North holds
//!   one card of each of `cards_per_hand` ranks; East holds North's cards moved one suit on
//!   along the cycle, South two, West three.
//! - [`SymmetricKind::Half`]: a half turn with a swap of two pairs of suits: South holds
//!   North's cards renamed, West East's.
//! - [`SymmetricKind::SuitSwap`]: no turn, two suits swapped: every hand holds the same
//!   ranks in both.

use ddsolve_cards::{Card, Deal, DealRng, Hand, Rank, SeatMap, Suit};

/// Which symmetry a [`symmetric_deal`] has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetricKind {
    /// A quarter turn of the table with a cycle of the four suits.
    Quarter,
    /// A half turn with two pairs of suits swapped.
    Half,
    /// Two suits swapped, the seats kept.
    SuitSwap,
}

impl SymmetricKind {
    /// The three kinds.
    pub const ALL: [SymmetricKind; 3] = [
        SymmetricKind::Quarter,
        SymmetricKind::Half,
        SymmetricKind::SuitSwap,
    ];
}

/// The suits in a random order.
fn shuffled_suits(rng: &mut DealRng) -> [Suit; 4] {
    let mut s = Suit::ALL;
    for i in (1..4).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        s.swap(i, j);
    }
    s
}

/// `n` distinct items of `0..len`, in random order.
fn pick(rng: &mut DealRng, len: usize, n: usize) -> Vec<usize> {
    let mut all: Vec<usize> = (0..len).collect();
    for i in 0..n {
        let j = i + rng.below((len - i) as u64) as usize;
        all.swap(i, j);
    }
    all.truncate(n);
    all
}

fn rank(i: usize) -> Rank {
    Rank::new(i as u8 + 2).expect("ranks 2 to ace")
}

/// A random deal of `cards_per_hand` cards a hand with the symmetry of `kind`; the same
/// generator state gives the same deal.
///
/// # Panics
/// If `cards_per_hand` is not in 1..=13.
pub fn symmetric_deal(rng: &mut DealRng, kind: SymmetricKind, cards_per_hand: u32) -> Deal {
    assert!(
        (1..=13).contains(&cards_per_hand),
        "cards per hand must be 1..=13"
    );
    let n = cards_per_hand as usize;
    let mut hands = SeatMap([Hand::EMPTY; 4]);
    match kind {
        SymmetricKind::Quarter => {
            // The cycle: suits[0] -> suits[1] -> suits[2] -> suits[3] -> suits[0].
            let cycle = shuffled_suits(rng);
            for r in pick(rng, 13, n) {
                let start = rng.below(4) as usize;
                for (seat, hand) in hands.0.iter_mut().enumerate() {
                    hand.insert(Card::new(cycle[(start + seat) % 4], rank(r)));
                }
            }
        }
        SymmetricKind::Half => {
            // The swaps: suits[0] <-> suits[1], suits[2] <-> suits[3]. The 26 pairs of a
            // card and its image: half of them to North and South, half to East and West.
            let s = shuffled_suits(rng);
            let image = |suit: Suit| {
                let i = s.iter().position(|&x| x == suit).expect("a suit");
                s[i ^ 1]
            };
            let pairs: Vec<Card> = (0..13)
                .flat_map(|r| [Card::new(s[0], rank(r)), Card::new(s[2], rank(r))])
                .collect();
            for (k, p) in pick(rng, 26, 2 * n).into_iter().enumerate() {
                let card = pairs[p];
                let (a, b) = if rng.below(2) == 0 {
                    (card, Card::new(image(card.suit()), card.rank()))
                } else {
                    (Card::new(image(card.suit()), card.rank()), card)
                };
                let seat = if k < n { 0 } else { 1 };
                hands.0[seat].insert(a);
                hands.0[seat + 2].insert(b);
            }
        }
        SymmetricKind::SuitSwap => {
            // Suits s[0] and s[1] are swapped: each hand holds the same ranks in both (`p`
            // of them), and the rest of its cards in s[2] and s[3]. At least 2n - 13 ranks
            // go in pairs, so that the other two suits have cards enough.
            let s = shuffled_suits(rng);
            let (low, high) = ((2 * n).saturating_sub(13), 13.min(4 * (n / 2)));
            let total = low + rng.below((high - low) as u64 + 1) as usize;
            let mut p = [0usize; 4];
            let mut given = 0;
            while given < total {
                let seat = rng.below(4) as usize;
                if 2 * (p[seat] + 1) <= n {
                    p[seat] += 1;
                    given += 1;
                }
            }
            let ranks = pick(rng, 13, total);
            let singles = pick(rng, 26, 4 * n - 2 * total);
            let (mut r, mut c) = (0, 0);
            for (seat, hand) in hands.0.iter_mut().enumerate() {
                for &x in &ranks[r..r + p[seat]] {
                    hand.insert(Card::new(s[0], rank(x)));
                    hand.insert(Card::new(s[1], rank(x)));
                }
                r += p[seat];
                let k = n - 2 * p[seat];
                for &x in &singles[c..c + k] {
                    hand.insert(Card::new(s[2 + x / 13], rank(x % 13)));
                }
                c += k;
            }
        }
    }
    Deal::new(hands).expect("the generator deals each card once")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{Strain, Symmetries};

    #[test]
    fn every_kind_has_its_symmetry() {
        let mut rng = DealRng::new(3);
        for kind in SymmetricKind::ALL {
            for n in 1..=13 {
                let deal = symmetric_deal(&mut rng, kind, n);
                assert!(deal.hands().0.iter().all(|h| h.len() == n), "{kind:?} {n}");
                let group = Symmetries::of(deal.hands(), Strain::NoTrump);
                assert!(!group.is_trivial(), "{kind:?} {n}: {deal}");
            }
        }
    }
}
