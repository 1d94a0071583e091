//! Sampling the unseen cards: deals consistent with the cards known to be in each hand and
//! the suits each hand has shown out of, and accepted by a filter (what an auction showed).
//!
//! The known cards (and the unseen cards of a suit that only one hand can still hold) are
//! predealt; the rest are dealt uniformly by the counter-based generator
//! ([`ddsolve_deal::gen::RngKind::Counter`]), and deals that give a hand a card of a suit it
//! showed out of, or that the filter refuses, are skipped. Every deal consistent with what
//! is known and accepted by the filter is equally likely. Deal `i` of the generator depends
//! only on the seed and `i`, and the deals are drawn in order on one thread, so the same
//! seed gives the same samples whatever the number of threads that solve them.

use ddsolve_cards::{Card, Deal, Hand, Seat, SeatMap, Suit};
use ddsolve_deal::gen::{CounterDealer, Predeal, PredealError};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use thiserror::Error;

/// A filter on whole deals: the constraints an auction puts on the unseen hands.
pub type Filter<'a> = &'a (dyn Fn(&Deal) -> bool + Sync);

/// Why what is known cannot be sampled from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SampleError {
    /// A card is known to be in two hands.
    #[error("{card} is in {first}'s hand and in {second}'s")]
    CardTwice {
        /// The card.
        card: Card,
        /// One hand.
        first: Seat,
        /// The other.
        second: Seat,
    },
    /// A hand is known to hold more than 13 cards.
    #[error("{seat} would hold more than 13 cards")]
    TooManyCards {
        /// The hand.
        seat: Seat,
    },
    /// No hand can hold some unseen card of a suit (every hand that has room showed out).
    #[error("no hand can hold the unseen {suit} cards: every hand with room has shown out")]
    NoRoom {
        /// The suit.
        suit: Suit,
    },
    /// The filter accepted fewer deals than asked for before the attempts ran out.
    #[error("the condition accepted only {accepted} of {tried} deals tried ({wanted} wanted)")]
    TooFew {
        /// Deals accepted.
        accepted: u64,
        /// Deals tried.
        tried: u64,
        /// Deals wanted.
        wanted: u64,
    },
}

/// What is known of a deal: cards known to be in each hand, and suits each hand holds no more
/// of than its known cards (it showed out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Known {
    hands: SeatMap<Hand>,
    shown_out: SeatMap<[bool; 4]>,
}

impl Known {
    /// Nothing known.
    pub fn new() -> Known {
        Known::default()
    }

    /// `card` is in `seat`'s hand.
    pub fn add_card(&mut self, seat: Seat, card: Card) -> Result<(), SampleError> {
        if let Some(other) = Seat::ALL
            .into_iter()
            .find(|&s| self.hands[s].contains(card))
        {
            if other != seat {
                return Err(SampleError::CardTwice {
                    card,
                    first: other,
                    second: seat,
                });
            }
            return Ok(());
        }
        if self.hands[seat].len() >= 13 {
            return Err(SampleError::TooManyCards { seat });
        }
        self.hands[seat].insert(card);
        Ok(())
    }

    /// Every card of `hand` is in `seat`'s hand.
    pub fn add_hand(&mut self, seat: Seat, hand: Hand) -> Result<(), SampleError> {
        hand.iter().try_for_each(|c| self.add_card(seat, c))
    }

    /// `seat` holds no card of `suit` beyond those known to be in its hand.
    pub fn show_out(&mut self, seat: Seat, suit: Suit) {
        self.shown_out[seat][suit.index()] = true;
    }

    /// The cards known to be in each hand.
    pub fn hands(&self) -> &SeatMap<Hand> {
        &self.hands
    }

    /// Has `seat` shown out of `suit`?
    pub fn has_shown_out(&self, seat: Seat, suit: Suit) -> bool {
        self.shown_out[seat][suit.index()]
    }

    /// Does `deal` agree with everything known: the known cards where they are known to be,
    /// and no hand with a card of a suit it showed out of beyond its known cards?
    pub fn admits(&self, deal: &Deal) -> bool {
        Seat::ALL.into_iter().all(|seat| {
            let hand = deal.hand(seat);
            let known = self.hands[seat];
            (hand & known) == known
                && Suit::ALL.into_iter().all(|suit| {
                    !self.shown_out[seat][suit.index()] || (hand - known).suit(suit).is_empty()
                })
        })
    }

    /// The cards to predeal: the known ones, and the unseen cards of each suit that only one
    /// hand can still hold (repeated while that fills a hand).
    pub fn forced(&self) -> Result<SeatMap<Hand>, SampleError> {
        let mut hands = self.hands;
        loop {
            let placed = Seat::ALL.iter().fold(Hand::EMPTY, |a, &s| a | hands[s]);
            let mut changed = false;
            for suit in Suit::ALL {
                let unseen = (Hand::ALL - placed).suit(suit);
                if unseen.is_empty() {
                    continue;
                }
                let can: Vec<Seat> = Seat::ALL
                    .into_iter()
                    .filter(|&s| hands[s].len() < 13 && !self.shown_out[s][suit.index()])
                    .collect();
                match can.as_slice() {
                    [] => return Err(SampleError::NoRoom { suit }),
                    [only] => {
                        for rank in unseen.iter() {
                            if hands[*only].len() >= 13 {
                                return Err(SampleError::NoRoom { suit });
                            }
                            hands[*only].insert(Card::new(suit, rank));
                        }
                        changed = true;
                        break;
                    }
                    _ => {}
                }
            }
            if !changed {
                return Ok(hands);
            }
        }
    }
}

