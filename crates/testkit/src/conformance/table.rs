//! The conformance suite of transposition tables.
//!
//! Every check takes a constructor `make(megabytes)` and panics, naming the table type, on
//! the first violation. [`check_table`] runs them all; a table's crate can also call them one
//! by one from separate tests:
//!
//! ```no_run
//! use ddsolve_testkit::conformance::table;
//! # use ddsolve_tt::{TrickStart, TtEntry, TtHit};
//! # struct MyTable;
//! # impl ddsolve_tt::TranspositionTable for MyTable {
//! #     type Key = ();
//! #     fn key(&mut self, _: &TrickStart) {}
//! #     fn probe(&mut self, _: &(), _: &TrickStart, _: u8) -> Option<TtHit> { None }
//! #     fn store(&mut self, _: &(), _: &TrickStart, _: TtEntry) {}
//! #     fn clear(&mut self) {}
//! #     fn stats(&self) -> ddsolve_tt::TtStats { Default::default() }
//! # }
//! # impl MyTable { fn new(_: usize) -> MyTable { MyTable } }
//! table::check_table(MyTable::new);
//! ```
//!
//! What a table must do, as the trait documents it:
//! - a decisive probe is true of the probed position: `reached` agrees with the oracle, the
//!   returned bound lies on the right side of both the threshold and the true value, and the
//!   winning cards are cards of the probed position;
//! - an entry just stored decides what its bounds decide (a table keeps at least the entry
//!   just stored);
//! - bounds stored again for the same position merge: the lower only rises, the upper only
//!   falls, and they never cross;
//! - entries are true of positions, not of deals or paths: another deal or another leader
//!   with the same key never gets a wrong answer;
//! - `clear` forgets everything;
//! - `stats().bytes` never passes the limit given to the constructor.
//!
//! Tables know nothing of trumps, so the suite keeps one table per strain, as the solver
//! clears its table when the strain changes. Positions are at the start of a trick; the
//! stored winning cards are every remaining card, so an entry stands for exactly the
//! positions with the same cards in the same hands up to relative rank. Before each
//! position's key the table is prepared for that position
//! ([`TranspositionTable::prepare`], as the solver prepares it for each deal), except in
//! the memory check, whose million positions use keys of unprepared tables.

use crate::oracle;
use ddsolve_cards::{Card, DealRng, Hand, Holding, Position, Rank, Seat, SeatMap, Strain, Suit};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};

/// Runs every check of the suite.
pub fn check_table<T: TranspositionTable>(make: impl Fn(usize) -> T) {
    stored_entries_decide(&make);
    oracle_soundness(&make);
    merged_bounds_never_cross(&make);
    reuse_across_deals_and_leaders(&make);
    clear_forgets_everything(&make);
    memory_limit(&make);
}

fn name<T>() -> &'static str {
    std::any::type_name::<T>()
}

/// A random ending at the start of a trick, 1..=`max` cards a hand.
fn ending(rng: &mut DealRng, max: u32) -> Position {
    let mut pos = oracle::random_ending(rng, max);
    while !pos.trick().is_empty() {
        pos.undo();
    }
    pos
}

