//! The ordering seam ([`MoveOrdering`](crate::MoveOrdering), [`OrderHints`](crate::OrderHints)),
//! chapter 5's weights ([`PaperOrdering`](crate::PaperOrdering)) and the rank baseline
//! ([`RankOrdering`](crate::RankOrdering)).

use crate::{Move, MoveList, TrickView};
use ddsolve_cards::{beats, Card, Holding, Seat, Suit};

/// What the search knows that helps ordering: the move that last caused a cutoff at this
/// depth ("best move"), the move stored with the last transposition-table hit, and how many
/// tricks the side to play needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OrderHints {
    /// The move that last caused a cutoff at this depth.
    pub cutoff: Option<Card>,
    /// The best move of the transposition-table entry that last matched at this depth.
    pub tt: Option<Card>,
    /// The tricks the side to play needs from here (the current trick included) for the
    /// zero-window search to cut off at this node: the search's target for the side it
    /// maximises, enough tricks to keep that side below it for the other. 0 when unknown.
    pub need: u8,
}

/// Orders a list of generated moves, best first. The solver (`ddsolve_search::Solver`) is
/// generic over this trait, so an ordering can be replaced without touching the search.
///
/// An ordering sees the node through a [`TrickView`] (the cards still in the hands, trumps,
/// the hand on lead and the cards of the trick so far; the cards left, and so the depth, are
/// the hands' total) and the search's [`OrderHints`]. It may keep state of its own between
/// nodes and between searches (`&mut self`: a cutoff-card memory, killer moves): the search
/// reports every cutoff through [`MoveOrdering::cutoff`], and the solver calls
/// [`MoveOrdering::reset`] when it forgets its table (a new trump strain or `clear`).
///
/// The contract: `order` leaves `moves` a permutation of its input (every generated move
/// exactly once); the search's results never depend on the order, only its speed does.
pub trait MoveOrdering {
    /// Sets weights and sorts `moves` (a permutation of the input), best first.
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList);

    /// A card to try before any ordering (say, a remembered cutoff card): the search plays
    /// the legal move that holds it first, and calls [`MoveOrdering::order`] for the other
    /// moves only if it does not cut off. A card that is not legal is ignored. The default
    /// proposes none, so every node is ordered in full.
    #[inline]
    fn first(&mut self, view: &TrickView, hints: &OrderHints) -> Option<Card> {
        let _ = (view, hints);
        None
    }

    /// [`MoveOrdering::first`], with a note of the node's context for
    /// [`MoveOrdering::cutoff_noted`] (what the move picker calls: an ordering that keys a
    /// memory by the node's context computes it once a node instead of twice). The default
    /// notes nothing (0).
    #[inline]
    fn first_noted(&mut self, view: &TrickView, hints: &OrderHints) -> (Option<Card>, u64) {
        (self.first(view, hints), 0)
    }

    /// [`MoveOrdering::cutoff`], given the note [`MoveOrdering::first_noted`] returned for
    /// the node (what the move picker's [`crate::MovePicker::cutoff`] calls). The default
    /// calls `cutoff`.
    #[inline]
    fn cutoff_noted(&mut self, view: &TrickView, hints: &OrderHints, card: Card, note: u64) {
        let _ = note;
        self.cutoff(view, hints, card);
    }

    /// Whether the move picker ([`crate::MovePicker`]) should hand out a discard node's
    /// moves (the hand to play void in the suit led, no proposal) in two steps: first each
    /// suit's lowest run with every move of the live trump suit
    /// ([`TrickView::live_trump`]), as `order` orders that short list; then the others, as
    /// `order` orders them. The default says no: the full list ordered at once.
    #[inline]
    fn lowest_discards_first(&self) -> bool {
        false
    }

    /// `card`, one of the moves `order` was given for the node `view` (with `hints`, the
    /// same as the node's [`MoveOrdering::first`] and [`MoveOrdering::order`] were given),
    /// caused a cutoff there. The default ignores it.
    #[inline]
    fn cutoff(&mut self, view: &TrickView, hints: &OrderHints, card: Card) {
        let _ = (view, hints, card);
    }

    /// Forgets everything learned (the solver's table was cleared). The default does
    /// nothing.
    #[inline]
    fn reset(&mut self) {}

    /// [`MoveOrdering::order`] at a lead (two moves or more), with the bonus of each move's
    /// [`crate::LeadCategory`] added to this ordering's weights, the order being that of
    /// sorting by this ordering's weights and then, stably, by the weights with the bonus:
    /// what [`crate::LeadCategories`] calls. The default does exactly that (orders, adds
    /// the bonuses, sorts again); an ordering that weighs the leader's suits itself may
    /// work the categories out in the same pass and sort once, to the same order.
    #[inline]
    fn order_lead_with_categories(
        &mut self,
        view: &TrickView,
        hints: &OrderHints,
        moves: &mut MoveList,
    ) {
        self.order(view, hints, moves);
        crate::lead_categories::add_bonus(view, moves);
    }
}