/// The counts of a run of the sampler: deals tried and accepted.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    tried: Arc<AtomicU64>,
    accepted: Arc<AtomicU64>,
}

impl Counts {
    /// Deals drawn from the generator so far.
    pub fn tried(&self) -> u64 {
        self.tried.load(Ordering::Relaxed)
    }

    /// Deals accepted so far.
    pub fn accepted(&self) -> u64 {
        self.accepted.load(Ordering::Relaxed)
    }
}

/// Deals consistent with what is [`Known`], accepted by a filter, from a seed.
#[derive(Clone, Debug)]
pub struct Sampler {
    known: Known,
    dealer: CounterDealer,
    max_tries: u64,
}

impl Sampler {
    /// A sampler of deals consistent with `known`, from `seed`. At most `max_tries` deals
    /// are drawn from the generator in a run.
    pub fn new(known: &Known, seed: u64, max_tries: u64) -> Result<Sampler, SampleError> {
        let forced = known.forced()?;
        let mut predeal = Predeal::new();
        for seat in Seat::ALL {
            for card in forced[seat].iter() {
                predeal.add(seat, card).map_err(|e| match e {
                    PredealError::CardTwice { card, holder } => SampleError::CardTwice {
                        card,
                        first: holder,
                        second: seat,
                    },
                    _ => SampleError::TooManyCards { seat },
                })?;
            }
        }
        Ok(Sampler {
            known: known.clone(),
            dealer: CounterDealer::new(seed, &predeal),
            max_tries,
        })
    }

    /// What is known.
    pub fn known(&self) -> &Known {
        &self.known
    }

    /// The first `n` deals that `known` admits and `filter` accepts, drawn in the generator's
    /// order (deal `i` of the generator depends only on the seed and `i`); fewer if
    /// `max_tries` deals run out first (see `counts`).
    pub fn deals<'a>(
        &'a self,
        n: u64,
        filter: Option<Filter<'a>>,
        counts: &Counts,
    ) -> impl Iterator<Item = Deal> + Send + 'a {
        let counts = counts.clone();
        let mut index = 0u64;
        std::iter::from_fn(move || {
            if counts.accepted() >= n {
                return None;
            }
            while index < self.max_tries {
                let deal = self.dealer.deal_at(index);
                index += 1;
                counts.tried.store(index, Ordering::Relaxed);
                if self.known.admits(&deal) && filter.is_none_or(|f| f(&deal)) {
                    counts.accepted.fetch_add(1, Ordering::Relaxed);
                    return Some(deal);
                }
            }
            None
        })
    }

    /// [`Sampler::deals`] collected, or [`SampleError::TooFew`].
    pub fn collect(&self, n: u64, filter: Option<Filter<'_>>) -> Result<Vec<Deal>, SampleError> {
        let counts = Counts::default();
        let deals: Vec<Deal> = self.deals(n, filter, &counts).collect();
        check_count(&counts, n)?;
        Ok(deals)
    }
}

/// [`SampleError::TooFew`] unless `counts` reached `wanted`.
pub fn check_count(counts: &Counts, wanted: u64) -> Result<(), SampleError> {
    if counts.accepted() < wanted {
        return Err(SampleError::TooFew {
            accepted: counts.accepted(),
            tried: counts.tried(),
            wanted,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn shown_out_forces_the_suit_to_the_other_hand() {
        let mut known = Known::new();
        known.add_card(Seat::North, card("SA")).unwrap();
        for s in [Seat::North, Seat::South, Seat::West] {
            known.show_out(s, Suit::Hearts);
        }
        let forced = known.forced().unwrap();
        assert_eq!(forced[Seat::East].suit(Suit::Hearts).len(), 13);
        let sampler = Sampler::new(&known, 1, 1000).unwrap();
        for deal in sampler.collect(20, None).unwrap() {
            assert_eq!(deal.hand(Seat::East).suit(Suit::Hearts).len(), 13);
            assert!(deal.hand(Seat::North).contains(card("SA")));
        }
    }

    #[test]
    fn contradictions_are_errors() {
        let mut known = Known::new();
        known.add_card(Seat::North, card("SA")).unwrap();
        assert!(matches!(
            known.add_card(Seat::East, card("SA")),
            Err(SampleError::CardTwice { .. })
        ));
        for s in Seat::ALL {
            known.show_out(s, Suit::Clubs);
        }
        assert_eq!(
            known.forced(),
            Err(SampleError::NoRoom { suit: Suit::Clubs })
        );
    }

    #[test]
    fn too_few_accepted_is_an_error() {
        let sampler = Sampler::new(&Known::new(), 1, 50).unwrap();
        let never = |_: &Deal| false;
        let err = sampler.collect(3, Some(&never)).unwrap_err();
        assert_eq!(
            err,
            SampleError::TooFew {
                accepted: 0,
                tried: 50,
                wanted: 3
            }
        );
    }
}
