//! A frozen copy of [`crate::TunedOrdering`] as it was before its cost was cut (issue 30),
//! kept for the test that the two produce the same order on random positions.

#![allow(dead_code)]

use crate::order::{bottom, top};

/// The insertion sort the ordering used (stable, highest weight first).
fn sort(moves: &mut MoveList) {
    for i in 1..moves.len() {
        let m = moves[i];
        let mut j = i;
        while j > 0 && moves[j - 1].weight < m.weight {
            moves[j] = moves[j - 1];
            j -= 1;
        }
        moves[j] = m;
    }
}
use crate::{Move, MoveList, MoveOrdering, OrderHints, TrickView};
use ddsolve_cards::{Card, Hand, Holding, Seat, Suit};

/// Move ordering tuned by measurement on DDS's test deals (the search's default orders
/// through it, behind [`crate::CutoffOrdering`]).
///
/// "Trump" rules apply while any hand still holds a trump; once trumps are gone, or in
/// notrump, the notrump rules apply. Within a suit, ranks are compared relative to the
/// cards still out, so that the weights do not depend on which small cards were played.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReferenceOrdering;

/// 1 for the highest card of `all`, 2 for the next, ...
#[inline]
fn rel_rank(all: Holding, rank: u8) -> i32 {
    (all.0 >> rank).count_ones() as i32 + 1
}

/// What the weights need to know of one suit at the start of the trick.
#[derive(Clone, Copy, Debug)]
struct SuitInfo {
    /// The suit's cards still out when the trick began.
    all: Holding,
    /// The holders of its three highest cards.
    owners: [Option<Seat>; 3],
    /// Each seat's length, by seat index.
    lens: [i32; 4],
    /// Each seat's highest card in the suit (0: none), by seat index.
    tops: [u8; 4],
}

impl SuitInfo {
    #[inline(always)]
    fn new(view: &TrickView, s: Suit) -> SuitInfo {
        let h = &view.hands.0;
        let mut full = [h[0].suit(s), h[1].suit(s), h[2].suit(s), h[3].suit(s)];
        let tops = full.map(top);
        let lens = full.map(|x| x.len() as i32);
        for (k, c) in view.trick.iter().enumerate() {
            if c.suit() == s {
                full[view.leader.offset(k).index()] |= Holding::single(c.rank());
            }
        }
        let all = view.out.suit(s);
        // The holder of a rank as a seat index: bit 0 from East and West, bit 1 from South
        // and West.
        let (odd, south_west) = (full[1].0 | full[3].0, full[2].0 | full[3].0);
        let mut owners = [None; 3];
        let mut rest = all.0;
        for o in owners.iter_mut() {
            if rest == 0 {
                break;
            }
            let bit = 1u16 << (15 - rest.leading_zeros());
            rest &= !bit;
            let seat = usize::from(odd & bit != 0) | usize::from(south_west & bit != 0) << 1;
            // A table, not `Seat::from_index`: its `match` compiled to a jump table here,
            // an indirect branch mispredicted three times in four.
            *o = Some(Seat::ALL[seat]);
        }
        SuitInfo {
            all,
            owners,
            lens,
            tops,
        }
    }

    #[inline]
    fn len(&self, x: Seat) -> i32 {
        self.lens[x.index()]
    }

    #[inline]
    fn top_of(&self, x: Seat) -> u8 {
        self.tops[x.index()]
    }

    #[inline]
    fn highest(&self) -> u8 {
        top(self.all)
    }

    #[inline]
    fn second(&self) -> u8 {
        top(self.all - Holding(1 << self.highest()))
    }
}

/// Per suit of `me`'s hand (which has not played to this trick): its length and whether it
/// holds the suit's highest and second-highest cards still out.
#[derive(Clone, Copy, Debug)]
struct OwnSuit {
    all: Holding,
    len: i32,
    top: bool,
    second: bool,
}

impl OwnSuit {
    /// `all`: the suit's cards out when the trick began; `mine`: the hand's.
    #[inline]
    fn new(all: Holding, mine: Holding) -> OwnSuit {
        let hi = top(all);
        let second = top(all - Holding(1 << hi));
        OwnSuit {
            all,
            len: mine.len() as i32,
            top: hi != 0 && mine.0 & (1 << hi) != 0,
            second: second != 0 && mine.0 & (1 << second) != 0,
        }
    }
}