/// The simplest ordering: highest rank first, then suit order. A baseline for ablation.
#[derive(Clone, Copy, Debug, Default)]
pub struct RankOrdering;

impl MoveOrdering for RankOrdering {
    fn order(&mut self, _view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        for m in moves.iter_mut() {
            m.weight = i32::from(m.card.rank().get()) * 4 - m.card.suit().index() as i32;
            if Some(m.card) == hints.cutoff || Some(m.card) == hints.tt {
                m.weight += 100;
            }
        }
        sort(moves);
    }
}

/// The move-ordering weights of chapter 5 of Haglund's paper, for the four positions in the
/// trick, notrump and trump, with the paper's two exceptions.
#[derive(Clone, Copy, Debug, Default)]
pub struct PaperOrdering;

/// Sorts `moves` by weight, highest first, ties in their order in the list (a stable sort).
///
/// Lists of two to six moves (most lists) are sorted without a branch on the weights, by
/// [`sort_small`]; an insertion sort's data-dependent branches mispredicted often. Longer
/// lists are sorted by insertion.
#[inline(always)]
pub(crate) fn sort(moves: &mut MoveList) {
    let n = moves.len();
    if n > 4 {
        if n <= 6 {
            if n == 6 {
                sort_small::<6>(moves);
            } else {
                sort_small::<5>(moves);
            }
            return;
        }
        for i in 1..n {
            let m = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1].weight < m.weight {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = m;
        }
    } else if n > 2 {
        if n == 4 {
            sort_small::<4>(moves);
        } else {
            sort_small::<3>(moves);
        }
    } else if n == 2 {
        sort_small::<2>(moves);
    }
}

/// Weights for the moves of a [`MoveList`], by index.
pub(crate) type Weights = [i32; 13];

/// [`sort`] for the moves of `moves` weighed `weights` (by index): the same order (the
/// highest weight first, ties in list order), each move's weight set to its own.
#[inline(always)]
pub(crate) fn sort_weighed(moves: &mut MoveList, weights: &Weights) {
    let n = moves.len();
    if n > 4 {
        if n <= 6 {
            if n == 6 {
                sort_small_weighed::<6>(moves, weights);
            } else {
                sort_small_weighed::<5>(moves, weights);
            }
            return;
        }
        for (m, &w) in moves.iter_mut().zip(weights) {
            m.weight = w;
        }
        sort(moves);
    } else if n > 2 {
        if n == 4 {
            sort_small_weighed::<4>(moves, weights);
        } else {
            sort_small_weighed::<3>(moves, weights);
        }
    } else if n == 2 {
        // The two weights read one by one: the places' array of both was one 8-byte load
        // over the two 4-byte stores just made, which waits for them to be written (a
        // failed store forwarding: BENCHMARKS.md, 2026-11-28).
        let m0 = Move {
            weight: weights[0],
            ..moves[0]
        };
        let m1 = Move {
            weight: weights[1],
            ..moves[1]
        };
        let swap = m1.weight > m0.weight;
        moves[0] = if swap { m1 } else { m0 };
        moves[1] = if swap { m0 } else { m1 };
    } else if n == 1 {
        moves[0].weight = weights[0];
    }
}

/// [`sort_weighed`] for a list of `N` moves, as [`sort_small`] places them.
#[inline(always)]
fn sort_small_weighed<const N: usize>(moves: &mut MoveList, weights: &Weights) {
    let src: [Move; N] = std::array::from_fn(|i| moves[i]);
    let places = places::<N>(std::array::from_fn(|i| weights[i]));
    for (i, p) in places.into_iter().enumerate() {
        moves[p] = src[i];
        moves[p].weight = weights[i];
    }
}

