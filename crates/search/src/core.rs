//! The zero-window search of chapters 1, 2 and 6: "can the side we maximise take `target`
//! tricks?". It is fail-soft: its value is a bound (at least that many when the search
//! succeeds, at most that many when it fails), resting on the winning ranks it backs up, and
//! the table stores that bound. The driver (`driver.rs`) turns these searches into exact
//! values.
//!
//! At a trick start, in this order: TargetTooLowOrHigh; the last trick evaluated directly;
//! QuickTricks (skipped where its ceiling is below what the cutoff needs); the trump
//! honours' sure trick when the side on lead needs just one more; LaterTricks, or the trump
//! honours' trick for the other side when LaterTricks finds none and one is all it needs;
//! then the table.
//! [`SearchConfig::tt_first_tricks`](crate::SearchConfig::tt_first_tricks) can put the table
//! before the estimators early in the deal, as DDS does. After the lead, the second hand's
//! quick trick is tried.
//!
//! A forced move (`ddsolve_moves::forced_move`, [`SearchConfig::forced_moves`](crate::SearchConfig::forced_moves))
//! is played at once, without the ordering's proposal or a move picker, and its cutoff is
//! not reported to the ordering's memory. Any other node's moves come as `ddsolve_moves`'
//! `MovePicker` hands them out: the ordering's proposal, then the other moves, generated and
//! ordered only if the proposal fails to cut off, less those Kuijf's filter leaves out. At
//! the fourth hand, enhanced transposition cutoffs are tried first, over the picker's
//! `every_move`.
//!
//! Winning ranks are backed up as the search returns: the winning card of a trick won by
//! rank, with the cards its move stood for, and the union over all moves when no move cuts
//! off. Entries are stored at trick starts only.
//!
//! The default configuration's trick start (every estimator and the table on, the
//! estimators first, no bound verified, a root without symmetries) takes a path that tests no
//! switch (`plain_trick_start`). Any other configuration goes through
//! `trick_start_configured`, with the same estimators (`trick_start_estimators`) and the same
//! search and store (`search_and_store`).
//!
//! With [`SearchConfig::symmetry`](crate::SearchConfig::symmetry) (the default), the table
//! sees each trick-start position in the canonical form of its class under the root's
//! symmetries (`canonical_view`); a hit comes back through the inverse renaming. The group is
//! computed once a solve, and on almost every deal it is the identity alone, when nothing
//! changes.

use crate::stats::{Counter, SearchStats};
use crate::SearchConfig;
use ddsolve_cards::{
    cpu, trick_winner_index, trick_winner_so_far, Card, Hand, Holding, Seat, SeatMap, Side, Strain,
    Symmetries, Symmetry,
};
use ddsolve_moves::{forced_move, Move, MoveList, MoveOrdering, MovePicker, OrderHints, TrickView};
use ddsolve_prune::{quick_tricks_second_hand_for, target_too_low_or_high, Estimate, Layout};
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit};

/// The node as the ordering and the generator see it, `pos` cards of the trick played. A
/// macro rather than a method, so that the view borrows the hands and the trick while the
/// ordering is borrowed mutably.
macro_rules! trick_view {
    ($s:expr, $pos:expr) => {
        TrickView {
            hands: &$s.hands,
            trump: $s.trump,
            leader: $s.leader,
            trick: &$s.trick[..$pos],
            winner: $s.winner,
            out: $s.out,
        }
    };
}

/// Entries of the per-depth arrays ([`Hints::at`], [`Searcher::win`]): depths 0 to 52, and
/// room to 64, so that the move loop indexes them with a depth masked by `DEPTHS - 1`,
/// which needs no bounds check.
const DEPTHS: usize = 64;

/// Per-depth memory that survives from one search to the next: at each depth, the move
/// that last caused a cutoff and the best move of the last TT hit.
// Both of a depth side by side, read by every node in one load: in two arrays, LLVM read
// them with a masked vector load, which no store forwards to.
#[derive(Clone, Debug)]
pub(crate) struct Hints {
    pub at: [DepthHints; DEPTHS],
}

/// The hints of one depth ([`Hints`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DepthHints {
    pub cutoff: Option<Card>,
    pub tt: Option<Card>,
}

impl Default for Hints {
    fn default() -> Hints {
        Hints {
            at: [DepthHints::default(); DEPTHS],
        }
    }
}

