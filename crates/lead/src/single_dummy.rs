//! Single-dummy play: a position as one player sees it (their hand and dummy, the cards
//! played so far, the contract); the hidden hands sampled consistent with everything seen
//! (the cards each hand played, the suits each showed out of), and each legal card valued
//! double dummy over the samples.

use crate::analysis::{card_stats, CardStats, RunOptions, SampleValues};
use crate::lead::{run, Analysis, Deals, LeadError};
use crate::sample::Known;
use ddsolve::par::Contract;
use ddsolve_cards::{trick_winner_index, Card, Deal, Hand, Position, Seat, Side};
use thiserror::Error;

/// Why a single-dummy position cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SdError {
    /// The viewer is dummy, who sees nothing to decide.
    #[error("the player is {0}, dummy: the player must be declarer or a defender")]
    ViewerIsDummy(Seat),
    /// A hand seen does not hold 13 cards.
    #[error("{seat}'s hand holds {len} cards, not 13")]
    HandSize {
        /// The hand.
        seat: Seat,
        /// Its cards.
        len: u32,
    },
    /// A card played was played before, or is in a hand that did not play it.
    #[error("card {number} played, {card}, is played by {seat} but {reason}")]
    BadCard {
        /// Its place in the play (from 1).
        number: usize,
        /// The card.
        card: Card,
        /// The hand that plays it.
        seat: Seat,
        /// What is wrong.
        reason: String,
    },
    /// It is not the player's turn (nor dummy's, for declarer).
    #[error("after the cards played it is {to_play}'s turn, a hand {viewer} does not play")]
    NotYourTurn {
        /// The hand to play.
        to_play: Seat,
        /// The player.
        viewer: Seat,
    },
    /// Every card has been played.
    #[error("every card has been played")]
    Finished,
    /// The analysis failed.
    #[error(transparent)]
    Lead(#[from] LeadError),
}

/// A single-dummy position: what the player sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SdProblem {
    /// The player: declarer or a defender.
    pub viewer: Seat,
    /// The player's 13 cards, as dealt (the cards it played included).
    pub hand: Hand,
    /// Dummy's 13 cards, as dealt.
    pub dummy: Hand,
    /// The contract.
    pub contract: Contract,
    /// Is declarer's side vulnerable?
    pub vulnerable: bool,
    /// The cards played, from the opening lead on.
    pub played: Vec<Card>,
}

/// What the play so far showed: who played each card, the suits each hand showed out of,
/// and the position it leads to.
#[derive(Clone, Debug)]
pub struct Seen {
    /// What is known of the deal.
    pub known: Known,
    /// The hand to play.
    pub to_play: Seat,
}

impl SdProblem {
    /// Dummy: declarer's partner.
    pub fn dummy_seat(&self) -> Seat {
        self.contract.declarer().partner()
    }

    /// The player's side.
    pub fn side(&self) -> Side {
        self.viewer.side()
    }

