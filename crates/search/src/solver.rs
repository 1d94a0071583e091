//! The solver API: [`Solver`] (generic over table and ordering) with `solve` (DDS's
//! SolveBoard), `tricks`, `table` and `strain_tricks`, and the types of its answers.

use crate::core::{Hints, Searcher};
use crate::dds_order::{dds_root_order, place_of};
use crate::first_guess::first_guess;
use crate::stats::{Counter, SearchStats};
use crate::trace;
use crate::SearchConfig;
use ddsolve_cards::{
    Card, DdTable, Deal, Hand, Holding, Position, Seat, SeatMap, Strain, Suit, Symmetries, Symmetry,
};
use ddsolve_moves::{MoveOrdering, MovePicker, OrderHints, TrickView};
use ddsolve_tt::{TranspositionTable, TtStats};
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

/// The order in which a solve lists cards of equal value (and so which card
/// [`Solutions::One`] gives among equally good ones).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CardOrder {
    /// The search's own move order at the root.
    #[default]
    Search,
    /// DDS's: the order DDS's `SolveBoard` lists them in, from DDS's root move ordering
    /// ([`crate::dds_root_order`]).
    Dds,
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

impl CardValue {
    /// The cards this value stands for, highest first: the card and its equals.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        let suit = self.card.suit();
        let equals = self.equals | Holding::single(self.card.rank());
        equals.iter().map(move |r| Card::new(suit, r))
    }
}

/// The answer to a solve request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The cards, best first (highest value first, then the search's move order).
    pub cards: Vec<CardValue>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The solver: a transposition table, a move ordering and a search configuration.
///
/// Generic over the table (`T`) and the ordering (`O`), so that either can be replaced
/// without touching the search: [`Solver::with_parts`] takes any [`TranspositionTable`]
/// and [`MoveOrdering`], [`Solver::with_tt`] a table and the ordering's default, and
/// [`Solver::new`] the defaults of both. The front crate `ddsolve` names the workspace's
/// own choice (`ddsolve::Solver`, built by `ddsolve::SolverBuilder`).
///
/// # Warm tables
///
/// A solver keeps its transposition table (and its ordering's memory) from one solve to the
/// next by default ([`Solver::set_keep_table`]): the leads of one deal, the next card of a
/// play, the four leaders of a strain, and deals after deals all start from what the
/// searches before them proved. That is sound whenever the trumps are the same: a table
/// entry is stored only at the start of a trick and holds bounds on the tricks the side on
/// lead takes *from that position on*, keyed by the position alone (the pattern tables:
/// tricks left, the leader, the suit lengths and the owners of the remaining cards in
/// relative-rank order; the Zobrist table: the exact remaining hands and the leader). No
/// tricks already won, no search target, nothing of the deal the cards came from and no
/// card already played is part of an entry, so an entry is as true of a position of
/// another deal, or reached by another play, as of the one that stored it. Bounds and
/// winning ranks do depend on which suit is trumps, and no key holds the trumps: a solve
/// in another strain clears the table and the ordering first, and that is the one case
/// where a warm table is not kept. With symmetries on, entries are stored in a canonical
/// form of a position's class, whose members all have the same value, so the canonical
/// form chosen by one root's group is a true entry for any later root.
///
/// Keeping the table changes no answer (`crates/ddsolve/tests/warm_table.rs` checks warm
/// solvers against the brute-force oracle on random sequences of positions), only the
/// nodes searched; the ordering's memory changes only which cards are tried first.
///
/// ```
/// use ddsolve_cards::{Deal, Seat, Strain};
/// use ddsolve_search::{SearchConfig, Solver};
/// use ddsolve_orderings::RankOrdering;
/// use ddsolve_tt_pattern::TtPattern;
///
/// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
/// // The rank-pattern table (4 MB) and plain rank order.
/// let mut solver = Solver::with_parts(SearchConfig::default(), TtPattern::new(4), RankOrdering);
/// assert_eq!(solver.strain_tricks(&deal, Strain::NoTrump), [5, 0, 5, 0]);
/// # Ok::<(), ddsolve_cards::PbnError>(())
/// ```
#[derive(Debug)]
pub struct Solver<T: TranspositionTable, O: MoveOrdering> {
    config: SearchConfig,
    tt: T,
    ordering: O,
    tt_strain: Option<Strain>,
    hints: Box<Hints>,
    /// The symmetries of the position last searched (`SearchConfig::symmetry`).
    symmetries: Symmetries,
    nodes: u64,
    trick_nodes: u64,
    stats: SearchStats,
    /// Keep the table between solves ([`Solver::set_keep_table`]).
    keep_table: bool,
}