/// [`sort`] for a list of `N` moves: each move's place is the number of moves that go
/// before it (the earlier ones that weigh as much or more, the later ones that weigh
/// strictly more), counted from one comparison per pair, and each move is written to its
/// place.
#[inline(always)]
fn sort_small<const N: usize>(moves: &mut MoveList) {
    let src: [Move; N] = std::array::from_fn(|i| moves[i]);
    for (m, p) in src.iter().zip(places::<N>(src.map(|m| m.weight))) {
        moves[p] = *m;
    }
}

/// The place of each of `N` weights in the order highest first, ties in list order: the
/// number that go before it (the earlier ones as heavy or heavier, the later ones strictly
/// heavier), from one comparison per pair.
#[inline(always)]
fn places<const N: usize>(weights: [i32; N]) -> [usize; N] {
    let mut places = [0usize; N];
    for i in 0..N {
        for j in i + 1..N {
            let later_first = usize::from(weights[j] > weights[i]);
            places[i] += later_first;
            places[j] += 1 - later_first;
        }
    }
    places
}

/// The highest rank of `h` (ranks at bits 2..=14), 0 if `h` is empty.
#[inline]
pub(crate) fn top(h: Holding) -> u8 {
    // Bit 0 is no rank: it stands for the top of an empty holding, 0.
    (15 - (h.0 | 1).leading_zeros()) as u8
}

/// The highest rank bit of `h` (rank bits as in a [`Holding`]), 0 if `h` is 0 (a `u32`
/// shift by 16, no branch).
#[inline]
pub(crate) fn highest_bit(h: u16) -> u16 {
    (0x8000u32 >> h.leading_zeros()) as u16
}

/// The lowest rank of `h` (ranks at bits 2..=14), 0 if `h` is empty.
#[inline]
pub(crate) fn bottom(h: Holding) -> u8 {
    // 16 trailing zeros for an empty holding: masked to 0.
    (h.0.trailing_zeros() & 15) as u8
}

/// The strongest card `seat` could contribute to a trick led in `led`: its top card of the
/// suit, else its top trump, else nothing.
fn best_contribution(view: &TrickView, seat: Seat, led: Suit) -> Option<Card> {
    let h = view.holding(seat, led);
    if let Some(r) = h.highest() {
        return Some(Card::new(led, r));
    }
    let t = view.trump.trump()?;
    view.holding(seat, t).highest().map(|r| Card::new(t, r))
}

fn better(a: Option<Card>, b: Option<Card>, led: Suit, view: &TrickView) -> Option<Card> {
    match (a, b) {
        (Some(x), Some(y)) => Some(if beats(y, x, led, view.trump) { y } else { x }),
        (x, None) => x,
        (None, y) => y,
    }
}

/// What a following hand's weights need to know of the trick so far.
#[derive(Clone, Copy, Debug)]
struct Follow {
    led: Suit,
    /// Second hand: the card led. Third and fourth hand: the card winning so far.
    current: Card,
    /// Whether the card winning so far is partner's (third and fourth hand).
    partner_winning: bool,
    /// The best card the next hand of our side (second hand: fourth hand) or the last hand
    /// (third hand: fourth hand) can contribute.
    other: Option<Card>,
    /// Second hand: the better of the lead and third hand's best card.
    theirs: Option<Card>,
    third_low: u8,
    fourth_low: u8,
    fourth_top: u8,
    fourth_between: bool,
    leader_led_top: u8,
    second_highest: u8,
}

impl Default for Follow {
    fn default() -> Follow {
        Follow {
            led: Suit::Spades,
            current: Card::new(Suit::Spades, ddsolve_cards::Rank::TWO),
            partner_winning: false,
            other: None,
            theirs: None,
            third_low: 0,
            fourth_low: 0,
            fourth_top: 0,
            fourth_between: false,
            leader_led_top: 0,
            second_highest: 0,
        }
    }
}

/// What the leader's weights need to know of one suit.
#[derive(Clone, Copy, Debug, Default)]
struct LeadSuit {
    delta: i32,
    ruff: bool,
    opp_top: i32,
    pd_top: i32,
    highest: i32,
    opp_singleton_top: bool,
    me_highest: bool,
    me_second: bool,
    pd_highest: bool,
    pd_second: bool,
}

