//! The par analysis shared by [`crate::dealer_par`] and [`crate::par()`].
//!
//! Par is the result of a bidding contest in which both sides know the double-dummy table and
//! bid perfectly: a side may outbid the other with a contract it makes, or *sacrifice* by
//! outbidding it with a contract it fails in, doubled; a side doubles a contract that fails
//! and leaves alone one that makes. The analysis:
//!
//! 1. **Primacy.** The side that makes the highest contract (by bidding rank: level, then
//!    C < D < H < S < NT) is entitled to a plus score: whatever the other side bids, it can
//!    bid over it and make, or double. If both sides make the same highest contract (the same
//!    strain at the same level), it goes to the side of the first seat, in bidding order,
//!    that makes it: that seat names it first.
//! 2. **Candidates.** For each strain, the primacy side's highest making contract, declared by
//!    its better declarer. A lower level in the same strain scores no more and is cheaper to
//!    sacrifice against, so it is never better. Candidates below the cheapest contract with
//!    the best score are dropped (they score less and are cheaper to sacrifice against).
//! 3. **Sacrifices.** Against a candidate, the other side's cheapest sacrifice: in another
//!    strain, at the same level if that strain ranks higher and one level up if it ranks
//!    lower; in the same strain, at the same level if the sacrificing seat bids before every
//!    declarer of the candidate (in bidding order; it *pre-empts* the contract), else one
//!    level up. Never above 7NT. The sacrifice is *profitable* if it costs less, doubled, than
//!    the candidate scores, or if it makes (the other side then outbids the candidate with a
//!    making contract).
//! 4. **Value.** A candidate is worth its score if no sacrifice against it is profitable,
//!    otherwise the penalty of the cheapest sacrifice. The par score is the best worth. When
//!    it is a making score, the par contracts are the candidates worth it; when it is a
//!    penalty, they are the cheapest sacrifices against the highest candidate with the
//!    costliest profitable sacrifice (the side with primacy bids that high to make the
//!    sacrifice cost the most).
//! 5. **Lowest level.** A making par contract is shown at the lowest level that still scores
//!    the same (keeps its game or slam bonus) and against which no sacrifice is profitable,
//!    with the tricks above it as overtricks.
//!
//! The bidding order is a parameter: from the dealer for [`crate::dealer_par`], and the
//! viewing side's two seats first for each view of [`crate::par()`]. So is the pre-empting
//! rule ([`Preempt`]): DDS's `Par` lets a side pre-empt only in step 5.
//!
//! Two rules follow DDS where it departs from the definition above; both matter only on
//! tables that no deal produces, and both are kept so that results agree with DDS everywhere:
//!
//! - *The 7NT limit of a same-strain sacrifice* is checked at the level the sacrificing
//!   side's better declarer would bid, with the fewest undertricks of either seat. So when
//!   the side's better declarer would have to bid 8 and its other seat could bid 7 first,
//!   DDS (and this) finds no sacrifice in that strain.
//! - *Declarers* are always the better declarer(s) of a side in the strain, also for the
//!   lowest-level search of step 5 (where a lower contract could be declared by either).

use crate::par::{Declarers, ParContract, ParContracts, ParOutcome};
use crate::score::{score, undertrick_penalty, Contract, Doubling};
use arrayvec::ArrayVec;
use ddsolve_cards::{DdTable, Seat, Side, Strain, Vulnerability};

/// Strains in bidding rank, lowest first.
pub(crate) const BIDDING_ORDER: [Strain; 5] = [
    Strain::Clubs,
    Strain::Diamonds,
    Strain::Hearts,
    Strain::Spades,
    Strain::NoTrump,
];

/// The bidding rank of a strain: clubs 0 .. notrump 4.
pub(crate) const fn rank(strain: Strain) -> u8 {
    match strain {
        Strain::Clubs => 0,
        Strain::Diamonds => 1,
        Strain::Hearts => 2,
        Strain::Spades => 3,
        Strain::NoTrump => 4,
    }
}

/// A bid: a level and a strain, ordered as in an auction (1C lowest, 7NT highest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Bid {
    level: u8,
    rank: u8,
}

impl Bid {
    /// The bid of `level` in `strain`, if `level` is 1..=7.
    fn new(level: u8, strain: Strain) -> Option<Bid> {
        (1..=7).contains(&level).then_some(Bid {
            level,
            rank: rank(strain),
        })
    }