/// A discard's suit weight: longer suits first, but not from a guarded king or a singleton
/// top card.
#[inline]
fn discard_bonus(info: &OwnSuit, div: i32, kx: i32, stiff_top: i32) -> i32 {
    let len = info.len;
    let mut add = (len << 6) / div;
    if len == 2 && info.second {
        add += kx;
    } else if len == 1 && info.top {
        add += stiff_top;
    }
    add
}

/// What a notrump lead's weight needs to know of its suit, worked out once per suit and node
/// (the rules of [`ReferenceOrdering::lead_nt`]).
#[derive(Clone, Copy, Debug, Default)]
struct LeadNt {
    all: Holding,
    highest: u8,
    second: u8,
    /// Partner's top card beats both opponents'.
    partner_beats: bool,
    /// The weight, less the move's own terms, when the side wins the trick.
    win_base: i32,
    /// The same when it does not.
    lose_base: i32,
    /// An opponent holds the top card alone.
    singleton_top: bool,
    /// The leader holds the top card.
    first_me: bool,
}

/// What a lead's weight needs to know of its suit when trumps are out, worked out once per
/// suit and node (the rules of [`ReferenceOrdering::lead_trump`]).
#[derive(Clone, Copy, Debug, Default)]
struct LeadTrump {
    all: Holding,
    highest: u8,
    second: u8,
    /// Whether the side wins the trick when the leader plays the suit's highest card, and
    /// when it plays another.
    wins_with_top: bool,
    wins_below_top: bool,
    /// The suit's part of the weight when the side wins, and when it does not.
    win_delta: i32,
    lose_delta: i32,
    /// An opponent holds the top card alone.
    singleton_top: bool,
    first_me: bool,
    first_pd: bool,
    second_me: bool,
    second_pd: bool,
}

/// How the leader's side holds the second and third cards out in a suit (`owners`: the
/// holders of its three highest), which win the next round once the top card has gone: 2
/// when partner holds both, 1 when the leader and partner hold one each and partner has
/// another card (`pd_len` > 1), 0 otherwise.
#[inline]
fn next_round_tops(owners: [Option<Seat>; 3], me: Seat, pd_len: i32) -> usize {
    let pd = me.partner();
    match (owners[1], owners[2]) {
        (Some(a), Some(b)) if a == pd && b == pd => 2,
        (Some(a), Some(b)) if ((a == me && b == pd) || (a == pd && b == me)) && pd_len > 1 => 1,
        _ => 0,
    }
}

impl ReferenceOrdering {
    fn lead_nt(view: &TrickView, info: &SuitInfo) -> LeadNt {
        let me = view.to_play();
        let (pd, lho, rho) = (me.partner(), me.next(), me.prev());
        let tl = view.hands[me].len() as i32 - 1;
        let len = |x: Seat| info.len(x);
        // Suits that give the opponents many cards to choose from make larger trees.
        let count = |x: Seat| {
            if len(x) == 0 {
                4 * (tl + 1)
            } else {
                4 * len(x)
            }
        };
        let mut delta = -((count(lho) + count(rho)) * 32) / 19;
        if len(pd) == 0 {
            delta -= 9;
        }
        let [first, second, _] = info.owners;
        let opp_top = info.top_of(lho).max(info.top_of(rho));

        // The side wins the trick.
        let mut win = delta;
        if second == Some(rho) {
            if len(rho) != 1 {
                win -= 1;
            }
        } else if second == Some(lho) {
            win += if len(lho) != 1 { 22 } else { 16 };
        }
        let second_safe =
            (second != Some(lho) || len(lho) == 1) && (second != Some(rho) || len(rho) == 1);
        win += if second_safe { 45 } else { 18 };

        // It does not.
        let mut lose = delta;
        if (first == Some(rho) || second == Some(rho)) && len(rho) != 1 {
            lose -= 10;
        } else if first == Some(lho) && second == Some(pd) && len(pd) != 1 {
            lose += 31;
        }
        // The side will hold the top card of the next round.
        lose += [0, 25, 35][next_round_tops(info.owners, me, len(pd))];
        LeadNt {
            all: info.all,
            highest: info.highest(),
            second: info.second(),
            partner_beats: info.top_of(pd) > opp_top,
            win_base: win,
            lose_base: lose,
            singleton_top: (len(lho) == 1 && first == Some(lho))
                || (len(rho) == 1 && first == Some(rho)),
            first_me: first == Some(me),
        }
    }