    /// Checks the position and finds what the play showed.
    pub fn seen(&self) -> Result<Seen, SdError> {
        let dummy = self.dummy_seat();
        if self.viewer == dummy {
            return Err(SdError::ViewerIsDummy(dummy));
        }
        for (seat, hand) in [(self.viewer, self.hand), (dummy, self.dummy)] {
            if hand.len() != 13 {
                return Err(SdError::HandSize {
                    seat,
                    len: hand.len(),
                });
            }
        }
        let mut known = Known::new();
        known
            .add_hand(self.viewer, self.hand)
            .map_err(LeadError::from)?;
        known.add_hand(dummy, self.dummy).map_err(LeadError::from)?;
        let visible = |s: Seat| s == self.viewer || s == dummy;
        let trump = self.contract.strain();
        let mut leader = self.contract.declarer().next();
        let mut trick: Vec<Card> = Vec::new();
        let mut gone = Hand::EMPTY;
        let mut left = [self.hand, self.dummy];
        for (i, &card) in self.played.iter().enumerate() {
            let seat = leader.offset(trick.len());
            let bad = |reason: String| SdError::BadCard {
                number: i + 1,
                card,
                seat,
                reason,
            };
            if gone.contains(card) {
                return Err(bad("it was played before".into()));
            }
            if gone.len() == 52 {
                return Err(SdError::Finished);
            }
            if let Some(other) = Seat::ALL
                .into_iter()
                .find(|&s| s != seat && known.hands()[s].contains(card) && visible(s))
            {
                return Err(bad(format!("it is in {other}'s hand")));
            }
            let led = trick.first().map(|c| c.suit());
            if visible(seat) {
                let k = usize::from(seat != self.viewer);
                if !left[k].contains(card) {
                    return Err(bad(format!("{seat}'s hand does not hold it")));
                }
                if let Some(led) = led {
                    if card.suit() != led && !left[k].suit(led).is_empty() {
                        return Err(bad(format!("{seat} holds a card of the suit led")));
                    }
                }
                left[k].remove(card);
            } else {
                known.add_card(seat, card).map_err(LeadError::from)?;
                if let Some(led) = led {
                    if card.suit() != led {
                        known.show_out(seat, led);
                    }
                }
            }
            gone.insert(card);
            trick.push(card);
            if trick.len() == 4 {
                let cards = [trick[0], trick[1], trick[2], trick[3]];
                leader = leader.offset(trick_winner_index(&cards, trump));
                trick.clear();
            }
        }
        if gone.len() == 52 {
            return Err(SdError::Finished);
        }
        let to_play = leader.offset(trick.len());
        let declarer = self.contract.declarer();
        let plays = to_play == self.viewer || (self.viewer == declarer && to_play == dummy);
        if !plays {
            return Err(SdError::NotYourTurn {
                to_play,
                viewer: self.viewer,
            });
        }
        Ok(Seen { known, to_play })
    }

    /// The position of a deal (as dealt) after the cards played.
    ///
    /// # Panics
    /// If the deal does not agree with the play ([`Known::admits`] on [`SdProblem::seen`]'s
    /// `known` is true of every sampled or checked deal).
    pub fn position(&self, deal: &Deal) -> Position {
        let mut pos = Position::new(
            *deal,
            self.contract.strain(),
            self.contract.declarer().next(),
        );
        for &card in &self.played {
            pos.play(card).expect("a deal consistent with the play");
        }
        pos
    }

    /// The legal cards of the hand to play (the same on every consistent deal: the hand is
    /// seen), spades first, highest first.
    pub fn legal_cards(&self, seen: &Seen) -> Vec<Card> {
        let dummy = self.dummy_seat();
        let dealt = if seen.to_play == dummy {
            self.dummy
        } else {
            self.hand
        };
        let played: Hand = self.played.iter().copied().collect();
        let hand = dealt - played;
        let trick_len = self.played.len() % 4;
        let trick = &self.played[self.played.len() - trick_len..];
        let legal = match trick.first().map(|c| c.suit()) {
            Some(led) if !hand.suit(led).is_empty() => hand.only_suit(led),
            _ => hand,
        };
        let mut cards: Vec<Card> = legal.iter().collect();
        cards.sort_by_key(|c| (c.suit(), std::cmp::Reverse(c.rank())));
        cards
    }
}

/// Values every legal card of `problem`'s position over `deals`, for the player's side,
/// calling `progress` after each sample.
pub fn analyse_single_dummy(
    problem: &SdProblem,
    deals: Deals<'_>,
    options: &RunOptions,
    progress: &mut dyn FnMut(&SampleValues),
) -> Result<Analysis, SdError> {
    let seen = problem.seen()?;
    let cards = problem.legal_cards(&seen);
    let position = |d: &Deal| problem.position(d);
    let (samples, tried) = run(
        &seen.known,
        deals,
        &position,
        &cards,
        problem.side(),
        options,
        progress,
    )?;
    if samples.is_empty() {
        return Err(LeadError::NoDeals.into());
    }
    let nodes = samples.iter().map(|s| s.nodes).sum();
    let stats: Vec<CardStats> = card_stats(
        &cards,
        &samples,
        problem.side(),
        &problem.contract,
        problem.vulnerable,
    );
    Ok(Analysis {
        cards,
        stats,
        samples,
        tried,
        nodes,
    })
}
