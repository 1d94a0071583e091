//! The driver: exact values from the zero-window search (the paper's chapter 1 loop).
//!
//! `Searcher::search(target)` only answers "at least `target`?"; the driver brackets the
//! value between a lower and an upper bound and moves one trick per search from a first
//! guess, as DDS does. The table keeps what each search proved for the next.

use crate::core::Searcher;
use ddsolve_cards::{Card, Holding};
use ddsolve_moves::MoveOrdering;
use ddsolve_tt::TranspositionTable;

impl<T: TranspositionTable, O: MoveOrdering> Searcher<'_, T, O> {
    /// Exact tricks for the side to play at the root (`tl` tricks left), searching from
    /// `guess`.
    pub(crate) fn value(&mut self, tl: u8, guess: u8) -> u8 {
        let (mut lower, mut upper) = (self.tricks_max, self.tricks_max + tl);
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            let t = if g == lower { g + 1 } else { g };
            if self.search(t) {
                lower = t;
                g = lower;
            } else {
                upper = t - 1;
                g = upper;
            }
        }
        lower
    }

    /// Exact tricks for the root's side to play if it plays `card` (standing for `equals`).
    pub(crate) fn value_after(&mut self, card: Card, equals: Holding) -> u8 {
        let undo = self.play(card, equals);
        let left = self.tricks_left();
        let guess = self.tricks_max + left / 2;
        let v = self.value(left, guess);
        self.unplay(card, &undo);
        v
    }

    /// Does playing `card` let the root's side take at least `target` tricks?
    pub(crate) fn reaches_after(&mut self, card: Card, equals: Holding, target: u8) -> bool {
        let undo = self.play(card, equals);
        let v = self.search(target);
        self.unplay(card, &undo);
        v
    }
}
