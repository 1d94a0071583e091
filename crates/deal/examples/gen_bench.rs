//! Dealing speed: deals per second for dealer's generator and the counter-based one (one and
//! two threads), each deal read by a trivial condition (North's points), and a rare
//! constraint (North 22+ points and 4-4-4-1 opposite a predealt South) with and without smart
//! stacking.
//!
//! `cargo run --release -p ddsolve-deal --example gen_bench [DEALS [PART]]`: PART (`dealer`,
//! `counter`, `north`, `counter2`, `rare`, `stacked`) runs one part alone, to time it with `time`.

use ddsolve_cards::{Card, Deal, Seat};
use ddsolve_deal::gen::{Generator, Predeal, RngKind, ShapeSet, Stacking};
use std::time::Instant;

const HCP: [u8; 13] = [4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

fn rate(label: &str, deals: u64, secs: f64) {
    println!(
        "{label:<48} {deals:>10} deals {secs:>8.3} s {:>12.0} deals/s",
        deals as f64 / secs
    );
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("DEALS is a number"))
        .unwrap_or(2_000_000);
    let part = std::env::args().nth(2).unwrap_or_default();
    let run = |p: &str| part.is_empty() || part == p;
    let none = Predeal::new();

    for (kind, name) in [(RngKind::Dealer, "dealer"), (RngKind::Counter, "counter")] {
        if !run(name) {
            continue;
        }
        let mut g = Generator::new(kind, 1, &none);
        let t = Instant::now();
        let mut sum = 0u64;
        for _ in 0..n {
            sum += g.next_deal().hand(Seat::North).high_card_points() as u64;
        }
        rate(
            &format!("{kind:?}, 1 thread (mean hcp {:.3})", sum as f64 / n as f64),
            n,
            t.elapsed().as_secs_f64(),
        );
    }

    if run("north") {
        let g = Generator::new(RngKind::Counter, 1, &none);
        let c = g.counter().expect("a counter generator");
        let t = Instant::now();
        let sum: u64 = (0..n)
            .map(|i| c.hands_at(i, 1)[Seat::North].high_card_points() as u64)
            .sum();
        rate(
            &format!(
                "Counter, North alone (mean hcp {:.3})",
                sum as f64 / n as f64
            ),
            n,
            t.elapsed().as_secs_f64(),
        );
    }
    if run("counter2") {
        counter2(n, &none);
    }
    if run("rare") || run("stacked") {
        rare(n, run("rare"), run("stacked"));
    }
}

fn counter2(n: u64, none: &Predeal) {
    let g = Generator::new(RngKind::Counter, 1, none);
    let c = g.counter().expect("a counter generator");
    let t = Instant::now();
    let sum: u64 = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2u64)
            .map(|k| {
                let c = c.clone();
                s.spawn(move || {
                    (k * n / 2..(k + 1) * n / 2)
                        .map(|i| c.deal_at(i).hand(Seat::North).high_card_points() as u64)
                        .sum::<u64>()
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().expect("worker")).sum()
    });
    rate(
        &format!("Counter, 2 threads (mean hcp {:.3})", sum as f64 / n as f64),
        n,
        t.elapsed().as_secs_f64(),
    );
}

fn rare(n: u64, rejection: bool, stacked: bool) {
    // The rare constraint.
    let mut predeal = Predeal::new();
    for c in [
        "SK", "S8", "S4", "HQ", "H9", "H7", "H3", "DJ", "D6", "D5", "C9", "C8", "C2",
    ] {
        predeal
            .add(Seat::South, c.parse::<Card>().expect("a card"))
            .expect("a predeal");
    }
    let shapes = ShapeSet::from_pattern_any(&[Some(4), Some(4), Some(4), Some(1)]);
    let accept = |d: &Deal| {
        let h = d.hand(Seat::North);
        h.high_card_points() >= 22 && shapes.contains_hand(h)
    };
    let produce = 1000;
    if rejection {
        let mut g = Generator::new(RngKind::Counter, 1, &predeal);
        let t = Instant::now();
        let mut got = 0;
        while got < produce {
            if accept(&g.next_deal()) {
                got += 1;
            }
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "rare, rejection: {produce} produced from {} generated in {secs:.3} s",
            g.generated()
        );
    }
    let t = Instant::now();
    let st = Stacking::new(Seat::North, &shapes, HCP, 22..=37, &predeal).expect("worth stacking");
    let build = t.elapsed().as_secs_f64();
    let mut g = Generator::new(RngKind::Counter, 1, &predeal).with_stacking(st.clone());
    let t = Instant::now();
    let mut got = 0;
    while got < produce {
        if accept(&g.next_deal()) {
            got += 1;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "rare, stacking: {produce} produced from {} generated in {secs:.6} s (tables {build:.6} s, {} hands, fraction {:.3e})",
        g.generated(),
        st.hands(),
        st.fraction()
    );
    if stacked {
        let mut g = Generator::new(RngKind::Counter, 2, &predeal).with_stacking(st);
        let t = Instant::now();
        for _ in 0..n {
            std::hint::black_box(g.next_deal());
        }
        rate("stacked deals, 1 thread", n, t.elapsed().as_secs_f64());
    }
}
