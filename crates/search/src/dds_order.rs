//! DDS's order of a hand's cards at the root of a search, for answers that list equally good
//! cards the way DDS's `SolveBoard` does.
//!
//! DDS lists the cards of a `SolveBoard` answer in the order its root search finds them:
//! with `solutions` 3 each next card is the first card of its root move list, among those
//! not yet listed, that reaches the best value left; with `solutions` 1 the first card that
//! reaches the best value; with `solutions` 2 each next card is the first not yet listed that
//! reaches it. DDS 2.9 forgets its remembered best moves before each of these searches, so
//! one list, the same for every search, decides. The root move list is DDS's move generation
//! (one move per run of equivalent cards, suits spades first, runs high to low), weighted by
//! its heuristics for the hand's place in the trick (DDS 2.9's `WeightAlloc` functions) and
//! sorted by its sorting networks, whose order of equal weights this module keeps too.
//!
//! [`dds_root_order`] computes that list from the cards alone; the search is not involved.

use ddsolve_cards::{Card, Holding, Position, Rank, Seat, Suit};

/// One move of DDS's root move list: the highest card of a run of equivalent cards and every
/// rank of the run (the card's own included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DdsMove {
    /// The card (the highest of its run).
    pub card: Card,
    /// Every rank the move stands for, the card's own included.
    pub equals: Holding,
}

/// A move while its weight is worked out: suit and rank as DDS's numbers, the other ranks of
/// the run (`sequence`, DDS's bit layout: rank r at bit r) and the weight.
#[derive(Clone, Copy, Debug)]
struct Mv {
    suit: usize,
    rank: i32,
    sequence: u16,
    weight: i32,
}

/// A top card of a suit: its rank (0 when none) and the seat holding it (-1 when none; 0
/// for a card already played to the current trick, as DDS's tables give).
#[derive(Clone, Copy, Debug)]
struct Top {
    rank: i32,
    hand: i32,
}

/// The card that wins the trick so far after each card played (DDS's `track`).
#[derive(Clone, Copy, Debug, Default)]
struct Winning {
    suit: usize,
    rank: i32,
}

/// Everything DDS's weight functions read, for one root position.
struct Root {
    /// Remaining cards, `[seat][suit]` (rank r at bit r).
    ris: [[u16; 4]; 4],
    /// Remaining cards of each suit (the current trick's not included).
    aggr: [u16; 4],
    /// Cards of earlier tricks (neither in a hand nor in the current trick).
    removed: [u16; 4],
    winner: [Top; 4],
    second: [Top; 4],
    /// The seat holding each suit's third-highest remaining card (-1 when none).
    third_hand: [i32; 4],
    /// DDS's trump number: the suit, or 4 in notrump.
    trump: usize,
    lead_hand: usize,
    curr_hand: usize,
    /// The tricks left, less one.
    curr_trick: i32,
    lead_suit: usize,
    /// The winning card after the first, second and third card of the trick.
    track: [Winning; 3],
    /// Relative hand (0..=2) winning after those cards.
    high: [usize; 3],
}

fn lho(h: usize) -> usize {
    (h + 1) & 3
}
fn rho(h: usize) -> usize {
    (h + 3) & 3
}
fn partner(h: usize) -> usize {
    (h + 2) & 3
}
fn bit(rank: i32) -> u16 {
    1u16 << rank
}
fn highest(h: u16) -> i32 {
    if h == 0 {
        0
    } else {
        15 - h.leading_zeros() as i32
    }
}
fn lowest(h: u16) -> i32 {
    if h == 0 {
        0
    } else {
        h.trailing_zeros() as i32
    }
}
fn count(h: u16) -> i32 {
    h.count_ones() as i32
}
/// The rank's place in `aggr` from the top, 1 for the highest (DDS's `relRank`).
fn rel_rank(aggr: u16, rank: i32) -> i32 {
    count(aggr & !((bit(rank) << 1).wrapping_sub(1))) + 1
}

/// The runs of `holding` from the highest down: a card joins the run above it when every
/// rank between them is in `removed`. Each run as (its highest rank, its other ranks, all
/// its ranks).
fn runs(holding: u16, removed: u16) -> Vec<(i32, u16, u16)> {
    let mut out: Vec<(i32, u16, u16)> = Vec::new();
    let mut prev: Option<i32> = None;
    for r in (2..=14).rev() {
        if holding & bit(r) == 0 {
            continue;
        }
        let joins = prev.is_some_and(|p| (r + 1..p).all(|g| removed & bit(g) != 0));
        match out.last_mut() {
            Some(run) if joins => {
                run.1 |= bit(r);
                run.2 |= bit(r);
            }
            _ => out.push((r, 0, bit(r))),
        }
        prev = Some(r);
    }
    out
}

