//! The tuned weights of the hands that follow: the second, third and fourth hand, and
//! discards.

use super::*;
use crate::weights::{bottom, top, Weights};
use ddsolve_cards::{Card, Hand, Holding, Seat, Suit};
use ddsolve_moves::{MoveList, TrickView};

/// The trick so far, as the following hands' weights see it.
pub(super) struct Trick {
    pub(super) led: Suit,
    /// The card winning so far and its index in the trick.
    pub(super) winning: Card,
    pub(super) winner: usize,
    /// The cards of the suit led still out when the trick began.
    pub(super) all: Holding,
    /// The cards of every suit out when the trick began ([`TrickView::out`]).
    pub(super) out: Hand,
}

impl Trick {
    /// `out`: the cards out when the trick began ([`TrickView::out`]).
    pub(super) fn new(view: &TrickView, out: Hand) -> Trick {
        let led = view.trick[0].suit();
        let winner = view.winner;
        Trick {
            led,
            winning: view.trick[winner],
            winner,
            all: out.suit(led),
            out,
        }
    }

    /// The rank of the winning card if it is of the suit led, else 0 (a ruff).
    pub(super) fn winning_rank(&self) -> u8 {
        if self.winning.suit() == self.led {
            self.winning.rank().get()
        } else {
            0
        }
    }
}

/// How high third hand must play to drive out fourth hand's top card: the cheapest of
/// `moves` above fourth hand's second group (cards touching fourth hand's top card, with
/// cards played earlier counted as gone, form its first group), if that group lies above
/// the card winning so far; else, if second hand is winning, the cheapest card above it.
pub(super) fn forcing_move(
    fourth: Holding,
    all: Holding,
    trick: &Trick,
    moves: &MoveList,
) -> Option<usize> {
    let others = all - fourth;
    let hi = top(fourth);
    if hi == 0 {
        return None;
    }
    // Fourth hand's cards below the first card of another hand under its top card.
    let gap = top(Holding(others.0 & ((1u16 << hi) - 1)));
    if gap == 0 {
        return None;
    }
    let second_group = top(Holding(fourth.0 & ((1u16 << gap) - 1)));
    let cheapest_above = |floor: u8| {
        (0..moves.len())
            .filter(|&k| moves[k].card.suit() == trick.led && moves[k].card.rank().get() > floor)
            .min_by_key(|&k| moves[k].card.rank())
    };
    if second_group > trick.winning_rank() {
        cheapest_above(second_group)
    } else if trick.winner == 1 {
        cheapest_above(trick.winning_rank())
    } else {
        None
    }
}

