//! Play analysis, DDS's `AnalysePlay`: the double-dummy tricks of declarer's side before the
//! first card of a played sequence and after each card.
//!
//! Each value counts the tricks declarer's side has already won in the play plus the
//! double-dummy tricks it takes from the position reached (the current trick included), so
//! the first value is declarer's double-dummy result; a value that drops after a card of
//! declarer's side, or rises after a defender's card, marks a card that gave a trick away.
//!
//! One solver evaluates every position of the play and keeps its transposition table from
//! card to card: its entries are bounds for positions of any deal with the same trumps, and
//! the positions of a play share most of their subtrees. The default driver also uses what
//! double-dummy play guarantees: a card cannot gain its side anything, so declarer's total
//! never goes up after a card of declarer's side and never goes down after a defender's.
//! Going through the play from its end ([`PlayOrder::Backward`]), each position's value is
//! bounded on one side by the value after its card; that value is tested with one
//! zero-window probe, and usually holds or is one off.

use crate::{Solutions, Solver, Target};
use ddsolve_cards::{Card, Deal, PlayError, Position, Seat, Side, Strain, Suit};
use ddsolve_moves::MoveOrdering;
use ddsolve_tt::TranspositionTable;
use smallvec::{smallvec, SmallVec};
use thiserror::Error;

/// How [`Solver::analyse_play_with`] evaluates each position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayDriver {
    /// Zero-window probes (`Solver::solve` with `Target::AtLeast` and `Solutions::One`),
    /// starting from the neighbouring position's value and searching only on the side the
    /// card between them allows (the default: fewer searches).
    #[default]
    Probes,
    /// A full [`Solver::tricks`] run at every position.
    Tricks,
}

/// Options of [`Solver::analyse_play_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// How each position is evaluated.
    pub driver: PlayDriver,
    /// The order in which the positions are evaluated (with [`PlayDriver::Probes`]).
    pub order: PlayOrder,
    /// Forget the transposition table before each position, as a fresh solver would: for
    /// measuring what warm tables are worth, never faster.
    pub cold: bool,
}

/// In which order [`PlayDriver::Probes`] evaluates the positions of a play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayOrder {
    /// From the start: the first position by a full [`Solver::tricks`] run, each next one
    /// from the value before it.
    Forward,
    /// From the end: the last position by a full [`Solver::tricks`] run, each earlier one
    /// from the value after it, and the start of the deal last, with a table that already
    /// holds the play's later positions and a value to test (the default: fewer nodes and
    /// less time than forward, measured in `BENCHMARKS.md`, mostly because the start of the
    /// deal, the costliest position, needs one or two probes instead of a full driver run).
    #[default]
    Backward,
}

/// The values of a play analysis ([`PlayAnalysis::tricks`]), inline up to a whole deal's: one
/// before the first card and one after each of the 52, so no analysis allocates them.
pub type PlayValues = SmallVec<[u8; 53]>;

/// The result of a play analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayAnalysis {
    /// Declarer: the hand to the right of the opening leader.
    pub declarer: Seat,
    /// Tricks of declarer's side: `tricks[0]` before any card, `tricks[i]` after the `i`-th
    /// card (won so far in the play plus double-dummy tricks from there). One more value
    /// than cards played.
    pub tricks: PlayValues,
    /// Search nodes visited for the analysis.
    pub nodes: u64,
}

/// Why a play cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayAnalysisError {
    /// A card of the sequence cannot be played where it stands.
    #[error("card {index} of the play, {card}, cannot be played: {reason}")]
    IllegalCard {
        /// Its position in the sequence, from 1.
        index: usize,
        /// The card.
        card: Card,
        /// Why (not held by the hand to play, a revoke, or the deal is played out).
        reason: PlayError,
    },
}