impl Root {
    fn new(pos: &Position) -> Root {
        let mut ris = [[0u16; 4]; 4];
        for seat in Seat::ALL {
            for suit in Suit::ALL {
                ris[seat.index()][suit.index()] = pos.hand(seat).suit(suit).bits();
            }
        }
        let mut aggr = [0u16; 4];
        let mut in_trick = [0u16; 4];
        for s in 0..4 {
            aggr[s] = ris[0][s] | ris[1][s] | ris[2][s] | ris[3][s];
        }
        for c in pos.trick() {
            in_trick[c.suit().index()] |= bit(i32::from(c.rank().get()));
        }
        let mut removed = [0u16; 4];
        for s in 0..4 {
            removed[s] = 0x7ffc & !(aggr[s] | in_trick[s]);
        }
        let holder = |s: usize, r: i32| -> i32 {
            (0..4)
                .find(|&h| ris[h][s] & bit(r) != 0)
                .map_or(0, |h| h as i32)
        };
        let nth = |set: u16, n: u32, s: usize| -> Top {
            let mut rest = set;
            for _ in 1..n {
                rest &= !bit(highest(rest));
            }
            let rank = highest(rest);
            if rank == 0 {
                Top { rank: 0, hand: -1 }
            } else {
                Top {
                    rank,
                    hand: holder(s, rank),
                }
            }
        };
        let mut winner = [Top { rank: 0, hand: -1 }; 4];
        let mut second = winner;
        let mut third_hand = [-1; 4];
        for s in 0..4 {
            let all = aggr[s] | in_trick[s];
            winner[s] = nth(all, 1, s);
            second[s] = nth(all, 2, s);
            third_hand[s] = nth(aggr[s], 3, s).hand;
        }
        let trump = pos.trump().trump().map_or(4, Suit::index);
        let lead_hand = pos.leader().index();
        let played = pos.trick();
        let mut track = [Winning::default(); 3];
        let mut high = [0usize; 3];
        for (k, c) in played.iter().enumerate() {
            let card = Winning {
                suit: c.suit().index(),
                rank: i32::from(c.rank().get()),
            };
            if k == 0 {
                track[0] = card;
                high[0] = 0;
            } else if card.suit == track[k - 1].suit {
                if card.rank > track[k - 1].rank {
                    track[k] = card;
                    high[k] = k;
                } else {
                    track[k] = track[k - 1];
                    high[k] = high[k - 1];
                }
            } else if card.suit == trump {
                track[k] = card;
                high[k] = k;
            } else {
                track[k] = track[k - 1];
                high[k] = high[k - 1];
            }
        }
        let cards = pos.remaining().len() as i32;
        Root {
            ris,
            aggr,
            removed,
            winner,
            second,
            third_hand,
            trump,
            lead_hand,
            curr_hand: pos.to_play().index(),
            curr_trick: cards / 4 - 1,
            lead_suit: played.first().map_or(0, |c| c.suit().index()),
            track,
            high,
        }
    }

    fn len(&self, h: usize, s: usize) -> i32 {
        count(self.ris[h][s])
    }

    /// The moves of the hand to play in `suit`, runs high to low.
    fn generate(&self, suit: usize, out: &mut Vec<Mv>) {
        for (rank, sequence, _) in runs(self.ris[self.curr_hand][suit], self.removed[suit]) {
            out.push(Mv {
                suit,
                rank,
                sequence,
                weight: 0,
            });
        }
    }

