//! The table's own behaviour: exact positions only, the lock and the move check against
//! collisions forced through chosen keys, merging of bounds, replacement (stale before
//! current, shallow before deep), generations, clearing (eras) and the memory budget.

use ddsolve_cards::{Card, DealRng, Hand, Seat, SeatMap, Strain};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::TtFlat;
use ddsolve_tt_zobrist::{TtZobrist, BUCKET_BYTES, BUCKET_ENTRIES, LOCK_BITS};

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn cards(list: &[&str]) -> Hand {
    list.iter().map(|c| card(c)).collect()
}

/// An entry of bounds `lower..=upper` resting on `win`, with best move `best`.
fn entry(win: Hand, lower: u8, upper: u8, best: Option<Card>) -> TtEntry {
    TtEntry {
        lower,
        upper,
        win,
        best,
    }
}

/// The position `hands` with `leader` on lead.
fn at(hands: &SeatMap<Hand>, leader: Seat) -> TrickStart {
    TrickStart::new(*hands, Strain::NoTrump, leader)
}

/// Stores `win` and bounds `b` for a position through the trait (`key`, then `store`).
fn store_win<T: TranspositionTable>(
    tt: &mut T,
    hands: &SeatMap<Hand>,
    leader: Seat,
    win: Hand,
    b: (u8, u8),
    best: Option<Card>,
) {
    let at = at(hands, leader);
    let key = tt.key(&at);
    tt.store(&key, &at, entry(win, b.0, b.1, best));
}

fn store(tt: &mut impl TranspositionTable, hands: &SeatMap<Hand>, leader: Seat, b: (u8, u8)) {
    store_win(tt, hands, leader, Hand::EMPTY, b, None);
}

/// Probes a position through the trait; the whole hit.
fn probe_hit<T: TranspositionTable>(
    tt: &mut T,
    hands: &SeatMap<Hand>,
    leader: Seat,
    tricks: u8,
) -> Option<ddsolve_tt::TtHit> {
    let at = at(hands, leader);
    let key = tt.key(&at);
    tt.probe(&key, &at, tricks)
}

fn probe(
    tt: &mut impl TranspositionTable,
    hands: &SeatMap<Hand>,
    leader: Seat,
    tricks: u8,
) -> Option<(bool, u8)> {
    probe_hit(tt, hands, leader, tricks).map(|h| (h.reached, h.bound))
}

/// A random position of `n` cards a hand.
fn position(rng: &mut DealRng, n: u32) -> SeatMap<Hand> {
    *rng.partial_deal(n).hands()
}

/// Positions that differ only in small cards are other positions: the flat table, whose
/// entry rests on the top cards only, hits them; the Zobrist table does not.
#[test]
fn exact_positions_only() {
    // North AK2, East QJ3, South T98, West 765 of spades; the same with North's 2 and East's
    // 3 exchanged, and with North holding the 4 instead of the 2.
    let base = ddsolve_cards::parse_pbn_hands("N:AK2... QJ3... T98... 765...").unwrap();
    let swapped = ddsolve_cards::parse_pbn_hands("N:AK3... QJ2... T98... 765...").unwrap();
    let other = ddsolve_cards::parse_pbn_hands("N:AK4... QJ3... T98... 765...").unwrap();
    let win = cards(&["SA", "SK"]);
    let mut z = TtZobrist::new(1);
    let mut flat = TtFlat::new(1);
    store_win(&mut z, &base, Seat::North, win, (2, 3), None);
    store_win(&mut flat, &base, Seat::North, win, (2, 3), None);
    assert_eq!(probe(&mut z, &base, Seat::North, 2), Some((true, 2)));
    for hands in [swapped, other] {
        assert_eq!(probe(&mut flat, &hands, Seat::North, 2), Some((true, 2)));
        assert_eq!(probe(&mut z, &hands, Seat::North, 2), None, "{hands:?}");
    }
    // Another leader of the same cards is another position too.
    assert_eq!(probe(&mut z, &base, Seat::South, 2), None);
}

/// A hit gives back exactly the stored winning cards and best move.
#[test]
fn hit_returns_the_stored_cards() {
    let hands = ddsolve_cards::parse_pbn_hands("N:AK2.A.. QJ3.K.. T98.Q.. 765.J..").unwrap();
    let win = cards(&["SA", "SK", "HA", "S2"]);
    let mut tt = TtZobrist::new(1);
    store_win(&mut tt, &hands, Seat::North, win, (3, 4), Some(card("SA")));
    let hit = probe_hit(&mut tt, &hands, Seat::North, 3).unwrap();
    assert_eq!(
        (hit.reached, hit.bound, hit.win, hit.best),
        (true, 3, win, Some(card("SA")))
    );
    let hit = probe_hit(&mut tt, &hands, Seat::North, 5).unwrap();
    assert_eq!((hit.reached, hit.bound), (false, 4));
    assert!(probe_hit(&mut tt, &hands, Seat::North, 4).is_none());
}