/// The state of one search: a position and everything the recursion keeps per depth.
/// Depth is the number of cards left in the hands.
pub(crate) struct Searcher<'a, T: TranspositionTable, O: MoveOrdering> {
    pub hands: SeatMap<Hand>,
    pub trump: Strain,
    pub leader: Seat,
    pub trick: [Card; 4],
    /// Per card of the trick, the ranks its move stood for (its equivalent cards).
    pub trick_equals: [Holding; 4],
    pub trick_len: usize,
    /// The index in `trick` of the card winning it so far (0 when it is empty).
    pub winner: usize,
    /// Per card of the trick, `winner` before it was played (for `unplay`).
    winner_before: [u8; 4],
    /// The cards out when the current trick began (the hands' and the trick's), kept from
    /// one trick to the next for the view's [`TrickView::out`].
    out: Hand,
    /// The tricks completed since the root, for `unplay` to restore (at most 13; 16 slots
    /// so that an index masked with `& 15` needs no bounds check).
    done: [DoneTrick; 16],
    /// How many of `done` are in use.
    done_len: usize,
    /// The cards left in the hands (kept by `play` and `unplay`).
    cards_left: usize,
    /// Tricks won by the side that the search maximises, since the root.
    pub tricks_max: u8,
    pub max_side: Side,
    /// Per depth, the winning ranks the last search at that depth backed up (entries from
    /// 53 on unused: [`DEPTHS`]).
    pub win: [Hand; DEPTHS],
    /// The fewest cards left in the hands at which the fourth hand tries enhanced
    /// transposition cutoffs (`SearchConfig::etc_min_cards`; above every depth when they are
    /// off, or the table is): one test in the move loop.
    etc_min_cards: u32,
    /// The root's symmetries (`SearchConfig::symmetry`): the table sees each trick-start
    /// position in the canonical form of its class.
    symmetries: &'a Symmetries,
    pub nodes: u64,
    /// What this search counted (`stats.rs`).
    pub stats: SearchStats,
    pub config: &'a SearchConfig,
    /// The trick start is the plain one: QuickTricks, the trump honours, LaterTricks and
    /// then the table at every trick start, no stored bound verified there (a trick start
    /// has 8 cards left or more), and a root with no symmetry but the identity (the table's
    /// view is the position itself). Its path tests no switch.
    plain_trick_start: bool,
    /// The search runs its fast copies (`cpu::fast`: compiled with the processor's
    /// popcount, BMI and LZCNT instructions), chosen once when the searcher is made.
    fast: bool,
    pub tt: &'a mut T,
    pub ordering: &'a mut O,
    pub hints: &'a mut Hints,
}

/// A trick completed in the search, kept so that `unplay` restores the state before its
/// last card.
#[derive(Clone, Copy)]
struct DoneTrick {
    leader: Seat,
    trick: [Card; 4],
    trick_equals: [Holding; 4],
    winner_before: [u8; 4],
    out: Hand,
    tricks_max: u8,
}

const NO_DONE: DoneTrick = DoneTrick {
    leader: Seat::North,
    trick: [NO_CARD; 4],
    trick_equals: [Holding::EMPTY; 4],
    winner_before: [0; 4],
    out: Hand::EMPTY,
    tricks_max: 0,
};

/// Did card `w` of a complete trick win by rank (another card of its suit was played)?
#[inline]
fn won_by_rank(cards: &[Card; 4], w: usize) -> bool {
    (0..4).any(|i| i != w && cards[i].suit() == cards[w].suit())
}

const NO_CARD: Card = Card::new(ddsolve_cards::Suit::Spades, ddsolve_cards::Rank::TWO);