impl<T: TranspositionTable, O: MoveOrdering> Solver<T, O> {
    /// Play analysis (DDS `AnalysePlay`) of `cards` played from the start of `deal`,
    /// `leader` leading to the first trick in `trump`: the double-dummy tricks of declarer's
    /// side (declarer is `leader.prev()`) before the first card and after each card.
    ///
    /// The sequence is checked first: an illegal card is an error naming the card, its
    /// position and why, and nothing is searched.
    ///
    /// ```
    /// use ddsolve_cards::{Card, Deal, Seat, Strain};
    /// use ddsolve_orderings::AnyOrdering;
    /// use ddsolve_search::{SearchConfig, Solver};
    /// use ddsolve_tt_pattern::TtPattern;
    ///
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let cards = ["CT", "C4", "CA", "CJ"].map(|c| Card::parse(c).unwrap());
    /// let mut solver: Solver<_, AnyOrdering> = Solver::with_tt(SearchConfig::default(), TtPattern::new(16));
    /// let a = solver.analyse_play(&deal, Strain::Spades, Seat::North, &cards)?;
    /// assert_eq!(a.declarer, Seat::West);
    /// assert_eq!(a.tricks[..], [8, 8, 8, 8, 8]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyse_play(
        &mut self,
        deal: &Deal,
        trump: Strain,
        leader: Seat,
        cards: &[Card],
    ) -> Result<PlayAnalysis, PlayAnalysisError> {
        self.analyse_play_with(deal, trump, leader, cards, PlayOptions::default())
    }

    /// [`Solver::analyse_play`] with a choice of driver and order, and optionally cold
    /// tables. Every choice gives the same values.
    pub fn analyse_play_with(
        &mut self,
        deal: &Deal,
        trump: Strain,
        leader: Seat,
        cards: &[Card],
        options: PlayOptions,
    ) -> Result<PlayAnalysis, PlayAnalysisError> {
        let positions = play_positions(deal, trump, leader, cards)?;
        let declarer = leader.prev();
        let side = declarer.side();
        let nodes0 = self.nodes();
        let mut values: PlayValues = smallvec![0u8; positions.len()];
        // The loops index a slice: indexing the SmallVec itself looks up where its items are
        // at every access.
        let tricks = values.as_mut_slice();
        // Position `i` is reached by card `i - 1`, played by the hand to play in position
        // `i - 1`: after a card of declarer's side its total cannot go up, after a
        // defender's card it cannot go down.
        let by_declarer = |i: usize| positions[i - 1].to_play().side() == side;
        let n = positions.len();
        // Each arm fills every value; with probes, a position's value is searched for only
        // on the side its neighbour's value leaves open.
        match (options.driver, options.order) {
            (PlayDriver::Tricks, _) => {
                for (i, pos) in positions.iter().enumerate() {
                    if options.cold {
                        self.clear();
                    }
                    tricks[i] = self.declarer_tricks_full(pos, side);
                }
            }
            (PlayDriver::Probes, PlayOrder::Forward) => {
                for (i, pos) in positions.iter().enumerate() {
                    if options.cold {
                        self.clear();
                    }
                    tricks[i] = if i == 0 {
                        self.declarer_tricks_full(pos, side)
                    } else if all_legal_equivalent(&positions[i - 1]) {
                        tricks[i - 1]
                    } else {
                        let p = tricks[i - 1];
                        let (lo, hi) = if by_declarer(i) { (0, p) } else { (p, u8::MAX) };
                        self.declarer_tricks_probed(pos, side, lo, hi, p)
                    };
                }
            }
            (PlayDriver::Probes, PlayOrder::Backward) => {
                for i in (0..n).rev() {
                    if options.cold {
                        self.clear();
                    }
                    let pos = &positions[i];
                    tricks[i] = if i + 1 == n {
                        self.declarer_tricks_full(pos, side)
                    } else if all_legal_equivalent(pos) {
                        tricks[i + 1]
                    } else {
                        let next = tricks[i + 1];
                        let (lo, hi) = if by_declarer(i + 1) {
                            (next, u8::MAX)
                        } else {
                            (0, next)
                        };
                        self.declarer_tricks_probed(pos, side, lo, hi, next)
                    };
                }
            }
        }
        Ok(PlayAnalysis {
            declarer,
            tricks: values,
            nodes: self.nodes() - nodes0,
        })
    }

    /// Declarer's side's total (won so far plus double-dummy from `pos`) by a full
    /// [`Solver::tricks`] run.
    fn declarer_tricks_full(&mut self, pos: &Position, side: Side) -> u8 {
        let won = pos.tricks_won(side) as u8;
        if pos.is_finished() {
            return won;
        }
        let w = self.tricks(pos);
        let tl = pos.tricks_left() as u8;
        won + if pos.to_play().side() == side {
            w
        } else {
            tl - w
        }
    }

    /// Declarer's side's total from `pos`, known to lie in `lo..=hi`, by zero-window probes
    /// starting at `guess` (the driver of the paper: test `guess`, or `guess + 1` when
    /// `guess` is the lower bound, and move towards the answer).
    fn declarer_tricks_probed(
        &mut self,
        pos: &Position,
        side: Side,
        lo: u8,
        hi: u8,
        guess: u8,
    ) -> u8 {
        let won = pos.tricks_won(side) as u8;
        let tl = pos.tricks_left() as u8;
        let (mut lo, mut hi) = (lo.max(won), hi.min(won + tl));
        let mut g = guess.clamp(lo, hi);
        while lo < hi {
            let t = if g == lo { g + 1 } else { g };
            if self.declarer_reaches(pos, side, t - won) {
                lo = t;
                g = lo;
            } else {
                hi = t - 1;
                g = hi;
            }
        }
        lo
    }

    /// Does declarer's side take at least `k` (1..=tricks left) tricks from `pos`?
    fn declarer_reaches(&mut self, pos: &Position, side: Side, k: u8) -> bool {
        let tl = pos.tricks_left() as u8;
        debug_assert!((1..=tl).contains(&k));
        if pos.to_play().side() == side {
            self.side_to_play_reaches(pos, k)
        } else {
            // Declarer takes at least k if and only if the defenders take at most tl - k.
            !self.side_to_play_reaches(pos, tl - k + 1)
        }
    }

    /// Does the side to play take at least `k` (1..=tricks left) tricks from `pos`?
    fn side_to_play_reaches(&mut self, pos: &Position, k: u8) -> bool {
        match self.solve(pos, Target::AtLeast(k), Solutions::One) {
            Ok(solution) => !solution.cards.is_empty(),
            Err(e) => unreachable!("a probe in range on a live position was refused: {e}"),
        }
    }
}

