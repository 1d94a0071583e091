//! Opening leads: every card of the leader's hand valued double dummy on deals sampled
//! consistent with the leader's hand and the auction (or given), with the statistics of each
//! lead over them.

use crate::analysis::{card_stats, value_samples, CardStats, RunOptions, SampleValues};
use crate::sample::{check_count, Counts, Filter, Known, SampleError, Sampler};
use ddsolve::par::Contract;
use ddsolve_cards::{Card, Deal, Hand, Position, Seat, Side, Suit};
use thiserror::Error;

/// Why a lead problem cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LeadError {
    /// The leader's hand does not hold 13 cards.
    #[error("the leader's hand holds {0} cards, not 13")]
    HandSize(u32),
    /// A given deal does not agree with what is known (the hands seen, the cards played, the
    /// suits shown out).
    #[error("deal {index} ({deal}) does not agree with the cards seen: {seat}'s hand must hold {hand}{shown_out}")]
    DealDisagrees {
        /// The deal's index (from 1).
        index: usize,
        /// The deal.
        deal: String,
        /// The hand at odds with it.
        seat: Seat,
        /// Its known cards.
        hand: String,
        /// The suits it showed out of (", and no more ...").
        shown_out: String,
    },
    /// No sample to value.
    #[error("no deals to analyse")]
    NoDeals,
    /// The deadline came before every sample was valued.
    #[error("the time limit came after {done} of {wanted} samples")]
    TimeLimit {
        /// Samples valued.
        done: usize,
        /// Samples wanted.
        wanted: u64,
    },
    /// The sampler could not deal.
    #[error(transparent)]
    Sample(#[from] SampleError),
}

/// A lead problem: the leader's hand against a contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeadProblem {
    /// The leader's 13 cards.
    pub hand: Hand,
    /// The contract; the leader is declarer's left-hand opponent.
    pub contract: Contract,
    /// Is declarer's side vulnerable?
    pub vulnerable: bool,
}

impl LeadProblem {
    /// The seat on lead: declarer's left-hand opponent.
    pub fn leader(&self) -> Seat {
        self.contract.declarer().next()
    }

    /// The defending side.
    pub fn defence(&self) -> Side {
        self.leader().side()
    }

    /// What is known: the leader's hand.
    pub fn known(&self) -> Result<Known, LeadError> {
        if self.hand.len() != 13 {
            return Err(LeadError::HandSize(self.hand.len()));
        }
        let mut known = Known::new();
        known.add_hand(self.leader(), self.hand)?;
        Ok(known)
    }

    /// The position of a deal before the opening lead.
    pub fn position(&self, deal: &Deal) -> Position {
        Position::new(*deal, self.contract.strain(), self.leader())
    }

    /// The leads: the cards of the leader's hand, spades first, highest first.
    pub fn leads(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.hand.iter().collect();
        cards.sort_by_key(|c| (c.suit(), std::cmp::Reverse(c.rank())));
        cards
    }
}

/// Where the deals come from.
#[derive(Clone, Copy)]
pub enum Deals<'a> {
    /// Sampled: `count` deals from `seed`, consistent with the leader's hand and accepted by
    /// `filter`, drawing at most `max_tries` deals.
    Sampled {
        /// Deals wanted.
        count: u64,
        /// The seed.
        seed: u64,
        /// The constraints on the unseen hands.
        filter: Option<Filter<'a>>,
        /// The most deals drawn.
        max_tries: u64,
    },
    /// Given deals, each of which must give the leader the leader's hand.
    Given(&'a [Deal]),
}

impl std::fmt::Debug for Deals<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Deals::Sampled { count, seed, .. } => write!(f, "Sampled({count}, seed {seed})"),
            Deals::Given(d) => write!(f, "Given({} deals)", d.len()),
        }
    }
}

