//! `RngKind::Dealer` deals what Debian's `dealer -s SEED` deals: the expected lines below
//! are dealer's `printoneline` output (dealer 20211121, Debian's build).

use ddsolve_cards::{Card, Deal, Seat, Suit};
use ddsolve_deal::gen::{Generator, Predeal, RngKind, ShapeSet, Swapping};

/// dealer's `printoneline`: `n AKQ.. e .. s .. w .. ` (each hand spades first).
fn oneline(deal: &Deal) -> String {
    let mut s = String::new();
    for seat in Seat::ALL {
        s.push(seat.letter().to_ascii_lowercase());
        s.push(' ');
        let h = deal.hand(seat);
        let suits: Vec<String> = Suit::ALL
            .iter()
            .map(|&suit| h.suit(suit).iter().map(|r| r.letter()).collect())
            .collect();
        s.push_str(&suits.join("."));
        s.push(' ');
    }
    s
}

fn first(kind_seed: u64, predeal: &Predeal, swapping: Swapping, n: usize) -> Vec<String> {
    let mut g = Generator::new(RngKind::Dealer, kind_seed, predeal).with_swapping(swapping);
    (0..n).map(|_| oneline(&g.next_deal())).collect()
}

fn predeal(cards: &[(Seat, &str)]) -> Predeal {
    let mut p = Predeal::new();
    for &(seat, list) in cards {
        for c in list.split(',') {
            p.add(seat, c.parse::<Card>().unwrap()).unwrap();
        }
    }
    p
}

#[test]
fn seed_1() {
    assert_eq!(
        first(1, &Predeal::new(), Swapping::None, 5),
        [
            "n 2.T98.K752.KJT84 e 5.J7642.986.9763 s AQ8.AQ5.QJT.AQ52 w KJT97643.K3.A43. ",
            "n Q7432.Q63.983.J4 e .J92.QT6.A986532 s KJT95.K854.K5.KT w A86.AT7.AJ742.Q7 ",
            "n K83.QJ8.J987.987 e QT54.654.KQT3.A2 s A7.A93.6542.JT64 w J962.KT72.A.KQ53 ",
            "n K32.AKQJ96.53.K7 e AQJT7.43.JT87.84 s 4.872.AQ642.J532 w 9865.T5.K9.AQT96 ",
            "n KQT52.AK.J76.974 e A83.T96542.2.532 s 964.Q7.K85.AQT86 w J7.J83.AQT943.KJ ",
        ]
    );
}

#[test]
fn seed_42() {
    assert_eq!(
        first(42, &Predeal::new(), Swapping::None, 4),
        [
            "n Q8.QJ742.753.AQJ e AJ9632.T5.AQ4.96 s 5.AK983.JT2.K753 w KT74.6.K986.T842 ",
            "n KQ92.K852.AQ32.K e AJ4.QJ97.J85.Q94 s 875.63.K97.J8653 w T63.AT4.T64.AT72 ",
            "n K.T86.8764.KT962 e AQ76.J743.J9.QJ8 s 8532.AK52.532.A7 w JT94.Q9.AKQT.543 ",
            "n AKQ65.T72.KQ9.K2 e T7432.A54.A5.Q43 s 9.QJ8.8632.T9765 w J8.K963.JT74.AJ8 ",
        ]
    );
}

#[test]
fn wide_seeds_keep_their_low_32_bits_and_zero_is_one() {
    let expected = [
        "n 872.Q86.KJ72.AQ2 e AQJT3.K2.A953.T7 s 964.J754.Q64.J96 w K5.AT93.T8.K8543 ",
        "n AT7.J763.T942.J3 e 432.Q5.AKQ5.AQ64 s QJ.AT94.J76.K982 w K9865.K82.83.T75 ",
    ];
    // dealer -s 4294967295 and dealer -s -1 deal alike.
    assert_eq!(
        first(4_294_967_295, &Predeal::new(), Swapping::None, 2),
        expected
    );
    assert_eq!(
        first(u64::MAX, &Predeal::new(), Swapping::None, 2),
        expected
    );
    assert_eq!(
        first(0, &Predeal::new(), Swapping::None, 2),
        first(1, &Predeal::new(), Swapping::None, 2)
    );
}

#[test]
fn predealt_hands() {
    // predeal south SAQ542, HKJ87, D32, CAK / predeal north HA, D4; dealer -s 7.
    let p = predeal(&[
        (Seat::South, "SA,SQ,S5,S4,S2,HK,HJ,H8,H7,D3,D2,CA,CK"),
        (Seat::North, "HA,D4"),
    ]);
    assert_eq!(
        first(7, &p, Swapping::None, 4),
        [
            "n 96.A9.QT74.Q9762 e KT7.QT52.AK65.83 s AQ542.KJ87.32.AK w J83.643.J98.JT54 ",
            "n JT7.AQ.JT874.T82 e K6.T96532.KQ.954 s AQ542.KJ87.32.AK w 983.4.A965.QJ763 ",
            "n KT976.AQT.AQ84.7 e J.643.KJ.JT98543 s AQ542.KJ87.32.AK w 83.952.T9765.Q62 ",
            "n KJ97.AT.AK74.J73 e 83.96.QT95.Q9654 s AQ542.KJ87.32.AK w T6.Q5432.J86.T82 ",
        ]
    );
    // The order of predeal statements places the cards in dealer's pack: -s 9.
    let p = predeal(&[
        (Seat::West, "C2"),
        (Seat::East, "SA,CA"),
        (Seat::West, "HA"),
    ]);
    assert_eq!(
        first(9, &p, Swapping::None, 3),
        [
            "n 543.Q86432.KT.Q8 e AJ92.5.A63.AJ976 s KQT87.KJ97.QJ8.K w 6.AT.97542.T5432 ",
            "n KJT92.Q3.T9852.T e A87.K82.Q64.AK54 s Q65.JT965.AJ.Q86 w 43.A74.K73.J9732 ",
            "n KQ6.Q85.T742.Q76 e A982.J92.J9.AJT8 s JT743.KT7.A6.954 w 5.A643.KQ853.K32 ",
        ]
    );
}