impl TunedOrdering {
    // Always inlined into `order_moves`'s two copies (baseline and fast), each its only
    // caller before there were two.
    #[inline(always)]
    pub(super) fn second_hand(
        view: &TrickView,
        t: &Trick,
        trump: Option<Suit>,
        moves: &MoveList,
        ws: &mut Weights,
    ) {
        let me = view.to_play();
        let leader = view.leader;
        let (third, fourth) = (leader.partner(), me.partner());
        let led = t.led;
        let lead = view.trick[0].rank().get();
        let hold = |x: Seat, s: Suit| view.holding(x, s);
        let (max3, min3) = (top(hold(third, led)), bottom(hold(third, led)));
        let (maxpd, minpd) = (top(hold(fourth, led)), bottom(hold(fourth, led)));
        let all = t.all;
        let follows = !hold(me, led).is_empty();
        match (trump, follows) {
            (None, true) => {
                if maxpd > lead && maxpd > max3 {
                    // Partner beats both opponents: play low.
                    for (m, w) in moves.iter().zip(ws.iter_mut()) {
                        *w = -i32::from(m.card.rank().get());
                    }
                    return;
                }
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let r = m.card.rank().get();
                    let rel = rel_rank(all, r);
                    *w = if r > lead && r > max3 {
                        81 - i32::from(r)
                    } else if r < min3 || r < minpd {
                        -3 + rel
                    } else if r < lead {
                        -11 + rel
                    } else if m.equals.len() > 1 {
                        10 + rel
                    } else {
                        13 - i32::from(r)
                    };
                }
            }
            (Some(tr), true) => {
                let third_trumps = hold(third, tr);
                let fourth_trumps = hold(fourth, tr);
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let r = m.card.rank().get();
                    let rel = rel_rank(all, r);
                    let wins = if led == tr {
                        (maxpd > lead && maxpd > max3) || (r > lead && r > max3)
                    } else if r > lead && r > max3 {
                        max3 != 0
                            || third_trumps.is_empty()
                            || (maxpd == 0
                                && !fourth_trumps.is_empty()
                                && top(fourth_trumps) > top(third_trumps))
                    } else if maxpd > lead && maxpd > max3 {
                        max3 != 0 || third_trumps.is_empty()
                    } else if lead > maxpd && lead > max3 && lead > r {
                        maxpd == 0
                            && !fourth_trumps.is_empty()
                            && (max3 != 0
                                || third_trumps.is_empty()
                                || top(fourth_trumps) > top(third_trumps))
                    } else {
                        maxpd == 0 && !fourth_trumps.is_empty()
                    };
                    let ir = i32::from(r);
                    *w = if wins {
                        if min3 > r {
                            40 + rel
                        } else if maxpd > lead && top(hold(me, led)) > maxpd {
                            41 + rel
                        } else if r > lead {
                            if r < maxpd {
                                78 - ir
                            } else if r > max3 {
                                73 - ir
                            } else if m.equals.len() > 1 {
                                62 - ir
                            } else {
                                49 - ir
                            }
                        } else if maxpd > 0 {
                            47 - ir
                        } else {
                            40 - ir
                        }
                    } else if r < min3 || r < minpd {
                        -9 + rel
                    } else if r < lead {
                        -16 + rel
                    } else if m.equals.len() > 1 {
                        22 - ir
                    } else {
                        10 - ir
                    };
                }
            }
            (None, false) => {
                let partner_wins = maxpd > lead && maxpd > max3;
                Self::discards(view, t, moves, ws, |info| {
                    if partner_wins {
                        discard_bonus(info, 23, -2, -3)
                    } else {
                        discard_bonus(info, 33, -6, -8)
                    }
                });
            }
            (Some(tr), false) => {
                let third_trumps = hold(third, tr);
                let fourth_trumps = hold(fourth, tr);
                let partner_wins = maxpd > lead && maxpd > max3;
                if led == tr {
                    Self::discards(view, t, moves, ws, |info| {
                        if partner_wins {
                            (info.len << 6) / 44
                        } else {
                            discard_bonus(info, 36, -4, 0)
                        }
                    });
                    return;
                }
                let fourth_ruffs = maxpd == 0 && !fourth_trumps.is_empty();
                let side_wins = if max3 != 0 {
                    partner_wins || fourth_ruffs
                } else {
                    (fourth_ruffs && top(fourth_trumps) > top(third_trumps))
                        || (third_trumps.is_empty() && maxpd > lead)
                };
                let third_follows = max3 != 0;
                let ruff_over_third = third_follows
                    || (maxpd == 0
                        && top(fourth_trumps) > top(third_trumps)
                        && !fourth_trumps.is_empty());
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let ir = i32::from(m.card.rank().get());
                    *w = if s != tr {
                        let add = if side_wins {
                            60 + (info.len << 6) / 44
                        } else {
                            -2 + discard_bonus(info, 36, -4, 0)
                        };
                        -ir + add
                    } else if ruff_over_third || m.card.rank().get() > top(third_trumps) {
                        24 - ir + (info.len << 6) / 44
                    } else {
                        15 - ir + discard_bonus(info, 36, -4, 0)
                    };
                }
            }
        }
    }

    /// Discards: lowest card of each suit, suits weighted by `suit_add`; the weights go to
    /// `ws`, by the moves' index.
    // Always inlined into `order_moves`'s two copies (baseline and fast): out of line, each
    // instance would run its baseline code under the fast copy too.
    #[inline(always)]
    pub(super) fn discards(
        view: &TrickView,
        t: &Trick,
        moves: &MoveList,
        ws: &mut Weights,
        suit_add: impl Fn(&OwnSuit) -> i32,
    ) {
        let me = view.to_play();
        let suits = moves
            .iter()
            .fold(0u8, |acc, m| acc | 1 << m.card.suit().index());
        let mut adds = [0; 4];
        for s in Suit::ALL {
            if suits & 1 << s.index() != 0 {
                adds[s.index()] = suit_add(&OwnSuit::new(t.out.suit(s), view.holding(me, s)));
            }
        }
        for (m, w) in moves.iter().zip(ws.iter_mut()) {
            *w = -i32::from(m.card.rank().get()) + adds[m.card.suit().index()];
        }
    }

    // Always inlined into `order_moves`'s two copies (baseline and fast), each its only
    // caller before there were two.
    #[inline(always)]
    pub(super) fn third_hand(
        view: &TrickView,
        t: &Trick,
        trump: Option<Suit>,
        moves: &MoveList,
        ws: &mut Weights,
    ) {
        let me = view.to_play();
        let fourth = me.next();
        let led = t.led;
        let cards4 = view.holding(fourth, led);
        let (max4, min4) = (top(cards4), bottom(cards4));
        let follows = !view.holding(me, led).is_empty();
        let low = |ws: &mut Weights| {
            for (m, w) in moves.iter().zip(ws.iter_mut()) {
                *w = -i32::from(m.card.rank().get());
            }
        };
        let cur = t.winning_rank();
        let partner_winning = t.winner == 0;
        if follows {
            let max3 = top(view.holding(me, led));
            let too_low = max3 < min4 || max3 < cur;
            // Weights when we may beat fourth hand: the cheapest card that wins, with a
            // bonus for the card that drives out fourth hand's top if we cannot.
            let contest = |ws: &mut Weights, win_weight: i32, force: bool| {
                let bonus = if force && max4 > max3 && max4 > cur {
                    forcing_move(cards4, t.all, t, moves)
                } else {
                    None
                };
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let r = m.card.rank().get();
                    *w = if r > cur && r > max4 {
                        win_weight - i32::from(r)
                    } else {
                        -i32::from(r)
                    };
                }
                if let Some(k) = bonus {
                    ws[k] += 20;
                }
            };
            match trump {
                None => {
                    if partner_winning && cur > max4 {
                        low(ws);
                        Self::overtake_blocked(view, t, moves, ws);
                    } else if too_low {
                        low(ws);
                    } else {
                        contest(ws, 60, true);
                    }
                }
                Some(tr) => {
                    let ruffed = t.winning.suit() != led;
                    if ruffed
                        || (partner_winning && cur > max4)
                        || (partner_winning && led != tr && max4 == 0)
                        || too_low
                    {
                        low(ws);
                    } else if !partner_winning && led != tr && max4 == 0 {
                        // Fourth hand ruffs or discards: beat second hand.
                        for (m, w) in moves.iter().zip(ws.iter_mut()) {
                            let r = m.card.rank().get();
                            *w = if r > cur { 20 } else { 0 } - i32::from(r);
                        }
                    } else if max3 > max4 {
                        contest(ws, 58, false);
                    } else if led == tr {
                        low(ws);
                        if let Some(k) = forcing_move(cards4, t.all, t, moves) {
                            ws[k] += 20;
                        }
                    } else {
                        contest(ws, 60, true);
                    }
                }
            }
            return;
        }
        // Void in the suit led.
        match trump {
            None => Self::discards(view, t, moves, ws, |info| discard_bonus(info, 24, -4, -4)),
            Some(tr) => {
                if led == tr {
                    Self::discards(view, t, moves, ws, |info| (info.len << 6) / 40);
                    return;
                }
                let fourth_trumps = view.holding(fourth, tr);
                let partner_sure =
                    partner_winning && cur > max4 && (max4 != 0 || fourth_trumps.is_empty());
                let second_ruffed = t.winner == 1 && t.winning.suit() == tr;
                // The leader held the suit's second card out (its card led included).
                let leader_second = partner_winning && max4 != 0 && {
                    let first = 1u16 << top(t.all);
                    let second = t.all.0 & !first & (1u16 << top(Holding(t.all.0 & !first)));
                    let led_cards =
                        view.holding(view.leader, led).0 | 1 << view.trick[0].rank().get();
                    led_cards & second != 0
                };
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let r = m.card.rank().get();
                    let ir = i32::from(r);
                    let add50 = (info.len << 6) / 50;
                    *w = if s != tr {
                        -ir + (info.len << 6) / 40
                    } else if partner_sure {
                        // Don't ruff partner's sure winner.
                        -ir - 50
                    } else if second_ruffed && r < t.winning.rank().get() {
                        // Don't underruff.
                        -32 + rel_rank(info.all, r) + (info.len << 6) / 40
                    } else if partner_winning {
                        if max4 != 0 {
                            if leader_second {
                                36 - ir + add50
                            } else {
                                48 - ir + add50
                            }
                        } else if r > top(fourth_trumps) {
                            48 - ir + add50
                        } else {
                            -12 - ir + add50
                        }
                    } else if max4 != 0 {
                        72 - ir + add50
                    } else if r > top(fourth_trumps) {
                        48 - ir + add50
                    } else {
                        36 - ir + add50
                    };
                }
            }
        }
    }

    /// Notrump, partner's card wins the trick: overtake with the lowest card that does it
    /// when partner is now void in the suit and our top cards can run it.
    pub(super) fn overtake_blocked(
        view: &TrickView,
        t: &Trick,
        moves: &MoveList,
        ws: &mut Weights,
    ) {
        let me = view.to_play();
        let leader = view.leader;
        let led = t.led;
        if !view.holding(leader, led).is_empty() || top(t.all) != top(view.holding(me, led)) {
            return;
        }
        let opp_len = (view.holding(me.next(), led).len() as i32 - 1)
            .max(view.holding(leader.next(), led).len() as i32);
        let mine = view.holding(me, led);
        let others = t.all - mine - Holding::single(t.winning.rank());
        let run = mine.iter().take_while(|r| others.0 >> r.get() == 0).count() as i32;
        if opp_len < run {
            let cur = t.winning.rank();
            if let Some(k) = (0..moves.len())
                .filter(|&k| moves[k].card.rank() > cur)
                .min_by_key(|&k| moves[k].card.rank())
            {
                ws[k] += 20;
            }
        }
    }

    // Always inlined into `order_moves`'s two copies (baseline and fast), each its only
    // caller before there were two.
    #[inline(always)]
    pub(super) fn fourth_hand(
        view: &TrickView,
        t: &Trick,
        trump: Option<Suit>,
        moves: &MoveList,
        ws: &mut Weights,
    ) {
        let me = view.to_play();
        let led = t.led;
        let partner_winning = t.winner == 1;
        if !view.holding(me, led).is_empty() {
            let ruffed = t.winning.suit() != led;
            for (m, w) in moves.iter().zip(ws.iter_mut()) {
                let r = m.card.rank().get();
                *w = if !partner_winning && !ruffed && r > t.winning.rank().get() {
                    // Win as cheaply as possible.
                    30 - i32::from(r)
                } else {
                    -i32::from(r)
                };
            }
            return;
        }
        match trump {
            None => Self::discards(view, t, moves, ws, |info| discard_bonus(info, 27, -6, -8)),
            Some(tr) => {
                for (m, w) in moves.iter().zip(ws.iter_mut()) {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let r = m.card.rank().get();
                    let ir = i32::from(r);
                    let val = discard_bonus(info, 24, -2, 0);
                    *w = if led == tr {
                        -ir + val
                    } else if partner_winning {
                        if s == tr {
                            2 - ir + val
                        } else {
                            25 - ir + val
                        }
                    } else if t.winning.suit() == tr {
                        if s == tr {
                            let rel = rel_rank(info.all, r);
                            if r > t.winning.rank().get() {
                                33 + rel
                            } else {
                                -13 + rel
                            }
                        } else {
                            14 - ir + val
                        }
                    } else if s == tr {
                        33 + rel_rank(info.all, r)
                    } else {
                        14 - ir + val
                    };
                }
            }
        }
    }
}