/// Keys that share a bucket but not a lock are different positions; a full key collision
/// (same bucket, same lock) with a position whose leader does not hold the stored best move
/// is caught by the move check; one with another number of tricks left by the depth.
#[test]
fn lock_and_move_check_reject_forced_collisions() {
    let mut rng = DealRng::new(0x7a_0001);
    let mut tt = TtZobrist::new(1);
    let p = position(&mut rng, 5);
    let q = position(&mut rng, 5);
    let hash = tt.hash(&p, Seat::North);
    let neighbour = hash ^ 1;
    assert_eq!(tt.bucket_index(hash), tt.bucket_index(neighbour));
    let best = p[Seat::North].iter().next();
    tt.store_hashed(hash, &p, Seat::North, entry(Hand::EMPTY, 3, 5, best));
    assert!(tt.probe_hashed(hash, &p, Seat::North, 3).is_some());
    // Same bucket, another lock: a miss, for the same position too.
    assert!(tt.probe_hashed(neighbour, &p, Seat::North, 3).is_none());
    assert!(tt.probe_hashed(neighbour, &q, Seat::North, 3).is_none());
    // The same 64 bits for another position: the lock matches, the move check refuses.
    let q_leader = Seat::ALL
        .into_iter()
        .find(|&s| !q[s].contains(best.unwrap()))
        .unwrap();
    assert_eq!(tt.rejected(), 0);
    assert!(tt.probe_hashed(hash, &q, q_leader, 3).is_none());
    assert_eq!(tt.rejected(), 1);
    // ... and one with fewer tricks left, by the depth.
    let r = position(&mut rng, 4);
    assert!(tt.probe_hashed(hash, &r, Seat::North, 3).is_none());
    // The lock is the key's low bits: a key differing above them goes to another bucket.
    let far = hash ^ (1 << 63) ^ (1 << LOCK_BITS);
    assert_ne!(tt.bucket_index(hash), tt.bucket_index(far));
    assert!(tt.probe_hashed(far, &p, Seat::North, 3).is_none());
}

/// Storing a position again narrows its bounds (a lower bound only rises, an upper only
/// falls), and the winning cards returned back both bounds.
#[test]
fn bounds_merge() {
    let mut rng = DealRng::new(0x7a_0002);
    let hands = position(&mut rng, 10);
    let all = hands.0.iter().fold(Hand::EMPTY, |a, &h| a | h);
    let (wa, wb, wc) = (
        Hand(all.0 & 0x0000_0000_ffff_ffff),
        Hand(all.0 & 0xffff_ffff_0000_0000),
        Hand(all.0 & 0x0000_ffff_ffff_0000),
    );
    let at = at(&hands, Seat::East);
    let mut tt = TtZobrist::new(1);
    let key = tt.key(&at);
    tt.store(&key, &at, entry(wa, 3, 10, None));
    tt.store(&key, &at, entry(wb, 0, 8, None));
    assert_eq!(tt.stats().entries, 1);
    let lo = tt.probe(&key, &at, 3).unwrap();
    assert_eq!((lo.reached, lo.bound, lo.win), (true, 3, wa | wb));
    let hi = tt.probe(&key, &at, 9).unwrap();
    assert_eq!((hi.reached, hi.bound, hi.win), (false, 8, wa | wb));
    assert!(tt.probe(&key, &at, 4).is_none());
    // Looser bounds change nothing.
    tt.store(&key, &at, entry(wc, 1, 9, None));
    let lo = tt.probe(&key, &at, 3).unwrap();
    assert_eq!((lo.bound, lo.win), (3, wa | wb));
    assert!(tt.probe(&key, &at, 8).is_none());
    // Tighter on both sides: its cards alone back them.
    tt.store(&key, &at, entry(wc, 5, 5, None));
    let hit = tt.probe(&key, &at, 5).unwrap();
    assert_eq!((hit.reached, hit.bound, hit.win), (true, 5, wc));
    let hit = tt.probe(&key, &at, 6).unwrap();
    assert_eq!((hit.reached, hit.bound), (false, 5));
    assert_eq!(tt.stats().entries, 1);
    // Bounds that cross can only come from a key collision the lock missed: the newer
    // entry replaces the older.
    tt.store(&key, &at, entry(wa, 7, 9, None));
    let hit = tt.probe(&key, &at, 6).unwrap();
    assert_eq!((hit.reached, hit.bound, hit.win), (true, 7, wa));
    assert_eq!(tt.stats().entries, 1);
}

