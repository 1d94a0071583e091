//! Every construct of the language on one deal, with values checked by hand; `tricks`
//! against the solver's table; the same deals for any number of threads.

use ddsolve::Solver;
use ddsolve_cards::{Deal, Seat, Strain};
use ddsolve_deal::gen::RngKind;
use ddsolve_deal::{Evaluator, Options, Script, SolverTricks};

/// Debian's `dealer -s 1`'s first deal.
const DEAL: &str = "N:2.T98.K752.KJT84 5.J7642.986.9763 AQ8.AQ5.QJT.AQ52 KJT97643.K3.A43.";

fn value(expr: &str) -> i32 {
    let script = Script::parse(&format!("v = {expr}\n")).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let deal: Deal = DEAL.parse().expect("a deal");
    let mut ev = Evaluator::new(&script);
    ev.set_deal(deal);
    let mut dd = SolverTricks::new();
    let mut rand = || 1u32 << 30;
    ev.eval(&script.vars[0].expr, &mut dd, &mut rand)
        .expect("evaluates")
}

#[test]
fn hand_evaluation_by_hand() {
    // North: S 2, H T98, D K752, C KJT84.
    let cases: &[(&str, i32)] = &[
        ("hcp(north)", 7),
        ("hcps(north, clubs)", 4),
        ("hcp(south)", 21),
        ("spades(north)", 1),
        ("club(north)", 5),
        ("diamonds(west) + hearts(east)", 3 + 5),
        ("loser(north)", 1 + 3 + 2 + 2),
        ("losers(south, spades)", 1),
        ("control(north)", 2),
        ("controls(south)", 6),
        ("tens(north)", 2),
        ("jacks(north)", 1),
        ("queens(south)", 4),
        ("kings(north, diamonds)", 1),
        ("aces(south)", 3),
        ("top2(north)", 2),
        ("top3(south)", 7),
        ("top4(south, diamonds)", 2),
        ("top5(south, diamonds)", 3),
        ("c13(north)", 9),
        ("pt9(south)", 6 + 2 + 6 + 2 + 2 + 1 + 6 + 2),
        ("shape(north, 1345)", 1),
        ("shape(north, any 5431)", 1),
        ("shape(north, xx4x - 1xxx)", 0),
        ("shape(north, any 4333 4432, 1xxx)", 1),
        ("shape(west, 8230 + 7330)", 1),
        ("hascard(west, AD)", 1),
        ("hascard(north, AS)", 0),
        ("hascard(north, 2S)", 1),
        ("quality(south, spades)", 3 * 10 * (4 + 2)),
        ("score(nv, x3N, 9)", 400),
        ("score(vul, x4S, 9)", -100),
        ("score(vul, x4SX, 9)", -200),
        ("imps(450)", 10),
        ("imp(-90)", -3),
        ("rnd(10)", 5),
        ("7 / 2 * 2 + 7 % 2", 7),
        ("1 ? 3 : 1 ? 2 : 1", 3),
        ("not 0 + 5", 6),
        ("!3 + 1", 1),
        ("-7 / 2", -3),
        ("2 == 2 != 0", 1),
        ("1 || 0 && 0", 1),
        ("hcp(north) > 5 and hcp(north) < 8 or 0", 1),
    ];
    for (e, v) in cases {
        assert_eq!(value(e), *v, "{e}");
    }
}

#[test]
fn variables_and_division_by_zero() {
    let script = Script::parse("a = hcp(north)\nb = a * 2\nc = b / (a - 7)\n").unwrap();
    let mut ev = Evaluator::new(&script);
    ev.set_deal(DEAL.parse().unwrap());
    let mut dd = SolverTricks::new();
    let mut rand = || 0u32;
    assert_eq!(
        ev.eval(&script.vars[1].expr, &mut dd, &mut rand).unwrap(),
        14
    );
    let err = ev
        .eval(&script.vars[2].expr, &mut dd, &mut rand)
        .unwrap_err();
    assert!(
        err.to_string().starts_with("3:7: division by zero"),
        "{err}"
    );
}