/// Are all the legal cards of the hand to play equivalent (one suit, and no card of that suit
/// ranked between them left in a hand or played to the current trick)? Then the position's
/// value is that of any of its cards: the value after the card played, with no search.
fn all_legal_equivalent(pos: &Position) -> bool {
    let legal = pos.legal_cards();
    let mut suits = Suit::ALL.into_iter().filter(|&s| !legal.suit(s).is_empty());
    let (Some(suit), None) = (suits.next(), suits.next()) else {
        return false;
    };
    let mine = legal.suit(suit);
    let (Some(high), Some(low)) = (mine.highest(), mine.lowest()) else {
        return false;
    };
    // Ranks low..=high.
    let span = (1u16 << (high.get() + 1)) - (1u16 << low.get());
    let mut live = pos.remaining().suit(suit).bits();
    for card in pos.trick() {
        if card.suit() == suit {
            live |= 1 << card.rank().get();
        }
    }
    live & !mine.bits() & span == 0
}

/// The positions of a play: before any card, then after each card; checks every card.
///
/// Useful to evaluate the positions some other way (they are what
/// [`Solver::analyse_play`] evaluates).
pub fn play_positions(
    deal: &Deal,
    trump: Strain,
    leader: Seat,
    cards: &[Card],
) -> Result<Vec<Position>, PlayAnalysisError> {
    let mut pos = Position::new(*deal, trump, leader);
    let mut out = Vec::with_capacity(cards.len() + 1);
    out.push(pos.clone());
    for (i, &card) in cards.iter().enumerate() {
        pos.play(card)
            .map_err(|reason| PlayAnalysisError::IllegalCard {
                index: i + 1,
                card,
                reason,
            })?;
        out.push(pos.clone());
    }
    Ok(out)
}
