//! Kuijf's small-card rule (the paper's NextMove, chapter 2): once a card of a hand/suit has
//! been searched and lies below every rank backed up as winning in that suit, the other cards
//! of that suit below the lowest winning rank give the same result and are not searched;
//! cards at or above the lowest winning rank still are.

use ddsolve_cards::{Card, Hand, Holding, Suit};
use ddsolve_moves::{Move, SmallCardFilter};

fn mv(c: &str) -> Move {
    let card = Card::parse(c).unwrap();
    Move {
        card,
        equals: Holding::single(card.rank()),
        weight: 0,
    }
}

fn win(cards: &[&str]) -> Hand {
    cards.iter().map(|c| Card::parse(c).unwrap()).collect()
}

fn admitted(f: &SmallCardFilter, suit: Suit) -> Vec<String> {
    Holding::ALL
        .iter()
        .map(|r| Card::new(suit, r))
        .filter(|&c| {
            f.admits(&Move {
                card: c,
                equals: Holding::single(c.rank()),
                weight: 0,
            })
        })
        .map(|c| c.to_string())
        .collect()
}

#[test]
fn new_filter_admits_every_card() {
    let f = SmallCardFilter::new();
    for c in Hand::ALL.iter() {
        assert!(f.admits(&mv(&c.to_string())), "{c}");
    }
    let d = SmallCardFilter::default();
    assert!(d.admits(&mv("S2")));
}

#[test]
fn small_card_searched_below_lowest_winning_rank_excludes_lower_cards() {
    let mut f = SmallCardFilter::new();
    // The S4 was searched; the subtree backed up SQ (and a heart) as winning ranks.
    f.searched(&mv("S4"), win(&["SQ", "SA", "HA"]));
    assert!(!f.admits(&mv("S3")));
    assert!(!f.admits(&mv("S2")));
    // Higher cards at or above the lowest winning rank are still searched.
    assert!(f.admits(&mv("SQ")));
    assert!(f.admits(&mv("SK")));
    assert!(f.admits(&mv("SA")));
    assert_eq!(admitted(&f, Suit::Spades), vec!["SA", "SK", "SQ"]);
}

#[test]
fn cards_between_small_card_and_lowest_winning_rank_are_small_too() {
    // Every card below the lowest winning rank is "small": the J (above the searched 4, but
    // below the Q) gives the same result as the 4.
    let mut f = SmallCardFilter::new();
    f.searched(&mv("S4"), win(&["SQ"]));
    assert!(!f.admits(&mv("SJ")));
    assert!(!f.admits(&mv("S5")));
}

#[test]
fn filter_is_per_suit() {
    let mut f = SmallCardFilter::new();
    f.searched(&mv("H5"), win(&["HK", "SA", "D2"]));
    assert_eq!(admitted(&f, Suit::Hearts), vec!["HA", "HK"]);
    for s in [Suit::Spades, Suit::Diamonds, Suit::Clubs] {
        assert_eq!(admitted(&f, s).len(), 13, "{s:?}");
    }
}

#[test]
fn card_at_or_above_lowest_winning_rank_is_not_small() {
    let mut f = SmallCardFilter::new();
    // The searched card itself won by rank (it is the lowest winning rank): nothing is small.
    f.searched(&mv("DT"), win(&["DT", "DA"]));
    assert_eq!(admitted(&f, Suit::Diamonds).len(), 13);
    // A card above the lowest winning rank: nothing is small either.
    f.searched(&mv("DK"), win(&["DT"]));
    assert_eq!(admitted(&f, Suit::Diamonds).len(), 13);
}

#[test]
fn no_winning_rank_in_suit_makes_every_card_of_the_suit_small() {
    // No card of the suit won by rank below the searched card: all its other cards are small.
    let mut f = SmallCardFilter::new();
    f.searched(&mv("C6"), win(&["SA", "HK"]));
    assert!(
        admitted(&f, Suit::Clubs).is_empty(),
        "{:?}",
        admitted(&f, Suit::Clubs)
    );
    assert_eq!(admitted(&f, Suit::Spades).len(), 13);
}

#[test]
fn move_with_equal_cards_is_judged_by_its_card() {
    // A move standing for 7 6 5 searched below the lowest winning rank (9): lower clubs out.
    let mut f = SmallCardFilter::new();
    let m = Move {
        card: Card::parse("C7").unwrap(),
        equals: Holding::single(ddsolve_cards::Rank::new(7).unwrap())
            | Holding::single(ddsolve_cards::Rank::new(6).unwrap())
            | Holding::single(ddsolve_cards::Rank::new(5).unwrap()),
        weight: 0,
    };
    f.searched(&m, win(&["C9"]));
    assert!(!f.admits(&mv("C3")));
    assert!(f.admits(&mv("C9")));
    assert!(f.admits(&mv("CA")));
}
