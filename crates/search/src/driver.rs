//! The drivers: exact values from zero-window searches.
//!
//! A zero-window search answers "at least `target`?" and, being fail-soft, also returns a
//! bound: at least its value when it succeeds, at most its value when it fails. Both drivers
//! bracket the value between a lower and an upper bound from a first guess; the table keeps
//! what each search proved for the next.
//!
//! - [`Driver::Step`] (the paper's chapter 1 loop, as DDS): each search moves the bracket by
//!   exactly one trick.
//! - [`Driver::Mtdf`] (MTD(f), Plaat et al.): each search moves the bracket to the bound it
//!   returned, so a search that finds more than it was asked jumps over the tricks between.

use crate::core::Searcher;
use ddsolve_cards::{Card, Holding};
use ddsolve_moves::MoveOrdering;
use ddsolve_tt::TranspositionTable;

/// How the solver turns zero-window searches into an exact value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Driver {
    /// One trick per search from the guess (the paper's loop, DDS's driver).
    Step,
    /// MTD(f): each search's fail-soft bound becomes the new bound and the next guess.
    #[default]
    Mtdf,
}

impl<T: TranspositionTable, O: MoveOrdering> Searcher<'_, T, O> {
    /// Exact tricks for the side to play at the root (`tl` tricks left), searching from
    /// `guess`.
    pub(crate) fn value(&mut self, tl: u8, guess: u8) -> u8 {
        let (mut lower, mut upper) = (self.tricks_max, self.tricks_max + tl);
        let mut g = guess.clamp(lower, upper);
        let mtdf = self.config.driver == Driver::Mtdf;
        while lower < upper {
            let t = if g == lower { g + 1 } else { g };
            self.stats.searches += 1;
            let v = self.search_value(t);
            if v >= t {
                lower = if mtdf { v.min(upper) } else { t };
                g = lower;
            } else {
                upper = if mtdf { v.max(lower) } else { t - 1 };
                g = upper;
            }
        }
        lower
    }

    /// Exact tricks for the root's side to play if it plays `card` (standing for `equals`).
    pub(crate) fn value_after(&mut self, card: Card, equals: Holding) -> u8 {
        self.play(card, equals);
        let left = self.tricks_left();
        let guess = self.tricks_max + left / 2;
        let v = self.value(left, guess);
        self.unplay(card);
        v
    }

    /// Does playing `card` let the root's side take at least `target` tricks?
    pub(crate) fn reaches_after(&mut self, card: Card, equals: Holding, target: u8) -> bool {
        self.stats.searches += 1;
        self.play(card, equals);
        let v = self.search(target);
        self.unplay(card);
        v
    }
}
