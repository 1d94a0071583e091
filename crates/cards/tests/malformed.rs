//! Malformed input, table-driven: each case must fail with a specific error variant whose
//! message names the problem (the card, seat, character or count at fault), never panic.

use ddsolve_cards::{
    parse_pbn_hands, Card, CardParseError, Deal, DealError, Hand, PbnError, PlayError, Position,
    PositionError, Seat, SeatMap, Strain, Suit,
};
use std::fmt;

/// What a case feeds in.
enum Input {
    /// A PBN deal string, parsed as a [`Deal`].
    Deal(&'static str),
    /// A card string for [`Card::parse`].
    Card(&'static str),
    /// Raw hands for [`Deal::new`].
    RawHands([u64; 4]),
    /// A mid-trick position: hands (PBN, unequal lengths allowed), trump, leader, cards
    /// already played to the trick.
    Trick(&'static str, Strain, Seat, &'static [&'static str]),
    /// A mid-trick position from raw hands, for what a PBN string cannot express.
    RawTrick([u64; 4], Strain, Seat, &'static [&'static str]),
    /// A deal, trump and leader, cards played legally first, then one more card to play.
    Play(
        &'static str,
        Strain,
        Seat,
        &'static [&'static str],
        &'static str,
    ),
}

/// The error a case got.
#[derive(Debug)]
enum Got {
    Pbn(PbnError),
    Card(CardParseError),
    Deal(DealError),
    Position(PositionError),
    Play(PlayError),
}

impl fmt::Display for Got {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Got::Pbn(e) => e.fmt(f),
            Got::Card(e) => e.fmt(f),
            Got::Deal(e) => e.fmt(f),
            Got::Position(e) => e.fmt(f),
            Got::Play(e) => e.fmt(f),
        }
    }
}

struct Case {
    name: &'static str,
    input: Input,
    /// The expected error, exactly.
    expect: fn() -> Got,
    /// Text the error message must contain.
    mentions: &'static [&'static str],
}

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

fn run(input: &Input) -> Result<(), Got> {
    match *input {
        Input::Deal(s) => s.parse::<Deal>().map(drop).map_err(Got::Pbn),
        Input::Card(s) => s.parse::<Card>().map(drop).map_err(Got::Card),
        Input::RawHands(bits) => Deal::new(SeatMap(bits.map(Hand)))
            .map(drop)
            .map_err(Got::Deal),
        Input::Trick(hands, trump, leader, played) => {
            let hands = parse_pbn_hands(hands).map_err(Got::Pbn)?;
            let played: Vec<Card> = played.iter().map(|c| card(c)).collect();
            Position::with_trick(hands, trump, leader, &played)
                .map(drop)
                .map_err(Got::Position)
        }
        Input::RawTrick(bits, trump, leader, played) => {
            let played: Vec<Card> = played.iter().map(|c| card(c)).collect();
            Position::with_trick(SeatMap(bits.map(Hand)), trump, leader, &played)
                .map(drop)
                .map_err(Got::Position)
        }
        Input::Play(deal, trump, leader, before, next) => {
            let deal: Deal = deal.parse().map_err(Got::Pbn)?;
            let mut pos = Position::new(deal, trump, leader);
            for c in before {
                pos.play(card(c)).map_err(Got::Play)?;
            }
            pos.play(card(next)).map_err(Got::Play)
        }
    }
}

