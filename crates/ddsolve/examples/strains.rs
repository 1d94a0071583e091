//! Nodes and time of one strain's rows over the distinct deals of a DDS file, a cold table
//! per deal: `cargo run --release -p ddsolve --example strains -- FILE N|S|H|D|C [LIMIT]`
//! (configured as `perf`, see `support/env_config.rs`).

#[path = "support/env_config.rs"]
mod env_config;

fn main() {
    use ddsolve_cards::Strain;
    let path = std::env::args().nth(1).unwrap();
    let strain = match std::env::args().nth(2).as_deref() {
        Some("N") => Strain::NoTrump,
        Some("S") => Strain::Spades,
        Some("H") => Strain::Hearts,
        Some("D") => Strain::Diamonds,
        _ => Strain::Clubs,
    };
    let limit: usize = std::env::args().nth(3).map_or(40, |x| x.parse().unwrap());
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut s = env_config::config_from_env().build();
    let t = std::time::Instant::now();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("PBN ") {
            let q = rest.find('"').unwrap();
            let d: ddsolve_cards::Deal =
                rest[q + 1..].trim().trim_end_matches('"').parse().unwrap();
            if seen.len() >= limit || !seen.insert(d) {
                continue;
            }
            s.clear();
            s.strain_tricks(&d, strain);
        }
    }
    println!(
        "{} deals {:?}: {} nodes, {:.2}s",
        seen.len(),
        strain,
        s.nodes(),
        t.elapsed().as_secs_f64()
    );
}