#[test]
fn tricks_are_the_solvers_table() {
    let deal: Deal = DEAL.parse().unwrap();
    let table = Solver::new().table(&deal);
    for seat in Seat::ALL {
        for (strain, name) in [
            (Strain::Spades, "spades"),
            (Strain::Hearts, "hearts"),
            (Strain::Diamonds, "diamonds"),
            (Strain::Clubs, "clubs"),
            (Strain::NoTrump, "notrump"),
        ] {
            let seat_name = ["north", "east", "south", "west"][seat.index()];
            assert_eq!(
                value(&format!("tricks({seat_name}, {name})")),
                table.tricks(strain, seat) as i32,
                "{seat_name} {name}"
            );
        }
    }
}

fn run(script: &str, opts: &Options) -> String {
    let mut out = Vec::new();
    Script::parse(script).unwrap().run(opts, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_same_deals_for_any_number_of_threads() {
    let script = "produce 60\ncondition hcp(north) >= 15 and rnd(4) > 0\n\
                  action printoneline (rnd(1000)), average \"s\" hcp(south)\n";
    let opts = |threads| Options {
        seed: Some(7),
        threads,
        verbose: false,
        ..Options::default()
    };
    let one = run(script, &opts(1));
    assert_eq!(one.lines().count(), 61);
    for threads in [2, 3, 8] {
        assert_eq!(run(script, &opts(threads)), one, "{threads} threads");
    }
}

#[test]
fn counting_actions_count_the_same_on_any_threads() {
    // Actions that only count: the deals of a block are counted on its thread and the
    // counts added in order; the produce limit falls inside a block. The per-deal path
    // (run_report records each deal) must write the same, for any number of threads.
    let script = "produce 3000\ncondition hcp(north) >= 12 and rnd(4) > 0\n\
                  action average \"a\" hcp(south) + rnd(3), frequency \"f\" (spades(west), 2, 6), \
                  frequency \"g\" (hcp(east), 9, 11, clubs(east), 2, 4)\n";
    let opts = |threads| Options {
        seed: Some(5),
        threads,
        verbose: true,
        date: Some("2026.01.02".into()),
        ..Options::default()
    };
    let time = |s: String| -> String {
        s.lines()
            .filter(|l| !l.starts_with("Time needed"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let parsed = Script::parse(script).unwrap();
    let one = time(parsed.run_report(&opts(1)).unwrap().output);
    assert!(one.contains("Produced 3000 hands"), "{one}");
    assert!(one.contains("Frequency g:"), "{one}");
    for threads in [1, 2, 3] {
        assert_eq!(time(run(script, &opts(threads))), one, "{threads} threads");
    }
    // An error in an action comes at the deal it belongs to, whatever the path.
    let failing =
        "produce 500\ncondition hcp(north) >= 12\naction average \"x\" 10 / (hcp(north) - 15)\n";
    let parsed = Script::parse(failing).unwrap();
    let per_deal = parsed.run_report(&opts(1)).unwrap_err().to_string();
    assert!(per_deal.contains("division by zero"), "{per_deal}");
    for threads in [1, 2] {
        let mut out = Vec::new();
        let e = parsed.run(&opts(threads), &mut out).unwrap_err();
        assert_eq!(e.to_string(), per_deal, "{threads} threads");
        assert!(out.is_empty(), "nothing written before the error");
    }
}

#[test]
fn pbn_and_print_layouts() {
    let opts = Options {
        seed: Some(1),
        rng: RngKind::Dealer,
        verbose: false,
        date: Some("2026.01.02".into()),
        input_name: "t.dl".into(),
        ..Options::default()
    };
    let out = run("produce 1\nvulnerable NS\naction printpbn", &opts);
    assert!(out.starts_with(
        "[Event \"Hand simulated by dealer with file t.dl, seed 1\"]\n[Site \"-\"]\n[Date \"2026.01.02\"]\n[Board \"1\"]\n"
    ));
    assert!(out.contains(&format!("[Vulnerable \"NS\"]\n[Deal \"{DEAL}\"]\n")));
    let out = run(
        "produce 1\naction printcompact (hcp(north)), printew",
        &opts,
    );
    assert_eq!(
        out,
        "n 2.T98.K752.KJT84\ne 5.J7642.986.9763\ns AQ8.AQ5.QJT.AQ52\nw KJT97643.K3.A43.\n7\n\
         K J T 9 7 6 4 3     5 \nK 3                 J 7 6 4 2 \nA 4 3               9 8 6 \n\
         -                   9 7 6 3 \n\n"
    );
}
