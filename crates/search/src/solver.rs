use crate::core::{root_moves, Hints, Searcher};
use crate::{Config, OrderingKind};
use ddsolve_cards::{Card, Deal, Hand, Holding, Position, Seat, SeatMap, Strain};
use ddsolve_moves::{
    MoveOrdering, OrderHints, PaperOrdering, RankOrdering, TrickView, TunedOrdering,
};
use ddsolve_tt::{AnyTable, TranspositionTable, TtStats};
use std::fmt;
use thiserror::Error;

/// What the solver is asked to reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Find the most tricks the side to play can take (DDS's target -1).
    Max,
    /// Find cards that take at least this many tricks (1..=tricks left) for the side to play.
    AtLeast(u8),
}

/// How many cards to report (DDS's `solutions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// One best card (DDS 1).
    One,
    /// Every best card (DDS 2).
    AllBest,
    /// Every legal card with its value (DDS 3).
    All,
}

/// Why a solve request was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The target is outside 1..=tricks left.
    #[error("target {target} is out of range: it must be between 1 and {max}, the tricks left")]
    TargetOutOfRange {
        /// The target asked for.
        target: u8,
        /// The tricks left.
        max: u8,
    },
    /// No cards left to play.
    #[error("the position has no cards left to play")]
    Finished,
}

/// A card and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardValue {
    /// The card.
    pub card: Card,
    /// Every rank of the card's suit equivalent to it (the card's own included).
    pub equals: Holding,
    /// Tricks the side of the hand to play takes from here to the end, the current trick
    /// included, if it plays this card and all play perfectly after. With
    /// [`Target::AtLeast`] and [`Solutions::One`] or [`Solutions::AllBest`], the target
    /// itself (the card takes at least that many).
    pub tricks: u8,
}

/// The answer to a solve request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The cards, best first (highest value first, then the search's move order).
    pub cards: Vec<CardValue>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// A double-dummy table: tricks for each declarer in each strain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// `tricks[strain][declarer]`, DDS order (S, H, D, C, NT; N, E, S, W).
    pub tricks: [[u8; 4]; 5],
}

impl DdTable {
    /// Tricks declarer takes in `strain`.
    pub fn tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        self.tricks[strain.index()][declarer.index()]
    }

    /// The 20 numbers in DDS's file order (strain-major).
    pub fn to_dds_order(&self) -> [u8; 20] {
        let mut out = [0; 20];
        for s in 0..5 {
            for h in 0..4 {
                out[4 * s + h] = self.tricks[s][h];
            }
        }
        out
    }
}