/// Four positions of chosen depths in one bucket (keys chosen to share it), then more: the
/// shallowest current entry gives way; after a new search the stale ones give way first,
/// shallowest first, and an entry read successfully in the new search is current again.
#[test]
fn replacement_prefers_stale_then_shallow() {
    let mut rng = DealRng::new(0x7a_0003);
    let mut tt = TtZobrist::new(1);
    let base = 0x9e37_79b9_0000_0000u64;
    let depths = [5u32, 3, 7, 6, 2, 9, 4];
    let items: Vec<(u64, SeatMap<Hand>)> = depths
        .iter()
        .enumerate()
        .map(|(i, &d)| (base + i as u64, position(&mut rng, d)))
        .collect();
    for (h, _) in &items {
        assert_eq!(tt.bucket_index(*h), tt.bucket_index(base));
    }
    let put = |tt: &mut TtZobrist, i: usize| {
        let (h, p) = &items[i];
        tt.store_hashed(*h, p, Seat::South, entry(Hand::EMPTY, 1, 1, None));
    };
    let present = |tt: &mut TtZobrist, i: usize| {
        let (h, p) = &items[i];
        tt.probe_hashed(*h, p, Seat::South, 1).is_some()
    };
    for i in 0..BUCKET_ENTRIES {
        put(&mut tt, i);
    }
    assert!((0..4).all(|i| present(&mut tt, i)));
    // Full and all current: depth 3 (item 1) goes.
    put(&mut tt, 4);
    assert!(!present(&mut tt, 1));
    assert!([0, 2, 3, 4].iter().all(|&i| present(&mut tt, i)));
    // A new search: everything stale; reading item 4 (depth 2) makes it current again.
    tt.new_search();
    assert!(present(&mut tt, 4));
    // The shallowest stale entry goes (item 0, depth 5), not the current depth 2.
    put(&mut tt, 5);
    assert!(!present(&mut tt, 0));
    assert!([2, 3, 4, 5].iter().all(|&i| present(&mut tt, i)));
    // All current again (just read): the shallowest goes, now item 4.
    put(&mut tt, 6);
    assert!(!present(&mut tt, 4));
    assert!([2, 3, 5, 6].iter().all(|&i| present(&mut tt, i)));
    assert_eq!(tt.stats().entries, 4);
}

/// Entries survive new searches (they are true whatever the search) and the generation
/// counts searches; among stale entries of equal depth the oldest goes first.
#[test]
fn generations_age_entries_without_losing_them() {
    let mut rng = DealRng::new(0x7a_0004);
    let mut tt = TtZobrist::new(1);
    let positions: Vec<SeatMap<Hand>> = (0..200).map(|_| position(&mut rng, 6)).collect();
    for p in &positions {
        store(&mut tt, p, Seat::West, (2, 4));
    }
    for g in 1..=40u32 {
        tt.new_search();
        assert_eq!(u32::from(tt.generation()), g % 32);
    }
    for p in &positions {
        assert_eq!(probe(&mut tt, p, Seat::West, 2), Some((true, 2)));
    }
    // Oldest first among equals: three entries of depth 6 stamped in searches 1, 2 and 3,
    // one of depth 6 current; the next goes where the oldest was.
    let mut tt = TtZobrist::new(1);
    let base = 0x1234_5678_0000_0000u64;
    let items: Vec<SeatMap<Hand>> = (0..5).map(|_| position(&mut rng, 6)).collect();
    assert_eq!(tt.bucket_index(base), tt.bucket_index(base + 4));
    for (i, p) in items.iter().enumerate().take(4) {
        tt.new_search();
        tt.store_hashed(
            base + i as u64,
            p,
            Seat::North,
            entry(Hand::EMPTY, 0, 3, None),
        );
    }
    tt.store_hashed(
        base + 4,
        &items[4],
        Seat::North,
        entry(Hand::EMPTY, 0, 3, None),
    );
    assert!(tt.probe_hashed(base, &items[0], Seat::North, 4).is_none());
    for i in 1..5 {
        assert!(tt
            .probe_hashed(base + i as u64, &items[i], Seat::North, 4)
            .is_some());
    }
}

