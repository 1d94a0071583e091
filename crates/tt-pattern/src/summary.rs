//! An entry's summary: one word the probe's scan tests before the entry itself, so that most
//! entries that cannot answer a probe cost one load and one test, in a dense array.
//!
//! A summary is the set of the probe's facts that rule the entry out, as bits:
//!
//! - bits `0..48`, the top three relative cards of each suit (suit `s`, card `i`: nibble
//!   `3 s + i`), a bit for each owner (seat index) the entry does NOT allow: the three
//!   other seats when the entry fixes the card, none when it does not;
//! - bits `48..64`, a bit for each threshold `t` (bit `48 + t`) the entry's bounds do not
//!   decide (`lower < t <= upper`).
//!
//! A probe of the position `exact` at `tricks` sets one owner bit per card (the card's
//! owner) and the threshold bit ([`query`]): an entry whose summary shares a bit with it
//! neither matches nor decides ([`rules_out`]). The converse does not hold (deeper cards
//! are not summarised): an entry that passes is then tested in full.

use crate::entry::Entry;
use ddsolve_tt::Pattern;

/// The owner bits of three cards (2 bits an owner, highest card first): card `i` with owner
/// `o` sets bit `4 i + o`.
static ONE_HOT: [u16; 64] = {
    let mut t = [0u16; 64];
    let mut v = 0;
    while v < 64 {
        let mut i = 0;
        while i < 3 {
            let owner = (v >> (2 * i)) & 3;
            t[v] |= 1 << (4 * i + owner);
            i += 1;
        }
        v += 1;
    }
    t
};

/// The nibbles of the cards a mask of three cards (2 bits a card) fixes, all four bits set.
static FIXED: [u16; 64] = {
    let mut t = [0u16; 64];
    let mut v = 0;
    while v < 64 {
        let mut i = 0;
        while i < 3 {
            if (v >> (2 * i)) & 3 != 0 {
                t[v] |= 0xf << (4 * i);
            }
            i += 1;
        }
        v += 1;
    }
    t
};

/// Where the threshold bits start.
const THRESHOLDS: u32 = 48;

/// The owner bits of the top three cards of each suit of the owner words `lo` (spades,
/// hearts) and `hi` (diamonds, clubs) through `table`.
#[inline]
fn cards(lo: u64, hi: u64, table: &[u16; 64]) -> u64 {
    let at = |w: u64, half: u32| u64::from(table[((w >> (32 * half)) & 63) as usize]);
    at(lo, 0) | at(lo, 1) << 12 | at(hi, 0) << 24 | at(hi, 1) << 36
}

/// The summary of `e`.
#[inline]
pub(crate) fn of_entry(e: &Entry) -> u64 {
    let p = e.pattern();
    let fixed = cards(p.mask_lo, p.mask_hi, &FIXED);
    let owners = cards(p.lo, p.hi, &ONE_HOT);
    let b = e.bounds();
    // Thresholds `lower + 1 ..= upper`: the bounds decide every other one.
    let open = (2u64 << b.upper) - (2u64 << b.lower.min(b.upper));
    (fixed & !owners) | open << THRESHOLDS
}

/// The probe's bits: the owner of each summarised card of `exact`, and the threshold
/// `tricks` (at most 15).
#[inline]
pub(crate) fn query(exact: &Pattern, tricks: u8) -> u64 {
    debug_assert!(tricks < 16, "thresholds of at most 15 tricks");
    let owners = cards(exact.0 as u64, (exact.0 >> 64) as u64, &ONE_HOT);
    owners | 1u64 << (THRESHOLDS + u32::from(tricks))
}

/// Does the summary `s` rule its entry out for the probe `q` ([`query`])? Then the entry
/// does not both match and decide; otherwise it may.
#[inline]
pub(crate) fn rules_out(s: u64, q: u64) -> bool {
    s & q != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry::Stamp;
    use crate::{Bounds, RankPattern};
    use ddsolve_cards::{DealRng, Hand};
    use ddsolve_tt::Generation;

    /// An entry the summary rules out never both matches and decides: whatever the entry
    /// and the probed position.
    #[test]
    fn rules_out_only_entries_that_cannot_answer() {
        let mut rng = DealRng::new(0x9e37_79b9_7f4a_7c15);
        let now = Stamp::of(Generation::default());
        let (mut ruled, mut kept) = (0, 0);
        for i in 0..20_000u32 {
            let hands = rng.scattered_hands(i % 2 == 0);
            let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
            let win = Hand(rng.next_u64() & rng.next_u64() & all.0);
            let exact = Pattern::new(&hands);
            let r = rng.next_u64();
            let lower = (r % 14) as u8;
            let upper = lower + ((r >> 8) % u64::from(14 - lower)) as u8;
            let e = Entry::new(
                RankPattern::of_win(exact, win, &hands),
                Bounds::new(lower, upper),
                None,
                now,
            );
            let s = of_entry(&e);
            // The entry's own position, and another position dealt with the same lengths
            // by swapping owners in the pattern at random.
            let other = Pattern(exact.0 ^ (u128::from(r) << 64 | u128::from(rng.next_u64())));
            for probe in [exact, other] {
                for t in 0..=14 {
                    let answers = e.matches(&probe) && e.decides(t).is_some();
                    let out = rules_out(s, query(&probe, t));
                    assert!(!(out && answers), "{hands:?} {win:?} {lower} {upper} {t}");
                    if !answers {
                        if out {
                            ruled += 1;
                        } else {
                            kept += 1;
                        }
                    }
                }
            }
            // The entry's own position passes at every threshold its bounds decide.
            for t in 0..=14 {
                assert_eq!(
                    rules_out(s, query(&exact, t)),
                    e.decides(t).is_none(),
                    "{t}"
                );
            }
        }
        // The summary does its job: most entries that cannot answer are ruled out.
        assert!(ruled > kept, "{ruled} ruled out, {kept} kept");
    }
}
