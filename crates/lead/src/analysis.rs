//! What the lead and single-dummy analyses share: the cards of a position valued double
//! dummy on each sampled deal (on every core, results in sample order), and their
//! statistics over the samples.

use crate::stats::{gain_against, matchpoints, Estimate};
use ddsolve::exec::pool::{ordered_map, PoolOptions};
use ddsolve::par::Contract;
use ddsolve::{Solutions, SolverBuilder, Target};
use ddsolve_cards::{Card, Deal, Hand, Position, Side};
use ddsolve_deal::scoring::imps;
use serde::Serialize;

/// How the cards of a sample are valued. The values are the same whichever is chosen; only
/// the work differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// One solve of the position with every card's value (`Solutions::All`), on a solver
    /// whose table stays warm from card to card and sample to sample (the default).
    #[default]
    Warm,
    /// Each card (one per class of equivalent cards) played and the position after it solved,
    /// on one solver kept warm across the cards and the samples: what a program calling
    /// DDS's `SolveBoard` once per card on a kept thread does.
    WarmEachCard,
    /// As [`Method::WarmEachCard`], with the table cleared before every card's solve: a cold
    /// solve per card, the cost that warm tables remove.
    Cold,
}

/// How the samples are solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Worker threads (each with its own solver).
    pub threads: usize,
    /// The transposition table of each solver, in MB.
    pub tt_memory_mb: usize,
    /// How each sample's cards are valued.
    pub method: Method,
    /// Stop taking samples at this time (the analysis then fails with
    /// [`crate::LeadError::TimeLimit`]).
    pub deadline: Option<std::time::Instant>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            threads: ddsolve::exec::default_threads(),
            tt_memory_mb: 64,
            method: Method::Warm,
            deadline: None,
        }
    }
}

/// One sampled deal and what each card is worth on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleValues {
    /// The whole deal (as dealt, before any card was played).
    pub deal: Deal,
    /// For each card of [`crate::Analysis::cards`], in that order, the tricks the side of the
    /// analysis (the defence for a lead, the viewer's side in single dummy) takes in all,
    /// tricks already won included, if that card is played and all play double dummy after.
    pub tricks: Vec<u8>,
    /// Search nodes spent on this sample.
    pub nodes: u64,
}

/// The classes of equivalent cards among `cards` in `pos`: cards of one suit with no
/// card of another hand between them (cards already played do not separate; cards of the
/// current trick do).
pub fn card_classes(pos: &Position, cards: Hand) -> Vec<Hand> {
    let hand = pos.hand(pos.to_play());
    let trick: Hand = pos.trick().iter().copied().collect();
    let others = (pos.remaining() - hand) | trick;
    let mut out: Vec<Hand> = Vec::new();
    for card in cards.iter() {
        let joins = out.iter_mut().find(|class| {
            class.iter().any(|c| {
                c.suit() == card.suit() && {
                    let (lo, hi) = if c.rank() < card.rank() {
                        (c.rank(), card.rank())
                    } else {
                        (card.rank(), c.rank())
                    };
                    let between =
                        ddsolve_cards::Holding::below(hi) - ddsolve_cards::Holding::below(lo);
                    (others.suit(card.suit()) & between).is_empty()
                }
            })
        });
        match joins {
            Some(class) => class.insert(card),
            None => out.push(Hand::single(card)),
        }
    }
    out
}

/// The tricks `side` takes in all from `pos` when the side to play takes `to_play` of the
/// tricks left.
fn side_total(pos: &Position, side: Side, to_play: u8) -> u8 {
    let left = pos.tricks_left() as u8;
    let future = if pos.to_play().side() == side {
        to_play
    } else {
        left - to_play
    };
    pos.tricks_won(side) as u8 + future
}

/// Values `cards` (legal cards of the hand to play in each sample's position) for `side` on
/// every deal of `deals`, on `options.threads` threads, calling `each` with every result in
/// sample order. `position` gives a deal's position.
pub fn value_samples<E>(
    deals: impl Iterator<Item = Deal> + Send,
    position: &(dyn Fn(&Deal) -> Position + Sync),
    cards: &[Card],
    side: Side,
    options: &RunOptions,
    mut each: impl FnMut(SampleValues) -> Result<(), E>,
) -> Result<(), E> {
    let method = options.method;
    let mb = options.tt_memory_mb;
    let deadline = options.deadline;
    let deals = deals.take_while(move |_| deadline.is_none_or(|d| std::time::Instant::now() < d));
    ordered_map(
        deals,
        &PoolOptions::with_threads(options.threads),
        || {
            SolverBuilder::new()
                .tt_memory_mb(mb)
                .build()
                .keep_table(method != Method::Cold)
        },
        |solver, deal| {
            let pos = position(&deal);
            let nodes0 = solver.nodes();
            let mut tricks = vec![0u8; cards.len()];
            match method {
                Method::Warm => {
                    let sol = solver
                        .solve(&pos, Target::Max, Solutions::All)
                        .expect("a position with cards to play");
                    for (i, card) in cards.iter().enumerate() {
                        let v = sol
                            .cards
                            .iter()
                            .find(|c| {
                                c.card.suit() == card.suit() && c.equals.contains(card.rank())
                            })
                            .expect("every legal card is valued");
                        tricks[i] = side_total(&pos, side, v.tricks);
                    }
                }
                Method::WarmEachCard | Method::Cold => {
                    let all: Hand = cards.iter().copied().collect();
                    for class in card_classes(&pos, all) {
                        let card = class.iter().next().expect("a class has a card");
                        let mut after = pos.clone();
                        after.play(card).expect("a legal card");
                        let total = if after.is_finished() {
                            after.tricks_won(side) as u8
                        } else {
                            side_total(&after, side, solver.tricks(&after))
                        };
                        for (i, c) in cards.iter().enumerate() {
                            if class.contains(*c) {
                                tricks[i] = total;
                            }
                        }
                    }
                }
            }
            SampleValues {
                nodes: solver.nodes() - nodes0,
                deal,
                tricks,
            }
        },
        |_, values| each(values),
    )
}