    fn level(self) -> u8 {
        self.level
    }

    fn strain(self) -> Strain {
        BIDDING_ORDER[self.rank as usize]
    }
}

/// The score of bidding `level` in `strain` undoubled and taking `tricks` (at least enough).
fn making_score(level: u8, strain: Strain, tricks: u8, vulnerable: bool) -> i32 {
    // The declarer does not change the score.
    let contract = Contract::new(level, strain, Doubling::Undoubled, Seat::North)
        .unwrap_or_else(|_| unreachable!("bids have levels 1..=7"));
    score(&contract, tricks, vulnerable)
}

/// A sacrifice (or a making overcall, if `down <= 0`) by the side not holding primacy.
#[derive(Clone, Copy, Debug)]
struct Sacrifice {
    bid: Bid,
    declarers: Declarers,
    /// Undertricks; zero or less if the contract makes.
    down: i32,
}

/// A candidate par contract of the side holding primacy: its highest making contract in a
/// strain.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    bid: Bid,
    score: i32,
    /// The cheapest sacrifice against it, if any is legal (none above 7NT).
    down: Option<i32>,
}

/// What the analysis finds: the par score for North-South and the par contracts (none if the
/// deal is passed out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub ns_score: i32,
    pub contracts: ParContracts,
}

/// When a seat may sacrifice in the strain of the contract it sacrifices against at the same
/// level, by bidding it first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Preempt {
    /// Whenever the seat bids before every declarer of the contract (`DealerPar`).
    Always,
    /// Only when finding the lowest level of a making par contract; when valuing contracts
    /// and choosing sacrifices, a sacrifice in the same strain is always one level up
    /// (`Par`).
    WhenLowering,
}

/// The analysis of one table, vulnerability and bidding order.
pub(crate) struct Auction<'a> {
    table: &'a DdTable,
    vul: Vulnerability,
    /// The seats in the order they bid: of two seats wanting the same bid, the first gets it.
    order: [Seat; 4],
    preempt: Preempt,
    /// Strains nobody may bid (by rank), except when looking for the lowest level of a
    /// making contract; see [`Auction::without`].
    removed: [bool; 5],
}

impl<'a> Auction<'a> {
    pub(crate) fn new(
        table: &'a DdTable,
        vul: Vulnerability,
        order: [Seat; 4],
        preempt: Preempt,
    ) -> Self {
        Auction {
            table,
            vul,
            order,
            preempt,
            removed: [false; 5],
        }
    }

    /// The same analysis with `strain` removed from the table for both sides: nobody may bid
    /// it, except that the lowest level of a making par contract still takes sacrifices in
    /// it into account. DDS's `Par` lists par contracts this way (see [`crate::par()`]).
    pub(crate) fn without(mut self, strain: Strain) -> Self {
        self.removed[rank(strain) as usize] = true;
        self
    }