    #[inline]
    fn weight_leader_nt(suit: &LeadNt, hints: &OrderHints, m: &Move) -> i32 {
        let r = m.card.rank().get();
        let rel = rel_rank(suit.all, r);
        let is_cut = Some(m.card) == hints.cutoff;
        let is_tt = !is_cut && Some(m.card) == hints.tt;
        if r == suit.highest || suit.partner_beats {
            let mut w = suit.win_base + rel;
            if is_cut {
                w += 126;
            } else if is_tt {
                w += 32;
            }
            w
        } else {
            let delta = suit.lose_base;
            let mut w = if suit.singleton_top {
                delta + 28 + rel
            } else if suit.first_me {
                delta - 17 + rel
            } else if m.equals.len() <= 1 {
                delta + 12 + rel
            } else if r == suit.second {
                delta + 48
            } else {
                delta + 29 - rel
            };
            if is_cut {
                w += 47;
            } else if is_tt {
                w += 19;
            }
            w
        }
    }

    fn lead_trump(view: &TrickView, t: Suit, s: Suit, info: &SuitInfo) -> LeadTrump {
        let me = view.to_play();
        let (pd, lho, rho) = (me.partner(), me.next(), me.prev());
        let tl = view.hands[me].len() as i32 - 1;
        let len = |x: Seat| info.len(x);
        let trumps = |x: Seat| view.holding(x, t);
        let count = |x: Seat| {
            if len(x) == 0 {
                4 * (tl + 1)
            } else {
                4 * len(x)
            }
        };
        let ruffs = |x: Seat| s != t && len(x) == 0 && !trumps(x).is_empty();
        let [first, second, _] = info.owners;
        let mut delta = -((count(lho) + count(rho)) * 32) / 13;
        if ruffs(lho) || ruffs(rho) {
            delta -= 12;
        }
        if ruffs(pd) && len(rho) > 0 {
            delta += 17;
        }
        if first == Some(rho) || second == Some(rho) {
            if len(rho) != 1 {
                delta -= 12;
            }
        } else if first == Some(lho) && second == Some(pd) && len(pd) != 1 {
            delta += 27;
        }
        // Partner wins and returns the suit for a ruff.
        if s != t && len(me) == 1 && !trumps(me).is_empty() && len(pd) > 1 && first == Some(pd) {
            delta += 19;
        }
        let over = |a: Seat, b: Seat| top(trumps(a)) > top(trumps(b));
        let opp_top = info.top_of(lho).max(info.top_of(rho));
        let wins_with_top = if s == t {
            true
        } else if !ruffs(pd) {
            !ruffs(lho) && !ruffs(rho)
        } else {
            (len(lho) != 0 || over(pd, lho)) && (len(rho) != 0 || over(pd, rho))
        };
        let wins_below_top = if info.top_of(pd) > opp_top {
            s == t || (!ruffs(lho) && !ruffs(rho))
        } else if ruffs(pd) {
            match (ruffs(lho), ruffs(rho)) {
                (true, true) => over(pd, lho) && over(pd, rho),
                (true, false) => over(pd, lho),
                (false, true) => over(pd, rho),
                (false, false) => true,
            }
        } else {
            false
        };
        let mut lose = delta;
        lose += [0, 13, 20][next_round_tops(info.owners, me, len(pd))];
        LeadTrump {
            all: info.all,
            highest: info.highest(),
            second: info.second(),
            wins_with_top,
            wins_below_top,
            win_delta: delta,
            lose_delta: lose,
            singleton_top: (len(lho) == 1 && first == Some(lho))
                || (len(rho) == 1 && first == Some(rho)),
            first_me: first == Some(me),
            first_pd: first == Some(pd),
            second_me: second == Some(me),
            second_pd: second == Some(pd),
        }
    }

