//! Solves one deal for one strain and leader with a fresh table, configured by the same
//! environment variables as `perf`:
//! `cargo run --release -p ddsolve --example onepos -- "N:..." N E`.
use ddsolve_cards::{Deal, Position, Seat, Strain};

#[path = "support/env_config.rs"]
mod env_config;

fn main() {
    let mut args = std::env::args().skip(1);
    let d: Deal = args.next().unwrap().parse().unwrap();
    let strain = match args.next().as_deref() {
        Some("S") => Strain::Spades,
        Some("H") => Strain::Hearts,
        Some("D") => Strain::Diamonds,
        Some("C") => Strain::Clubs,
        _ => Strain::NoTrump,
    };
    let leader = match args.next().as_deref() {
        Some("E") => Seat::East,
        Some("S") => Seat::South,
        Some("W") => Seat::West,
        _ => Seat::North,
    };
    let cfg = env_config::config_from_env();
    let mut s = cfg.build();
    let t = std::time::Instant::now();
    let v = s.tricks(&Position::new(d, strain, leader));
    println!(
        "{strain:?} {leader:?}: {v} tricks, {} nodes, {} trick nodes, {:.3}s",
        s.nodes(),
        s.trick_nodes(),
        t.elapsed().as_secs_f64()
    );
}
