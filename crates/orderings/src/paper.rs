//! [`PaperOrdering`]: the move-ordering weights of chapter 5 of Haglund's paper.

use crate::weights::{bottom, sort, top};
use crate::LeadWeighing;
use ddsolve_cards::{beats, Card, Holding, Seat, Suit};
use ddsolve_moves::{Move, MoveList, MoveOrdering, OrderHints, TrickView};

/// The move-ordering weights of chapter 5 of Haglund's paper, for the four positions in the
/// trick, notrump and trump, with the paper's two exceptions.
#[derive(Clone, Copy, Debug, Default)]
pub struct PaperOrdering;

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

impl LeadWeighing for PaperOrdering {}