/// The result of an analysis: each card's statistics, and the samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The cards valued (the leads, or the legal cards of a single-dummy position), in
    /// the order of [`SampleValues::tricks`].
    pub cards: Vec<Card>,
    /// The groups of equal cards with their statistics, best first.
    pub stats: Vec<CardStats>,
    /// Every sample with each card's tricks for the side analysed.
    pub samples: Vec<SampleValues>,
    /// Deals drawn from the generator (accepted or not); the given deals' count otherwise.
    pub tried: u64,
    /// Search nodes over every sample.
    pub nodes: u64,
}

/// Values every lead of `problem` on `deals`, calling `progress` after each sample (in
/// sample order).
pub fn analyse_leads(
    problem: &LeadProblem,
    deals: Deals<'_>,
    options: &RunOptions,
    progress: &mut dyn FnMut(&SampleValues),
) -> Result<Analysis, LeadError> {
    let known = problem.known()?;
    let leads = problem.leads();
    let position = |d: &Deal| problem.position(d);
    run(
        &known,
        deals,
        &position,
        &leads,
        problem.defence(),
        options,
        progress,
    )
    .and_then(|(samples, tried)| {
        if samples.is_empty() {
            return Err(LeadError::NoDeals);
        }
        let nodes = samples.iter().map(|s| s.nodes).sum();
        Ok(Analysis {
            stats: card_stats(
                &leads,
                &samples,
                problem.defence(),
                &problem.contract,
                problem.vulnerable,
            ),
            cards: leads,
            samples,
            tried,
            nodes,
        })
    })
}

/// Draws or checks the deals and values `cards` on each: the samples and the deals tried.
pub(crate) fn run(
    known: &Known,
    deals: Deals<'_>,
    position: &(dyn Fn(&Deal) -> Position + Sync),
    cards: &[Card],
    side: Side,
    options: &RunOptions,
    progress: &mut dyn FnMut(&SampleValues),
) -> Result<(Vec<SampleValues>, u64), LeadError> {
    let mut samples = Vec::new();
    let mut sink = |v: SampleValues| {
        progress(&v);
        samples.push(v);
        Ok::<(), LeadError>(())
    };
    match deals {
        Deals::Sampled {
            count,
            seed,
            filter,
            max_tries,
        } => {
            let sampler = Sampler::new(known, seed, max_tries)?;
            let counts = Counts::default();
            value_samples(
                sampler.deals(count, filter, &counts),
                position,
                cards,
                side,
                options,
                &mut sink,
            )?;
            if options
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
                && (samples.len() as u64) < count
            {
                return Err(LeadError::TimeLimit {
                    done: samples.len(),
                    wanted: count,
                });
            }
            check_count(&counts, count)?;
            Ok((samples, counts.tried()))
        }
        Deals::Given(given) => {
            for (i, deal) in given.iter().enumerate() {
                if !known.admits(deal) {
                    let seat = Seat::ALL
                        .into_iter()
                        .find(|&s| {
                            let mut one = Known::new();
                            let _ = one.add_hand(s, known.hands()[s]);
                            for suit in Suit::ALL {
                                if known.has_shown_out(s, suit) {
                                    one.show_out(s, suit);
                                }
                            }
                            !one.admits(deal)
                        })
                        .unwrap_or(Seat::North);
                    let shown: Vec<String> = Suit::ALL
                        .into_iter()
                        .filter(|&suit| known.has_shown_out(seat, suit))
                        .map(|suit| suit.letter().to_string())
                        .collect();
                    return Err(LeadError::DealDisagrees {
                        index: i + 1,
                        deal: deal.to_pbn(),
                        seat,
                        hand: known.hands()[seat].to_string(),
                        shown_out: if shown.is_empty() {
                            String::new()
                        } else {
                            format!(" and no other card of {}", shown.join(", "))
                        },
                    });
                }
            }
            value_samples(
                given.iter().cloned(),
                position,
                cards,
                side,
                options,
                &mut sink,
            )?;
            if samples.len() < given.len() {
                return Err(LeadError::TimeLimit {
                    done: samples.len(),
                    wanted: given.len() as u64,
                });
            }
            Ok((samples, given.len() as u64))
        }
    }
}
