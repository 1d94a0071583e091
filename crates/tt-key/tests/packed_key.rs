//! `ShapeKey::packed` is one `u64` per key: equal exactly when tricks left, leader and every
//! hand's suit lengths are equal (West's club length is implied and gives way to the leader).

use ddsolve_cards::{DealRng, Seat};
use ddsolve_tt_key::ShapeKey;
use std::collections::HashMap;

#[test]
fn packed_keys_are_equal_exactly_when_keys_are() {
    let mut rng = DealRng::new(0x9ac4);
    let mut seen: HashMap<u64, ShapeKey> = HashMap::new();
    let mut collisions_checked = 0;
    for i in 0..20_000u64 {
        // Few cards a hand, so that equal keys occur often.
        let cards = 1 + (i % 4) as u32;
        let deal = rng.partial_deal(cards);
        let leader = Seat::ALL[(i % 4) as usize];
        let key = ShapeKey::new(deal.hands(), leader);
        match seen.get(&key.packed()) {
            Some(other) => {
                assert_eq!(*other, key, "two keys pack to {:#x}", key.packed());
                collisions_checked += 1;
            }
            None => {
                seen.insert(key.packed(), key);
            }
        }
    }
    assert!(
        collisions_checked > 1000,
        "only {collisions_checked} repeated keys"
    );
}