impl PaperOrdering {
    /// The parts of the leader's weights that depend only on the suit (computed once per
    /// suit and node).
    fn lead_suit(view: &TrickView, s: Suit, depth: i32) -> LeadSuit {
        let me = view.to_play();
        let (pd, lho, rho) = (me.partner(), me.next(), me.prev());
        let count = |seat: Seat| {
            let n = view.holding(seat, s).len() as i32;
            if n == 0 {
                depth + 4
            } else {
                n * 4
            }
        };
        let ruffer = |seat: Seat| match view.trump.trump() {
            Some(t) if t != s => {
                view.holding(seat, s).is_empty() && !view.holding(seat, t).is_empty()
            }
            _ => false,
        };
        let ruff = ruffer(lho) || ruffer(rho);
        let suit_bonus = if ruff { -12 } else { 0 };
        let delta = suit_bonus - (count(lho) + count(rho)) * 2;
        let all = view.at_trick_start(s);
        let highest = top(all);
        let second = top(all - Holding(1 << highest));
        let holds = |seat: Seat, rank: u8| rank != 0 && view.holding(seat, s).0 & (1 << rank) != 0;
        let opp_top = top(view.holding(lho, s)).max(top(view.holding(rho, s)));
        LeadSuit {
            delta,
            ruff,
            opp_top: i32::from(opp_top),
            pd_top: i32::from(top(view.holding(pd, s))),
            highest: i32::from(highest),
            opp_singleton_top: [lho, rho]
                .iter()
                .any(|&o| view.holding(o, s).len() == 1 && holds(o, highest)),
            me_highest: holds(me, highest),
            me_second: holds(me, second),
            pd_highest: holds(pd, highest),
            pd_second: holds(pd, second),
        }
    }

    fn weight_leader(&self, info: &LeadSuit, hints: &OrderHints, m: &Move) -> i32 {
        let r = i32::from(m.card.rank().get());
        let wins = r.max(info.pd_top) > info.opp_top && !info.ruff;
        let has_equals = m.equals.len() > 1;
        let is_best = Some(m.card) == hints.cutoff || Some(m.card) == hints.tt;
        let mut w = if wins {
            if info.opp_singleton_top {
                40 - r
            } else if info.me_highest {
                if info.pd_second {
                    50 - r
                } else if r == info.highest {
                    31
                } else {
                    19 - r
                }
            } else if info.pd_highest {
                if info.me_second {
                    50 - r
                } else {
                    35 - r
                }
            } else if has_equals {
                40 - r
            } else {
                30 - r
            }
        } else if info.opp_singleton_top {
            20 - r
        } else if info.me_highest {
            if info.pd_second {
                35 - r
            } else if r == info.highest {
                16
            } else {
                4 - r
            }
        } else if info.pd_highest {
            if info.me_second {
                35 - r
            } else {
                20 - r
            }
        } else if info.me_second && has_equals {
            20 - r
        } else {
            4 - r
        };
        if is_best {
            w += if wins { 50 } else { 30 };
        }
        w + info.delta
    }

    /// What the second hand's weights need to know of the trick (once per node).
    fn second_ctx(view: &TrickView) -> Follow {
        let me = view.to_play();
        let lead = view.trick[0];
        let led = lead.suit();
        let leader = view.leader;
        let third = leader.partner();
        let fourth = me.partner();
        let third_led = view.holding(third, led);
        let fourth_led = view.holding(fourth, led);
        let leader_led_top = top(view.holding(leader, led));
        let leader_top = leader_led_top.max(lead.rank().get());
        let lr = lead.rank().get();
        Follow {
            led,
            current: lead,
            partner_winning: false,
            other: best_contribution(view, fourth, led),
            theirs: better(Some(lead), best_contribution(view, third, led), led, view),
            third_low: if third_led.is_empty() {
                0
            } else {
                bottom(third_led)
            },
            fourth_low: if fourth_led.is_empty() {
                0
            } else {
                bottom(fourth_led)
            },
            fourth_top: top(fourth_led),
            fourth_between: fourth_led
                .iter()
                .any(|x| x.get() > lr && x.get() < leader_top),
            leader_led_top,
            second_highest: 0,
        }
    }