    /// DDS's `WeightAllocTrump0`: the leader's weights when trumps are left.
    fn weight_trump0(&self, suit: usize, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let (l, r, p) = (lho(lead), rho(lead), partner(lead));
        let trump = self.trump;
        let ris = &self.ris;
        let suit_count = self.len(lead, suit);
        let suit_count_lh = self.len(l, suit);
        let suit_count_rh = self.len(r, suit);
        let aggr = self.aggr[suit];
        let count_lh = (if suit_count_lh == 0 {
            self.curr_trick + 1
        } else {
            suit_count_lh
        }) << 2;
        let count_rh = (if suit_count_rh == 0 {
            self.curr_trick + 1
        } else {
            suit_count_rh
        }) << 2;
        let suit_weight_d = -(((count_lh + count_rh) << 5) / 13);
        let winner = self.winner[suit];
        let second = self.second[suit];
        let len = |h: usize, s: usize| self.len(h, s);
        for m in mv.iter_mut() {
            let mut suit_bonus = 0;
            let mut win_move = false;
            let r_rank = rel_rank(aggr, m.rank);
            if suit != trump
                && ((ris[l][suit] == 0 && ris[l][trump] != 0)
                    || (ris[r][suit] == 0 && ris[r][trump] != 0))
            {
                suit_bonus = -12;
            }
            if suit != trump && len(p, suit) == 0 && len(p, trump) > 0 && suit_count_rh > 0 {
                suit_bonus += 17;
            }
            if winner.hand == r as i32 || second.hand == r as i32 {
                if suit_count_rh != 1 {
                    suit_bonus += -12;
                }
            } else if winner.hand == l as i32 && second.hand == p as i32 && len(p, suit) != 1 {
                suit_bonus += 27;
            }
            if suit != trump
                && suit_count == 1
                && len(lead, trump) > 0
                && len(p, suit) > 1
                && winner.hand == p as i32
            {
                suit_bonus += 19;
            }
            let mut suit_weight_delta = suit_bonus + suit_weight_d;
            if winner.rank == m.rank {
                if suit != trump {
                    if len(p, suit) != 0 || len(p, trump) == 0 {
                        if (len(l, suit) != 0 || len(l, trump) == 0)
                            && (len(r, suit) != 0 || len(r, trump) == 0)
                        {
                            win_move = true;
                        }
                    } else if (len(l, suit) != 0 || ris[p][trump] > ris[l][trump])
                        && (len(r, suit) != 0 || ris[p][trump] > ris[r][trump])
                    {
                        win_move = true;
                    }
                } else {
                    win_move = true;
                }
            } else if ris[p][suit] > (ris[l][suit] | ris[r][suit]) {
                if suit != trump {
                    if (len(l, suit) != 0 || len(l, trump) == 0)
                        && (len(r, suit) != 0 || len(r, trump) == 0)
                    {
                        win_move = true;
                    }
                } else {
                    win_move = true;
                }
            } else if suit != trump && len(p, suit) == 0 && len(p, trump) != 0 {
                if len(l, suit) == 0
                    && len(l, trump) != 0
                    && len(r, suit) == 0
                    && len(r, trump) != 0
                {
                    if ris[p][trump] > (ris[l][trump] | ris[r][trump]) {
                        win_move = true;
                    }
                } else if len(l, suit) == 0 && len(l, trump) != 0 {
                    if ris[p][trump] > ris[l][trump] {
                        win_move = true;
                    }
                } else if len(r, suit) == 0 && len(r, trump) != 0 {
                    if ris[p][trump] > ris[r][trump] {
                        win_move = true;
                    }
                } else {
                    win_move = true;
                }
            }
            if win_move {
                m.weight = if (suit_count_lh == 1 && winner.hand == l as i32)
                    || (suit_count_rh == 1 && winner.hand == r as i32)
                {
                    suit_weight_delta + 35 + r_rank
                } else if winner.hand == lead as i32 {
                    if second.hand == p as i32 {
                        suit_weight_delta + 48 + r_rank
                    } else if winner.rank == m.rank {
                        suit_weight_delta + 31
                    } else {
                        suit_weight_delta - 3 + r_rank
                    }
                } else if winner.hand == p as i32 {
                    if second.hand == lead as i32 {
                        suit_weight_delta + 42 + r_rank
                    } else {
                        suit_weight_delta + 28 + r_rank
                    }
                } else if m.sequence != 0 && m.rank == second.rank {
                    suit_weight_delta + 40
                } else if m.sequence != 0 {
                    suit_weight_delta + 22 + r_rank
                } else {
                    suit_weight_delta + 11 + r_rank
                };
            } else {
                let third = self.third_hand[suit];
                if second.hand == p as i32 && p as i32 == third {
                    suit_weight_delta += 20;
                } else if (second.hand == lead as i32 && p as i32 == third && len(p, suit) > 1)
                    || (second.hand == p as i32 && lead as i32 == third && len(p, suit) > 1)
                {
                    suit_weight_delta += 13;
                }
                m.weight = if (suit_count_lh == 1 && winner.hand == l as i32)
                    || (suit_count_rh == 1 && winner.hand == r as i32)
                {
                    suit_weight_delta + r_rank + 2
                } else if winner.hand == lead as i32 {
                    if second.hand == p as i32 {
                        suit_weight_delta + 33 + r_rank
                    } else if winner.rank == m.rank {
                        suit_weight_delta + 38
                    } else {
                        suit_weight_delta - 14 + r_rank
                    }
                } else if winner.hand == p as i32 {
                    suit_weight_delta + 34 + r_rank
                } else if m.sequence != 0 && m.rank == second.rank {
                    suit_weight_delta + 35
                } else {
                    suit_weight_delta + 17 - m.rank
                };
            }
        }
    }