impl<T: TranspositionTable + Default, O: MoveOrdering + Default> Default for Solver<T, O> {
    fn default() -> Self {
        Solver::new()
    }
}

impl<T: TranspositionTable + Default, O: MoveOrdering + Default> Solver<T, O> {
    /// A solver with the default configuration, table and ordering.
    pub fn new() -> Solver<T, O> {
        Solver::with_config(SearchConfig::default())
    }

    /// A solver with `config` and the default table and ordering.
    pub fn with_config(config: SearchConfig) -> Solver<T, O> {
        Solver::with_parts(config, T::default(), O::default())
    }
}

impl<T: TranspositionTable, O: MoveOrdering + Default> Solver<T, O> {
    /// A solver with `config`, the table `tt` (built with its own memory limit) and the
    /// default ordering.
    pub fn with_tt(config: SearchConfig, tt: T) -> Solver<T, O> {
        Solver::with_parts(config, tt, O::default())
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

impl<T: TranspositionTable, O: MoveOrdering> Solver<T, O> {
    /// A solver with `config`, the table `tt` (built with its own memory limit) and the
    /// ordering `ordering`, whatever their types.
    pub fn with_parts(config: SearchConfig, tt: T, ordering: O) -> Solver<T, O> {
        Solver {
            config,
            tt,
            ordering,
            tt_strain: None,
            hints: Box::default(),
            symmetries: Symmetries::TRIVIAL,
            nodes: 0,
            trick_nodes: 0,
            stats: SearchStats::default(),
            keep_table: true,
        }
    }

    /// Whether the table (and the ordering's memory) is kept from one solve to the next (the
    /// default, `true`: see "Warm tables" above), or cleared at the start of every solve
    /// (`false`: each call of [`Solver::solve`], [`Solver::tricks`] and each leader of
    /// [`Solver::strain_tricks`] starts cold, as a fresh solver would). The answers are the
    /// same either way.
    pub fn set_keep_table(&mut self, keep: bool) {
        self.keep_table = keep;
    }

    /// [`Solver::set_keep_table`], by value.
    pub fn keep_table(mut self, keep: bool) -> Solver<T, O> {
        self.keep_table = keep;
        self
    }

    /// Whether the table is kept between solves ([`Solver::set_keep_table`]).
    pub fn keeps_table(&self) -> bool {
        self.keep_table
    }

    /// The search configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The transposition table.
    pub fn tt(&self) -> &T {
        &self.tt
    }

    /// The move ordering.
    pub fn ordering(&self) -> &O {
        &self.ordering
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

    /// What the searches of this solver did since it was made: nodes, zero-window
    /// searches, table probes, hits and stores, cutoffs by kind, per depth.
    pub fn search_stats(&self) -> &SearchStats {
        &self.stats
    }

    /// Transposition-table usage.
    pub fn tt_stats(&self) -> TtStats {
        self.tt.stats()
    }

    /// Forgets everything the table and the ordering learned.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.reset();
        self.tt_strain = None;
        *self.hints = Hints::default();
    }

    fn prepare(&mut self, trump: Strain) {
        if self.tt_strain != Some(trump) {
            self.tt.clear();
            self.ordering.reset();
            self.tt_strain = Some(trump);
        }
    }

    /// Runs `f` with a searcher set up for `root`.
    fn with_searcher<R>(&mut self, root: Root, f: impl FnOnce(&mut Searcher<T, O>) -> R) -> R {
        let span = trace::solve_span(
            &root.hands,
            root.played,
            root.trump,
            root.leader,
            self.config.driver,
        );
        let _in_span = span.enter();
        let watch = trace::Watch::start(&self.tt);
        if !self.keep_table {
            self.clear();
        }
        self.prepare(root.trump);
        self.tt.new_search();
        let config = self.config;
        self.tt.prepare(&root.hands);
        self.symmetries = if config.symmetry {
            Symmetries::of(&root.hands, root.trump)
        } else {
            Symmetries::TRIVIAL
        };
        let mut s = Searcher::new(
            root.hands,
            root.trump,
            root.leader,
            root.played,
            &config,
            &mut self.tt,
            &mut self.ordering,
            &mut self.hints,
            &self.symmetries,
        );
        let r = f(&mut s);
        self.nodes += s.nodes;
        self.trick_nodes += s.stats.total(Counter::TrickNodes);
        let mut stats = std::mem::take(&mut s.stats);
        stats.nodes = s.nodes;
        watch.finish(&stats, &self.tt);
        self.stats.add(&stats);
        r
    }

    /// Solves a position: the cards of the hand to play, with values as `solutions` asks,
    /// cards of equal value in the search's order ([`CardOrder::Search`]).
    pub fn solve(
        &mut self,
        pos: &Position,
        target: Target,
        solutions: Solutions,
    ) -> Result<Solution, SolveError> {
        self.solve_in_order(pos, target, solutions, CardOrder::Search)
    }

    /// [`Solver::solve`] with cards of equal value listed in `order`.
    ///
    /// With [`CardOrder::Dds`] the root's cards are tried in DDS's root order
    /// ([`crate::dds_root_order`]), so [`Solutions::One`] gives the card DDS gives and
    /// [`Solutions::AllBest`] and [`Solutions::All`] list cards of equal value in DDS's
    /// order.
    pub fn solve_in_order(
        &mut self,
        pos: &Position,
        target: Target,
        solutions: Solutions,
        order: CardOrder,
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
        let hints = OrderHints::default();
        let view = TrickView::new(&root.hands, root.trump, root.leader, root.played);
        self.prepare(root.trump);
        let mut moves = MovePicker::ordered(&view, &mut self.ordering, &hints);
        if order == CardOrder::Dds {
            let dds = dds_root_order(pos);
            moves.sort_by_key(|mv| place_of(&dds, mv.card).unwrap_or(usize::MAX));
        }
        let solution = self.with_searcher(root, |s| {
            let mut out = Vec::with_capacity(moves.len());
            match (target, solutions) {
                (_, Solutions::All) => {
                    for mv in &moves {
                        let v = s.value_after(mv.card, mv.equals);
                        out.push(CardValue {
                            card: mv.card,
                            equals: mv.equals,
                            tricks: v,
                        });
                    }
                    // Stable: equal values keep the order of `moves`.
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
            Solution {
                cards: out,
                nodes: s.nodes,
            }
        });
        Ok(solution)
    }

    /// The most tricks the side of the hand to play takes from here, the current trick
    /// included. From a trick's start the driver's first guess is the side's estimated
    /// tricks ([`SearchConfig::estimated_first_guess`]), as for a strain's first leader.
    pub fn tricks(&mut self, pos: &Position) -> u8 {
        if pos.is_finished() {
            return 0;
        }
        let tl = pos.tricks_left() as u8;
        let guess = if pos.trick().is_empty() && self.config.estimated_first_guess {
            first_guess(pos.hands(), pos.trump(), pos.leader())
        } else {
            tl / 2
        };
        let root = Root {
            hands: *pos.hands(),
            trump: pos.trump(),
            leader: pos.leader(),
            played: pos.trick(),
        };
        self.with_searcher(root, |s| s.value(tl, guess))
    }

    /// The double-dummy table of a deal: tricks for each declarer in each strain.
    ///
    /// With [`SearchConfig::symmetry`], a strain that a symmetry of the deal maps from a
    /// strain already solved (a turn of the table that renames one trump suit another) takes
    /// that strain's row, renamed, without a search ([`table_sources`]).
    pub fn table(&mut self, deal: &Deal) -> DdTable {
        let mut tricks = [[0u8; 4]; 5];
        let sources = table_sources(deal, &self.config);
        for (strain, source) in TABLE_ORDER.into_iter().zip(sources) {
            tricks[strain.index()] = match source {
                Some((from, g)) => g.row(tricks[from.index()]),
                None => self.strain_tricks(deal, strain),
            };
        }
        DdTable::new(tricks).expect("a solver takes at most 13 tricks")
    }

    /// One row of the double-dummy table: the tricks declarer takes in `strain`, for
    /// declarers North, East, South and West (DDS's order).
    ///
    /// ```
    /// use ddsolve_cards::{Deal, Strain};
    /// use ddsolve_orderings::AnyOrdering;
    /// use ddsolve_search::{SearchConfig, Solver};
    /// use ddsolve_tt_pattern::TtPattern;
    ///
    /// let deal: Deal = "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9..".parse()?;
    /// let mut solver: Solver<_, AnyOrdering> = Solver::with_tt(SearchConfig::default(), TtPattern::new(4));
    /// // North and South take all five tricks in notrump whoever leads.
    /// assert_eq!(solver.strain_tricks(&deal, Strain::NoTrump), [5, 0, 5, 0]);
    /// # Ok::<(), ddsolve_cards::PbnError>(())
    /// ```
    pub fn strain_tricks(&mut self, deal: &Deal, strain: Strain) -> [u8; 4] {
        let n = deal.cards_per_hand() as u8;
        let mut out = [0u8; 4];
        // Each leader's result, as tricks of the side on lead (for the next guesses).
        let mut done: [Option<u8>; 4] = [None; 4];
        let forget = self.forgets_order(deal);
        for leader in LEADER_ORDER {
            if forget && leader != LEADER_ORDER[0] {
                self.ordering.reset();
            }
            let guess = self.leader_guess(deal, strain, leader, &done);
            let lead_side = self.lead_side_tricks(deal, strain, leader, guess);
            done[leader.index()] = Some(lead_side);
            out[leader.prev().index()] = n - lead_side;
        }
        out
    }

    /// Whether the ordering forgets what it learned between the leaders of a strain of
    /// `deal` ([`SearchConfig::forget_order_voids`]).
    ///
    /// This and [`Solver::forget_order`], [`Solver::leader_guess`] and
    /// [`Solver::lead_side_tricks`] are the pieces of [`Solver::strain_tricks`], for a strain
    /// whose leaders are solved by several threads (`ddsolve-exec`'s shared tables): each
    /// later leader of a warm solver after `forget_order` when this says so, each first
    /// guess from the leaders already done.
    pub fn forgets_order(&self, deal: &Deal) -> bool {
        let voids = deal
            .hands()
            .0
            .iter()
            .map(|h| Suit::ALL.iter().filter(|&&s| h.suit(s).is_empty()).count())
            .sum::<usize>();
        voids >= usize::from(self.config.forget_order_voids)
    }

    /// Forgets what the ordering learned (its memory), keeping the table.
    pub fn forget_order(&mut self) {
        self.ordering.reset();
    }

    /// The driver's first guess for `leader` in `strain`, from the results of the leaders
    /// already done (`done`, tricks of the side on lead by leader).
    pub fn leader_guess(
        &self,
        deal: &Deal,
        strain: Strain,
        leader: Seat,
        done: &[Option<u8>; 4],
    ) -> u8 {
        let n = deal.cards_per_hand() as u8;
        // In `LEADER_ORDER` the second leader (South) is the first's partner; the third
        // (East) has the first for its previous seat; the fourth (West) is the third's
        // partner.
        match (done[leader.partner().index()], done[leader.prev().index()]) {
            // Partner on lead took this many: the same side on lead usually does too
            // (whichever of the pair leads, the other side defends).
            (Some(v), _) => v,
            // The opponents on lead left our side `n - v`; on lead ourselves, the
            // driver's bracket is cheapest guessing a trick more (a guess one too high
            // costs no more searches than a right one, one too low a search more).
            (None, Some(v)) => (n - v + 1).min(n),
            (None, None) if self.config.estimated_first_guess => {
                first_guess(deal.hands(), strain, leader)
            }
            (None, None) => n / 2,
        }
    }

    /// The tricks the side on lead takes when `leader` leads in `strain`, searched from
    /// `guess`.
    pub fn lead_side_tricks(&mut self, deal: &Deal, strain: Strain, leader: Seat, guess: u8) -> u8 {
        let n = deal.cards_per_hand() as u8;
        let root = Root {
            hands: *deal.hands(),
            trump: strain,
            leader,
            played: &[],
        };
        self.with_searcher(root, |s| s.value(n, guess))
    }
}

/// The order in which a table's strains are solved: notrump first, as DDS does (it is the
/// hardest strain, and the table is then cleared only once for the four suits), then the
/// suits from spades down.
pub const TABLE_ORDER: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The order in which a strain's leaders are solved: North, then its partner South (the
/// same side on lead: its first guess is North's result, and the table North's search
/// filled serves it best), then East and West. Fewer nodes than round the table (North,
/// East, South, West) on DDS's, random and freak deals (`BENCHMARKS.md`).
pub const LEADER_ORDER: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// For each strain of [`TABLE_ORDER`], the earlier strain whose row gives its row through a
/// symmetry of the deal (`ddsolve_cards::Symmetries::image_of`), or `None` when it must be
/// searched. All `None` unless [`SearchConfig::symmetry`] is on and the deal has a
/// symmetry that renames a trump suit another.
pub fn table_sources(deal: &Deal, config: &SearchConfig) -> [Option<(Strain, Symmetry)>; 5] {
    let mut out = [None; 5];
    if !config.symmetry {
        return out;
    }
    let group = Symmetries::of(deal.hands(), Strain::NoTrump);
    if group.is_trivial() {
        return out;
    }
    for (i, &strain) in TABLE_ORDER.iter().enumerate() {
        out[i] = TABLE_ORDER[..i]
            .iter()
            .zip(&out[..i])
            .filter(|(_, source)| source.is_none())
            .find_map(|(&from, _)| {
                (from != strain)
                    .then(|| group.image_of(from, strain))
                    .flatten()
                    .map(|g| (from, g))
            });
    }
    out
}
