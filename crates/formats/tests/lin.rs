//! LIN deals: `md|` values and the boards of a `.lin` file.

use ddsolve_cards::{Deal, Seat, Vulnerability};
use ddsolve_formats::lin::{self, LinError};

/// list10's first deal.
const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
/// Its hands in md| order (South, West, North, East).
const S: &str = "SK5HT83DKQ9CA7652";
const W: &str = "SAT942HAQ4D32CKJ3";
const N: &str = "SQJ6HK652DJ85CT98";
const E: &str = "S873HJ97DAT764CQ4";

fn deal() -> Deal {
    DEAL.parse().unwrap()
}

#[test]
fn four_hands_or_three_and_a_dealer() {
    let full = lin::parse_md(&format!("1{S},{W},{N},{E}")).unwrap();
    assert_eq!(full.deal, deal());
    assert_eq!(full.dealer, Some(Seat::South));
    for (digit, seat) in [('2', Seat::West), ('3', Seat::North), ('4', Seat::East)] {
        let d = lin::parse_md(&format!("{digit}{S},{W},{N},")).unwrap();
        assert_eq!((d.deal, d.dealer), (deal(), Some(seat)));
    }
    // No dealer digit, lower case, `10` for the ten, no trailing comma.
    let d = lin::parse_md(&format!("{},{W},{N}", S.to_lowercase().replace('t', "10"))).unwrap();
    assert_eq!((d.deal, d.dealer), (deal(), None));
}

#[test]
fn bad_deals_say_why() {
    assert_eq!(
        lin::parse_md(&format!("5{S},{W},{N},")),
        Err(LinError::BadDealer('5'))
    );
    assert_eq!(
        lin::parse_md(&format!("3{S},{W},,")),
        Err(LinError::WrongHandCount(2))
    );
    assert!(matches!(
        lin::parse_md(&format!("3{S},{W}X,{N},")),
        Err(LinError::BadCharacter {
            seat: Seat::West,
            ch: 'X'
        })
    ));
    assert!(matches!(
        lin::parse_md(&format!("3{S},{S},{N},")),
        Err(LinError::RepeatedCard { .. })
    ));
    // Short hands are not completed, and do not make a deal.
    let e = lin::parse_md("3SA,SK,SQ,").unwrap_err();
    assert!(matches!(e, LinError::Deal(_)), "{e}");
    assert!(e.to_string().starts_with("md|: "), "{e}");
}

#[test]
fn a_lin_file_s_boards() {
    let text = format!(
        "pn|a,b,c,d|st||\nqx|o1|md|3{S},{W},{N},|rh||ah|Board 1|sv|o|mb|1N|mb|p|pg||\n\
         qx|c2|md|4{S},{W},{N},{E}|sv|n|pc|SA|\n\
         md|1{S},{W},{N},|ah|Board 9|sv|b|\n\
         md|1{S},{S},{N},|sv|e|\n\
         md|1{S},{W},{N},|sv|x|\n"
    );
    assert!(lin::has_deal(&text));
    assert!(!lin::has_deal("pn|a,b|st||"));
    let boards = lin::boards(&text);
    assert_eq!(boards.len(), 5);
    let b: Vec<_> = boards[..3].iter().map(|b| b.as_ref().unwrap()).collect();
    assert_eq!(b[0].board, Some(1));
    assert_eq!(b[0].deal.dealer, Some(Seat::North));
    assert_eq!(b[0].vulnerability, Some(Vulnerability::None));
    assert_eq!(b[1].board, Some(2));
    assert_eq!(b[1].vulnerability, Some(Vulnerability::NorthSouth));
    assert_eq!(b[1].deal.dealer, Some(Seat::East));
    assert_eq!(b[2].board, Some(9));
    assert_eq!(b[2].vulnerability, Some(Vulnerability::Both));
    assert!(b.iter().all(|b| b.deal.deal == deal()));
    assert!(matches!(boards[3], Err(LinError::RepeatedCard { .. })));
    assert_eq!(boards[4], Err(LinError::BadVulnerability("x".to_string())));
}

#[test]
fn sv_belongs_to_its_deal_before_or_after_it() {
    // sv| before md| (the review's case: it was ignored, a wrong par).
    let text = format!("qx|o1|sv|e|md|3{S},{W},{N},|mb|p|qx|o2|sv|b|md|4{S},{W},{N},|");
    let boards = lin::boards(&text);
    assert_eq!(boards.len(), 2);
    let b: Vec<_> = boards.iter().map(|b| b.as_ref().unwrap()).collect();
    assert_eq!(
        (b[0].board, b[0].vulnerability),
        (Some(1), Some(Vulnerability::EastWest))
    );
    assert_eq!(
        (b[1].board, b[1].vulnerability),
        (Some(2), Some(Vulnerability::Both))
    );
    // Without qx|: a second sv| starts the next board, so each sv| goes with the md| after it.
    let text = format!("sv|n|md|3{S},{W},{N},|sv|e|md|4{S},{W},{N},|");
    let v: Vec<_> = lin::boards(&text)
        .into_iter()
        .map(|b| b.unwrap().vulnerability)
        .collect();
    assert_eq!(
        v,
        [
            Some(Vulnerability::NorthSouth),
            Some(Vulnerability::EastWest)
        ]
    );
    // A board with no sv| has none, even between boards that have one.
    let text = format!("md|3{S},{W},{N},|sv|e|md|4{S},{W},{N},|md|1{S},{W},{N},|sv|n|");
    let v: Vec<_> = lin::boards(&text)
        .into_iter()
        .map(|b| b.unwrap().vulnerability)
        .collect();
    assert_eq!(
        v,
        [
            Some(Vulnerability::EastWest),
            None,
            Some(Vulnerability::NorthSouth)
        ]
    );
    // ah| before md| numbers its board too.
    let text = format!("ah|Board 12|sv|o|md|3{S},{W},{N},|");
    assert_eq!(lin::boards(&text)[0].as_ref().unwrap().board, Some(12));
}

#[test]
fn an_invalid_sv_before_its_deal_is_an_error_naming_it() {
    let text = format!("qx|o1|sv|x|md|3{S},{W},{N},|qx|o2|md|4{S},{W},{N},|sv|n|");
    let boards = lin::boards(&text);
    assert_eq!(boards.len(), 2);
    let e = boards[0].as_ref().unwrap_err();
    assert_eq!(e, &LinError::BadVulnerability("x".to_string()));
    assert!(e.to_string().contains("sv|: \"x\""), "{e}");
    assert_eq!(
        boards[1].as_ref().unwrap().vulnerability,
        Some(Vulnerability::NorthSouth)
    );
}