#[test]
fn swapping() {
    assert_eq!(
        first(5, &Predeal::new(), Swapping::EastWest, 4),
        [
            "n J86.543.T952.Q87 e 974.T62.84.AKT52 s AKT2.AQ98.J7.643 w Q53.KJ7.AKQ63.J9 ",
            "n J86.543.T952.Q87 e Q53.KJ7.AKQ63.J9 s AKT2.AQ98.J7.643 w 974.T62.84.AKT52 ",
            "n K.K943.AK83.QT96 e A9.QT765.Q962.A7 s JT874.AJ82.4.K53 w Q6532..JT75.J842 ",
            "n K.K943.AK83.QT96 e Q6532..JT75.J842 s JT874.AJ82.4.K53 w A9.QT765.Q962.A7 ",
        ]
    );
    assert_eq!(
        first(5, &Predeal::new(), Swapping::EastSouthWest, 7),
        [
            "n J86.543.T952.Q87 e 974.T62.84.AKT52 s AKT2.AQ98.J7.643 w Q53.KJ7.AKQ63.J9 ",
            "n J86.543.T952.Q87 e Q53.KJ7.AKQ63.J9 s AKT2.AQ98.J7.643 w 974.T62.84.AKT52 ",
            "n J86.543.T952.Q87 e Q53.KJ7.AKQ63.J9 s 974.T62.84.AKT52 w AKT2.AQ98.J7.643 ",
            "n J86.543.T952.Q87 e 974.T62.84.AKT52 s Q53.KJ7.AKQ63.J9 w AKT2.AQ98.J7.643 ",
            "n J86.543.T952.Q87 e AKT2.AQ98.J7.643 s Q53.KJ7.AKQ63.J9 w 974.T62.84.AKT52 ",
            "n J86.543.T952.Q87 e AKT2.AQ98.J7.643 s 974.T62.84.AKT52 w Q53.KJ7.AKQ63.J9 ",
            "n T.QT843.J43.Q965 e 3.AJ752.972.KJ73 s QJ854.K6.AKQ8.T4 w AK9762.9.T65.A82 ",
        ]
    );
    // -2 with South predealt: -s 3.
    let p = predeal(&[
        (Seat::South, "SA,SQ,S5,S4,S2,HK,HJ,H8,H7,D3,D2,CA,CK"),
        (Seat::North, "HA,D4"),
    ]);
    assert_eq!(
        first(3, &p, Swapping::EastWest, 4),
        [
            "n K.A63.QT9654.QJ4 e J9876.Q2.KJ8.T65 s AQ542.KJ87.32.AK w T3.T954.A7.98732 ",
            "n K.A63.QT9654.QJ4 e T3.T954.A7.98732 s AQ542.KJ87.32.AK w J9876.Q2.KJ8.T65 ",
            "n 87.A62.K87654.42 e K96.94.AJ9.JT853 s AQ542.KJ87.32.AK w JT3.QT53.QT.Q976 ",
            "n 87.A62.K87654.42 e JT3.QT53.QT.Q976 s AQ542.KJ87.32.AK w K96.94.AJ9.JT853 ",
        ]
    );
}

/// dealer -s 11: `condition hcp(north) >= 20 && shape(north, any 4441)`, produce 3:
/// "Generated 12476 hands".
#[test]
fn generated_count_with_a_condition() {
    let any4441 = ShapeSet::from_pattern_any(&[Some(4), Some(4), Some(4), Some(1)]);
    let mut g = Generator::new(RngKind::Dealer, 11, &Predeal::new());
    let mut produced = Vec::new();
    while produced.len() < 3 {
        let d = g.next_deal();
        let north = d.hand(Seat::North);
        if north.high_card_points() >= 20 && any4441.contains_hand(north) {
            produced.push(oneline(&d));
        }
    }
    assert_eq!(g.generated(), 12476);
    assert_eq!(
        produced,
        [
            "n K.A753.AK65.AQJT e 95.JT642.T72.762 s T8763.K9.J94.K53 w AQJ42.Q8.Q83.984 ",
            "n AQ75.AKQ9.AK93.6 e 9832.8762..JT742 s T64.43.T62.AKQ98 w KJ.JT5.QJ8754.53 ",
            "n AKQ9.AQ87.A.A984 e 87432.963.K54.K3 s J.KJ.JT986.QJT76 w T65.T542.Q732.52 ",
        ]
    );
}

/// `rnd` draws from the shuffle's own sequence: dealer -s 12 with South predealt,
/// `generate 100`, `condition hcp(north) >= 15 && rnd(10) < 3` produces one deal.
#[test]
fn rnd_shares_the_shuffles_sequence() {
    let p = predeal(&[(Seat::South, "SA,SQ,S5,S4,S2,HK,HJ,H8,H7,D3,D2,CA,CK")]);
    let mut g = Generator::new(RngKind::Dealer, 12, &p);
    let mut produced = Vec::new();
    for _ in 0..100 {
        let d = g.next_deal();
        if d.hand(Seat::North).high_card_points() >= 15 && g.rnd(10) < 3 {
            produced.push(oneline(&d));
        }
    }
    assert_eq!(
        produced,
        ["n KT.AQT6.A5.Q7432 e J763.2.KQJT84.J8 s AQ542.KJ87.32.AK w 98.9543.976.T965 "]
    );
}
