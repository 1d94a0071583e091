//! A double-dummy simulation written against the library, the dealer script
//! `benches/dealer-dd-race.sh` races against endplay's dealer: North opens 1NT (15-17,
//! balanced, no five-card major), South has 8-9 points and a four-card major; the averages of
//! North's tricks in the five strains over the produced deals.
//!
//! `cargo run --release -p ddsolve-deal --example dd_sim [PRODUCE [THREADS [SEED [whole]]]]`
//! (1000 deals, one thread per core, seed 1 by default; `whole`: every declarer of the five
//! strains, as a table, instead of North's alone).
//!
//! Dealing and the condition run on the candidates' thread, the five strains of every
//! candidate on the solver threads ([`stream_strains`]); the deals and the averages do not
//! depend on the number of threads.

use ddsolve_cards::{Deal, Seat, Strain};
use ddsolve_deal::dd::{stream_strains, DdOptions, Needs, StrainSet};
use ddsolve_deal::gen::{Generator, Predeal, RngKind, ShapeSet};
use ddsolve_deal::stats::Mean;
use std::time::Instant;

fn arg(i: usize, default: u64) -> u64 {
    std::env::args()
        .nth(i)
        .map(|a| a.parse().expect("a number"))
        .unwrap_or(default)
}

fn main() {
    let produce = arg(1, 1000) as usize;
    let threads = arg(2, 0) as usize;
    let seed = arg(3, 1);
    // DD_SIM_DEALS=1: the produced deals on stderr, one PBN deal a line (for `ddsolve table`).
    let print_deals = std::env::var_os("DD_SIM_DEALS").is_some();

    // shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)
    let mut balanced = ShapeSet::default();
    for any in [[4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2]] {
        let set = ShapeSet::from_pattern_any(&any.map(Some));
        for lengths in set.iter() {
            if lengths[0] < 5 && lengths[1] < 5 {
                balanced.insert(lengths);
            }
        }
    }
    let condition = |deal: &Deal| {
        let north = deal.hand(Seat::North);
        let south = deal.hand(Seat::South);
        let (n, s) = (north.high_card_points(), south.high_card_points());
        (15..=17).contains(&n)
            && balanced.contains_hand(north)
            && (8..=9).contains(&s)
            && (south.suit(ddsolve_cards::Suit::Spades).len() == 4
                || south.suit(ddsolve_cards::Suit::Hearts).len() == 4)
    };

    let start = Instant::now();
    let mut generator = Generator::new(RngKind::Counter, seed, &Predeal::new());
    // The candidates, each with the number of deals generated when it was found.
    let candidates = std::iter::from_fn(move || loop {
        let deal = generator.next_deal();
        if condition(&deal) {
            return Some((deal, generator.generated()));
        }
    });
    let options = DdOptions::with_threads(threads);
    let strains = [
        Strain::NoTrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];
    // Every declarer (whole strains, as a table) with an argument `whole`; else North alone,
    // all the script reads.
    let needs = if std::env::args().nth(4).as_deref() == Some("whole") {
        Needs::all_declarers(StrainSet::ALL)
    } else {
        let mut needs = Needs::NONE;
        strains.iter().for_each(|&s| needs.insert(Seat::North, s));
        needs
    };
    let mut means = [Mean::new(); 5];
    let mut generated = 0;
    let result = stream_strains(candidates, needs, &options, |i, found_at, deal, tricks| {
        if print_deals {
            eprintln!("{deal}");
        }
        for (m, &strain) in means.iter_mut().zip(&strains) {
            m.add(f64::from(tricks.get(Seat::North, strain).expect("solved")));
        }
        generated = found_at;
        if i + 1 == produce {
            Err(())
        } else {
            Ok(())
        }
    });
    assert!(result.is_err() || produce == 0);
    let secs = start.elapsed().as_secs_f64();
    for (m, strain) in means.iter().zip(["NT", "S", "H", "D", "C"]) {
        let (lo, hi) = m.interval95().unwrap_or((m.mean(), m.mean()));
        println!(
            "{strain:<2} {:.3}  se {:.3}  95% [{lo:.3}, {hi:.3}]",
            m.mean(),
            m.standard_error().unwrap_or(0.0)
        );
    }
    println!("Generated {generated} hands");
    println!("Produced {} hands", means[0].count());
    println!("{} threads, {secs:.3} s", options.threads);
}