    fn weight_second(&self, view: &TrickView, f: &Follow, m: &Move) -> i32 {
        let me = view.to_play();
        let lead = f.current;
        let led = f.led;
        let c = m.card;
        let r = i32::from(c.rank().get());
        let trump = view.trump.trump();
        let void = c.suit() != led;
        let len2 = 2 * view.holding(me, c.suit()).len() as i32;
        let has_equals = m.equals.len() > 1;
        let ours = better(Some(c), f.other, led, view);
        let wins = match (ours, f.theirs) {
            (Some(o), Some(t)) => beats(o, t, led, view.trump),
            _ => false,
        };
        let beats_lead = beats(c, lead, led, view.trump);
        if wins {
            if void {
                if trump == Some(c.suit()) {
                    30 - r + len2
                } else {
                    60 - r + len2
                }
            } else if f.third_low != 0 && i32::from(f.third_low) > r {
                45 - r
            } else if f.fourth_between {
                60 - r
            } else if beats_lead {
                if f.fourth_top != 0 && r < i32::from(f.fourth_top) {
                    75 - r
                } else if r > i32::from(f.leader_led_top) {
                    70 - r
                } else if has_equals {
                    60 - r
                } else {
                    45 - r
                }
            } else if f.fourth_top != 0 {
                if has_equals {
                    50 - r
                } else {
                    45 - r
                }
            } else {
                45 - r
            }
        } else if void {
            if trump == Some(c.suit()) {
                15 - r + len2
            } else {
                -r + len2
            }
        } else if (f.third_low != 0 && i32::from(f.third_low) > r)
            || (f.fourth_low != 0 && i32::from(f.fourth_low) > r)
        {
            -r
        } else if beats_lead {
            if has_equals {
                20 - r
            } else {
                10 - r
            }
        } else {
            -r
        }
    }

    /// What the third hand's weights need to know of the trick (once per node).
    fn third_ctx(view: &TrickView) -> Follow {
        let me = view.to_play();
        let led = view.trick[0].suit();
        let (lead, second) = (view.trick[0], view.trick[1]);
        let leader_winning = !beats(second, lead, led, view.trump);
        let all = view.at_trick_start(led);
        Follow {
            led,
            current: if leader_winning { lead } else { second },
            partner_winning: leader_winning,
            other: best_contribution(view, me.next(), led),
            second_highest: top(all - Holding(1 << top(all))),
            ..Follow::default()
        }
    }

    fn weight_third(&self, view: &TrickView, f: &Follow, m: &Move) -> i32 {
        let me = view.to_play();
        let led = f.led;
        let c = m.card;
        let r = i32::from(c.rank().get());
        let trump = view.trump.trump();
        let void = c.suit() != led;
        let len2 = 2 * view.holding(me, c.suit()).len() as i32;
        let leader_winning = f.partner_winning;
        let on_top = beats(c, f.current, led, view.trump);
        let ours = if leader_winning && !on_top {
            f.current
        } else {
            c
        };
        let ours_ok = leader_winning || on_top;
        let wins = ours_ok
            && match f.other {
                Some(o) => !beats(o, ours, led, view.trump),
                None => true,
            };
        let is_trump = trump == Some(c.suit());
        if wins {
            if void {
                if leader_winning {
                    // Partner's card wins, or this ruff overtakes it.
                    if is_trump && trump != Some(led) {
                        30 - r + len2
                    } else {
                        60 - r + len2
                    }
                } else if is_trump {
                    70 - r + len2
                } else {
                    30 - r + len2
                }
            } else {
                60 - r
            }
        } else if void {
            if is_trump && on_top {
                40 - r + len2
            } else if is_trump {
                -15 - r + len2
            } else {
                -r + len2
            }
        } else if on_top {
            if c.rank().get() == f.second_highest {
                25
            } else if m.equals.len() > 1 {
                20 - r
            } else {
                10 - r
            }
        } else {
            -10 - r
        }
    }

    /// What the fourth hand's weights need to know of the trick (once per node).
    fn fourth_ctx(view: &TrickView) -> Follow {
        let led = view.trick[0].suit();
        // Index of the card winning so far: 0 leader, 1 my partner, 2 leader's partner.
        let win = view.winner;
        Follow {
            led,
            current: view.trick[win],
            partner_winning: win == 1,
            ..Follow::default()
        }
    }

    fn weight_fourth(&self, view: &TrickView, f: &Follow, m: &Move) -> i32 {
        let led = f.led;
        let c = m.card;
        let r = i32::from(c.rank().get());
        let trump = view.trump.trump();
        let void = c.suit() != led;
        let len2 = 2 * view.holding(view.to_play(), c.suit()).len() as i32;
        let partner_winning = f.partner_winning;
        let mine_wins = beats(c, f.current, led, view.trump);
        let is_trump = trump == Some(c.suit()) && trump != Some(led);
        if void {
            if partner_winning {
                if is_trump {
                    14 - r + len2
                } else {
                    30 - r + len2
                }
            } else if mine_wins {
                30 - r + len2
            } else if is_trump {
                -r
            } else {
                14 - r + len2
            }
        } else if partner_winning || mine_wins {
            30 - r
        } else {
            14 - r
        }
    }
}

