//! Diagnostics through `tracing`: a span per solve (deal, strain, leader, driver) and, when
//! a subscriber listens at debug level, one event per solve with its counts and time; at
//! trace level, one more event per depth with the counts there.
//!
//! A solve is one run of the search on one position: a leader of a strain of
//! [`crate::Solver::table`], a [`crate::Solver::tricks`] or a [`crate::Solver::solve`]. The
//! level is checked once per solve ([`Watch::start`]); with no subscriber at debug level, a
//! solve pays for a disabled span and that check, nothing per node. The event also carries
//! the table's evictions. The library never installs a subscriber: the front ends do, and
//! `ddsolve-exec`'s pool adds an `item` span around each item it works on.

use crate::stats::{Counter, SearchStats};
use crate::Driver;
use ddsolve_cards::{Card, Hand, Seat, SeatMap, Strain};
use ddsolve_tt::{TranspositionTable, TtStats};
use std::fmt;
use std::time::Instant;
use tracing::{Level, Span};

/// The hands of a position as a PBN deal, North first, and the cards already played to the
/// current trick (if any) after a `+`: formatted only when a subscriber records the span.
struct PositionText<'a> {
    hands: &'a SeatMap<Hand>,
    played: &'a [Card],
}

impl fmt::Display for PositionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.hands;
        write!(
            f,
            "N:{} {} {} {}",
            h[Seat::North],
            h[Seat::East],
            h[Seat::South],
            h[Seat::West]
        )?;
        for (i, c) in self.played.iter().enumerate() {
            f.write_str(if i == 0 { " +" } else { "," })?;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The span of one solve: `solve{deal=N:... strain=NT leader=E driver=Mtdf}`.
pub(crate) fn solve_span(
    hands: &SeatMap<Hand>,
    played: &[Card],
    strain: Strain,
    leader: Seat,
    driver: Driver,
) -> Span {
    tracing::debug_span!(
        "solve",
        deal = %PositionText { hands, played },
        strain = %strain,
        leader = %leader,
        driver = ?driver,
    )
}

/// What a solve needs to report itself, read when it starts: nothing when no subscriber
/// listens at debug level.
pub(crate) struct Watch {
    start: Option<(Instant, TtStats)>,
}

impl Watch {
    /// Checks the level (once per solve) and, if debug events are wanted, notes the time
    /// and the table's figures.
    pub fn start(tt: &impl TranspositionTable) -> Watch {
        let on = tracing::enabled!(Level::DEBUG);
        Watch {
            start: on.then(|| (Instant::now(), tt.stats())),
        }
    }

    /// Reports the solve that `stats` counted (its own figures, not the solver's totals):
    /// the debug event, and at trace level the counts per depth.
    pub fn finish(self, stats: &SearchStats, tt: &impl TranspositionTable) {
        let Some((start, tt_before)) = self.start else {
            return;
        };
        let micros = start.elapsed().as_micros() as u64;
        let tt_now = tt.stats().since(&tt_before);
        let n = |c: Counter| stats.total(c);
        tracing::debug!(
            nodes = stats.nodes,
            trick_nodes = n(Counter::TrickNodes),
            searches = stats.searches,
            tt_probes = n(Counter::TtProbes),
            tt_hits = n(Counter::TtHits),
            tt_stores = n(Counter::TtStores),
            tt_evictions = tt_now.evictions,
            cut_quick_tricks = n(Counter::QuickTricks),
            cut_second_hand = n(Counter::SecondHand),
            cut_later_tricks = n(Counter::LaterTricks),
            cut_etc = n(Counter::Etc),
            cut_table = n(Counter::Table),
            micros,
            "solved"
        );
        if tracing::enabled!(Level::TRACE) {
            for depth in stats.depths() {
                let n = |c: Counter| stats.at_depth(c, depth);
                tracing::trace!(
                    depth,
                    trick_nodes = n(Counter::TrickNodes),
                    tt_probes = n(Counter::TtProbes),
                    tt_hits = n(Counter::TtHits),
                    tt_stores = n(Counter::TtStores),
                    cut_quick_tricks = n(Counter::QuickTricks),
                    cut_second_hand = n(Counter::SecondHand),
                    cut_later_tricks = n(Counter::LaterTricks),
                    cut_etc = n(Counter::Etc),
                    cut_table = n(Counter::Table),
                    "depth"
                );
            }
        }
    }
}