    /// DDS's `WeightAllocNT0`: the leader's weights in notrump or when no trump is left.
    fn weight_nt0(&self, suit: usize, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let (l, r, p) = (lho(lead), rho(lead), partner(lead));
        let ris = &self.ris;
        let aggr = self.aggr[suit];
        let suit_count_lh = self.len(l, suit);
        let suit_count_rh = self.len(r, suit);
        let count_lh = (if suit_count_lh == 0 {
            self.curr_trick + 1
        } else {
            suit_count_lh
        }) << 2;
        let count_rh = (if suit_count_rh == 0 {
            self.curr_trick + 1
        } else {
            suit_count_rh
        }) << 2;
        let mut suit_weight_d = -(((count_lh + count_rh) << 5) / 19);
        if self.len(p, suit) == 0 {
            suit_weight_d += -9;
        }
        let winner = self.winner[suit];
        let second = self.second[suit];
        for m in mv.iter_mut() {
            let mut suit_weight_delta = suit_weight_d;
            let r_rank = rel_rank(aggr, m.rank);
            if winner.rank == m.rank || ris[p][suit] > (ris[l][suit] | ris[r][suit]) {
                if second.hand == r as i32 {
                    if suit_count_rh != 1 {
                        suit_weight_delta += -1;
                    }
                } else if second.hand == l as i32 {
                    if suit_count_lh != 1 {
                        suit_weight_delta += 22;
                    } else {
                        suit_weight_delta += 16;
                    }
                }
                m.weight = if (second.hand != l as i32 || suit_count_lh == 1)
                    && (second.hand != r as i32 || suit_count_rh == 1)
                {
                    suit_weight_delta + 45 + r_rank
                } else {
                    suit_weight_delta + 18 + r_rank
                };
            } else {
                if winner.hand == r as i32 || second.hand == r as i32 {
                    if suit_count_rh != 1 {
                        suit_weight_delta += -10;
                    }
                } else if winner.hand == l as i32
                    && second.hand == p as i32
                    && self.len(p, suit) != 1
                {
                    suit_weight_delta += 31;
                }
                let third = self.third_hand[suit];
                if second.hand == p as i32 && p as i32 == third {
                    suit_weight_delta += 35;
                } else if (second.hand == lead as i32 && p as i32 == third && self.len(p, suit) > 1)
                    || (second.hand == p as i32 && lead as i32 == third && self.len(p, suit) > 1)
                {
                    suit_weight_delta += 25;
                }
                m.weight = if (suit_count_lh == 1 && winner.hand == l as i32)
                    || (suit_count_rh == 1 && winner.hand == r as i32)
                {
                    suit_weight_delta + 28 + r_rank
                } else if winner.hand == lead as i32 {
                    suit_weight_delta - 17 + r_rank
                } else if m.sequence == 0 {
                    suit_weight_delta + 12 + r_rank
                } else if m.rank == second.rank {
                    suit_weight_delta + 48
                } else {
                    suit_weight_delta + 29 - r_rank
                };
            }
        }
    }

    /// DDS's `WeightAllocTrumpNotvoid1`: second hand following suit, trumps left.
    fn weight_trump_notvoid1(&self, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let (r, p) = (rho(lead), partner(lead));
        let (ls, trump, ris) = (self.lead_suit, self.trump, &self.ris);
        let max3rd = highest(ris[p][ls]);
        let maxpd = highest(ris[r][ls]);
        let min3rd = lowest(ris[p][ls]);
        let minpd = lowest(ris[r][ls]);
        let led = self.track[0].rank;
        for m in mv.iter_mut() {
            let mut win_move = false;
            let r_rank = rel_rank(self.aggr[ls], m.rank);
            if ls == trump {
                if (maxpd > led && maxpd > max3rd) || (m.rank > led && m.rank > max3rd) {
                    win_move = true;
                }
            } else if m.rank > led && m.rank > max3rd {
                if max3rd != 0
                    || self.len(p, trump) == 0
                    || (maxpd == 0 && self.len(r, trump) != 0 && ris[r][trump] > ris[p][trump])
                {
                    win_move = true;
                }
            } else if maxpd > led && maxpd > max3rd {
                if max3rd != 0 || self.len(p, trump) == 0 {
                    win_move = true;
                }
            } else if led > maxpd && led > max3rd && led > m.rank {
                if maxpd == 0
                    && self.len(r, trump) != 0
                    && (max3rd != 0 || self.len(p, trump) == 0 || ris[r][trump] > ris[p][trump])
                {
                    win_move = true;
                }
            } else if maxpd == 0 && self.len(r, trump) != 0 {
                win_move = true;
            }
            m.weight = if win_move {
                if min3rd > m.rank {
                    40 + r_rank
                } else if maxpd > led && ris[lead][ls] > ris[r][ls] {
                    41 + r_rank
                } else if m.rank > led {
                    if m.rank < maxpd {
                        78 - m.rank
                    } else if m.rank > max3rd {
                        73 - m.rank
                    } else if m.sequence != 0 {
                        62 - m.rank
                    } else {
                        49 - m.rank
                    }
                } else if maxpd > 0 {
                    47 - m.rank
                } else {
                    40 - m.rank
                }
            } else if m.rank < min3rd || m.rank < minpd {
                -9 + r_rank
            } else if m.rank < led {
                -16 + r_rank
            } else if m.sequence != 0 {
                22 - m.rank
            } else {
                10 - m.rank
            };
        }
    }

    /// DDS's `WeightAllocNTNotvoid1`: second hand following suit, no trumps left.
    fn weight_nt_notvoid1(&self, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let (r, p) = (rho(lead), partner(lead));
        let (ls, ris) = (self.lead_suit, &self.ris);
        let max3rd = highest(ris[p][ls]);
        let maxpd = highest(ris[r][ls]);
        let led = self.track[0].rank;
        if maxpd > led && maxpd > max3rd {
            for m in mv.iter_mut() {
                m.weight = -m.rank;
            }
            return;
        }
        let min3rd = lowest(ris[p][ls]);
        let minpd = lowest(ris[r][ls]);
        for m in mv.iter_mut() {
            let r_rank = rel_rank(self.aggr[ls], m.rank);
            m.weight = if m.rank > led && m.rank > max3rd {
                81 - m.rank
            } else if min3rd > m.rank || minpd > m.rank {
                -3 + r_rank
            } else if m.rank < led {
                -11 + r_rank
            } else if m.sequence != 0 {
                10 + r_rank
            } else {
                13 - m.rank
            };
        }
    }