/// clear forgets everything, without counting as a reset; stores after it work; and entries
/// from before a clear never come back, not even when the era stamp comes round again.
#[test]
fn clear_forgets_everything() {
    let mut rng = DealRng::new(0x7a_0005);
    let mut tt = TtZobrist::new(1);
    let positions: Vec<SeatMap<Hand>> = (0..100).map(|_| position(&mut rng, 7)).collect();
    for p in &positions {
        store(&mut tt, p, Seat::North, (3, 3));
    }
    assert_eq!(tt.stats().entries, 100);
    let mut seen = positions;
    for round in 0..300 {
        tt.clear();
        assert_eq!(tt.stats().entries, 0);
        for p in &seen {
            assert_eq!(probe(&mut tt, p, Seat::North, 3), None, "clear {round}");
        }
        // One new entry in each era, which the later ones must not see.
        let fresh = position(&mut rng, 7);
        store(&mut tt, &fresh, Seat::North, (3, 3));
        assert_eq!(tt.stats().entries, 1);
        assert!(probe(&mut tt, &fresh, Seat::North, 3).is_some());
        seen.push(fresh);
    }
    assert_eq!(tt.stats().resets, 0);
}

/// The size is honoured: the reported bytes never pass the limit, the buckets fill it (less
/// one bucket), and a million stores change neither; every store is found right after it.
#[test]
fn memory_never_over_budget() {
    for mb in [0usize, 1, 3] {
        let tt = TtZobrist::new(mb);
        let limit = mb.max(1) << 20;
        assert_eq!(tt.limit_bytes(), limit);
        let bytes = tt.stats().bytes;
        assert!(
            bytes <= limit && bytes + BUCKET_BYTES > limit,
            "{bytes} of {limit}"
        );
        assert_eq!(
            bytes - tt.buckets() * BUCKET_BYTES,
            std::mem::size_of::<TtZobrist>()
        );
    }
    let mut tt = TtZobrist::new(1);
    let bytes = tt.stats().bytes;
    let mut rng = DealRng::new(0x7a_0006);
    for i in 0..1_000_000u32 {
        let n = 1 + rng.below(13) as u32;
        let hands = position(&mut rng, n);
        let leader = Seat::ALL[rng.below(4) as usize];
        let lower = rng.below(u64::from(n) + 1) as u8;
        store(&mut tt, &hands, leader, (lower, n as u8));
        if i % 1000 == 0 {
            assert_eq!(tt.stats().bytes, bytes);
            // (A position drawn twice keeps the higher of its lower bounds.)
            let hit = probe(&mut tt, &hands, leader, lower);
            assert!(
                hit.is_some_and(|(reached, bound)| reached && bound >= lower),
                "store {i} not found: {hit:?}"
            );
        }
        if i % 65536 == 0 {
            tt.new_search();
        }
    }
    let stats = tt.stats();
    assert_eq!(stats.bytes, bytes);
    assert_eq!(stats.resets, 0);
    assert_eq!(stats.entries, tt.buckets() * BUCKET_ENTRIES, "a full table");
}

/// The usage figures count what probes and stores did, per tricks left.
#[test]
fn stats_count_probes_hits_stores_merges_and_replacements() {
    let mut rng = DealRng::new(0x7a_0007);
    let mut tt = TtZobrist::new(1);
    let p = position(&mut rng, 6);
    let q = position(&mut rng, 3);
    store(&mut tt, &p, Seat::North, (2, 6));
    store(&mut tt, &p, Seat::North, (2, 4));
    store(&mut tt, &q, Seat::East, (1, 1));
    assert_eq!(probe(&mut tt, &p, Seat::North, 2), Some((true, 2)));
    assert_eq!(probe(&mut tt, &p, Seat::North, 3), None);
    assert_eq!(probe(&mut tt, &p, Seat::South, 3), None);
    tt.new_search();
    let s = tt.stats();
    assert_eq!((s.entries, s.merges, s.searches, s.evictions), (2, 1, 1, 0));
    assert_eq!(
        (s.probes[6], s.hits[6], s.stores[6], s.stores[3]),
        (3, 1, 1, 1)
    );
    assert_eq!(
        (s.total_probes(), s.total_hits(), s.total_stores()),
        (3, 1, 2)
    );
    // The miss of another leader compared the whole bucket, the two reads one entry each.
    assert_eq!(s.scanned[6], 1 + 1 + BUCKET_ENTRIES as u64);
    assert_eq!(
        (s.limit_bytes, s.peak_bytes, s.resets),
        (1 << 20, s.bytes, 0)
    );
    // Five positions in one bucket: the fifth replaces one.
    let base = 0x4444_0000_0000_0000u64;
    for i in 0..5u64 {
        let h = position(&mut rng, 4);
        tt.store_hashed(base + i, &h, Seat::West, entry(Hand::EMPTY, 0, 4, None));
    }
    assert_eq!(tt.stats().evictions, 1);
    assert_eq!(tt.stats().entries, 2 + 4);
}