/// Four 13-card hands, each one whole suit: North spades, East hearts, South diamonds, West clubs.
const BY_SUITS: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "a 14-card hand",
            input: Input::Deal(
                "N:AKQJT98765432.A.. .KQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
            ),
            expect: || {
                Got::Pbn(PbnError::Deal(DealError::TooManyCards {
                    seat: Seat::North,
                    len: 14,
                }))
            },
            mentions: &["N has 14 cards"],
        },
        Case {
            name: "a card in two hands",
            input: Input::Deal("N:A... A... K... Q..."),
            expect: || {
                Got::Pbn(PbnError::Deal(DealError::DuplicateCard {
                    card: card("SA"),
                    first: Seat::North,
                    second: Seat::East,
                }))
            },
            mentions: &["SA", "N", "E"],
        },
        Case {
            name: "an unknown rank letter",
            input: Input::Deal("N:A.X.. K... Q... J..."),
            expect: || {
                Got::Pbn(PbnError::BadRank {
                    seat: Seat::North,
                    suit: Suit::Hearts,
                    ch: 'X',
                })
            },
            mentions: &["'X'", "hand N", "H"],
        },
        Case {
            name: "a 1 that is not the 1 of 10",
            input: Input::Deal("E:A... K... Q... 1..."),
            expect: || {
                Got::Pbn(PbnError::BadRank {
                    seat: Seat::North,
                    suit: Suit::Spades,
                    ch: '1',
                })
            },
            mentions: &["'1'", "hand N"],
        },
        Case {
            name: "a missing hand",
            input: Input::Deal("N:A... K... Q..."),
            expect: || Got::Pbn(PbnError::WrongHandCount(3)),
            mentions: &["4 hands", "found 3"],
        },
        Case {
            name: "a hand given as '-'",
            input: Input::Deal("N:A... K... Q... -"),
            expect: || {
                Got::Pbn(PbnError::WrongSuitCount {
                    seat: Seat::West,
                    count: 1,
                })
            },
            mentions: &["hand W", "found 1"],
        },
        Case {
            name: "unequal hand lengths",
            input: Input::Deal("N:AK... Q... J... T..."),
            expect: || {
                Got::Pbn(PbnError::Deal(DealError::UnequalLengths {
                    lengths: [2, 1, 1, 1],
                }))
            },
            mentions: &["N 2", "E 1"],
        },
        Case {
            name: "no first seat",
            input: Input::Deal("A... K... Q... J..."),
            expect: || Got::Pbn(PbnError::MissingFirstSeat("A.".to_string())),
            mentions: &["e.g. N:", "\"A.\""],
        },
        Case {
            name: "a first seat that is not a seat",
            input: Input::Deal("X:A... K... Q... J..."),
            expect: || Got::Pbn(PbnError::MissingFirstSeat("X:".to_string())),
            mentions: &["\"X:\""],
        },
        Case {
            name: "an empty string",
            input: Input::Deal(""),
            expect: || Got::Pbn(PbnError::MissingFirstSeat(String::new())),
            mentions: &["first seat"],
        },
        Case {
            name: "five suits in a hand",
            input: Input::Deal("N:A.... K... Q... J..."),
            expect: || {
                Got::Pbn(PbnError::WrongSuitCount {
                    seat: Seat::North,
                    count: 5,
                })
            },
            mentions: &["hand N", "found 5"],
        },
        Case {
            name: "a rank repeated in a suit",
            input: Input::Deal("S:AQA... K... Q... J..."),
            expect: || {
                Got::Pbn(PbnError::RepeatedCard {
                    seat: Seat::South,
                    card: card("SA"),
                })
            },
            mentions: &["hand S", "SA twice"],
        },
        Case {
            name: "an empty deal",
            input: Input::Deal("N:... ... ... ..."),
            expect: || Got::Pbn(PbnError::Deal(DealError::Empty)),
            mentions: &["no cards"],
        },
        Case {
            name: "a card string of three characters that is not a ten",
            input: Input::Card("S11"),
            expect: || {
                Got::Card(CardParseError::BadRank {
                    text: "S11".to_string(),
                    rank: "11".to_string(),
                })
            },
            mentions: &["\"S11\"", "\"11\" is not a rank"],
        },
        Case {
            name: "a card with an unknown suit",
            input: Input::Card("XA"),
            expect: || {
                Got::Card(CardParseError::BadSuit {
                    text: "XA".to_string(),
                    suit: 'X',
                })
            },
            mentions: &["\"XA\"", "'X' is not a suit"],
        },
        Case {
            name: "a card written rank first",
            input: Input::Card("AS"),
            expect: || {
                Got::Card(CardParseError::BadSuit {
                    text: "AS".to_string(),
                    suit: 'A',
                })
            },
            mentions: &["\"AS\"", "suit then rank"],
        },
        Case {
            name: "an empty card string",
            input: Input::Card(""),
            expect: || Got::Card(CardParseError::Empty),
            mentions: &["\"\""],
        },
        Case {
            name: "raw hand bits that are not cards",
            input: Input::RawHands([1, 1 << 16, 1 << 32, 1 << 48]),
            expect: || {
                Got::Deal(DealError::NotACard {
                    seat: Seat::North,
                    bit: 0,
                })
            },
            mentions: &["N's hand", "bit 0"],
        },
        Case {
            name: "raw hand with bit 15 (above the ace)",
            input: Input::RawHands([1 << 2, 1 << 3, 1 << 4, (1 << 5) | (1 << 31)]),
            expect: || {
                Got::Deal(DealError::NotACard {
                    seat: Seat::West,
                    bit: 31,
                })
            },
            mentions: &["W's hand", "bit 31"],
        },
        Case {
            name: "a revoke in the trick in progress",
            // North led the spade ace; East played a heart though still holding a spade.
            input: Input::Trick(
                "N:K... 3... 4.3.. 5.4..",
                Strain::NoTrump,
                Seat::North,
                &["SA", "H2"],
            ),
            expect: || {
                Got::Position(PositionError::Revoke {
                    seat: Seat::East,
                    card: card("H2"),
                    led: Suit::Spades,
                })
            },
            mentions: &["E played H2", "revoke"],
        },
        Case {
            name: "a played card still in a hand",
            input: Input::Trick(
                "N:.2.. 3.3.. 4.4.. A.5..",
                Strain::Hearts,
                Seat::North,
                &["SA"],
            ),
            expect: || {
                Got::Position(PositionError::PlayedCardInHand {
                    card: card("SA"),
                    seat: Seat::West,
                })
            },
            mentions: &["SA", "W's hand"],
        },
        Case {
            name: "four cards played to the trick",
            input: Input::Trick(
                "N:K... Q... J... T...",
                Strain::NoTrump,
                Seat::North,
                &["SA", "S9", "S8", "S7"],
            ),
            expect: || Got::Position(PositionError::TooManyPlayed(4)),
            mentions: &["4 cards", "at most 3"],
        },
        Case {
            name: "a card played twice",
            input: Input::Trick(
                "N:.2.. 3... 4.4.. 5.5..",
                Strain::NoTrump,
                Seat::North,
                &["SA", "SA"],
            ),
            expect: || Got::Position(PositionError::PlayedTwice(card("SA"))),
            mentions: &["SA", "twice"],
        },
        Case {
            name: "hand lengths that do not fit the trick",
            // North led but still holds as many cards as the others.
            input: Input::Trick(
                "N:K.2.. 3.3.. 4.4.. 5.5..",
                Strain::NoTrump,
                Seat::North,
                &["SA"],
            ),
            expect: || {
                Got::Position(PositionError::LengthsDoNotFitTrick {
                    lengths: [2, 2, 2, 2],
                    leader: Seat::North,
                    played: 1,
                })
            },
            mentions: &["N 2", "1 card(s)", "by N"],
        },
        Case {
            name: "unequal hands with no trick in progress",
            input: Input::Trick("N:K.2.. 3... 4... 5...", Strain::NoTrump, Seat::North, &[]),
            expect: || {
                Got::Position(PositionError::LengthsDoNotFitTrick {
                    lengths: [2, 1, 1, 1],
                    leader: Seat::North,
                    played: 0,
                })
            },
            // Said as plainly as a deal's unequal hands (issue 29), not as a trick of 0 cards.
            mentions: &["unequal lengths (N 2, E 1, S 1, W 1)", "no card played"],
        },
        Case {
            name: "a position with no cards",
            input: Input::Trick("N:... ... ... ...", Strain::NoTrump, Seat::North, &[]),
            expect: || Got::Position(PositionError::Empty),
            mentions: &["no cards"],
        },
        Case {
            name: "a position with a card in two hands",
            // Bit 13 is the spade king.
            input: Input::RawTrick(
                [1 << 13, 1 << 13, 1 << 12, 1 << 11],
                Strain::NoTrump,
                Seat::North,
                &[],
            ),
            expect: || {
                Got::Position(PositionError::Deal(DealError::DuplicateCard {
                    card: card("SK"),
                    first: Seat::North,
                    second: Seat::East,
                }))
            },
            mentions: &["SK"],
        },
        Case {
            name: "playing a card the player does not hold",
            input: Input::Play(BY_SUITS, Strain::NoTrump, Seat::North, &[], "HA"),
            expect: || {
                Got::Play(PlayError::NotHeld {
                    seat: Seat::North,
                    card: card("HA"),
                })
            },
            mentions: &["N is to play", "HA"],
        },
        Case {
            name: "playing a card held by another hand after the lead",
            input: Input::Play(BY_SUITS, Strain::NoTrump, Seat::North, &["SA"], "S2"),
            expect: || {
                Got::Play(PlayError::NotHeld {
                    seat: Seat::East,
                    card: card("S2"),
                })
            },
            mentions: &["E is to play", "S2"],
        },
        Case {
            name: "not following suit",
            input: Input::Play(
                "N:AK... Q.2.. J.3.. T.4..",
                Strain::NoTrump,
                Seat::North,
                &["SA"],
                "H2",
            ),
            expect: || {
                Got::Play(PlayError::MustFollow {
                    seat: Seat::East,
                    card: card("H2"),
                    led: Suit::Spades,
                })
            },
            mentions: &["E must follow S", "H2"],
        },
        Case {
            name: "playing after the end",
            input: Input::Play(
                "N:A... K... Q... J...",
                Strain::NoTrump,
                Seat::North,
                &["SA", "SK", "SQ", "SJ"],
                "SA",
            ),
            expect: || Got::Play(PlayError::Finished),
            mentions: &["no cards left"],
        },
    ]
}