    /// DDS's `WeightAllocTrumpVoid1`: second hand void in the suit led, trumps left.
    fn weight_trump_void1(&self, suit: usize, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let (r, p) = (rho(lead), partner(lead));
        let (ls, trump, ris) = (self.lead_suit, self.trump, &self.ris);
        let curr = self.curr_hand;
        let suit_count = self.len(curr, suit);
        let led_bit = bit(self.track[0].rank);
        let kx = suit_count == 2 && self.second[suit].hand == curr as i32;
        let set = |mv: &mut [Mv], base: i32, add: i32| {
            for m in mv.iter_mut() {
                m.weight = base - m.rank + add;
            }
        };
        if ls == trump {
            let add = if ris[r][ls] > (ris[p][ls] | led_bit) {
                (suit_count << 6) / 44
            } else {
                (suit_count << 6) / 36 + if kx { -4 } else { 0 }
            };
            set(mv, 0, add);
        } else if suit != trump {
            let add = if self.len(p, ls) != 0 {
                if ris[r][ls] > (ris[p][ls] | led_bit)
                    || (self.len(r, ls) == 0 && self.len(r, trump) != 0)
                {
                    60 + (suit_count << 6) / 44
                } else {
                    -2 + (suit_count << 6) / 36 + if kx { -4 } else { 0 }
                }
            } else if (self.len(r, ls) == 0 && ris[r][trump] > ris[p][trump])
                || (self.len(p, trump) == 0 && ris[r][ls] > led_bit)
            {
                60 + (suit_count << 6) / 44
            } else {
                -2 + (suit_count << 6) / 36 + if kx { -4 } else { 0 }
            };
            set(mv, 0, add);
        } else if self.len(p, ls) != 0
            || (self.len(r, ls) == 0 && self.len(r, trump) != 0 && ris[r][trump] > ris[p][trump])
        {
            set(mv, 24, (suit_count << 6) / 44);
        } else {
            for m in mv.iter_mut() {
                m.weight = if bit(m.rank) > ris[p][trump] {
                    24 - m.rank + (suit_count << 6) / 44
                } else {
                    15 - m.rank + (suit_count << 6) / 36 + if kx { -4 } else { 0 }
                };
            }
        }
    }

    /// DDS's `WeightAllocNTVoid1`: second hand void in the suit led, no trumps left.
    fn weight_nt_void1(&self, suit: usize, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let (r, p) = (rho(lead), partner(lead));
        let (ls, ris) = (self.lead_suit, &self.ris);
        let curr = self.curr_hand;
        let suit_count = self.len(curr, suit);
        let add = if ris[r][ls] > (ris[p][ls] | bit(self.track[0].rank)) {
            (suit_count << 6) / 23
                + if suit_count == 2 && self.second[suit].hand == curr as i32 {
                    -2
                } else if suit_count == 1 && self.winner[suit].hand == curr as i32 {
                    -3
                } else {
                    0
                }
        } else {
            (suit_count << 6) / 33
                + if suit_count == 2 && self.second[suit].hand == curr as i32 {
                    -6
                } else if suit_count == 1 && self.winner[suit].hand == curr as i32 {
                    -8
                } else {
                    0
                }
        };
        for m in mv.iter_mut() {
            m.weight = -m.rank + add;
        }
    }

    /// DDS's `RankForcesAce`: the index of the move that forces out fourth hand's top card
    /// as cheaply as possible, if any.
    fn rank_forces_ace(&self, cards4th: u16, mv: &[Mv]) -> Option<usize> {
        let ls = self.lead_suit;
        let classes = runs(cards4th, self.removed[ls]);
        let second_rho = classes.get(1)?.0;
        let last_above = |limit: i32| mv.iter().take_while(|m| m.rank > limit).count();
        if second_rho > self.track[1].rank {
            let k = last_above(second_rho);
            (k > 0).then(|| k - 1)
        } else if self.high[1] == 1 {
            let k = last_above(self.track[1].rank);
            (k > 0).then(|| k - 1)
        } else {
            None
        }
    }

