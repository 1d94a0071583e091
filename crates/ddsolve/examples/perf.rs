//! Quick timing of tables over a DDS file: `cargo run --release -p ddsolve --example perf -- FILE [LIMIT]`.
//! Switch enhancements with the environment variables of `support/env_config.rs`; VERBOSE
//! prints every table; LOG=debug (or another level) writes the search's `tracing` events to
//! stderr (one line per solve at debug), for measuring what logging costs.
use ddsolve_cards::Deal;
use std::time::Instant;

#[path = "support/env_config.rs"]
mod env_config;

fn main() {
    if let Ok(level) = std::env::var("LOG") {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new(level))
            .with_writer(std::io::stderr)
            .init();
    }
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or(concat!(env!("CARGO_MANIFEST_DIR"), "/../testkit/data/list100.txt").into());
    let limit: usize = args.next().map_or(usize::MAX, |x| x.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let verbose = std::env::var_os("VERBOSE").is_some();
    let cfg = env_config::config_from_env();
    let mut solver = cfg.build();
    let mut seen = std::collections::HashSet::new();
    let (mut n, mut bad) = (0, 0);
    let t0 = Instant::now();
    let mut deal: Option<Deal> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("PBN ") {
            let q = rest.find('"').unwrap();
            deal = Some(rest[q + 1..].trim().trim_end_matches('"').parse().unwrap());
        } else if let Some(rest) = line.strip_prefix("TABLE ") {
            let d = deal.unwrap();
            if !seen.insert(d.to_string()) || n >= limit {
                continue;
            }
            let want: Vec<u8> = rest
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            let t1 = Instant::now();
            let n0 = solver.nodes();
            solver.clear();
            let got = solver.table(&d).to_dds_order();
            n += 1;
            if got.to_vec() != want {
                bad += 1;
                println!("MISMATCH {d}\n got {got:?}\nwant {want:?}");
            }
            if verbose {
                println!(
                    "{:9} nodes {:.3}s {d}",
                    solver.nodes() - n0,
                    t1.elapsed().as_secs_f64()
                );
            }
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "{n} tables, {bad} mismatches, {secs:.2}s, {:.3}s/table, {} nodes/table, {:.2} Mnodes/s",
        secs / n as f64,
        solver.nodes() / n as u64,
        solver.nodes() as f64 / secs / 1e6
    );
}