fn shuffle<X>(v: &mut [X], rng: &mut DealRng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

/// The owners of one suit's remaining cards, highest first.
fn owners(hands: &SeatMap<Hand>, s: Suit) -> Vec<Seat> {
    Holding::ALL
        .iter()
        .filter_map(|r| {
            let c = Card::new(s, r);
            Seat::ALL.into_iter().find(|&x| hands[x].contains(c))
        })
        .collect()
}

/// Each suit's owners (in rank order) put on `ranks(suit, count)`, highest first.
fn place(
    hands: &SeatMap<Hand>,
    mut ranks: impl FnMut(Suit, usize) -> Vec<Rank>,
    mut order: impl FnMut(&mut Vec<Seat>),
) -> SeatMap<Hand> {
    let mut out = SeatMap([Hand::EMPTY; 4]);
    for s in Suit::ALL {
        let mut o = owners(hands, s);
        order(&mut o);
        let mut r = ranks(s, o.len());
        r.sort_unstable_by(|a, b| b.cmp(a));
        for (x, r) in o.into_iter().zip(r) {
            out[x].insert(Card::new(s, r));
        }
    }
    out
}

fn random_ranks(rng: &mut DealRng, n: usize) -> Vec<Rank> {
    let mut all: Vec<Rank> = Holding::ALL.iter().collect();
    shuffle(&mut all, rng);
    all.truncate(n);
    all
}

/// The same relative structure on other absolute ranks: every suit's cards, in order, moved
/// to a random set of ranks of the same size, each card keeping its owner.
fn relabel(pos: &Position, rng: &mut DealRng) -> Position {
    let hands = place(pos.hands(), |_, n| random_ranks(rng, n), |_| ());
    Position::with_trick(hands, pos.trump(), pos.leader(), &[]).expect("a relabelled ending")
}

/// Another deal with the same key: every hand keeps its suit lengths and the leader leads,
/// but the ranks are drawn anew and dealt to the owners in a random order.
fn same_key(pos: &Position, rng: &mut DealRng) -> Position {
    let mut order_rng = DealRng::new(rng.next_u64());
    let hands = place(
        pos.hands(),
        |_, n| random_ranks(rng, n),
        |o| shuffle(o, &mut order_rng),
    );
    Position::with_trick(hands, pos.trump(), pos.leader(), &[]).expect("a reshuffled ending")
}

/// The view of `pos` and its key, the table prepared for it.
fn key_of<T: TranspositionTable>(tt: &mut T, pos: &Position) -> (TrickStart, T::Key) {
    let at = TrickStart::from_position(pos).expect("a trick start");
    tt.prepare(pos.hands());
    let key = tt.key(&at);
    (at, key)
}

fn store<T: TranspositionTable>(tt: &mut T, pos: &Position, lower: u8, upper: u8) {
    let (at, key) = key_of(tt, pos);
    let entry = TtEntry {
        lower,
        upper,
        win: pos.remaining(),
        best: None,
    };
    tt.store(&key, &at, entry);
}

/// Probes `pos` at every threshold and checks every decisive answer against `value`, the
/// tricks the side on lead takes; returns the number of decisive answers.
fn check_probes<T: TranspositionTable>(tt: &mut T, pos: &Position, value: u8, what: &str) -> u32 {
    let (at, key) = key_of(tt, pos);
    let mut hits = 0;
    for x in 0..=pos.tricks_left() as u8 + 1 {
        let Some(hit) = tt.probe(&key, &at, x) else {
            continue;
        };
        hits += 1;
        let t = name::<T>();
        assert_eq!(
            hit.reached,
            value >= x,
            "[{t}] {what}: threshold {x}, the table says {}, the truth is {value} in {pos:?}",
            hit.reached
        );
        if hit.reached {
            assert!(
                x <= hit.bound && hit.bound <= value,
                "[{t}] {what}: lower bound {} for threshold {x}, truth {value} in {pos:?}",
                hit.bound
            );
        } else {
            assert!(
                value <= hit.bound && hit.bound < x,
                "[{t}] {what}: upper bound {} for threshold {x}, truth {value} in {pos:?}",
                hit.bound
            );
        }
        assert!(
            hit.win - pos.remaining() == Hand::EMPTY,
            "[{t}] {what}: winning cards {:?} not all in the position {pos:?}",
            hit.win
        );
    }
    hits
}

/// Random true bounds of `value` among `tl` tricks: exact half the time, else a lower bound
/// alone or an upper bound alone.
fn true_bounds(rng: &mut DealRng, value: u8, tl: u8) -> (u8, u8) {
    match rng.below(4) {
        0 | 1 => (value, value),
        2 => (rng.below(u64::from(value) + 1) as u8, tl),
        _ => (0, value + rng.below(u64::from(tl - value) + 1) as u8),
    }
}

/// An entry just stored decides, for its own position, every threshold its bounds decide
/// (the bounds are true, so merging with an earlier entry can only narrow them).
pub fn stored_entries_decide<T: TranspositionTable>(make: impl Fn(usize) -> T) {
    let mut rng = DealRng::new(0xc0f0_0001);
    let mut tables: Vec<T> = (0..5).map(|_| make(4)).collect();
    for _ in 0..2000 {
        let pos = ending(&mut rng, 4);
        let value = oracle::tricks(&pos) as u8;
        let tl = pos.tricks_left() as u8;
        let (lower, upper) = true_bounds(&mut rng, value, tl);
        let tt = &mut tables[pos.trump().index()];
        store(tt, &pos, lower, upper);
        let (at, key) = key_of(tt, &pos);
        for x in 0..=tl + 1 {
            let hit = tt.probe(&key, &at, x);
            if x <= lower {
                assert!(
                    hit.is_some_and(|h| h.reached && h.bound >= x),
                    "[{}] stored {lower}..={upper}, threshold {x}: {hit:?} in {pos:?}",
                    name::<T>()
                );
            } else if x > upper {
                assert!(
                    hit.is_some_and(|h| !h.reached && h.bound < x),
                    "[{}] stored {lower}..={upper}, threshold {x}: {hit:?} in {pos:?}",
                    name::<T>()
                );
            }
        }
    }
}

/// Oracle-true bounds of random endings are stored (winning cards: every card); the stored
/// positions, relabelled copies of earlier ones (same relative ranks on other cards) and
/// random endings are probed, and every decisive answer must agree with the oracle.
pub fn oracle_soundness<T: TranspositionTable>(make: impl Fn(usize) -> T) {
    let mut rng = DealRng::new(0xc0f0_0002);
    let mut tables: Vec<T> = (0..5).map(|_| make(4)).collect();
    let mut stored: Vec<(Position, u8)> = Vec::new();
    let mut hits = 0;
    for round in 0..1500 {
        // Small endings repeat more often: 1..=3 cards for most, up to 5 for some.
        let pos = ending(&mut rng, if round % 4 == 0 { 5 } else { 3 });
        let value = oracle::tricks(&pos) as u8;
        let tl = pos.tricks_left() as u8;
        let (lower, upper) = true_bounds(&mut rng, value, tl);
        let tt = &mut tables[pos.trump().index()];
        store(tt, &pos, lower, upper);
        hits += check_probes(tt, &pos, value, "stored position");
        stored.push((pos, value));
        for _ in 0..2 {
            let (old, v) = &stored[rng.below(stored.len() as u64) as usize];
            let tt = &mut tables[old.trump().index()];
            hits += check_probes(tt, old, *v, "earlier position");
            let other = relabel(old, &mut rng);
            let v = oracle::tricks(&other) as u8;
            hits += check_probes(tt, &other, v, "relabelled position");
        }
        let random = ending(&mut rng, 3);
        let v = oracle::tricks(&random) as u8;
        hits += check_probes(
            &mut tables[random.trump().index()],
            &random,
            v,
            "random position",
        );
    }
    assert!(hits > 1500, "[{}] only {hits} decisive probes", name::<T>());
}

/// Several true bounds of each position, stored in an interleaved order, merge into one
/// interval that never crosses: every threshold up to the highest stored lower bound is
/// reached, every threshold above the lowest stored upper bound is not, and no answer
/// contradicts the oracle.
pub fn merged_bounds_never_cross<T: TranspositionTable>(make: impl Fn(usize) -> T) {
    let mut rng = DealRng::new(0xc0f0_0003);
    let mut tables: Vec<T> = (0..5).map(|_| make(16)).collect();
    let positions: Vec<(Position, u8)> = (0..300)
        .map(|_| {
            let pos = ending(&mut rng, 4);
            let v = oracle::tricks(&pos) as u8;
            (pos, v)
        })
        .collect();
    let mut merged: Vec<(u8, u8)> = positions
        .iter()
        .map(|(p, _)| (0, p.tricks_left() as u8))
        .collect();
    for _ in 0..4 {
        for (i, (pos, v)) in positions.iter().enumerate() {
            let tl = pos.tricks_left() as u8;
            let (lower, upper) = true_bounds(&mut rng, *v, tl);
            store(&mut tables[pos.trump().index()], pos, lower, upper);
            merged[i] = (merged[i].0.max(lower), merged[i].1.min(upper));
        }
    }
    for ((pos, v), &(lower, upper)) in positions.iter().zip(&merged) {
        let tt = &mut tables[pos.trump().index()];
        check_probes(tt, pos, *v, "merged position");
        let (at, key) = key_of(tt, pos);
        for x in 0..=pos.tricks_left() as u8 + 1 {
            let hit = tt.probe(&key, &at, x);
            if x <= lower {
                assert!(
                    hit.is_some_and(|h| h.reached),
                    "[{}] merged lower bound {lower} lost at threshold {x}: {hit:?} in {pos:?}",
                    name::<T>()
                );
            } else if x > upper {
                assert!(
                    hit.is_some_and(|h| !h.reached),
                    "[{}] merged upper bound {upper} lost at threshold {x}: {hit:?} in {pos:?}",
                    name::<T>()
                );
            }
        }
    }
}

/// Entries are true of positions, whatever the deal they came from: with the table kept
/// across deals and leaders (as the solver keeps it within a strain), other deals with the
/// same key (every hand's suit lengths, the same leader), the same cards with another
/// leader, relabelled copies and earlier positions never get a wrong answer.
pub fn reuse_across_deals_and_leaders<T: TranspositionTable>(make: impl Fn(usize) -> T) {
    let mut rng = DealRng::new(0xc0f0_0004);
    let mut tables: Vec<T> = (0..5).map(|_| make(4)).collect();
    let mut stored: Vec<(Position, u8)> = Vec::new();
    let mut hits = 0;
    for round in 0..1000 {
        let pos = ending(&mut rng, if round % 3 == 0 { 4 } else { 2 });
        let value = oracle::tricks(&pos) as u8;
        store(&mut tables[pos.trump().index()], &pos, value, value);
        stored.push((pos, value));
        let (old, old_value) = stored[rng.below(stored.len() as u64) as usize].clone();
        let tt = &mut tables[old.trump().index()];
        hits += check_probes(tt, &old, old_value, "earlier deal");
        for _ in 0..2 {
            let other = same_key(&old, &mut rng);
            let v = oracle::tricks(&other) as u8;
            hits += check_probes(tt, &other, v, "another deal with the same key");
            // Stored too, so later deals meet entries of many deals.
            store(tt, &other, v, v);
        }
        let other = relabel(&old, &mut rng);
        let v = oracle::tricks(&other) as u8;
        hits += check_probes(tt, &other, v, "relabelled deal");
        for leader in Seat::ALL.into_iter().filter(|&l| l != old.leader()) {
            let moved = Position::with_trick(*old.hands(), old.trump(), leader, &[])
                .expect("another leader");
            let v = oracle::tricks(&moved) as u8;
            hits += check_probes(tt, &moved, v, "another leader");
        }
    }
    assert!(hits > 1000, "[{}] only {hits} decisive probes", name::<T>());
}

/// `clear` forgets every entry and leaves `stats().entries` at 0.
pub fn clear_forgets_everything<T: TranspositionTable>(make: impl Fn(usize) -> T) {
    let mut rng = DealRng::new(0xc0f0_0005);
    let mut tt = make(1);
    let positions: Vec<Position> = (0..100).map(|_| ending(&mut rng, 5)).collect();
    for round in 0..3 {
        for pos in &positions {
            let tl = pos.tricks_left() as u8;
            store(&mut tt, pos, tl, tl);
        }
        assert!(tt.stats().entries > 0, "[{}] nothing stored", name::<T>());
        let resets = tt.stats().resets;
        tt.clear();
        assert_eq!(
            tt.stats().entries,
            0,
            "[{}] entries after clear",
            name::<T>()
        );
        assert_eq!(
            tt.stats().resets,
            resets,
            "[{}] clear counted as a reset",
            name::<T>()
        );
        for pos in &positions {
            let (at, key) = key_of(&mut tt, pos);
            let hit = tt.probe(&key, &at, 0);
            assert!(
                hit.is_none(),
                "[{}] clear {round}: {hit:?} for {pos:?}",
                name::<T>()
            );
        }
    }
}

/// The memory limit: a million random stores into a 1 MB table never take `stats().bytes`
/// past 1 MB, and the entry just stored is always kept.
pub fn memory_limit<T: TranspositionTable>(make: impl Fn(usize) -> T) {
    const LIMIT: usize = 1 << 20;
    let mut rng = DealRng::new(0xc0f0_0006);
    let mut tt = make(1);
    for i in 0..1_000_000u32 {
        let n = 1 + rng.below(13) as u32;
        let deal = rng.partial_deal(n);
        let hands = deal.hands();
        let leader = Seat::ALL[rng.below(4) as usize];
        let all = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
        let win = Hand(all.0 & rng.next_u64());
        let lower = rng.below(u64::from(n) + 1) as u8;
        let at = TrickStart::new(*hands, Strain::NoTrump, leader);
        let key = tt.key(&at);
        let entry = TtEntry {
            lower,
            upper: n as u8,
            win,
            best: None,
        };
        tt.store(&key, &at, entry);
        let bytes = tt.stats().bytes;
        assert!(
            bytes <= LIMIT,
            "[{}] {bytes} bytes after store {i}, limit {LIMIT}",
            name::<T>()
        );
        if i % 4096 == 0 {
            let hit = tt.probe(&key, &at, lower);
            assert!(
                hit.is_some_and(|h| h.reached),
                "[{}] entry lost right after store {i}",
                name::<T>()
            );
        }
    }
    assert!(tt.stats().entries > 0, "[{}] empty at the end", name::<T>());
}
