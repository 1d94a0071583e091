//! The forest answers exactly like a plain list of entries scanned for any match.

use ddsolve_cards::{DealRng, Hand, Holding, Seat, Strain, Suit};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::TtForest;
use ddsolve_tt_key::{relative_counts, Pattern, PatternKey, ShapeKey};

#[test]
fn forest_agrees_with_a_list_of_entries() {
    let mut rng = DealRng::new(99);
    let mut tt = TtForest::new(64);
    let mut list: Vec<(ShapeKey, u128, u128, u8, u8)> = Vec::new();
    // Few distinct card layouts so that keys collide and patterns share prefixes.
    let deals: Vec<_> = (0..6).map(|_| rng.partial_deal(3)).collect();
    for step in 0..20000 {
        let deal = deals[rng.below(deals.len() as u64) as usize];
        let hands = deal.hands();
        let leader = Seat::ALL[rng.below(2) as usize];
        let at = TrickStart::new(*hands, Strain::NoTrump, leader);
        let pk = PatternKey::new(&at);
        let (key, pattern) = (pk.shape, pk.pattern);
        if step % 2 == 0 {
            // Random winning ranks: a random subset of the remaining cards.
            let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
            let win = Hand(all.0 & rng.next_u64());
            let mask = Pattern::mask(relative_counts(win, hands));
            // Bounds around one fixed value per entry, as a sound search would store.
            let value =
                ((pattern.0 & mask) as u64 ^ mask as u64 ^ key.lengths).count_ones() as u8 % 4;
            let lo = value.saturating_sub(rng.below(2) as u8);
            let hi = (value + rng.below(2) as u8).min(3);
            let entry = TtEntry {
                lower: lo,
                upper: hi,
                win,
                best: None,
            };
            tt.store(&pk, &at, entry);
            // Merge like the table does: identical entries tighten.
            if let Some(e) = list
                .iter_mut()
                .find(|e| e.0 == key && e.1 == pattern.0 & mask && e.2 == mask)
            {
                e.3 = e.3.max(lo);
                e.4 = e.4.min(hi);
            } else {
                list.push((key, pattern.0 & mask, mask, lo, hi));
            }
        } else {
            let x = rng.below(4) as u8;
            let got = tt.probe(&pk, &at, x).map(|h| h.reached);
            let matching: Vec<_> = list
                .iter()
                .filter(|e| e.0 == key && pattern.0 & e.2 == e.1)
                .collect();
            match got {
                Some(r) => assert!(
                    matching.iter().any(|e| (r && e.3 >= x) || (!r && e.4 < x)),
                    "forest answered {r} for x {x} without a matching list entry deciding it"
                ),
                None => assert!(
                    !matching.iter().any(|e| e.3 >= x || e.4 < x),
                    "forest missed a deciding entry"
                ),
            }
        }
    }
    let _ = (Holding::EMPTY, Suit::Spades);
}
