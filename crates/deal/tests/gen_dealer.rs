//! `RngKind::Dealer` deals what Debian's `dealer -s SEED` deals: the expected lines below
//! are dealer's `printoneline` output (dealer 20211121, Debian's build).

use ddsolve_cards::{Card, Deal, Seat, Suit};
use ddsolve_deal::gen::{Generator, Predeal, RngKind, Swapping};

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