    /// DDS's `WeightAllocTrumpNotvoid2`: third hand following suit, trumps left.
    fn weight_trump_notvoid2(&self, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let r = rho(lead);
        let (ls, trump) = (self.lead_suit, self.trump);
        let cards4th = self.ris[r][ls];
        let max4th = highest(cards4th);
        let min4th = lowest(cards4th);
        let max3rd = mv[0].rank;
        let (led, second) = (self.track[0], self.track[1]);
        let low = |mv: &mut [Mv]| {
            for m in mv.iter_mut() {
                m.weight = -m.rank;
            }
        };
        let win_or_force = |mv: &mut [Mv]| {
            let bonus = self.rank_forces_ace(cards4th, mv);
            for m in mv.iter_mut() {
                m.weight = if m.rank > second.rank && m.rank > max4th {
                    60 - m.rank
                } else {
                    -m.rank
                };
            }
            if let Some(k) = bonus {
                mv[k].weight += 20;
            }
        };
        if ls == trump {
            if (self.high[1] == 0 && led.rank > max4th) || max3rd < min4th || max3rd < second.rank {
                low(mv);
            } else if max3rd > max4th {
                for m in mv.iter_mut() {
                    m.weight = if m.rank > max4th && m.rank > second.rank {
                        58 - m.rank
                    } else {
                        -m.rank
                    };
                }
            } else {
                let bonus = self.rank_forces_ace(cards4th, mv);
                low(mv);
                if let Some(k) = bonus {
                    mv[k].weight += 20;
                }
            }
        } else if second.suit == trump {
            low(mv);
        } else if self.high[1] == 0 {
            if max4th == 0 || led.rank > max4th || max3rd < min4th || max3rd < second.rank {
                low(mv);
            } else if max3rd > max4th {
                for m in mv.iter_mut() {
                    m.weight = if m.rank > max4th {
                        58 - m.rank
                    } else {
                        -m.rank
                    };
                }
            } else {
                win_or_force(mv);
            }
        } else if max4th == 0 {
            for m in mv.iter_mut() {
                m.weight = if m.rank > second.rank {
                    20 - m.rank
                } else {
                    -m.rank
                };
            }
        } else if max3rd < min4th || max3rd < second.rank {
            low(mv);
        } else if max3rd > max4th {
            for m in mv.iter_mut() {
                m.weight = if m.rank > second.rank && m.rank > max4th {
                    58 - m.rank
                } else {
                    -m.rank
                };
            }
        } else {
            win_or_force(mv);
        }
    }

    /// DDS's `GetTopNumber`: the index of the lowest move above partner's card `prank`,
    /// and how many more cards the top run holds once `prank` is counted as gone.
    fn top_number(&self, ris: u16, prank: i32, mv: &[Mv]) -> (i32, usize) {
        let mut mno = 0;
        while mno + 1 < mv.len() && mv[mno + 1].rank > prank {
            mno += 1;
        }
        let classes = runs(ris, self.removed[self.lead_suit] | bit(prank));
        let top = classes.first().map_or(0, |c| count(c.2));
        (top - 1, mno)
    }

    /// DDS's `WeightAllocNTNotvoid2`: third hand following suit, no trumps left.
    fn weight_nt_notvoid2(&self, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let (l, r, p) = (lho(lead), rho(lead), partner(lead));
        let ls = self.lead_suit;
        let cards4th = self.ris[r][ls];
        let max4th = highest(cards4th);
        let min4th = lowest(cards4th);
        let max3rd = mv[0].rank;
        let (led, second) = (self.track[0], self.track[1]);
        if self.high[1] == 0 && led.rank > max4th {
            for m in mv.iter_mut() {
                m.weight = -m.rank;
            }
            if self.len(lead, ls) == 0 && self.winner[ls].hand == self.curr_hand as i32 {
                let opp_len = (self.len(r, ls) - 1).max(self.len(l, ls));
                let (top_number, mno) = self.top_number(self.ris[p][ls], led.rank, mv);
                if opp_len <= top_number {
                    mv[mno].weight += 20;
                }
            }
            return;
        }
        if max3rd < min4th || max3rd < second.rank {
            for m in mv.iter_mut() {
                m.weight = -m.rank;
            }
            return;
        }
        let bonus = if max4th > max3rd && max4th > second.rank {
            self.rank_forces_ace(cards4th, mv)
        } else {
            None
        };
        for m in mv.iter_mut() {
            m.weight = if m.rank > second.rank && m.rank > max4th {
                60 - m.rank
            } else {
                -m.rank
            };
        }
        if let Some(k) = bonus {
            mv[k].weight += 20;
        }
    }

    /// DDS's `WeightAllocTrumpVoid2`: third hand void in the suit led, trumps left.
    fn weight_trump_void2(&self, suit: usize, mv: &mut [Mv]) {
        let lead = self.lead_hand;
        let r = rho(lead);
        let (ls, trump, ris) = (self.lead_suit, self.trump, &self.ris);
        let suit_count = self.len(self.curr_hand, suit);
        let max4th = highest(ris[r][ls]);
        let (led, second) = (self.track[0], self.track[1]);
        if ls == trump || suit != trump {
            let add = (suit_count << 6) / 40;
            for m in mv.iter_mut() {
                m.weight = -m.rank + add;
            }
            return;
        }
        if self.high[1] == 0 && led.rank > max4th && (max4th != 0 || self.len(r, trump) == 0) {
            for m in mv.iter_mut() {
                m.weight = -m.rank - 50;
            }
            return;
        }
        let add50 = (suit_count << 6) / 50;
        for m in mv.iter_mut() {
            m.weight = if second.suit == trump && m.rank < second.rank {
                -32 + rel_rank(self.aggr[suit], m.rank) + (suit_count << 6) / 40
            } else if self.high[1] == 0 {
                if max4th != 0 {
                    if self.second[ls].hand == lead as i32 {
                        36 - m.rank + add50
                    } else {
                        48 - m.rank + add50
                    }
                } else if bit(m.rank) > ris[r][trump] {
                    48 - m.rank + add50
                } else {
                    -12 - m.rank + add50
                }
            } else if max4th != 0 {
                72 - m.rank + add50
            } else if bit(m.rank) > ris[r][trump] {
                48 - m.rank + add50
            } else {
                36 - m.rank + add50
            };
        }
    }

