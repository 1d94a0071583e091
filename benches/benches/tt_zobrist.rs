//! The Zobrist table: what its keys cost (from scratch, incrementally along play, and the
//! pattern tables' key and pattern for comparison), its store and probe rates on trick-start
//! positions sampled from DDS's list1000 (as the `tt` bench), and what `clear` costs.
//! Throughput is in keys, stores, probes or clears.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use ddsolve_benches::store_probe::{stored_and_other, table, trick_starts, Bounds};
use ddsolve_benches::SEED;
use ddsolve_cards::{Card, DealRng, Hand, Position, Seat, SeatMap, Strain};
use ddsolve_tt::{TranspositionTable, TrickStart};
use ddsolve_tt_key::PatternKey;
use ddsolve_tt_zobrist::{KeyMode, TtZobrist, ZOBRIST};

/// The table size of the store and probe benches: room for every item many times over, and
/// small enough to allocate once per batch.
const MB: usize = 16;

/// The trick starts of random play from each of `starts` to the last trick, in play order:
/// each position is the previous one's child (or the first of another walk), as the search
/// meets them going down.
fn walks(starts: &[Position], seed: u64) -> Vec<(SeatMap<Hand>, Seat)> {
    let mut rng = DealRng::new(seed);
    let mut out = Vec::new();
    for p in starts {
        let mut pos = p.clone();
        while pos.tricks_left() >= 1 {
            out.push((*pos.hands(), pos.leader()));
            for _ in 0..4 {
                let legal: Vec<Card> = pos.legal_cards().iter().collect();
                pos.play_unchecked(legal[rng.below(legal.len() as u64) as usize]);
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let (stored, other) = stored_and_other(Bounds::Random);
    let walk = walks(&trick_starts(1, SEED), SEED);

    // Keys along play: each position keyed twice (a probe, then the store after it), as the
    // search does on a miss.
    let mut g = c.benchmark_group("tt_zobrist_keys");
    g.throughput(Throughput::Elements(walk.len() as u64));
    g.bench_function("scratch", |b| {
        b.iter(|| {
            let mut x = 0u64;
            for (hands, leader) in &walk {
                x ^= ZOBRIST.position(black_box(hands), *leader);
                x ^= ZOBRIST.position(black_box(hands), *leader).rotate_left(1);
            }
            x
        })
    });
    for (name, mode) in [
        ("table_scratch", KeyMode::Scratch),
        ("table_incremental", KeyMode::Incremental),
    ] {
        let mut tt = TtZobrist::with_key_mode(1, mode);
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut x = 0u64;
                for (hands, leader) in &walk {
                    x ^= tt.hash(black_box(hands), *leader);
                    x ^= tt.hash(black_box(hands), *leader).rotate_left(1);
                }
                x
            })
        });
        let r = tt.key_routes();
        eprintln!("tt_zobrist_keys/{name}: routes {r:?}");
    }
    g.bench_function("pattern_tables_key+pattern", |b| {
        b.iter(|| {
            let mut x = 0u128;
            for (hands, leader) in &walk {
                let at = TrickStart::new(*black_box(hands), Strain::NoTrump, *leader);
                let key = PatternKey::new(&at);
                x ^= key.pattern.0 ^ u128::from(key.shape.lengths);
            }
            x
        })
    });
    g.finish();

    table(c, "zobrist", || TtZobrist::new(MB), &stored, &other);

    // clear moves the era on; every 128th clear zeroes the array, so 128 clears of a
    // 128 MB table cost one pass over it.
    let mut g = c.benchmark_group("tt_zobrist_clear");
    g.sample_size(10);
    g.throughput(Throughput::Elements(128));
    let mut big = TtZobrist::new(128);
    g.bench_function("clear_x128_128mb", |b| {
        b.iter(|| {
            for _ in 0..128 {
                big.clear();
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