/// A group of equal cards (the same value on every sample) and its statistics, for the side
/// of the analysis.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardStats {
    /// The cards of the group (names as `SA`, `HT`), highest first.
    #[serde(serialize_with = "card_names")]
    pub cards: Vec<Card>,
    /// Tricks the side takes.
    pub tricks: Estimate,
    /// How often the side reaches its goal: the contract set for the defence, made for
    /// declarer's side.
    pub success: Estimate,
    /// The side's score.
    pub score: Estimate,
    /// The average over the other groups of the IMPs this one gains against each, per deal.
    pub imps: Estimate,
    /// The same in matchpoints (1 for a better score, a half for an equal one).
    pub matchpoints: Estimate,
    /// How often no card takes more tricks for the side.
    pub best: Estimate,
}

fn card_names<S: serde::Serializer>(cards: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cards.iter().map(|c| c.to_string()))
}

/// The statistics of `cards` over `samples` (each with a value per card in `cards`' order)
/// for `side`, in `contract` (`vulnerable`: declarer's side), cards of equal value on every
/// sample grouped; the groups best first (the highest average score, then the most tricks).
pub fn card_stats(
    cards: &[Card],
    samples: &[SampleValues],
    side: Side,
    contract: &Contract,
    vulnerable: bool,
) -> Vec<CardStats> {
    // Groups: cards whose column is the same on every sample.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..cards.len() {
        match groups
            .iter_mut()
            .find(|g| samples.iter().all(|s| s.tricks[g[0]] == s.tricks[i]))
        {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    let declaring = contract.declarer().side() == side;
    let need = contract.tricks_needed();
    let score_of = |t: u8| {
        let declarer_tricks = if declaring { t } else { 13 - t };
        let s = contract.score(declarer_tricks, vulnerable);
        if declaring {
            s
        } else {
            -s
        }
    };
    let success_of = |t: u8| {
        let declarer_tricks = if declaring { t } else { 13 - t };
        (declarer_tricks >= need) == declaring
    };
    let mut out: Vec<CardStats> = groups
        .iter()
        .enumerate()
        .map(|(gi, g)| {
            let col = g[0];
            let n = samples.len();
            let (mut tricks, mut success, mut score, mut imp, mut mp, mut best) = (
                Vec::with_capacity(n),
                Vec::with_capacity(n),
                Vec::with_capacity(n),
                Vec::with_capacity(n),
                Vec::with_capacity(n),
                Vec::with_capacity(n),
            );
            for s in samples {
                let t = s.tricks[col];
                tricks.push(f64::from(t));
                success.push(if success_of(t) { 1.0 } else { 0.0 });
                let sc = score_of(t);
                score.push(f64::from(sc));
                let others: Vec<i32> = groups
                    .iter()
                    .enumerate()
                    .filter(|&(gj, _)| gj != gi)
                    .map(|(_, h)| score_of(s.tricks[h[0]]))
                    .collect();
                if let Some(v) = gain_against(sc, &others, |a, b| f64::from(imps(a - b))) {
                    imp.push(v);
                }
                if let Some(v) = gain_against(sc, &others, matchpoints) {
                    mp.push(v);
                }
                let max = s.tricks.iter().copied().max().unwrap_or(0);
                best.push(if t == max { 1.0 } else { 0.0 });
            }
            let mut group_cards: Vec<Card> = g.iter().map(|&i| cards[i]).collect();
            group_cards.sort_by_key(|c| (c.suit(), std::cmp::Reverse(c.rank())));
            CardStats {
                cards: group_cards,
                tricks: Estimate::of(&tricks),
                success: Estimate::of(&success),
                score: Estimate::of(&score),
                imps: Estimate::of(&imp),
                matchpoints: Estimate::of(&mp),
                best: Estimate::of(&best),
            }
        })
        .collect();
    out.sort_by(|a, b| {
        b.score
            .mean
            .total_cmp(&a.score.mean)
            .then(b.tricks.mean.total_cmp(&a.tricks.mean))
    });
    out
}
