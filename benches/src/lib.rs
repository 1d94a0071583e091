//! # ddsolve-benches: shared set-up of the criterion benchmarks
//!
//! The benches themselves live in `benches/` (`cargo bench -p ddsolve-benches`, add
//! `-- --quick` for a fast run). This library gives them their inputs, all reproducible:
//!
//! - [`entries`] / [`distinct_deals`]: entries and deals of DDS's regression files (found by
//!   [`data_file`]).
//! - [`sample_positions`]: mid-play positions, by playing a random legal prefix of each
//!   entry's play with a seeded [`DealRng`].
//! - [`trick_start`] / [`after_lead`]: the same idea, stopping at the start of a trick or
//!   right after a lead (what quick tricks, later tricks and the transposition table see).
//! - [`store_probe`]: the store and probe benches of a transposition table (items, the
//!   table calls, the criterion group), shared by the `tt*` benches.
//!
//! ```
//! use ddsolve_benches::{sample_positions, Sample};
//! use ddsolve_cards::Deal;
//! use ddsolve_cards::{Seat, Strain};
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let starts = [(deal, Strain::NoTrump, Seat::East)];
//! let positions = sample_positions(&starts, 4, 7, Sample::Any);
//! assert_eq!(positions.len(), 4);
//! assert!(positions.iter().all(|p| !p.is_finished()));
//! # Ok::<(), ddsolve_cards::PbnError>(())
//! ```

pub mod store_probe;

use ddsolve_cards::{Card, Deal, DealRng, Position, Seat, Strain};
use ddsolve_formats::dds_file::{self, Entry};
use std::collections::HashSet;
use std::path::PathBuf;

/// The seed every bench uses for its random play, so that runs compare.
pub const SEED: u64 = 0x00dd_501e;

/// Where the DDS regression file `name` is: the repository's test data
/// ([`ddsolve_testkit::data::path`], the one lookup of data files).
pub fn data_file(name: &str) -> PathBuf {
    ddsolve_testkit::data::path(name)
}

/// The entries of the DDS regression file `name` (e.g. `"list100.txt"`), see [`data_file`].
///
/// # Panics
/// If the file cannot be read or parsed: a bench cannot run without its data.
pub fn entries(name: &str) -> Vec<Entry> {
    dds_file::read_file(data_file(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"))
}

/// The first `n` distinct deals of `name`, in file order.
pub fn distinct_deals(name: &str, n: usize) -> Vec<Deal> {
    let mut seen = HashSet::new();
    entries(name)
        .into_iter()
        .map(|e| e.deal)
        .filter(|d| seen.insert(*d))
        .take(n)
        .collect()
}

/// Where a sampled position stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// Anywhere: at the start of a trick or in mid-trick.
    Any,
    /// At the start of a trick.
    TrickStart,
    /// Right after the lead of a trick (one card played).
    AfterLead,
}

/// The start of play of each entry: deal, trump and the hand that leads first.
pub fn starts(entries: &[Entry]) -> Vec<(Deal, Strain, Seat)> {
    entries.iter().map(|e| (e.deal, e.trump, e.first)).collect()
}

/// `per_start` positions from each start, by playing a random number of random legal cards
/// (at most 48, so that every position still has a card to play) with a [`DealRng`] seeded
/// with `seed`; `kind` says where the prefix may stop.
pub fn sample_positions(
    starts: &[(Deal, Strain, Seat)],
    per_start: usize,
    seed: u64,
    kind: Sample,
) -> Vec<Position> {
    let mut rng = DealRng::new(seed);
    let mut out = Vec::with_capacity(starts.len() * per_start);
    for &(deal, trump, leader) in starts {
        let total = 4 * deal.cards_per_hand() as u64;
        for _ in 0..per_start {
            // Cards to play: any count that leaves a card to play, matching `kind`.
            let played = loop {
                let k = rng.below(total);
                let ok = match kind {
                    Sample::Any => true,
                    Sample::TrickStart => k % 4 == 0,
                    Sample::AfterLead => k % 4 == 1,
                };
                if ok {
                    break k;
                }
            };
            let mut pos = Position::new(deal, trump, leader);
            for _ in 0..played {
                let legal: Vec<Card> = pos.legal_cards().iter().collect();
                let card = legal[rng.below(legal.len() as u64) as usize];
                pos.play_unchecked(card);
            }
            out.push(pos);
        }
    }
    out
}

/// [`sample_positions`] of the entries of `name`, stopping anywhere.
pub fn positions(name: &str, per_start: usize) -> Vec<Position> {
    sample_positions(&starts(&entries(name)), per_start, SEED, Sample::Any)
}

/// [`sample_positions`] of the entries of `name`, at the start of a trick.
pub fn trick_start(name: &str, per_start: usize) -> Vec<Position> {
    sample_positions(&starts(&entries(name)), per_start, SEED, Sample::TrickStart)
}

/// [`sample_positions`] of the entries of `name`, right after a lead.
pub fn after_lead(name: &str, per_start: usize) -> Vec<Position> {
    sample_positions(&starts(&entries(name)), per_start, SEED, Sample::AfterLead)
}

/// How many list10 deals the `search` and `dds` benches solve: `DDSOLVE_BENCH_DEALS`, or 3.
pub fn bench_deal_count() -> usize {
    std::env::var("DDSOLVE_BENCH_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

/// The deals whose tables the `search` and `dds` benches time: the first
/// [`bench_deal_count`] distinct deals of list10, with their entry numbers.
pub fn table_deals() -> Vec<(usize, Deal)> {
    let mut seen = HashSet::new();
    entries("list10.txt")
        .into_iter()
        .filter(|e| seen.insert(e.deal))
        .map(|e| (e.number, e.deal))
        .take(bench_deal_count())
        .collect()
}

/// The opening leads the `search` and `dds` benches solve (every card's value): the starts
/// of the first [`bench_deal_count`] entries of list10 with distinct deals, so that DDS,
/// which keeps its table between boards of the same deal and trumps, starts each one cold.
pub fn lead_starts() -> Vec<(Deal, Strain, Seat)> {
    let mut seen = HashSet::new();
    let es: Vec<Entry> = entries("list10.txt")
        .into_iter()
        .filter(|e| seen.insert(e.deal))
        .take(bench_deal_count().max(2))
        .collect();
    starts(&es)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_stop_where_asked() {
        let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
            .parse()
            .unwrap();
        let s = [(deal, Strain::Spades, Seat::West)];
        for p in sample_positions(&s, 50, 1, Sample::TrickStart) {
            assert!(p.trick().is_empty() && !p.is_finished());
        }
        for p in sample_positions(&s, 50, 1, Sample::AfterLead) {
            assert_eq!(p.trick().len(), 1);
        }
        let a = sample_positions(&s, 20, 3, Sample::Any);
        assert_eq!(a, sample_positions(&s, 20, 3, Sample::Any));
    }

    #[test]
    fn reads_the_repository_data() {
        assert_eq!(distinct_deals("list10.txt", 3).len(), 3);
        assert!(positions("list10.txt", 2).len() == 20);
    }
}