impl MoveOrdering for PaperOrdering {
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        if moves.len() <= 1 {
            // Nothing to order (weights are only used for ordering).
            return;
        }
        let pos = view.trick.len();
        if pos == 0 {
            let depth = view.cards_left() as i32 - 4;
            let mut infos: [Option<LeadSuit>; 4] = [None; 4];
            for m in moves.iter_mut() {
                let s = m.card.suit().index();
                let info =
                    *infos[s].get_or_insert_with(|| Self::lead_suit(view, m.card.suit(), depth));
                m.weight = self.weight_leader(&info, hints, m);
            }
        }
        if pos > 0 {
            let f = match pos {
                1 => Self::second_ctx(view),
                2 => Self::third_ctx(view),
                _ => Self::fourth_ctx(view),
            };
            for m in moves.iter_mut() {
                m.weight = match pos {
                    1 => self.weight_second(view, &f, m),
                    2 => self.weight_third(view, &f, m),
                    _ => self.weight_fourth(view, &f, m),
                };
            }
        }
        sort(moves);
        // Exception 1 (chapter 5): the leader's best suit takes the first two slots.
        if pos == 0 && moves.len() > 2 {
            let best_suit = moves[0].card.suit();
            if moves[1].card.suit() != best_suit {
                if let Some(j) = (2..moves.len()).find(|&j| moves[j].card.suit() == best_suit) {
                    let m = moves[j];
                    for k in (1..j).rev() {
                        moves[k + 1] = moves[k];
                    }
                    moves[1] = m;
                }
            }
        }
        // Exception 2: a discarding hand tries its best suit first, which the sort already
        // guarantees; nothing more to do.
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::{DealRng, Rank};

    #[test]
    fn sort_is_a_stable_sort_by_weight_highest_first() {
        let mut rng = DealRng::new(11);
        for _ in 0..20_000 {
            let n = rng.below(14) as usize;
            // Few distinct weights, so that ties are common.
            let mut moves = MoveList::new();
            for k in 0..n {
                let card = Card::new(Suit::ALL[k % 4], Rank::new(2 + k as u8).unwrap());
                let weight = rng.below(5) as i32 - 2;
                moves.push(Move {
                    card,
                    equals: Holding::single(card.rank()),
                    weight,
                });
            }
            let mut expected = moves.to_vec();
            expected.sort_by_key(|m| std::cmp::Reverse(m.weight));
            sort(&mut moves);
            assert_eq!(moves.to_vec(), expected);
        }
    }

    #[test]
    fn sort_weighed_orders_as_sort_with_the_weights_set() {
        let mut rng = DealRng::new(12);
        for _ in 0..20_000 {
            let n = rng.below(14) as usize;
            let mut moves = MoveList::new();
            let mut weights = [0; 13];
            for (k, w) in weights.iter_mut().enumerate().take(n) {
                let card = Card::new(Suit::ALL[k % 4], Rank::new(2 + k as u8).unwrap());
                // Few distinct weights, so that ties are common; the moves' own weights
                // are stale and must not count.
                *w = rng.below(5) as i32 - 2;
                moves.push(Move {
                    card,
                    equals: Holding::single(card.rank()),
                    weight: rng.below(5) as i32,
                });
            }
            let mut expected = moves.clone();
            for (m, &w) in expected.iter_mut().zip(&weights) {
                m.weight = w;
            }
            sort(&mut expected);
            sort_weighed(&mut moves, &weights);
            assert_eq!(moves, expected);
        }
    }

    #[test]
    fn top_and_bottom_match_the_holdings_highest_and_lowest_rank() {
        // Every holding of ranks (bits 2..=14), the empty one included.
        for bits in 0u16..1 << 13 {
            let h = Holding(bits << 2);
            assert_eq!(top(h), h.highest().map_or(0, |r| r.get()), "{bits:#x}");
            assert_eq!(bottom(h), h.lowest().map_or(0, |r| r.get()), "{bits:#x}");
        }
    }
}
