//! Seats, strains and cards from text (`FromStr`): every accepted spelling, the round trip
//! through `Display`, and the precise error of each kind of bad input.

use ddsolve_cards::{
    Card, CardParseError, PbnError, Rank, Seat, SeatParseError, Strain, StrainParseError, Suit,
};

#[test]
fn seats_by_letter_and_by_word_in_any_case() {
    for (texts, seat) in [
        (["N", "n", "north", "NORTH", " North "], Seat::North),
        (["E", "e", "east", "EAST", "\tEast"], Seat::East),
        (["S", "s", "south", "SOUTH", "South\n"], Seat::South),
        (["W", "w", "west", "WEST", " West"], Seat::West),
    ] {
        for text in texts {
            assert_eq!(text.parse::<Seat>(), Ok(seat), "{text:?}");
        }
    }
}

#[test]
fn every_seat_reads_back_its_display() {
    for seat in Seat::ALL {
        assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
    }
}

#[test]
fn bad_seats_name_the_text() {
    for text in ["", "NE", "x", "nord", "N S", "1"] {
        let err = text.parse::<Seat>().unwrap_err();
        assert_eq!(err, SeatParseError(text.to_string()));
        let msg = err.to_string();
        assert!(
            msg.starts_with(&format!("{text:?} is not a seat")) && msg.contains("N, E, S or W"),
            "{msg}"
        );
    }
}

#[test]
fn strains_by_letter_and_by_word_in_any_case() {
    for (texts, strain) in [
        (["S", "s", "spades", "Spades", " S "], Strain::Spades),
        (["H", "h", "hearts", "HEARTS", "H"], Strain::Hearts),
        (["D", "d", "diamonds", "Diamonds", "d\n"], Strain::Diamonds),
        (["C", "c", "clubs", "CLUBS", "c"], Strain::Clubs),
        (["N", "n", "NT", "nt", "notrump"], Strain::NoTrump),
    ] {
        for text in texts {
            assert_eq!(text.parse::<Strain>(), Ok(strain), "{text:?}");
        }
    }
    assert_eq!(Strain::from_str_name("Nt"), Some(Strain::NoTrump));
    assert_eq!(Strain::from_str_name("X"), None);
}

#[test]
fn every_strain_reads_back_its_display() {
    for strain in Strain::ALL {
        assert_eq!(strain.to_string().parse::<Strain>(), Ok(strain));
    }
}

#[test]
fn bad_strains_name_the_text() {
    for text in ["", "X", "SH", "no trump", "4", "spade"] {
        let err = text.parse::<Strain>().unwrap_err();
        assert_eq!(err, StrainParseError(text.to_string()));
        let msg = err.to_string();
        assert!(
            msg.starts_with(&format!("{text:?} is not a strain")) && msg.contains("NT"),
            "{msg}"
        );
    }
}

#[test]
fn cards_are_suit_then_rank_in_any_case() {
    let ace_of_spades = Card::new(Suit::Spades, Rank::ACE);
    let ten_of_hearts = Card::new(Suit::Hearts, Rank::TEN);
    for (text, card) in [
        ("SA", ace_of_spades),
        ("sa", ace_of_spades),
        ("sA", ace_of_spades),
        ("HT", ten_of_hearts),
        ("ht", ten_of_hearts),
        ("H10", ten_of_hearts),
        ("C2", Card::new(Suit::Clubs, Rank::TWO)),
        ("DK", Card::new(Suit::Diamonds, Rank::KING)),
    ] {
        assert_eq!(text.parse::<Card>(), Ok(card), "{text:?}");
        assert_eq!(Card::parse(text), Ok(card), "{text:?}");
    }
    assert_eq!(Card::parse("XA"), Err(PbnError::BadCard("XA".to_string())));
}

#[test]
fn every_card_reads_back_its_display() {
    for suit in Suit::ALL {
        for r in 2..=14 {
            let card = Card::new(suit, Rank::new(r).unwrap());
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
    }
}

#[test]
fn bad_cards_say_what_is_wrong() {
    let cases: [(&str, CardParseError, &str); 8] = [
        ("", CardParseError::Empty, "suit then rank"),
        (
            "XA",
            CardParseError::BadSuit {
                text: "XA".into(),
                suit: 'X',
            },
            "'X' is not a suit",
        ),
        (
            "AS",
            CardParseError::BadSuit {
                text: "AS".into(),
                suit: 'A',
            },
            "suit then rank",
        ),
        (
            "S",
            CardParseError::NoRank { text: "S".into() },
            "a rank must follow the suit",
        ),
        (
            "S1",
            CardParseError::BadRank {
                text: "S1".into(),
                rank: "1".into(),
            },
            "\"1\" is not a rank",
        ),
        (
            "S11",
            CardParseError::BadRank {
                text: "S11".into(),
                rank: "11".into(),
            },
            "\"11\" is not a rank",
        ),
        (
            "SAK",
            CardParseError::BadRank {
                text: "SAK".into(),
                rank: "AK".into(),
            },
            "\"AK\" is not a rank",
        ),
        (
            "S A",
            CardParseError::BadRank {
                text: "S A".into(),
                rank: " A".into(),
            },
            "\" A\" is not a rank",
        ),
    ];
    for (text, want, mention) in cases {
        let err = text.parse::<Card>().unwrap_err();
        assert_eq!(err, want, "{text:?}");
        let msg = err.to_string();
        assert!(
            msg.starts_with(&format!("{text:?} is not a card")) && msg.contains(mention),
            "{text:?}: {msg}"
        );
    }
}

/// The names every front end writes come from `cards` and read back.
#[test]
fn names_of_seats_sides_and_strains() {
    use ddsolve_cards::{Seat, Side, Strain};
    let seats: Vec<&str> = Seat::ALL.iter().map(|s| s.name()).collect();
    assert_eq!(seats, ["North", "East", "South", "West"]);
    assert_eq!(
        [Side::NorthSouth.name(), Side::EastWest.name()],
        ["North-South", "East-West"]
    );
    assert_eq!(Side::EastWest.to_string(), "EW");
    for strain in Strain::ALL {
        assert_eq!(strain.to_string(), strain.short_name());
        assert_eq!(strain.short_name().parse::<Strain>(), Ok(strain));
    }
    assert_eq!(Strain::NoTrump.short_name(), "NT");
}