    /// The strains that may be bid, clubs first.
    fn strains(&self, all: bool) -> impl Iterator<Item = Strain> + '_ {
        BIDDING_ORDER
            .into_iter()
            .filter(move |&s| all || !self.removed[rank(s) as usize])
    }

    fn side_tricks(&self, side: Side, strain: Strain) -> u8 {
        self.table.side_tricks(side, strain)
    }

    /// The seat or seats of `side` that take the most tricks in `strain`.
    fn declarers(&self, side: Side, strain: Strain) -> Declarers {
        let (a, b) = side.seats();
        let (ta, tb) = (self.table.tricks(strain, a), self.table.tricks(strain, b));
        match ta.cmp(&tb) {
            std::cmp::Ordering::Greater => Declarers::Seat(a),
            std::cmp::Ordering::Less => Declarers::Seat(b),
            std::cmp::Ordering::Equal => Declarers::Side(side),
        }
    }

    /// The highest contract `side` makes, if any.
    fn highest_making(&self, side: Side) -> Option<Bid> {
        self.strains(false)
            .filter_map(|s| Bid::new(self.side_tricks(side, s).saturating_sub(6), s))
            .max()
    }

    /// The side entitled to a plus score, or `None` if nobody makes anything.
    fn primacy(&self) -> Option<Side> {
        let ns = self.highest_making(Side::NorthSouth);
        let ew = self.highest_making(Side::EastWest);
        match (ns, ew) {
            (None, None) => None,
            (Some(_), None) => Some(Side::NorthSouth),
            (None, Some(_)) => Some(Side::EastWest),
            (Some(a), Some(b)) if a != b => Some(if a > b {
                Side::NorthSouth
            } else {
                Side::EastWest
            }),
            (Some(bid), Some(_)) => self
                .order
                .iter()
                .find(|&&seat| self.table.tricks(bid.strain(), seat) >= bid.level() + 6)
                .map(|seat| seat.side()),
        }
    }

    /// Every cheapest way for the opponents of `declaring` to bid over `over` in each strain
    /// (clubs first), as sacrifices; `declaring`'s contract is played by its better
    /// declarer(s). With `preempt`, a seat that bids before those declarers may sacrifice in
    /// their strain at the same level. With `lowering`, removed strains count too.
    fn sacrifices(
        &self,
        over: Bid,
        declaring: Side,
        preempt: bool,
        lowering: bool,
    ) -> ArrayVec<Sacrifice, 5> {
        let other = declaring.opponents();
        let mut out = ArrayVec::new();
        for strain in self.strains(lowering) {
            if strain != over.strain() {
                let up = u8::from(rank(strain) < over.rank);
                if let Some(bid) = Bid::new(over.level() + up, strain) {
                    out.push(Sacrifice {
                        bid,
                        declarers: self.declarers(other, strain),
                        down: i32::from(bid.level()) + 6
                            - i32::from(self.side_tricks(other, strain)),
                    });
                }
                continue;
            }
            // The same strain: a seat may bid the same contract if it comes before every
            // declarer of the contract it sacrifices against, else it must go one level up.
            let best = self.side_tricks(declaring, strain);
            let mut declarer_passed = !preempt;
            // (seat, level, undertricks); the level may be 8 for now.
            let mut hits: ArrayVec<(Seat, u8, i32), 2> = ArrayVec::new();
            for &seat in &self.order {
                let tricks = self.table.tricks(strain, seat);
                if seat.side() == declaring {
                    declarer_passed |= tricks == best;
                } else {
                    let level = over.level() + u8::from(declarer_passed);
                    hits.push((seat, level, i32::from(level) + 6 - i32::from(tricks)));
                }
            }
            let Some(down) = hits.iter().map(|h| h.2).min() else {
                continue;
            };
            // DDS's limit of 7NT: the cheapest undertricks of any seat, at the level the
            // side's better declarer would bid with them. It can refuse a legal 7-level
            // sacrifice by a seat that bids before the declarers (only on tables no deal
            // has: the other side must make a grand slam in the strain).
            let sacrificing_best = i32::from(self.side_tricks(other, strain));
            if sacrificing_best - 6 + down > 7 {
                continue;
            }
            hits.retain(|h| h.2 == down);
            // Levels are now at most 7 (the better declarer's is the highest).
            let sacrifice = |(seat, level, down): (Seat, u8, i32)| {
                Bid::new(level, strain).map(|bid| Sacrifice {
                    bid,
                    declarers: Declarers::Seat(seat),
                    down,
                })
            };
            let chosen = match hits[..] {
                // Both seats, at the same level: either may declare.
                [a, b] if a.1 == b.1 => sacrifice(a).map(|s| Sacrifice {
                    declarers: Declarers::Side(other),
                    ..s
                }),
                // Both seats, at different levels: the lower.
                [a, b] => sacrifice(if a.1 < b.1 { a } else { b }),
                [a] => sacrifice(a),
                _ => unreachable!("a side has two seats"),
            };
            let Some(chosen) = chosen else {
                continue;
            };
            out.push(chosen);
        }
        out
    }

    /// The undertricks of the cheapest sacrifice against `over`, if any is legal.
    fn cheapest_sacrifice(
        &self,
        over: Bid,
        declaring: Side,
        preempt: bool,
        lowering: bool,
    ) -> Option<i32> {
        self.sacrifices(over, declaring, preempt, lowering)
            .iter()
            .map(|s| s.down)
            .min()
    }

    /// Does a sacrifice of `down` undertricks by `side` cost less than `worth`? (A making
    /// overcall, `down <= 0`, always pays.)
    fn profitable(&self, down: Option<i32>, side: Side, worth: i32) -> bool {
        match down {
            None => false,
            Some(d) if d <= 0 => true,
            Some(d) => self.penalty(d, side) < worth,
        }
    }

    /// The penalty `side` pays for `down` doubled undertricks.
    fn penalty(&self, down: i32, side: Side) -> i32 {
        let down = u8::try_from(down.clamp(0, 13)).unwrap_or(13);
        undertrick_penalty(down, Doubling::Doubled, self.vul.is_vulnerable(side))
    }

    /// Par under this bidding order.
    pub(crate) fn find(&self) -> Found {
        let Some(side) = self.primacy() else {
            return Found {
                ns_score: 0,
                contracts: ParContracts::new(),
            };
        };
        let other = side.opponents();
        let vulnerable = self.vul.is_vulnerable(side);
        let preempt = self.preempt == Preempt::Always;

        let mut candidates: ArrayVec<Candidate, 5> = self
            .strains(false)
            .filter_map(|strain| {
                let tricks = self.side_tricks(side, strain);
                let bid = Bid::new(tricks.saturating_sub(6), strain)?;
                Some(Candidate {
                    bid,
                    score: making_score(bid.level(), strain, tricks, vulnerable),
                    down: self.cheapest_sacrifice(bid, side, preempt, false),
                })
            })
            .collect();
        candidates.sort_by_key(|c| std::cmp::Reverse(c.bid));
        let best_score = candidates.iter().map(|c| c.score).max().unwrap_or(0);
        let dearest = candidates
            .iter()
            .filter(|c| c.score == best_score)
            .map(|c| c.bid)
            .min();
        candidates.retain(|c| Some(c.bid) >= dearest);

        let sacrificed = |c: &Candidate| self.profitable(c.down, other, c.score);
        let best_plus = candidates
            .iter()
            .filter(|c| !sacrificed(c))
            .map(|c| c.score)
            .max();
        // The costliest profitable sacrifice, and the highest candidate that it is against.
        let best_down = candidates
            .iter()
            .filter(|c| sacrificed(c))
            .filter_map(|c| c.down)
            .max()
            .map(|d| d.max(0));
        let sign = if side == Side::NorthSouth { 1 } else { -1 };

        let makes = match (best_plus, best_down) {
            (Some(plus), None) => Some(plus),
            (Some(plus), Some(d)) if plus > self.penalty(d, other) => Some(plus),
            _ => None,
        };
        match (makes, best_down) {
            (Some(plus), _) => {
                let contracts = candidates
                    .iter()
                    .filter(|c| !sacrificed(c) && c.score == plus)
                    .map(|c| self.lowest_level(c, side))
                    .collect();
                Found {
                    ns_score: sign * plus,
                    contracts,
                }
            }
            (_, Some(down)) => {
                let against = candidates
                    .iter()
                    .find(|c| sacrificed(c) && c.down.map(|d| d.max(0)) == Some(down))
                    .map(|c| c.bid);
                let contracts = against
                    .map(|bid| {
                        self.sacrifices(bid, side, preempt, false)
                            .into_iter()
                            .filter(|s| s.down == down)
                            .map(|s| ParContract {
                                level: s.bid.level(),
                                strain: s.bid.strain(),
                                declarers: s.declarers,
                                outcome: ParOutcome::Sacrifice {
                                    undertricks: u8::try_from(down).unwrap_or(0),
                                },
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                Found {
                    ns_score: sign * self.penalty(down, other),
                    contracts,
                }
            }
            (None, None) => unreachable!("the side with primacy has a candidate"),
        }
    }

    /// A making par contract at the lowest level that scores as much as the candidate and
    /// against which no sacrifice is profitable.
    fn lowest_level(&self, c: &Candidate, side: Side) -> ParContract {
        let strain = c.bid.strain();
        let tricks = self.side_tricks(side, strain);
        let vulnerable = self.vul.is_vulnerable(side);
        let top = c.bid.level();
        let mut level = top;
        while let Some(lower) = Bid::new(level - 1, strain) {
            if making_score(lower.level(), strain, tricks, vulnerable) != c.score
                || self.profitable(
                    self.cheapest_sacrifice(lower, side, true, true),
                    side.opponents(),
                    c.score,
                )
            {
                break;
            }
            level = lower.level();
        }
        ParContract {
            level,
            strain,
            declarers: self.declarers(side, strain),
            outcome: ParOutcome::Makes {
                overtricks: top - level,
            },
        }
    }
}