    /// DDS's `WeightAllocNTVoid2`: third hand void in the suit led, no trumps left.
    fn weight_nt_void2(&self, suit: usize, mv: &mut [Mv]) {
        let curr = self.curr_hand;
        let suit_count = self.len(curr, suit);
        let mut add = (suit_count << 6) / 24;
        if (suit_count == 2 && self.second[suit].hand == curr as i32)
            || (suit_count == 1 && self.winner[suit].hand == curr as i32)
        {
            add -= 4;
        }
        for m in mv.iter_mut() {
            m.weight = -m.rank + add;
        }
    }

    /// DDS's `WeightAllocCombinedNotvoid3`: fourth hand following suit.
    fn weight_combined_notvoid3(&self, mv: &mut [Mv]) {
        let third = self.track[2];
        let losing_anyway =
            self.high[2] == 1 || (self.lead_suit != self.trump && third.suit == self.trump);
        for m in mv.iter_mut() {
            m.weight = if !losing_anyway && m.rank > third.rank {
                30 - m.rank
            } else {
                -m.rank
            };
        }
    }

    /// DDS's `WeightAllocTrumpVoid3`: fourth hand void in the suit led, trumps left.
    fn weight_trump_void3(&self, suit: usize, mv: &mut [Mv]) {
        let curr = self.curr_hand;
        let (ls, trump) = (self.lead_suit, self.trump);
        let mylen = self.len(curr, suit);
        let mut val = (mylen << 6) / 24;
        if mylen == 2 && self.second[suit].hand == curr as i32 {
            val -= 2;
        }
        let third = self.track[2];
        for m in mv.iter_mut() {
            m.weight = if ls == trump {
                -m.rank + val
            } else if self.high[2] == 1 {
                if suit == trump {
                    2 - m.rank + val
                } else {
                    25 - m.rank + val
                }
            } else if third.suit == trump {
                if suit == trump {
                    let r_rank = rel_rank(self.aggr[suit], m.rank);
                    if m.rank > third.rank {
                        33 + r_rank
                    } else {
                        -13 + r_rank
                    }
                } else {
                    14 - m.rank + val
                }
            } else if suit == trump {
                33 + rel_rank(self.aggr[suit], m.rank)
            } else {
                14 - m.rank + val
            };
        }
    }

    /// DDS's `WeightAllocNTVoid3`: fourth hand void in the suit led, no trumps left.
    fn weight_nt_void3(&self, suit: usize, mv: &mut [Mv]) {
        let curr = self.curr_hand;
        let mylen = self.len(curr, suit);
        let mut val = (mylen << 6) / 27;
        if mylen == 2 && self.second[suit].hand == curr as i32 {
            val -= 6;
        } else if mylen == 1 && self.winner[suit].hand == curr as i32 {
            val -= 8;
        }
        for m in mv.iter_mut() {
            m.weight = -m.rank + val;
        }
    }

    /// The weighted move list, in generation order, of the hand to play.
    fn moves(&self, relative: usize) -> Vec<Mv> {
        let trumps_left = self.trump < 4 && self.winner[self.trump].rank != 0;
        let mut list = Vec::with_capacity(13);
        if relative == 0 {
            for suit in 0..4 {
                let from = list.len();
                self.generate(suit, &mut list);
                if trumps_left {
                    self.weight_trump0(suit, &mut list[from..]);
                } else {
                    self.weight_nt0(suit, &mut list[from..]);
                }
            }
            return list;
        }
        let ls = self.lead_suit;
        if self.ris[self.curr_hand][ls] != 0 {
            self.generate(ls, &mut list);
            if list.len() > 1 {
                match (relative, trumps_left) {
                    (1, true) => self.weight_trump_notvoid1(&mut list),
                    (1, false) => self.weight_nt_notvoid1(&mut list),
                    (2, true) => self.weight_trump_notvoid2(&mut list),
                    (2, false) => self.weight_nt_notvoid2(&mut list),
                    _ => self.weight_combined_notvoid3(&mut list),
                }
            }
            return list;
        }
        for suit in 0..4 {
            let from = list.len();
            self.generate(suit, &mut list);
            let part = &mut list[from..];
            match (relative, trumps_left) {
                (1, true) => self.weight_trump_void1(suit, part),
                (1, false) => self.weight_nt_void1(suit, part),
                (2, true) => self.weight_trump_void2(suit, part),
                (2, false) => self.weight_nt_void2(suit, part),
                (_, true) => self.weight_trump_void3(suit, part),
                (_, false) => self.weight_nt_void3(suit, part),
            }
        }
        list
    }
}

