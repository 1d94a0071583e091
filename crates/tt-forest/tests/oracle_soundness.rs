//! The tables against the brute-force oracle: store the exact value of random endings (every
//! remaining card a winning rank, so an entry stands for exactly the positions with the same
//! relative ranks in the same hands), then probe many other endings — most of them the same
//! relative structure mapped onto other absolute ranks, the rest random — and check that
//! every cutoff the table answers agrees with the oracle.

use ddsolve_cards::{Card, DealRng, Hand, Holding, Position, Rank, Seat, SeatMap, Suit};
use ddsolve_testkit::oracle;
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_forest::{TtFlat, TtForest};

fn shuffle<T>(v: &mut [T], rng: &mut DealRng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

/// A random ending at the start of a trick, at most `max` cards a hand.
fn ending(rng: &mut DealRng, max: u32) -> Position {
    let mut pos = oracle::random_ending(rng, max);
    while !pos.trick().is_empty() {
        pos.undo();
    }
    pos
}

/// The same relative structure on other absolute ranks: every suit's cards, in order, moved
/// to a random set of ranks of the same size, each card keeping its owner.
fn relabel(pos: &Position, rng: &mut DealRng) -> Position {
    let hands = pos.hands();
    let mut out = SeatMap([Hand::EMPTY; 4]);
    for s in Suit::ALL {
        let mut owners = Vec::new();
        for r in Holding::ALL.iter() {
            let c = Card::new(s, r);
            if let Some(x) = Seat::ALL.into_iter().find(|&x| hands[x].contains(c)) {
                owners.push(x);
            }
        }
        let mut ranks: Vec<Rank> = Holding::ALL.iter().collect();
        shuffle(&mut ranks, rng);
        ranks.truncate(owners.len());
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        for (o, r) in owners.into_iter().zip(ranks) {
            out[o].insert(Card::new(s, r));
        }
    }
    Position::with_trick(out, pos.trump(), pos.leader(), &[]).unwrap()
}

/// One table per strain (the table itself knows nothing of trumps): stores and probes.
fn check<T: TranspositionTable>(name: &str, make: impl Fn() -> T, seed: u64) {
    let mut rng = DealRng::new(seed);
    let mut tables: Vec<T> = (0..5).map(|_| make()).collect();
    let mut stored = Vec::new();
    let (mut hits, mut probes) = (0usize, 0usize);
    let mut probe = |tables: &mut Vec<T>, pos: &Position, must_hit: bool| {
        let value = oracle::tricks(pos);
        let at = TrickStart::from_position(pos).expect("a trick start");
        let tt = &mut tables[pos.trump().index()];
        let key = tt.key(&at);
        for x in 0..=pos.tricks_left() as u8 + 1 {
            probes += 1;
            match tt.probe(&key, &at, x) {
                Some(hit) => {
                    hits += 1;
                    assert_eq!(
                        hit.reached,
                        value >= u32::from(x),
                        "[{name}] threshold {x}: table says {}, oracle {value} in {pos:?}",
                        hit.reached
                    );
                }
                None => assert!(!must_hit, "[{name}] stored structure missed in {pos:?}"),
            }
        }
    };
    for round in 0..1500 {
        // Small endings collide more often: 1..=3 cards for most, up to 5 for some.
        let pos = ending(&mut rng, if round % 4 == 0 { 5 } else { 3 });
        let value = oracle::tricks(&pos) as u8;
        let at = TrickStart::from_position(&pos).expect("a trick start");
        let tt = &mut tables[pos.trump().index()];
        let key = tt.key(&at);
        let entry = TtEntry {
            lower: value,
            upper: value,
            win: pos.remaining(),
            best: None,
        };
        tt.store(&key, &at, entry);
        stored.push(pos);
        // Probe relabelled versions of some stored positions (must hit), and random ones.
        for _ in 0..3 {
            let i = rng.below(stored.len() as u64) as usize;
            let other = relabel(&stored[i], &mut rng);
            probe(&mut tables, &other, true);
        }
        let random = ending(&mut rng, 3);
        probe(&mut tables, &random, false);
    }
    assert!(
        hits > probes / 2,
        "[{name}] only {hits} hits in {probes} probes"
    );
}

#[test]
fn forest_cutoffs_agree_with_the_oracle() {
    check("forest", || TtForest::new(4), 0x77_0001);
}

#[test]
fn flat_cutoffs_agree_with_the_oracle() {
    check("flat", || TtFlat::new(4), 0x77_0002);
}
