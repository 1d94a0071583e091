//! Sorting moves by weight, and the rank helpers the weights read: what every ordering of
//! this crate shares.

use ddsolve_cards::Holding;
use ddsolve_moves::{Move, MoveList};

/// Sorts `moves` by weight, highest first, ties in their order in the list (a stable sort).
///
/// Lists of two to six moves (most lists) are sorted without a branch on the weights, by
/// [`sort_small`]; an insertion sort's data-dependent branches mispredicted often. Longer
/// lists are sorted by insertion.
#[inline(always)]
pub(crate) fn sort(moves: &mut MoveList) {
    let n = moves.len();
    if n > 4 {
        if n <= 6 {
            if n == 6 {
                sort_small::<6>(moves);
            } else {
                sort_small::<5>(moves);
            }
            return;
        }
        for i in 1..n {
            let m = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1].weight < m.weight {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = m;
        }
    } else if n > 2 {
        if n == 4 {
            sort_small::<4>(moves);
        } else {
            sort_small::<3>(moves);
        }
    } else if n == 2 {
        sort_small::<2>(moves);
    }
}

/// Weights for the moves of a [`MoveList`], by index.
pub(crate) type Weights = [i32; 13];

/// [`sort`] for the moves of `moves` weighed `weights` (by index): the same order (the
/// highest weight first, ties in list order), each move's weight set to its own.
#[inline(always)]
pub(crate) fn sort_weighed(moves: &mut MoveList, weights: &Weights) {
    let n = moves.len();
    if n > 4 {
        if n <= 6 {
            if n == 6 {
                sort_small_weighed::<6>(moves, weights);
            } else {
                sort_small_weighed::<5>(moves, weights);
            }
            return;
        }
        for (m, &w) in moves.iter_mut().zip(weights) {
            m.weight = w;
        }
        sort(moves);
    } else if n > 2 {
        if n == 4 {
            sort_small_weighed::<4>(moves, weights);
        } else {
            sort_small_weighed::<3>(moves, weights);
        }
    } else if n == 2 {
        // The two weights read one by one: the places' array of both was one 8-byte load
        // over the two 4-byte stores just made, which waits for them to be written (a
        // failed store forwarding: BENCHMARKS.md, 2026-11-28).
        let m0 = Move {
            weight: weights[0],
            ..moves[0]
        };
        let m1 = Move {
            weight: weights[1],
            ..moves[1]
        };
        let swap = m1.weight > m0.weight;
        moves[0] = if swap { m1 } else { m0 };
        moves[1] = if swap { m0 } else { m1 };
    } else if n == 1 {
        moves[0].weight = weights[0];
    }
}

/// [`sort_weighed`] for a list of `N` moves, as [`sort_small`] places them.
#[inline(always)]
fn sort_small_weighed<const N: usize>(moves: &mut MoveList, weights: &Weights) {
    let src: [Move; N] = std::array::from_fn(|i| moves[i]);
    let places = places::<N>(std::array::from_fn(|i| weights[i]));
    for (i, p) in places.into_iter().enumerate() {
        moves[p] = src[i];
        moves[p].weight = weights[i];
    }
}

/// [`sort`] for a list of `N` moves: each move's place is the number of moves that go
/// before it (the earlier ones that weigh as much or more, the later ones that weigh
/// strictly more), counted from one comparison per pair, and each move is written to its
/// place.
#[inline(always)]
fn sort_small<const N: usize>(moves: &mut MoveList) {
    let src: [Move; N] = std::array::from_fn(|i| moves[i]);
    for (m, p) in src.iter().zip(places::<N>(src.map(|m| m.weight))) {
        moves[p] = *m;
    }
}

/// The place of each of `N` weights in the order highest first, ties in list order: the
/// number that go before it (the earlier ones as heavy or heavier, the later ones strictly
/// heavier), from one comparison per pair.
#[inline(always)]
fn places<const N: usize>(weights: [i32; N]) -> [usize; N] {
    let mut places = [0usize; N];
    for i in 0..N {
        for j in i + 1..N {
            let later_first = usize::from(weights[j] > weights[i]);
            places[i] += later_first;
            places[j] += 1 - later_first;
        }
    }
    places
}

/// The highest rank of `h` (ranks at bits 2..=14), 0 if `h` is empty.
#[inline]
pub(crate) fn top(h: Holding) -> u8 {
    // Bit 0 is no rank: it stands for the top of an empty holding, 0.
    (15 - (h.0 | 1).leading_zeros()) as u8
}

/// The highest rank bit of `h` (rank bits as in a [`Holding`]), 0 if `h` is 0 (a `u32`
/// shift by 16, no branch).
#[inline]
pub(crate) fn highest_bit(h: u16) -> u16 {
    (0x8000u32 >> h.leading_zeros()) as u16
}

/// The lowest rank of `h` (ranks at bits 2..=14), 0 if `h` is empty.
#[inline]
pub(crate) fn bottom(h: Holding) -> u8 {
    // 16 trailing zeros for an empty holding: masked to 0.
    (h.0.trailing_zeros() & 15) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{Card, DealRng, Rank, Suit};

    #[test]
    fn sort_is_a_stable_sort_by_weight_highest_first() {
        let mut rng = DealRng::new(11);
        for _ in 0..20_000 {
            let n = rng.below(14) as usize;
            // Few distinct weights, so that ties are common.
            let mut moves = MoveList::new();
            for k in 0..n {
                let card = Card::new(Suit::ALL[k % 4], Rank::new(2 + k as u8).unwrap());
                let weight = rng.below(5) as i32 - 2;
                moves.push(Move {
                    card,
                    equals: Holding::single(card.rank()),
                    weight,
                });
            }
            let mut expected = moves.to_vec();
            expected.sort_by_key(|m| std::cmp::Reverse(m.weight));
            sort(&mut moves);
            assert_eq!(moves.to_vec(), expected);
        }
    }

    #[test]
    fn sort_weighed_orders_as_sort_with_the_weights_set() {
        let mut rng = DealRng::new(12);
        for _ in 0..20_000 {
            let n = rng.below(14) as usize;
            let mut moves = MoveList::new();
            let mut weights = [0; 13];
            for (k, w) in weights.iter_mut().enumerate().take(n) {
                let card = Card::new(Suit::ALL[k % 4], Rank::new(2 + k as u8).unwrap());
                // Few distinct weights, so that ties are common; the moves' own weights
                // are stale and must not count.
                *w = rng.below(5) as i32 - 2;
                moves.push(Move {
                    card,
                    equals: Holding::single(card.rank()),
                    weight: rng.below(5) as i32,
                });
            }
            let mut expected = moves.clone();
            for (m, &w) in expected.iter_mut().zip(&weights) {
                m.weight = w;
            }
            sort(&mut expected);
            sort_weighed(&mut moves, &weights);
            assert_eq!(moves, expected);
        }
    }

    #[test]
    fn top_and_bottom_match_the_holdings_highest_and_lowest_rank() {
        // Every holding of ranks (bits 2..=14), the empty one included.
        for bits in 0u16..1 << 13 {
            let h = Holding(bits << 2);
            assert_eq!(top(h), h.highest().map_or(0, |r| r.get()), "{bits:#x}");
            assert_eq!(bottom(h), h.lowest().map_or(0, |r| r.get()), "{bits:#x}");
        }
    }
}