    #[inline]
    fn weight_leader_trump(suit: &LeadTrump, hints: &OrderHints, m: &Move) -> i32 {
        let r = m.card.rank().get();
        let rel = rel_rank(suit.all, r);
        let is_top = r == suit.highest;
        let wins = if is_top {
            suit.wins_with_top
        } else {
            suit.wins_below_top
        };
        let is_cut = Some(m.card) == hints.cutoff;
        let is_tt = !is_cut && Some(m.card) == hints.tt;
        let is_second = r == suit.second;
        let has_equals = m.equals.len() > 1;
        if wins {
            let delta = suit.win_delta;
            let mut w = if suit.singleton_top {
                delta + 35 + rel
            } else if suit.first_me {
                if suit.second_pd {
                    delta + 48 + rel
                } else if is_top {
                    delta + 31
                } else {
                    delta - 3 + rel
                }
            } else if suit.first_pd {
                if suit.second_me {
                    delta + 42 + rel
                } else {
                    delta + 28 + rel
                }
            } else if has_equals && is_second {
                delta + 40
            } else if has_equals {
                delta + 22 + rel
            } else {
                delta + 11 + rel
            };
            if is_cut {
                w += 55;
            } else if is_tt {
                w += 18;
            }
            w
        } else {
            let delta = suit.lose_delta;
            let mut w = if suit.singleton_top {
                delta + rel + 2
            } else if suit.first_me {
                if suit.second_pd {
                    delta + 33 + rel
                } else if is_top {
                    delta + 38
                } else {
                    delta - 14 + rel
                }
            } else if suit.first_pd {
                delta + 34 + rel
            } else if has_equals && is_second {
                delta + 35
            } else {
                delta + 17 - i32::from(r)
            };
            if is_cut {
                w += 18;
            }
            w
        }
    }

    /// The leader's weights: the suit's part once per suit, then each move's.
    fn leader(view: &TrickView, trump: Option<Suit>, hints: &OrderHints, moves: &mut MoveList) {
        let suits = moves
            .iter()
            .fold(0u8, |acc, m| acc | 1 << m.card.suit().index());
        match trump {
            None => {
                let mut per_suit = [LeadNt::default(); 4];
                for s in Suit::ALL {
                    if suits & 1 << s.index() != 0 {
                        per_suit[s.index()] = Self::lead_nt(view, &SuitInfo::new(view, s));
                    }
                }
                for m in moves.iter_mut() {
                    m.weight = Self::weight_leader_nt(&per_suit[m.card.suit().index()], hints, m);
                }
            }
            Some(t) => {
                let mut per_suit = [LeadTrump::default(); 4];
                for s in Suit::ALL {
                    if suits & 1 << s.index() != 0 {
                        per_suit[s.index()] = Self::lead_trump(view, t, s, &SuitInfo::new(view, s));
                    }
                }
                for m in moves.iter_mut() {
                    m.weight =
                        Self::weight_leader_trump(&per_suit[m.card.suit().index()], hints, m);
                }
            }
        }
    }
}

/// The trick so far, as the following hands' weights see it.
struct Trick {
    led: Suit,
    /// The card winning so far and its index in the trick.
    winning: Card,
    winner: usize,
    /// The cards of the suit led still out when the trick began.
    all: Holding,
    /// The cards of every suit out when the trick began ([`TrickView::out`]).
    out: Hand,
}

