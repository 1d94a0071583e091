//! The Zobrist table: what its keys cost (from scratch, incrementally along play, and the
//! pattern tables' key and pattern for comparison), its store and probe rates on trick-start
//! positions sampled from DDS's list1000 (as the `tt` bench), and what `clear` costs.
//! Throughput is in keys, stores, probes or clears.

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use ddsolve_benches::{entries, sample_positions, starts, Sample, SEED};
use ddsolve_cards::{Card, DealRng, Hand, Position, Seat, SeatMap, Strain};
use ddsolve_tt::{absolute_win_ranks, PatternKey, TranspositionTable, TrickStart, TtEntry};
use ddsolve_tt_zobrist::{KeyMode, TtZobrist, ZOBRIST};

/// The table size of the store and probe benches: room for every item many times over, and
/// small enough to allocate once per batch.
const MB: usize = 16;

/// What one store needs.
struct Item {
    at: TrickStart,
    win: Hand,
    lower: u8,
    upper: u8,
    tl: u8,
}

/// Items for `positions`: winning ranks are the top 0..=3 cards of each suit, and the bounds
/// random, drawn from a seeded generator.
fn items(positions: &[Position], seed: u64) -> Vec<Item> {
    let mut rng = DealRng::new(seed);
    positions
        .iter()
        .map(|p| {
            let hands = *p.hands();
            let tl = p.tricks_left() as u8;
            let counts = [0u8; 4].map(|_| rng.below(4) as u8);
            let lower = rng.below(u64::from(tl) + 1) as u8;
            let upper = lower + rng.below(u64::from(tl - lower) + 1) as u8;
            Item {
                at: TrickStart::from_position(p).expect("a trick start"),
                win: absolute_win_ranks(counts, &hands),
                lower,
                upper,
                tl,
            }
        })
        .collect()
}

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

/// Stores every item, each keyed by the table first (its key is its Zobrist hash).
fn fill(tt: &mut impl TranspositionTable, items: &[Item]) {
    for it in items {
        let key = tt.key(&it.at);
        let entry = TtEntry {
            lower: it.lower,
            upper: it.upper,
            win: it.win,
            best: None,
        };
        tt.store(&key, &it.at, entry);
    }
}

/// Probes every item, each keyed by the table first.
fn probe_all(tt: &mut impl TranspositionTable, items: &[Item]) -> u32 {
    let mut hits = 0;
    for it in items {
        let t = it.tl.div_ceil(2).max(1);
        let key = tt.key(&it.at);
        hits += u32::from(tt.probe(&key, &it.at, t).is_some());
    }
    hits
}

fn bench(c: &mut Criterion) {
    let st = starts(&entries("list1000.txt"));
    let sampled = sample_positions(&st, 10, SEED, Sample::TrickStart);
    let stored = items(&sampled, SEED);
    let other = items(
        &sample_positions(&st, 10, SEED + 1, Sample::TrickStart),
        SEED + 1,
    );
    let walk = walks(&sample_positions(&st, 1, SEED, Sample::TrickStart), SEED);

    // Keys along play: each position keyed twice in a row, so that the incremental table
    // takes both of its routes (the child of the last position, then the same one again).
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

    let mut g = c.benchmark_group("tt_zobrist");
    g.throughput(Throughput::Elements(stored.len() as u64));
    g.bench_function("store", |b| {
        b.iter_batched_ref(
            || TtZobrist::new(MB),
            |tt| fill(tt, &stored),
            BatchSize::LargeInput,
        )
    });
    let mut tt = TtZobrist::new(MB);
    fill(&mut tt, &stored);
    let hits = probe_all(&mut tt, &stored);
    let other_hits = probe_all(&mut tt, &other);
    eprintln!(
        "tt_zobrist: {} entries, {} bytes; probes of stored positions decide {hits} of {}, of other positions {other_hits} of {}",
        tt.stats().entries,
        tt.stats().bytes,
        stored.len(),
        other.len()
    );
    g.bench_function("probe_stored", |b| b.iter(|| probe_all(&mut tt, &stored)));
    g.throughput(Throughput::Elements(other.len() as u64));
    g.bench_function("probe_other", |b| b.iter(|| probe_all(&mut tt, &other)));
    g.finish();

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