impl<'a, T: TranspositionTable, O: MoveOrdering> Searcher<'a, T, O> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        hands: SeatMap<Hand>,
        trump: Strain,
        leader: Seat,
        played: &[Card],
        config: &'a SearchConfig,
        tt: &'a mut T,
        ordering: &'a mut O,
        hints: &'a mut Hints,
        symmetries: &'a Symmetries,
    ) -> Self {
        let mut trick = [NO_CARD; 4];
        trick[..played.len()].copy_from_slice(played);
        let mut trick_equals = [Holding::EMPTY; 4];
        for (e, c) in trick_equals.iter_mut().zip(played) {
            *e = Holding::single(c.rank());
        }
        let to_play = leader.offset(played.len());
        let winner = trick_winner_so_far(played, trump);
        let mut out = hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3];
        for c in played {
            out.insert(*c);
        }
        Searcher {
            hands,
            trump,
            leader,
            trick,
            trick_equals,
            trick_len: played.len(),
            winner,
            winner_before: [0; 4],
            out,
            done: [NO_DONE; 16],
            done_len: 0,
            cards_left: (hands.0[0] | hands.0[1] | hands.0[2] | hands.0[3]).len() as usize,
            tricks_max: 0,
            max_side: to_play.side(),
            win: [Hand::EMPTY; DEPTHS],
            etc_min_cards: if config.etc && config.transposition_table {
                config.etc_min_cards
            } else {
                u32::MAX
            },
            symmetries,
            nodes: 0,
            stats: SearchStats::default(),
            config,
            plain_trick_start: config.quick_tricks
                && config.trump_honours
                && config.later_tricks
                && config.transposition_table
                && config.tt_first_tricks > 13
                && config.verify_tt_cards < 8
                && symmetries.is_trivial(),
            fast: cpu::fast(),
            tt,
            ordering,
            hints,
        }
    }

    /// The cards left in the hands.
    #[inline]
    pub fn depth(&self) -> usize {
        debug_assert_eq!(
            self.cards_left,
            (self.hands.0[0] | self.hands.0[1] | self.hands.0[2] | self.hands.0[3]).len() as usize
        );
        self.cards_left
    }

    #[inline]
    pub fn to_play(&self) -> Seat {
        self.leader.offset(self.trick_len)
    }

    /// Tricks left, the current one included.
    #[inline]
    pub fn tricks_left(&self) -> u8 {
        (self.depth() + self.trick_len).div_ceil(4) as u8
    }

    /// Plays `card` (standing for `equals`) for the hand to play. Returns, if it completed
    /// a trick won by rank, the winning card with the cards its move stood for (else empty).
    // The search's own moves go through `play_at`; this is for the root (the driver).
    #[inline]
    pub fn play(&mut self, card: Card, equals: Holding) -> Hand {
        match self.trick_len {
            0 => self.play_at::<0>(card, equals),
            1 => self.play_at::<1>(card, equals),
            2 => self.play_at::<2>(card, equals),
            _ => self.play_at::<3>(card, equals),
        }
    }

    /// The end of [`Searcher::play`] for a trick's fourth card (out of line: the other
    /// three cards are the hot path).
    #[inline(never)]
    fn finish_trick(&mut self) -> Hand {
        let (winner, mark) = self.complete_trick();
        // At most 13 tricks complete: `& 15` keeps the index in range without a bounds check
        // (and costs less than `% 13`).
        self.done[self.done_len & 15] = DoneTrick {
            leader: self.leader,
            trick: self.trick,
            trick_equals: self.trick_equals,
            winner_before: self.winner_before,
            out: self.out,
            tricks_max: self.tricks_max,
        };
        self.done_len += 1;
        let h = &self.hands.0;
        self.out = h[0] | h[1] | h[2] | h[3];
        self.tricks_max += u8::from(winner.side() == self.max_side);
        self.leader = winner;
        self.trick_len = 0;
        self.winner = 0;
        mark
    }

    /// Takes back `card`, the last card played.
    #[inline]
    pub fn unplay(&mut self, card: Card) {
        match self.trick_len {
            // The card completed a trick.
            0 => self.unplay_at::<3>(card),
            1 => self.unplay_at::<0>(card),
            2 => self.unplay_at::<1>(card),
            _ => self.unplay_at::<2>(card),
        }
    }

    /// [`Searcher::play`] for the card at index `P` of the trick (`P` cards already
    /// played): the search's own play, each position's code apart, so that nothing tests
    /// the position at run time.
    #[inline(always)]
    fn play_at<const P: usize>(&mut self, card: Card, equals: Holding) -> Hand {
        debug_assert_eq!(self.trick_len, P);
        let me = self.leader.offset(P);
        self.hands[me].remove(card);
        self.cards_left -= 1;
        self.trick[P] = card;
        self.trick_equals[P] = equals;
        self.winner_before[P] = self.winner as u8;
        if P > 0 {
            // `overtakes`, the rank comparison without a branch: whether a card following
            // suit takes the trick is data, hard to predict.
            let w = self.trick[self.winner & 3];
            if card.suit() == w.suit() {
                self.winner = if card.rank() > w.rank() {
                    P
                } else {
                    self.winner
                };
            } else if self.trump.trump() == Some(card.suit()) {
                self.winner = P;
            }
        }
        if P < 3 {
            self.trick_len = P + 1;
            return Hand::EMPTY;
        }
        self.finish_trick()
    }

    /// [`Searcher::unplay`] of the card at index `P` of the trick, played by
    /// [`Searcher::play_at`].
    #[inline(always)]
    fn unplay_at<const P: usize>(&mut self, card: Card) {
        if P == 3 {
            debug_assert_eq!(self.trick_len, 0);
            self.done_len -= 1;
            let t = self.done[self.done_len & 15];
            self.leader = t.leader;
            self.trick = t.trick;
            self.trick_equals = t.trick_equals;
            self.winner_before = t.winner_before;
            self.out = t.out;
            self.tricks_max = t.tricks_max;
        }
        self.trick_len = P;
        self.winner = usize::from(self.winner_before[P]);
        let me = self.leader.offset(P);
        self.hands[me].insert(card);
        self.cards_left += 1;
    }

    /// The winner of the four cards in `trick`, and, if it won by rank, its card with the
    /// cards its move stood for (paper 7.1: equivalent cards of a card that wins by rank
    /// win by rank too).
    // Without branches: whether the trick was won by rank is data, hard to predict.
    #[inline]
    fn complete_trick(&self) -> (Seat, Hand) {
        let w = self.winner & 3;
        let wc = self.trick[w];
        let suit = wc.suit();
        // The winner's suit is its own: won by rank when another card has it too.
        let same = self
            .trick
            .iter()
            .map(|c| u32::from(c.suit() == suit))
            .sum::<u32>();
        let by_rank = u64::from(same > 1).wrapping_neg();
        let ranks = (self.trick_equals[w] | Holding::single(wc.rank())).0;
        let mark = (u64::from(ranks) << (16 * suit.index())) & by_rank;
        (self.leader.offset(w), Hand(mark))
    }

    /// Can the side we maximise take `target` tricks (counted from the root)?
    #[inline]
    pub fn search(&mut self, target: u8) -> bool {
        self.search_value(target) >= target
    }

    /// The fail-soft zero-window search: a value `v` of the tricks of the side we maximise
    /// (counted from the root) that is a lower bound of the true value when `v >= target`
    /// and an upper bound when `v < target`. Every bound rests on the winning ranks backed
    /// up in `self.win` (as the decision does), so it may be stored in the table. Estimator
    /// cutoffs return the estimate's count (which may stop once the target is settled).
    /// The copy it runs (baseline or fast) is chosen here, once a search.
    #[inline]
    #[allow(unsafe_code, unused_unsafe)]
    pub fn search_value(&mut self, target: u8) -> u8 {
        if self.fast {
            // SAFETY: `fast` is `cpu::fast()`: the processor has the instructions.
            unsafe { self.search_value_fast(target) }
        } else {
            self.search_value_at::<false>(target)
        }
    }

    /// [`Searcher::search_value`]'s fast copy.
    #[inline(never)]
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")
    )]
    // `unsafe`: a `#[target_feature]` function is safe from Rust 1.86 on only.
    #[allow(unsafe_code)]
    unsafe fn search_value_fast(&mut self, target: u8) -> u8 {
        self.search_value_at::<true>(target)
    }

    /// [`Searcher::search_value`] in the baseline copy (`F` false) or the fast one (`F`
    /// true: only ever inlined into a function compiled with the fast instructions). Every
    /// function of the search below takes `F` on, and calls the copies of its kind.
    #[inline(always)]
    fn search_value_at<const F: bool>(&mut self, target: u8) -> u8 {
        self.nodes += 1;
        match self.trick_len {
            0 => self.search_trick_start::<F>(target),
            1 => self.search_in_trick::<1, F>(target),
            2 => self.search_in_trick::<2, F>(target),
            _ => self.search_in_trick::<3, F>(target),
        }
    }

    /// [`Searcher::search_value`] of the node after the card at index `P` of the trick was
    /// played: `P + 1` cards of the trick played, or the next trick's start after the
    /// fourth.
    // Always inlined (with `try_move`) into `search_moves`: a node inside a trick then costs
    // no call frame (fewer instructions, callgrind); the trick start is out of line.
    #[inline(always)]
    fn search_after<const P: usize, const F: bool>(&mut self, target: u8) -> u8 {
        self.nodes += 1;
        match P {
            0 => self.search_in_trick::<1, F>(target),
            1 => self.search_in_trick::<2, F>(target),
            2 => self.search_in_trick::<3, F>(target),
            // Out of line: inside a trick, a node goes straight to its moves.
            _ => self.search_trick_start::<F>(target),
        }
    }

    /// [`Searcher::search_value`] inside a trick, `P` cards of it played (1 to 3).
    #[inline(always)]
    fn search_in_trick<const P: usize, const F: bool>(&mut self, target: u8) -> u8 {
        debug_assert_eq!(self.trick_len, P);
        let d = self.depth();
        let me_max = self.leader.offset(P).side() == self.max_side;
        if P == 1 && self.config.quick_tricks {
            let tl = self.tricks_left();
            let need = self.need(me_max, tl, target);
            let qt = quick_tricks_second_hand_for(
                &self.hands,
                self.trump,
                self.leader,
                self.trick[0],
                need,
            );
            if let Some(v) = self.sure_tricks_cut(qt, d, me_max, tl, target) {
                self.stats.count(Counter::SecondHand, d);
                return v;
            }
        }
        self.search_moves::<P, F>(target, d, me_max)
    }

    /// [`Searcher::search_value`] at the start of a trick: the cutoffs by trick count, the
    /// estimators and the table before the moves.
    #[inline(always)]
    #[allow(unsafe_code, unused_unsafe)]
    fn search_trick_start<const F: bool>(&mut self, target: u8) -> u8 {
        if F {
            // SAFETY: `F` is true only below `search_value_fast`, called when
            // `cpu::fast()` found the instructions.
            unsafe { self.search_trick_start_fast(target) }
        } else {
            self.search_trick_start_baseline(target)
        }
    }

    #[inline(never)]
    fn search_trick_start_baseline(&mut self, target: u8) -> u8 {
        self.search_trick_start_at::<false>(target)
    }

    #[inline(never)]
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")
    )]
    // `unsafe`: a `#[target_feature]` function is safe from Rust 1.86 on only.
    #[allow(unsafe_code)]
    unsafe fn search_trick_start_fast(&mut self, target: u8) -> u8 {
        self.search_trick_start_at::<true>(target)
    }

    #[inline(always)]
    fn search_trick_start_at<const F: bool>(&mut self, target: u8) -> u8 {
        let d = self.depth();
        let me = self.to_play();
        let me_max = me.side() == self.max_side;
        self.stats.count(Counter::TrickNodes, d);
        let tl = (d / 4) as u8;
        // TargetTooLowOrHigh (chapter 2): such cutoffs back up no winning ranks.
        if let Some(reached) = target_too_low_or_high(self.tricks_max, target, tl) {
            self.win[d] = Hand::EMPTY;
            return if reached {
                self.tricks_max
            } else {
                self.tricks_max + tl
            };
        }
        if tl == 1 {
            return self.evaluate_last();
        }
        if !self.plain_trick_start {
            return self.trick_start_configured::<F>(target, d, me, me_max, tl);
        }
        if let Some(v) = self.trick_start_estimators::<true, F>(target, d, me, me_max, tl) {
            return v;
        }
        // The table's view of the position (the position itself: no symmetry), built only
        // once the estimators have failed.
        let at = TrickStart::new(self.hands, self.trump, me);
        let key = self.tt.key(&at);
        if let Some(v) = self.probe_trick_start(&key, &at, None, target, me_max, d) {
            self.stats.count(Counter::Table, d);
            return v;
        }
        self.search_and_store::<true, F>(&key, &at, None, target, d, me_max, tl)
    }

    /// [`Searcher::search_trick_start`] past its first tests for any configuration other
    /// than the plain one (`plain_trick_start`), out of line: an estimator or the table
    /// switched off, the table before the estimators from `tt_first_tricks` tricks left
    /// (DDS does so from 6), stored bounds verified at trick starts, or a root with
    /// symmetries.
    #[inline(always)]
    #[allow(unsafe_code, unused_unsafe)]
    fn trick_start_configured<const F: bool>(
        &mut self,
        target: u8,
        d: usize,
        me: Seat,
        me_max: bool,
        tl: u8,
    ) -> u8 {
        if F {
            // SAFETY: as in `search_trick_start`.
            unsafe { self.trick_start_configured_fast(target, d, me, me_max, tl) }
        } else {
            self.trick_start_configured_baseline(target, d, me, me_max, tl)
        }
    }

    #[inline(never)]
    fn trick_start_configured_baseline(
        &mut self,
        target: u8,
        d: usize,
        me: Seat,
        me_max: bool,
        tl: u8,
    ) -> u8 {
        self.trick_start_configured_at::<false>(target, d, me, me_max, tl)
    }

    #[inline(never)]
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")
    )]
    // `unsafe`: a `#[target_feature]` function is safe from Rust 1.86 on only.
    #[allow(unsafe_code)]
    unsafe fn trick_start_configured_fast(
        &mut self,
        target: u8,
        d: usize,
        me: Seat,
        me_max: bool,
        tl: u8,
    ) -> u8 {
        self.trick_start_configured_at::<true>(target, d, me, me_max, tl)
    }

    #[inline(always)]
    fn trick_start_configured_at<const F: bool>(
        &mut self,
        target: u8,
        d: usize,
        me: Seat,
        me_max: bool,
        tl: u8,
    ) -> u8 {
        let cfg = self.config;
        if !cfg.transposition_table {
            if let Some(v) = self.trick_start_estimators::<false, F>(target, d, me, me_max, tl) {
                return v;
            }
            return self.search_moves::<0, F>(target, d, me_max);
        }
        let tt_first = u32::from(tl) >= cfg.tt_first_tricks;
        if !tt_first {
            if let Some(v) = self.trick_start_estimators::<false, F>(target, d, me, me_max, tl) {
                return v;
            }
        }
        let mut at = TrickStart::new(self.hands, self.trump, me);
        let g = self.canonical_view(&mut at);
        let key = self.tt.key(&at);
        if let Some(v) = self.probe_trick_start(&key, &at, g, target, me_max, d) {
            self.stats.count(Counter::Table, d);
            return v;
        }
        if tt_first {
            if let Some(v) = self.trick_start_estimators::<false, F>(target, d, me, me_max, tl) {
                return v;
            }
        }
        self.search_and_store::<false, F>(&key, &at, g, target, d, me_max, tl)
    }

    /// The trick start's estimators (QuickTricks, the trump honours, LaterTricks): the
    /// value when one of them decides the search (its winning ranks set), else `None`.
    /// `PLAIN`: the plain configuration (`plain_trick_start`), every estimator on, so that
    /// the hot path tests no switch.
    #[inline(always)]
    fn trick_start_estimators<const PLAIN: bool, const F: bool>(
        &mut self,
        target: u8,
        d: usize,
        me: Seat,
        me_max: bool,
        tl: u8,
    ) -> Option<u8> {
        let cfg = self.config;
        let need = self.need(me_max, tl, target);
        // What every estimator below derives from the hands alike, once.
        // The cards out at a trick start are the hands' (`out`, kept by the search).
        let layout = Layout::with_cards_out(&self.hands, self.out, self.trump, me);
        if PLAIN || cfg.quick_tricks {
            // No trick (and no cut) where QuickTricks' ceiling is below `need`.
            let qt = layout.quick_tricks_for(need);
            if let Some(v) = self.sure_tricks_cut(qt, d, me_max, tl, target) {
                self.stats.count(Counter::QuickTricks, d);
                return Some(v);
            }
        }
        // The trump honours' sure trick, when one trick is all the side on lead needs (a
        // count of its own: it may not be added to QuickTricks').
        if (PLAIN || cfg.trump_honours) && need == 1 {
            let th = layout.trump_honour_trick(true);
            if let Some(v) = self.sure_tricks_cut(th, d, me_max, tl, target) {
                self.stats.count(Counter::QuickTricks, d);
                return Some(v);
            }
        }
        if PLAIN || cfg.later_tricks {
            // The opponents' tricks that cut: LaterTricks skips the rules that cannot reach
            // them (needing one, it finds no trick exactly when its full count finds none).
            let need_later = self.need(!me_max, tl, target);
            let mut lt = layout.later_tricks_for(tl, need_later);
            // The same for the other side, when LaterTricks found nothing and one trick is
            // all it needs.
            if (PLAIN || cfg.trump_honours) && lt.tricks == 0 && need_later == 1 {
                lt = layout.trump_honour_trick(false);
            }
            let l = lt.tricks.min(tl);
            if me_max && self.tricks_max + tl - l < target {
                self.win[d] = lt.win;
                self.stats.count(Counter::LaterTricks, d);
                return Some(self.tricks_max + tl - l);
            }
            if !me_max && self.tricks_max + l >= target {
                self.win[d] = lt.win;
                self.stats.count(Counter::LaterTricks, d);
                return Some(self.tricks_max + l);
            }
        }
        None
    }

    /// The trick start's search when neither the estimators nor the table decided it, and
    /// the store of its bound in the table (the position's canonical view `at`, its key
    /// `key`, reached by `g`).
    /// `PLAIN`: the plain configuration (`plain_trick_start`), which verifies no stored bound.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_and_store<const PLAIN: bool, const F: bool>(
        &mut self,
        key: &T::Key,
        at: &TrickStart,
        g: Option<Symmetry>,
        target: u8,
        d: usize,
        me_max: bool,
        tl: u8,
    ) -> u8 {
        let cfg = self.config;
        let value = self.search_moves::<0, F>(target, d, me_max);
        let won = value >= target;
        let leader_won = won == me_max;
        // The value as tricks of the side on lead from here: a lower bound when
        // the leader won the search, an upper bound when it lost.
        let ours = value - self.tricks_max;
        let lead = if me_max { ours } else { tl - ours };
        debug_assert!({
            let x = self.threshold(me_max, tl, target);
            if leader_won {
                lead >= x
            } else {
                lead < x
            }
        });
        let (lower, upper) = if leader_won { (lead, tl) } else { (0, lead) };
        let best = if leader_won {
            self.hints.at[d].cutoff
        } else {
            None
        };
        if !PLAIN && d as u32 <= cfg.verify_tt_cards {
            // The fail-soft bound, which implies the decision.
            let t = bound_target(value, won);
            self.verify(t, won, "stored bound");
            self.verify_variants(t, won, self.win[d]);
        }
        self.stats.count(Counter::TtStores, d);
        let (win, best) = match g {
            None => (self.win[d], best),
            Some(g) => (g.hand(self.win[d]), best.map(|c| g.card(c))),
        };
        let entry = TtEntry {
            lower,
            upper,
            win,
            best,
        };
        self.tt.store(key, at, entry);
        value
    }

    /// The value of the max side from the root for `lead` tricks of the side on lead (at a
    /// trick start, `tl` tricks left).
    #[inline]
    fn value_of_lead(&self, leader_max: bool, tl: u8, lead: u8) -> u8 {
        if leader_max {
            self.tricks_max + lead
        } else {
            self.tricks_max + tl - lead
        }
    }

    /// The tricks the side to move needs from here (`tl` tricks left, the current one
    /// included) for the search to cut: ours, the target; the opponents', enough to keep us
    /// below it.
    #[inline]
    fn need(&self, me_max: bool, tl: u8, target: u8) -> u8 {
        if me_max {
            target.saturating_sub(self.tricks_max)
        } else {
            (self.tricks_max + tl + 1).saturating_sub(target)
        }
    }

    /// Does `est`, sure tricks for the side to move, decide the search? If so, records its
    /// winning ranks and returns the value.
    #[inline(always)]
    fn sure_tricks_cut(
        &mut self,
        est: Estimate,
        d: usize,
        me_max: bool,
        tl: u8,
        target: u8,
    ) -> Option<u8> {
        let q = est.tricks.min(tl);
        let cut = if me_max {
            self.tricks_max + q >= target
        } else {
            self.tricks_max + tl - q < target
        };
        if cut {
            // The estimate's count rests on its winning ranks (the `Estimate` contract),
            // so the value is its count, not just the target's bound: a success search
            // that finds more lets MTD(f) jump.
            self.win[d] = est.win;
            Some(if me_max {
                self.tricks_max + q
            } else {
                self.tricks_max + tl - q
            })
        } else {
            None
        }
    }

    /// Makes `at`, the current trick-start position as the table's view, the canonical form
    /// of its class under the root's symmetries, and returns the symmetry that took it there
    /// (hits come back through its inverse, stores go through it); `None` when the root has
    /// no symmetry but the identity (almost every deal), and the view is the position itself.
    // Always inlined: the common case (no symmetry) is one test; the canonical form is out
    // of line. The view is built by the caller where it stays and changed there: returned
    // beside the symmetry, it was built in one place and copied whole to another, and that
    // copy's loads waited for the byte stores of its trump and leader just made (a failed
    // store forwarding: BENCHMARKS.md, 2026-11-28).
    #[inline(always)]
    fn canonical_view(&self, at: &mut TrickStart) -> Option<Symmetry> {
        if self.symmetries.is_trivial() {
            return None;
        }
        Some(self.canonicalise(at))
    }

    /// [`Searcher::canonical_view`] of a root with symmetries.
    #[inline(never)]
    fn canonicalise(&self, at: &mut TrickStart) -> Symmetry {
        let g = self.symmetries.canonical(&self.hands, at.leader());
        *at = TrickStart::new(g.hands(&self.hands), self.trump, g.seat(at.leader()));
        g
    }

    /// Probes the table with the canonical view `at` (key `key`, reached from the current
    /// position by `g`) for the threshold `x`; a hit comes back in the current cards.
    #[inline(always)]
    fn probe_mapped_back(
        &mut self,
        key: &T::Key,
        at: &TrickStart,
        g: Option<Symmetry>,
        x: u8,
    ) -> Option<TtHit> {
        let hit = self.tt.probe(key, at, x)?;
        let Some(g) = g else {
            return Some(hit);
        };
        let back = g.inverse();
        Some(TtHit {
            win: back.hand(hit.win),
            best: hit.best.map(|c| back.card(c)),
            ..hit
        })
    }

    /// Probes the table for the trick-start position whose canonical view is `at` (its key
    /// `key`, reached by `g`); on a decisive hit sets the winning ranks and returns the value.
    // Always inlined into both probes of `search_trick_start`: a call frame costs more than
    // the wrapper's own work.
    #[inline(always)]
    fn probe_trick_start(
        &mut self,
        key: &T::Key,
        at: &TrickStart,
        g: Option<Symmetry>,
        target: u8,
        me_max: bool,
        d: usize,
    ) -> Option<u8> {
        self.stats.count(Counter::TtProbes, d);
        let x = self.threshold(me_max, (d / 4) as u8, target);
        let hit = self.probe_mapped_back(key, at, g, x)?;
        self.stats.count(Counter::TtHits, d);
        let v = self.value_of_lead(me_max, (d / 4) as u8, hit.bound);
        let won = hit.reached == me_max;
        debug_assert_eq!(v >= target, won);
        if d as u32 <= self.config.verify_tt_cards {
            self.verify(bound_target(v, won), won, "tt hit");
        }
        self.win[d] = hit.win;
        self.hints.at[d].tt = hit.best;
        Some(v)
    }

    /// The threshold on the tricks of the side on lead that decides the target: the side on
    /// lead takes at least this many of the `tl` tricks left exactly when the side to move
    /// (`me_max` true: ours) wins the search.
    #[inline]
    pub(crate) fn threshold(&self, me_max: bool, tl: u8, target: u8) -> u8 {
        let need = target - self.tricks_max;
        if me_max {
            need
        } else {
            tl + 1 - need
        }
    }

    // Out of line: few trick starts get to the last trick, and inlined it took registers
    // from the trick start's path.
    #[inline(never)]
    fn evaluate_last(&mut self) -> u8 {
        let d = self.depth();
        let mut cards = [NO_CARD; 4];
        for (i, c) in cards.iter_mut().enumerate() {
            let h = self.hands[self.leader.offset(i)];
            *c = h.iter().next().expect("one card each in the last trick");
        }
        let w = trick_winner_index(&cards, self.trump);
        let wc = cards[w];
        let by_rank = won_by_rank(&cards, w);
        self.win[d] = if by_rank {
            Hand::single(wc)
        } else {
            Hand::EMPTY
        };
        self.tricks_max + u8::from(self.leader.offset(w).side() == self.max_side)
    }

    /// The moves of the current node (`P` cards of the trick played), as the move picker
    /// hands them out, until one cuts off; enhanced transposition cutoffs first at the
    /// fourth hand. One instance per position in the trick (`P`): what depends on the
    /// position is settled at compile time.
    // Always inlined: a fourth hand's forced move is played here, in the caller's frame (the
    // third hand's move loop), and only a fourth hand with a choice calls `search_choice`.
    // The second and third hands' forced moves are played in `search_choice`: inlined into
    // their callers too, they cost more than the calls they save (callgrind).
    #[inline(always)]
    fn search_moves<const P: usize, const F: bool>(
        &mut self,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> u8 {
        debug_assert_eq!(
            self.out,
            self.trick[..P].iter().fold(
                self.hands.0.iter().fold(Hand::EMPTY, |a, &h| a | h),
                |a, &c| { a | Hand::single(c) }
            ),
            "the cards out at the trick's start"
        );
        debug_assert!(d < 53);
        // The depth masked: the per-depth arrays are indexed without bounds checks below.
        let d = d & (DEPTHS - 1);
        if P == 3 && self.config.forced_moves {
            if let Some(mv) = forced_move(&trick_view!(self, P)) {
                return self.search_forced::<P, F>(&mv, target, d, me_max);
            }
        }
        self.search_choice::<P, F>(target, d, me_max)
    }

    /// [`Searcher::search_moves`] past the fourth hand's forced move: the second and third
    /// hands' forced moves, then the move picker's loop.
    #[inline(always)]
    #[allow(unsafe_code, unused_unsafe)]
    fn search_choice<const P: usize, const F: bool>(
        &mut self,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> u8 {
        if F {
            // SAFETY: as in `search_trick_start`.
            unsafe { self.search_choice_fast::<P>(target, d, me_max) }
        } else {
            self.search_choice_baseline::<P>(target, d, me_max)
        }
    }

    fn search_choice_baseline<const P: usize>(&mut self, target: u8, d: usize, me_max: bool) -> u8 {
        self.search_choice_at::<P, false>(target, d, me_max)
    }

    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")
    )]
    // `unsafe`: a `#[target_feature]` function is safe from Rust 1.86 on only.
    #[allow(unsafe_code)]
    unsafe fn search_choice_fast<const P: usize>(
        &mut self,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> u8 {
        self.search_choice_at::<P, true>(target, d, me_max)
    }

    #[inline(always)]
    fn search_choice_at<const P: usize, const F: bool>(
        &mut self,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> u8 {
        debug_assert!(d < 53);
        let d = d & (DEPTHS - 1);
        if (P == 1 || P == 2) && self.config.forced_moves {
            if let Some(mv) = forced_move(&trick_view!(self, P)) {
                return self.search_forced::<P, F>(&mv, target, d, me_max);
            }
        }
        // The tricks the side to play needs, as `Searcher::need` but cheaper (at every
        // node): `tricks_max <= target <= tricks_max + tl` (a trick start past its
        // TargetTooLowOrHigh check leaves `tricks_max < target`; only the root's trick can
        // be searched for as many tricks as were won, 0), so neither difference wraps.
        let tl = ((d + P + 3) >> 2) as u8; // (d + P).div_ceil(4), one add and a shift
        let max_need = target.wrapping_sub(self.tricks_max);
        debug_assert!(target >= self.tricks_max && max_need <= tl);
        let at = self.hints.at[d];
        let hints = OrderHints {
            cutoff: at.cutoff,
            tt: at.tt,
            need: if me_max {
                max_need
            } else {
                (tl + 1).wrapping_sub(max_need)
            },
        };
        let small = self.config.small_card_filter;
        let mut picker = MovePicker::new(&trick_view!(self, P), self.ordering, &hints, small);
        if P == 3 && d as u32 >= self.etc_min_cards {
            let moves = picker.every_move(&trick_view!(self, P), self.ordering, &hints);
            if let Some(v) = self.etc::<F>(&picker, &moves, &hints, target, d, me_max) {
                return v;
            }
        }
        let mut acc = Hand::EMPTY;
        // Fail-soft: when no move cuts off, the best of the moves' bounds (the highest
        // upper bound for us, the lowest lower bound for the opponents). Kept as the highest
        // of the values xor `flip`, which reverses their order for the opponents: a maximum
        // either way, without a branch on the side.
        let flip = if me_max { 0 } else { u8::MAX };
        let mut best = 0u8;
        // The view as a closure: made only when a stage needs it (generation and ordering).
        while let Some(mv) = picker.next(|| trick_view!(self, P), self.ordering, &hints) {
            match self.try_move::<P, F>(&picker, &mv, &hints, target, d, me_max) {
                Ok(v) => return v,
                Err((v, child)) => {
                    best = best.max(v ^ flip);
                    acc |= child;
                    picker.searched(&mv, child);
                }
            }
        }
        self.win[d] = acc;
        best ^ flip
    }

    /// The node's value when its one move is `mv` ([`forced_move`]): the move's, with the
    /// winning ranks its search backed up. A cutoff is kept as the depth's hint, but the
    /// ordering is not told: there was no choice to learn from.
    #[inline(always)]
    fn search_forced<const P: usize, const F: bool>(
        &mut self,
        mv: &Move,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> u8 {
        let (v, child) = self.search_move::<P, F>(mv, target, d);
        self.win[d] = child;
        if (v >= target) == me_max {
            self.hints.at[d].cutoff = Some(mv.card);
        }
        v
    }

    /// Plays `mv`, searches the node after it and takes it back: the move's value and the
    /// winning ranks its search backed up (with the trick's winner if `mv` completed a trick
    /// won by rank).
    #[inline(always)]
    fn search_move<const P: usize, const F: bool>(
        &mut self,
        mv: &Move,
        target: u8,
        d: usize,
    ) -> (u8, Hand) {
        let mark = self.play_at::<P>(mv.card, mv.equals);
        let v = self.search_after::<P, F>(target);
        self.unplay_at::<P>(mv.card);
        (v, self.win[(d - 1) & (DEPTHS - 1)] | mark)
    }

    /// Searches `mv`. On a cutoff records it and returns the node's value (`Ok`); otherwise
    /// returns the move's value and the winning ranks its search backed up (`Err`).
    // Always inlined: with a plain `#[inline]` LLVM kept it out of line once `search_value`
    // was inlined (more instructions, callgrind).
    #[inline(always)]
    fn try_move<const P: usize, const F: bool>(
        &mut self,
        picker: &MovePicker,
        mv: &Move,
        hints: &OrderHints,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> Result<u8, (u8, Hand)> {
        let (v, child) = self.search_move::<P, F>(mv, target, d);
        if (v >= target) == me_max {
            self.win[d] = child;
            self.hints.at[d].cutoff = Some(mv.card);
            self.report_cutoff(picker, P, hints, mv.card);
            return Ok(v);
        }
        Err((v, child))
    }

    /// Tells the ordering, through the node's move picker, that `card` cut off at the
    /// current node (`pos` cards of the trick played, `hints` the node's).
    #[inline]
    fn report_cutoff(&mut self, picker: &MovePicker, pos: usize, hints: &OrderHints, card: Card) {
        let view = trick_view!(self, pos);
        picker.cutoff(&view, self.ordering, hints, card);
    }

    /// Enhanced transposition cutoffs (chapter 6): does one of the fourth hand's moves lead
    /// to a position whose TT entry already decides the search for the side to move?
    #[inline(always)]
    #[allow(unsafe_code, unused_unsafe)]
    fn etc<const F: bool>(
        &mut self,
        picker: &MovePicker,
        moves: &MoveList,
        hints: &OrderHints,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> Option<u8> {
        if F {
            // SAFETY: as in `search_trick_start`.
            unsafe { self.etc_fast(picker, moves, hints, target, d, me_max) }
        } else {
            self.etc_baseline(picker, moves, hints, target, d, me_max)
        }
    }

    fn etc_baseline(
        &mut self,
        picker: &MovePicker,
        moves: &MoveList,
        hints: &OrderHints,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> Option<u8> {
        self.etc_at(picker, moves, hints, target, d, me_max)
    }

    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")
    )]
    // `unsafe`: a `#[target_feature]` function is safe from Rust 1.86 on only.
    #[allow(unsafe_code)]
    unsafe fn etc_fast(
        &mut self,
        picker: &MovePicker,
        moves: &MoveList,
        hints: &OrderHints,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> Option<u8> {
        self.etc_at(picker, moves, hints, target, d, me_max)
    }

    #[inline(always)]
    fn etc_at(
        &mut self,
        picker: &MovePicker,
        moves: &MoveList,
        hints: &OrderHints,
        target: u8,
        d: usize,
        me_max: bool,
    ) -> Option<u8> {
        for mv in moves.iter() {
            let mark = self.play_at::<3>(mv.card, mv.equals);
            let tl = (self.depth() / 4) as u8;
            let mut answer = None;
            if tl >= 2 && target_too_low_or_high(self.tricks_max, target, tl).is_none() {
                let leader = self.leader;
                let leader_max = leader.side() == self.max_side;
                let mut at = TrickStart::new(self.hands, self.trump, leader);
                let g = self.canonical_view(&mut at);
                let key = self.tt.key(&at);
                let x = self.threshold(leader_max, tl, target);
                self.stats.count(Counter::TtProbes, d);
                if let Some(hit) = self.probe_mapped_back(&key, &at, g, x) {
                    self.stats.count(Counter::TtHits, d);
                    let won = hit.reached == leader_max;
                    if won == me_max {
                        let v = self.value_of_lead(leader_max, tl, hit.bound);
                        if self.depth() as u32 <= self.config.verify_tt_cards {
                            self.verify(bound_target(v, won), won, "etc hit");
                        }
                        answer = Some((v, hit.win | mark));
                    }
                }
            }
            self.unplay_at::<3>(mv.card);
            if let Some((v, win)) = answer {
                self.win[d] = win;
                self.hints.at[d].cutoff = Some(mv.card);
                self.report_cutoff(picker, 3, hints, mv.card);
                self.stats.count(Counter::Etc, d);
                return Some(v);
            }
        }
        None
    }
}

/// The target whose zero-window search a fail-soft value `v` answers exactly: at least `v`
/// when the search succeeded (`won`), below `v + 1` when it failed.
#[inline]
fn bound_target(v: u8, won: bool) -> u8 {
    if won {
        v
    } else {
        v + 1
    }
}