impl Trick {
    /// `out`: the cards out when the trick began ([`TrickView::out`]).
    fn new(view: &TrickView, out: Hand) -> Trick {
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
    fn winning_rank(&self) -> u8 {
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
fn forcing_move(fourth: Holding, all: Holding, trick: &Trick, moves: &MoveList) -> Option<usize> {
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

impl ReferenceOrdering {
    fn second_hand(view: &TrickView, t: &Trick, trump: Option<Suit>, moves: &mut MoveList) {
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
                    for m in moves.iter_mut() {
                        m.weight = -i32::from(m.card.rank().get());
                    }
                    return;
                }
                for m in moves.iter_mut() {
                    let r = m.card.rank().get();
                    let rel = rel_rank(all, r);
                    m.weight = if r > lead && r > max3 {
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
                for m in moves.iter_mut() {
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
                    m.weight = if wins {
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
                Self::discards(view, t, moves, |info| {
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
                    Self::discards(view, t, moves, |info| {
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
                for m in moves.iter_mut() {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let ir = i32::from(m.card.rank().get());
                    m.weight = if s != tr {
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

    /// Discards: lowest card of each suit, suits weighted by `suit_add`.
    fn discards(
        view: &TrickView,
        t: &Trick,
        moves: &mut MoveList,
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
        for m in moves.iter_mut() {
            m.weight = -i32::from(m.card.rank().get()) + adds[m.card.suit().index()];
        }
    }

    fn third_hand(view: &TrickView, t: &Trick, trump: Option<Suit>, moves: &mut MoveList) {
        let me = view.to_play();
        let fourth = me.next();
        let led = t.led;
        let cards4 = view.holding(fourth, led);
        let (max4, min4) = (top(cards4), bottom(cards4));
        let follows = !view.holding(me, led).is_empty();
        let low = |moves: &mut MoveList| {
            for m in moves.iter_mut() {
                m.weight = -i32::from(m.card.rank().get());
            }
        };
        let cur = t.winning_rank();
        let partner_winning = t.winner == 0;
        if follows {
            let max3 = top(view.holding(me, led));
            let too_low = max3 < min4 || max3 < cur;
            // Weights when we may beat fourth hand: the cheapest card that wins, with a
            // bonus for the card that drives out fourth hand's top if we cannot.
            let contest = |moves: &mut MoveList, win_weight: i32, force: bool| {
                let bonus = if force && max4 > max3 && max4 > cur {
                    forcing_move(cards4, t.all, t, moves)
                } else {
                    None
                };
                for m in moves.iter_mut() {
                    let r = m.card.rank().get();
                    m.weight = if r > cur && r > max4 {
                        win_weight - i32::from(r)
                    } else {
                        -i32::from(r)
                    };
                }
                if let Some(k) = bonus {
                    moves[k].weight += 20;
                }
            };
            match trump {
                None => {
                    if partner_winning && cur > max4 {
                        low(moves);
                        Self::overtake_blocked(view, t, moves);
                    } else if too_low {
                        low(moves);
                    } else {
                        contest(moves, 60, true);
                    }
                }
                Some(tr) => {
                    let ruffed = t.winning.suit() != led;
                    if ruffed
                        || (partner_winning && cur > max4)
                        || (partner_winning && led != tr && max4 == 0)
                        || too_low
                    {
                        low(moves);
                    } else if !partner_winning && led != tr && max4 == 0 {
                        // Fourth hand ruffs or discards: beat second hand.
                        for m in moves.iter_mut() {
                            let r = m.card.rank().get();
                            m.weight = if r > cur { 20 } else { 0 } - i32::from(r);
                        }
                    } else if max3 > max4 {
                        contest(moves, 58, false);
                    } else if led == tr {
                        low(moves);
                        if let Some(k) = forcing_move(cards4, t.all, t, moves) {
                            moves[k].weight += 20;
                        }
                    } else {
                        contest(moves, 60, true);
                    }
                }
            }
            return;
        }
        // Void in the suit led.
        match trump {
            None => Self::discards(view, t, moves, |info| discard_bonus(info, 24, -4, -4)),
            Some(tr) => {
                if led == tr {
                    Self::discards(view, t, moves, |info| (info.len << 6) / 40);
                    return;
                }
                let fourth_trumps = view.holding(fourth, tr);
                let partner_sure =
                    partner_winning && cur > max4 && (max4 != 0 || fourth_trumps.is_empty());
                let second_ruffed = t.winner == 1 && t.winning.suit() == tr;
                let leader_second = partner_winning
                    && max4 != 0
                    && SuitInfo::new(view, led).owners[1] == Some(view.leader);
                for m in moves.iter_mut() {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let r = m.card.rank().get();
                    let ir = i32::from(r);
                    let add50 = (info.len << 6) / 50;
                    m.weight = if s != tr {
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
    fn overtake_blocked(view: &TrickView, t: &Trick, moves: &mut MoveList) {
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
                moves[k].weight += 20;
            }
        }
    }

    fn fourth_hand(view: &TrickView, t: &Trick, trump: Option<Suit>, moves: &mut MoveList) {
        let me = view.to_play();
        let led = t.led;
        let partner_winning = t.winner == 1;
        if !view.holding(me, led).is_empty() {
            let ruffed = t.winning.suit() != led;
            for m in moves.iter_mut() {
                let r = m.card.rank().get();
                m.weight = if !partner_winning && !ruffed && r > t.winning.rank().get() {
                    // Win as cheaply as possible.
                    30 - i32::from(r)
                } else {
                    -i32::from(r)
                };
            }
            return;
        }
        match trump {
            None => Self::discards(view, t, moves, |info| discard_bonus(info, 27, -6, -8)),
            Some(tr) => {
                for m in moves.iter_mut() {
                    let s = m.card.suit();
                    // Cheaper to work out again than to cache per suit.
                    let info = &OwnSuit::new(t.out.suit(s), view.holding(me, s));
                    let r = m.card.rank().get();
                    let ir = i32::from(r);
                    let val = discard_bonus(info, 24, -2, 0);
                    m.weight = if led == tr {
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

impl MoveOrdering for ReferenceOrdering {
    // Inlined so that the search skips the call for the many lists of one move.
    #[inline]
    fn order(&mut self, view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        if moves.len() > 1 {
            Self::order_moves(view, hints, moves);
        }
    }
}

impl ReferenceOrdering {
    /// [`MoveOrdering::order`] for two moves or more.
    #[inline(never)]
    fn order_moves(view: &TrickView, hints: &OrderHints, moves: &mut MoveList) {
        // Trump rules only while trumps are out.
        let out = view.out;
        let trump = view.trump.trump().filter(|&t| !out.suit(t).is_empty());
        if view.trick.is_empty() {
            Self::leader(view, trump, hints, moves);
            sort(moves);
            return;
        }
        let trick = Trick::new(view, out);
        match view.trick.len() {
            1 => Self::second_hand(view, &trick, trump, moves),
            2 => Self::third_hand(view, &trick, trump, moves),
            _ => Self::fourth_hand(view, &trick, trump, moves),
        }
        sort(moves);
    }
}

#[cfg(test)]
mod tests {
    use super::ReferenceOrdering;
    use crate::{generate, MoveList, MoveOrdering, OrderHints, TrickView, TunedOrdering};
    use ddsolve_cards::{Card, DealRng, Position, Rank, Seat, Strain, Suit};

    /// A random card of `moves`, a random card of the deck, or none.
    fn hint(rng: &mut DealRng, moves: &MoveList) -> Option<Card> {
        match rng.below(3) {
            0 => None,
            1 => Some(moves[rng.below(moves.len() as u64) as usize].card),
            _ => Rank::new(2 + rng.below(13) as u8)
                .map(|r| Card::new(Suit::ALL[rng.below(4) as usize], r)),
        }
    }

    #[test]
    fn tuned_ordering_orders_as_the_reference_on_random_positions() {
        let mut rng = DealRng::new(0x5eed_0f04);
        let mut checked = 0;
        for _ in 0..200_000 {
            let cards = 1 + rng.below(13) as u32;
            let deal = rng.partial_deal(cards);
            let trump = Strain::ALL[rng.below(5) as usize];
            let leader = Seat::ALL[rng.below(4) as usize];
            let mut pos = Position::new(deal, trump, leader);
            for _ in 0..rng.below(4) {
                let legal: Vec<Card> = pos.legal_cards().iter().collect();
                pos.play_unchecked(legal[rng.below(legal.len() as u64) as usize]);
            }
            let view = TrickView::of(&pos);
            let mut moves = MoveList::new();
            generate(&view, &mut moves);
            let hints = OrderHints {
                cutoff: hint(&mut rng, &moves),
                tt: hint(&mut rng, &moves),
                need: rng.below(14) as u8,
            };
            let mut expected = moves.clone();
            ReferenceOrdering.order(&view, &hints, &mut expected);
            TunedOrdering.order(&view, &hints, &mut moves);
            let cards = |l: &MoveList| l.iter().map(|m| m.card).collect::<Vec<_>>();
            assert_eq!(
                cards(&moves),
                cards(&expected),
                "{} {trump:?} leader {leader:?} trick {:?} hints {hints:?}",
                pos.remaining_pbn(),
                pos.trick()
            );
            checked += usize::from(moves.len() > 1);
        }
        assert!(
            checked > 100_000,
            "only {checked} lists of two moves or more"
        );
    }
}