impl fmt::Display for DdTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     NT   S   H   D   C")?;
        for seat in Seat::ALL {
            write!(f, "{}  ", seat.letter())?;
            for strain in [
                Strain::NoTrump,
                Strain::Spades,
                Strain::Hearts,
                Strain::Diamonds,
                Strain::Clubs,
            ] {
                write!(f, "{:4}", self.tricks(strain, seat))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The solver: a transposition table, a move ordering and a configuration.
///
/// Generic over the table and the ordering so that either can be replaced without touching
/// the search. A solver reuses its table between related searches of one trump strain; a
/// change of trumps clears it.
#[derive(Debug)]
pub struct Solver<T: TranspositionTable = AnyTable> {
    config: Config,
    tt: T,
    tt_strain: Option<Strain>,
    hints: Box<Hints>,
    nodes: u64,
    trick_nodes: u64,
}

impl Default for Solver<AnyTable> {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver<AnyTable> {
    /// A solver with the default configuration.
    pub fn new() -> Solver<AnyTable> {
        Solver::with_config(Config::default())
    }

    /// A solver with `config`.
    pub fn with_config(config: Config) -> Solver<AnyTable> {
        Solver::with_table(config, AnyTable::new(config.tt_kind, config.tt_memory_mb))
    }
}

/// The internal description of a position to search.
#[derive(Clone, Copy)]
struct Root<'p> {
    hands: SeatMap<Hand>,
    trump: Strain,
    leader: Seat,
    played: &'p [Card],
}

impl<T: TranspositionTable> Solver<T> {
    /// A solver with `config` and the table `tt`.
    pub fn with_table(config: Config, tt: T) -> Solver<T> {
        Solver {
            config,
            tt,
            tt_strain: None,
            hints: Box::default(),
            nodes: 0,
            trick_nodes: 0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Search nodes visited by this solver since it was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Of [`Solver::nodes`], those at the start of a trick: the measure DDS reports as
    /// its nodes, for comparisons with it.
    pub fn trick_nodes(&self) -> u64 {
        self.trick_nodes
    }

    /// Transposition-table usage.
    pub fn tt_stats(&self) -> TtStats {
        self.tt.stats()
    }

    /// Forgets everything the table learned.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.tt_strain = None;
        *self.hints = Hints::default();
    }

    fn prepare(&mut self, trump: Strain) {
        if self.tt_strain != Some(trump) {
            self.tt.clear();
            self.tt_strain = Some(trump);
        }
    }

    /// Runs `f` with a searcher set up for `root`, dispatching on the ordering.
    fn with_searcher<R>(&mut self, root: Root, f: impl FnOnce(&mut dyn SearchOps) -> R) -> R {
        self.prepare(root.trump);
        match self.config.ordering {
            OrderingKind::Tuned => self.run_searcher(root, &TunedOrdering, f),
            OrderingKind::Paper => self.run_searcher(root, &PaperOrdering, f),
            OrderingKind::Rank => self.run_searcher(root, &RankOrdering, f),
        }
    }

    fn run_searcher<O: MoveOrdering, R>(
        &mut self,
        root: Root,
        ordering: &O,
        f: impl FnOnce(&mut dyn SearchOps) -> R,
    ) -> R {
        let config = self.config;
        let mut s = Searcher::new(
            root.hands,
            root.trump,
            root.leader,
            root.played,
            &config,
            &mut self.tt,
            ordering,
            &mut self.hints,
        );
        let r = f(&mut s);
        self.nodes += s.nodes;
        self.trick_nodes += s.trick_nodes;
        r
    }

    /// Solves a position: the cards of the hand to play, with values as `solutions` asks.
    pub fn solve(
        &mut self,
        pos: &Position,
        target: Target,
        solutions: Solutions,
    ) -> Result<Solution, SolveError> {
        if pos.is_finished() {
            return Err(SolveError::Finished);
        }
        let tl = pos.tricks_left() as u8;
        if let Target::AtLeast(t) = target {
            if t == 0 || t > tl {
                return Err(SolveError::TargetOutOfRange { target: t, max: tl });
            }
        }
        let root = Root {
            hands: *pos.hands(),
            trump: pos.trump(),
            leader: pos.leader(),
            played: pos.trick(),
        };
        let ordering = self.config.ordering;
        let hints = OrderHints::default();
        let view = TrickView {
            hands: &root.hands,
            trump: root.trump,
            leader: root.leader,
            trick: root.played,
        };
        let moves = match ordering {
            OrderingKind::Tuned => root_moves(&view, &TunedOrdering, &hints),
            OrderingKind::Paper => root_moves(&view, &PaperOrdering, &hints),
            OrderingKind::Rank => root_moves(&view, &RankOrdering, &hints),
        };
        self.with_searcher(root, |s| {
            let mut out = Vec::with_capacity(moves.len());
            match (target, solutions) {
                (_, Solutions::All) => {
                    for mv in &moves {
                        let v = s.value_after(mv.card, mv.equals, tl);
                        out.push(CardValue {
                            card: mv.card,
                            equals: mv.equals,
                            tricks: v,
                        });
                    }
                    // Stable: equal values keep the search's order.
                    out.sort_by_key(|c| std::cmp::Reverse(c.tricks));
                }
                (Target::Max, sol) => {
                    let best = s.value(tl, 0);
                    for mv in &moves {
                        if s.reaches_after(mv.card, mv.equals, best) {
                            out.push(CardValue {
                                card: mv.card,
                                equals: mv.equals,
                                tricks: best,
                            });
                            if sol == Solutions::One {
                                break;
                            }
                        }
                    }
                }
                (Target::AtLeast(t), sol) => {
                    for mv in &moves {
                        if s.reaches_after(mv.card, mv.equals, t) {
                            out.push(CardValue {
                                card: mv.card,
                                equals: mv.equals,
                                tricks: t,
                            });
                            if sol == Solutions::One {
                                break;
                            }
                        }
                    }
                }
            }
            Ok(Solution {
                cards: out,
                nodes: s.nodes(),
            })
        })
    }

    /// The most tricks the side of the hand to play takes from here, the current trick
    /// included.
    pub fn tricks(&mut self, pos: &Position) -> u8 {
        if pos.is_finished() {
            return 0;
        }
        let tl = pos.tricks_left() as u8;
        let root = Root {
            hands: *pos.hands(),
            trump: pos.trump(),
            leader: pos.leader(),
            played: pos.trick(),
        };
        self.with_searcher(root, |s| s.value(tl, tl / 2))
    }

    /// The double-dummy table of a deal: tricks for each declarer in each strain.
    pub fn table(&mut self, deal: &Deal) -> DdTable {
        let mut tricks = [[0u8; 4]; 5];
        // Notrump first, as DDS does: it is the hardest strain, and its table is then
        // cleared only once for the four suits.
        for strain in [
            Strain::NoTrump,
            Strain::Spades,
            Strain::Hearts,
            Strain::Diamonds,
            Strain::Clubs,
        ] {
            tricks[strain.index()] = self.strain_tricks(deal, strain);
        }
        DdTable { tricks }
    }

    /// One row of the double-dummy table: the tricks declarer takes in `strain`, for
    /// declarers North, East, South and West (DDS's order).
    ///
    /// ```
    /// use ddsolve_cards::{Deal, Strain};
    /// use ddsolve_search::Solver;
    ///
    /// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
    /// // North and South take all five tricks in notrump whoever leads.
    /// assert_eq!(Solver::new().strain_tricks(&deal, Strain::NoTrump), [5, 0, 5, 0]);
    /// # Ok::<(), ddsolve_cards::PbnError>(())
    /// ```
    pub fn strain_tricks(&mut self, deal: &Deal, strain: Strain) -> [u8; 4] {
        let n = deal.cards_per_hand() as u8;
        let mut out = [0u8; 4];
        // The previous leader's result is a good first guess for the next leader.
        let mut guess_ns: Option<u8> = None;
        for leader in [Seat::North, Seat::East, Seat::South, Seat::West] {
            let root = Root {
                hands: *deal.hands(),
                trump: strain,
                leader,
                played: &[],
            };
            let guess = match (guess_ns, leader.side()) {
                (None, _) => n / 2,
                (Some(g), ddsolve_cards::Side::NorthSouth) => g,
                (Some(g), ddsolve_cards::Side::EastWest) => n - g,
            };
            let lead_side = self.with_searcher(root, |s| s.value(n, guess));
            let ns = if leader.side() == ddsolve_cards::Side::NorthSouth {
                lead_side
            } else {
                n - lead_side
            };
            guess_ns = Some(ns);
            out[leader.prev().index()] = n - lead_side;
        }
        out
    }
}

/// The operations of a searcher, object-safe so that the solver can dispatch on the ordering
/// once per request.
trait SearchOps {
    /// Exact tricks for the side to play at the root, searching from `guess`.
    fn value(&mut self, tl: u8, guess: u8) -> u8;
    /// Exact tricks for the root's side to play if it plays `card`.
    fn value_after(&mut self, card: Card, equals: Holding, tl: u8) -> u8;
    /// Does playing `card` let the root's side take at least `target` tricks?
    fn reaches_after(&mut self, card: Card, equals: Holding, target: u8) -> bool;
    fn nodes(&self) -> u64;
}

impl<T: TranspositionTable, O: MoveOrdering> SearchOps for Searcher<'_, T, O> {
    fn value(&mut self, tl: u8, guess: u8) -> u8 {
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

    fn value_after(&mut self, card: Card, equals: Holding, _tl: u8) -> u8 {
        let undo = self.play(card, equals);
        let left = self.tricks_left();
        let guess = self.tricks_max + left / 2;
        let v = self.value(left, guess);
        self.unplay(card, &undo);
        v
    }

    fn reaches_after(&mut self, card: Card, equals: Holding, target: u8) -> bool {
        let undo = self.play(card, equals);
        let v = self.search(target);
        self.unplay(card, &undo);
        v
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}
