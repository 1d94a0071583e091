//! Properties of par on arbitrary tables (including tables no deal produces).

use ddsolve_cards::{Seat, Side};
use ddsolve_par::{dealer_par, par, Contract, DdTable, Doubling, ParContract, Vulnerability};
use proptest::prelude::*;

fn tables() -> impl Strategy<Value = DdTable> {
    proptest::array::uniform20(0u8..=13).prop_map(|t| DdTable::from_dds_order(t).unwrap())
}

fn vulnerabilities() -> impl Strategy<Value = Vulnerability> {
    (0usize..4).prop_map(|i| Vulnerability::from_dds_index(i).unwrap())
}

/// The score of `c` for North-South, checking that its declarers take the tricks it says.
fn ns_score(c: &ParContract, table: &DdTable, vul: Vulnerability) -> i32 {
    let side = c.declarers.side();
    for seat in c.declarers.seats() {
        assert_eq!(seat.side(), side);
        // Every listed declarer takes the contract's tricks in its strain.
        assert_eq!(table.tricks(c.strain, seat), c.tricks(), "{c:?}");
    }
    let score = c.score(vul);
    if side == Side::NorthSouth {
        score
    } else {
        -score
    }
}

/// Every level a making contract may be bid at scores the same.
fn same_score_at_every_level(c: &ParContract, vul: Vulnerability) {
    let vulnerable = vul.is_vulnerable(c.declarers.side());
    let scores: Vec<i32> = c
        .levels()
        .map(|level| {
            Contract::new(level, c.strain, Doubling::Undoubled, Seat::North)
                .unwrap()
                .score(c.tricks(), vulnerable)
        })
        .collect();
    assert!(scores.windows(2).all(|w| w[0] == w[1]), "{c:?}: {scores:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn dealer_par_contracts_score_the_par_score(
        table in tables(),
        dealer in (0usize..4).prop_map(|i| Seat::from_index(i).unwrap()),
        vul in vulnerabilities(),
    ) {
        let d = dealer_par(&table, dealer, vul);
        if d.is_passed_out() {
            prop_assert_eq!(d.score, 0);
            // Nobody makes anything: no seat takes 7 tricks anywhere.
            prop_assert!(table.as_array().iter().flatten().all(|&t| t < 7));
        }
        for c in &d.contracts {
            prop_assert_eq!(ns_score(c, &table, vul), d.score, "{}", d);
            same_score_at_every_level(c, vul);
        }
        // The side with primacy (declaring a making par, defending a sacrifice) scores a plus.
        if let Some(c) = d.contracts.first() {
            let primacy = if c.is_sacrifice() {
                c.declarers.side().opponents()
            } else {
                c.declarers.side()
            };
            let for_primacy = if primacy == Side::NorthSouth { d.score } else { -d.score };
            prop_assert!(for_primacy > 0, "{}", d);
        }
    }

    #[test]
    fn par_contracts_score_each_views_par_score(table in tables(), vul in vulnerabilities()) {
        let p = par(&table, vul);
        for view in [&p.ns, &p.ew] {
            for c in &view.contracts {
                let ns = ns_score(c, &table, vul);
                let for_view = if view.side == Side::NorthSouth { ns } else { -ns };
                prop_assert_eq!(for_view, view.score, "{}", p);
                same_score_at_every_level(c, vul);
            }
            prop_assert_eq!(view.contracts.is_empty(), view.score == 0, "{}", p);
        }
    }
}