#[test]
fn malformed_inputs_give_precise_errors() {
    let cases = cases();
    assert!(cases.len() >= 15);
    for case in &cases {
        let got = match std::panic::catch_unwind(|| run(&case.input)) {
            Ok(Err(got)) => got,
            Ok(Ok(())) => panic!("{}: accepted", case.name),
            Err(_) => panic!("{}: panicked", case.name),
        };
        let expected = (case.expect)();
        assert_eq!(
            format!("{got:?}"),
            format!("{expected:?}"),
            "{}: wrong error",
            case.name
        );
        let msg = got.to_string();
        for m in case.mentions {
            assert!(
                msg.contains(m),
                "{}: message {msg:?} does not mention {m:?}",
                case.name
            );
        }
    }
}

/// The same malformed hands through `parse_pbn_hands` (which allows unequal lengths) give the
/// syntax errors but accept unequal lengths.
#[test]
fn parse_pbn_hands_allows_unequal_lengths_only() {
    assert!(parse_pbn_hands("N:AK... Q... J... T...").is_ok());
    assert_eq!(
        parse_pbn_hands("N:A... A... K... Q..."),
        Err(PbnError::Deal(DealError::DuplicateCard {
            card: card("SA"),
            first: Seat::North,
            second: Seat::East
        }))
    );
    assert_eq!(
        parse_pbn_hands("N:A.... K... Q... J..."),
        Err(PbnError::WrongSuitCount {
            seat: Seat::North,
            count: 5
        })
    );
}

/// A `Holding`/`Hand` built from raw bits that are not cards cannot reach a `Position` either.
#[test]
fn with_trick_rejects_stray_bits() {
    let mut hands = parse_pbn_hands("N:A... K... Q... J...").unwrap();
    hands[Seat::East].0 |= 1 << 15;
    assert_eq!(
        Position::with_trick(hands, Strain::NoTrump, Seat::North, &[]),
        Err(PositionError::Deal(DealError::NotACard {
            seat: Seat::East,
            bit: 15
        }))
    );
}