/// DDS's sorting networks for 2 to 12 moves, as compare-exchange pairs (the larger weight
/// goes to the lower index).
#[rustfmt::skip]
const NETWORKS: [&[(u8, u8)]; 13] = [
    &[],
    &[],
    &[(0, 1)],
    &[(0, 1), (0, 2), (1, 2)],
    &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)],
    &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2), (0, 4), (2, 4), (1, 2), (3, 4)],
    &[(0, 1), (2, 3), (4, 5), (0, 2), (1, 3), (1, 2), (0, 4), (1, 5), (2, 4), (3, 5), (1, 2),
      (3, 4)],
    &[(0, 1), (2, 3), (4, 5), (0, 2), (4, 6), (1, 3), (1, 2), (5, 6), (0, 4), (1, 5), (2, 6),
      (2, 4), (3, 5), (1, 2), (3, 4), (5, 6)],
    &[(0, 1), (2, 3), (4, 5), (6, 7), (0, 2), (4, 6), (1, 3), (5, 7), (1, 2), (5, 6), (0, 4),
      (1, 5), (2, 6), (3, 7), (2, 4), (3, 5), (1, 2), (3, 4), (5, 6)],
    &[(0, 1), (3, 4), (6, 7), (1, 2), (4, 5), (7, 8), (0, 1), (3, 4), (6, 7), (0, 3), (3, 6),
      (0, 3), (1, 4), (4, 7), (1, 4), (2, 5), (5, 8), (2, 5), (1, 3), (5, 7), (2, 6), (4, 6),
      (2, 4), (2, 3), (5, 6)],
    &[(1, 8), (0, 4), (5, 9), (2, 6), (3, 7), (0, 3), (6, 9), (2, 5), (0, 1), (3, 6), (8, 9),
      (4, 7), (0, 2), (4, 8), (1, 5), (7, 9), (1, 2), (3, 4), (5, 6), (7, 8), (1, 3), (6, 8),
      (2, 4), (5, 7), (2, 3), (6, 7), (3, 5), (4, 6), (4, 5)],
    &[(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (1, 3), (5, 7), (0, 2), (4, 6), (8, 10), (1, 2),
      (5, 6), (9, 10), (1, 5), (6, 10), (5, 9), (2, 6), (1, 5), (6, 10), (0, 4), (3, 7), (4, 8),
      (0, 4), (1, 4), (7, 10), (3, 8), (2, 3), (8, 9), (2, 4), (7, 9), (3, 5), (6, 8), (3, 4),
      (5, 6), (7, 8)],
    &[(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (1, 3), (5, 7), (9, 11), (0, 2), (4, 6),
      (8, 10), (1, 2), (5, 6), (9, 10), (1, 5), (6, 10), (5, 9), (2, 6), (1, 5), (6, 10), (0, 4),
      (7, 11), (3, 7), (4, 8), (0, 4), (7, 11), (1, 4), (7, 10), (3, 8), (2, 3), (8, 9), (2, 4),
      (7, 9), (3, 5), (6, 8), (3, 4), (5, 6), (7, 8)],
];

/// DDS's sort of a move list by weight, highest first: its networks up to 12 moves, an
/// insertion sort (stable) for 13.
fn dds_sort(list: &mut [Mv]) {
    match NETWORKS.get(list.len()) {
        Some(network) => {
            for &(i, j) in network.iter() {
                let (i, j) = (usize::from(i), usize::from(j));
                if list[i].weight < list[j].weight {
                    list.swap(i, j);
                }
            }
        }
        None => {
            for i in 1..list.len() {
                let mut j = i;
                while j > 0 && list[j].weight > list[j - 1].weight {
                    list.swap(j, j - 1);
                    j -= 1;
                }
            }
        }
    }
}

/// DDS's root move list of the hand to play at `pos`, in the order DDS's search tries the
/// moves when it remembers no best move for the root (as in every search of DDS 2.9's
/// `SolveBoard` with target -1, and in every search after the first with a target).
///
/// Empty when the position is finished.
pub fn dds_root_order(pos: &Position) -> Vec<DdsMove> {
    if pos.is_finished() {
        return Vec::new();
    }
    let root = Root::new(pos);
    let mut list = root.moves(pos.trick().len());
    dds_sort(&mut list);
    list.iter()
        .map(|m| {
            let suit = Suit::from_index(m.suit).expect("DDS suits are 0..=3");
            let rank = Rank::new(m.rank as u8).expect("moves hold ranks 2..=14");
            DdsMove {
                card: Card::new(suit, rank),
                equals: Holding(m.sequence) | Holding::single(rank),
            }
        })
        .collect()
}

/// The place in `order` of the move that stands for `card` (its run holds it), if any.
pub fn place_of(order: &[DdsMove], card: Card) -> Option<usize> {
    order
        .iter()
        .position(|m| m.card.suit() == card.suit() && m.equals.contains(card.rank()))
}
