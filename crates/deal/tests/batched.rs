//! The runner's double-dummy batches: a script that reads `tricks` prints the same bytes
//! for one thread and two, and the same as the one-deal-at-a-time path
//! ([`Script::run_with`]), whether `tricks` is in the condition, in the actions or in both,
//! with `rnd` on either side, with either generator.

use ddsolve_deal::gen::RngKind;
use ddsolve_deal::{Options, Script, SolverTricks, Summary};

fn batched(script: &str, opts: &Options) -> (String, Summary) {
    let mut out = Vec::new();
    let summary = Script::parse(script).unwrap().run(opts, &mut out).unwrap();
    (String::from_utf8(out).unwrap(), summary)
}

fn per_deal(script: &str, opts: &Options) -> (String, Summary) {
    let mut out = Vec::new();
    let summary = Script::parse(script)
        .unwrap()
        .run_with(opts, &mut out, &|| Box::new(SolverTricks::new()))
        .unwrap();
    (String::from_utf8(out).unwrap(), summary)
}

fn options(rng: RngKind, threads: usize) -> Options {
    Options {
        seed: Some(11),
        rng,
        threads,
        verbose: false,
        ..Options::default()
    }
}

/// The same output and counts for the per-deal path and the batches on 1 and 2 threads.
fn check(script: &str, rng: RngKind) -> String {
    let (want, want_summary) = per_deal(script, &options(rng, 1));
    for threads in [1, 2] {
        let (got, summary) = batched(script, &options(rng, threads));
        assert_eq!(got, want, "{threads} threads:\n{script}");
        assert_eq!(summary, want_summary, "{threads} threads:\n{script}");
    }
    want
}

#[test]
fn tricks_in_the_actions_only() {
    // The 1NT opening opposite 8-9 of the race against endplay, briefly.
    let out = check(
        "produce 12\n\
         condition hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432)\n\
         && hcp(south) >= 8 && hcp(south) <= 9\n\
         action printoneline (tricks(north, notrumps)),\n\
         average \"NT\" tricks(north, notrumps), average \"S\" tricks(north, spades),\n\
         frequency \"H\" (tricks(south, hearts), 4, 10)\n",
        RngKind::Counter,
    );
    assert_eq!(out.lines().filter(|l| l.starts_with("n ")).count(), 12);
    assert!(out.contains("NT: "), "{out}");
}

#[test]
fn tricks_in_the_condition_with_rnd() {
    // Deals rejected on points before any solving, and deals rejected on tricks after; `rnd`
    // in the condition and in the actions draws from each deal's own stream.
    check(
        "produce 4\n\
         game = tricks(south, spades) >= 10 || tricks(south, hearts) >= 10\n\
         condition hcp(north) + hcp(south) >= 26 && game && rnd(4) > 0\n\
         action printes(rnd(1000), \" \", tricks(south, spades), \" \", tricks(south, hearts), \"\\n\"),\n\
         average tricks(north, notrumps)\n",
        RngKind::Counter,
    );
}

#[test]
fn a_condition_decided_by_tricks_alone() {
    check(
        "generate 24\nproduce 6\ncondition tricks(west, clubs) <= 6\naction printcompact\n",
        RngKind::Counter,
    );
}

#[test]
fn evalcontract_and_the_generate_limit() {
    // Fewer deals than `produce` meet the condition within `generate`: the counts agree.
    let (_, summary) = batched(
        "generate 40\nproduce 5\ncondition hcp(north) + hcp(south) >= 28\naction evalcontract\n",
        &options(RngKind::Counter, 2),
    );
    assert_eq!(summary.generated, 40);
    assert!(summary.produced < 5);
    check(
        "generate 40\nproduce 5\ncondition hcp(north) + hcp(south) >= 28\naction evalcontract\n",
        RngKind::Counter,
    );
}

#[test]
fn dealers_generator_without_rnd() {
    check(
        "produce 8\ncondition hcp(north) >= 14 and tricks(north, notrumps) >= 7\n\
         action printoneline (tricks(north, notrumps) + tricks(south, spades))\n",
        RngKind::Dealer,
    );
    // With `rnd`, dealer's generator keeps the one-at-a-time path (one random stream).
    check(
        "produce 4\ncondition hcp(north) >= 14 and rnd(2) == 1\n\
         action printoneline (tricks(north, notrumps))\n",
        RngKind::Dealer,
    );
}

#[test]
fn a_division_by_zero_after_solving_is_the_same_error() {
    // North takes every spade trick on some deal of 12 points or more: 10 / 0.
    let script =
        "produce 400\ncondition hcp(north) >= 12 && 10 / (tricks(north, spades) - 13) < 0\n\
                  action printoneline\n";
    let s = Script::parse(script).unwrap();
    let mut outs = Vec::new();
    for threads in [1, 2] {
        let mut out = Vec::new();
        let err = s
            .run(&options(RngKind::Counter, threads), &mut out)
            .unwrap_err();
        outs.push((err.to_string(), out));
    }
    assert_eq!(outs[0], outs[1]);
    assert!(
        outs[0].0.starts_with("2:34: division by zero"),
        "{}",
        outs[0].0
    );
    let err = s
        .run_with(&options(RngKind::Counter, 1), &mut Vec::new(), &|| {
            Box::new(SolverTricks::new())
        })
        .unwrap_err();
    assert_eq!(err.to_string(), outs[0].0);
}

#[test]
fn until_se_json_and_stats_stop_at_the_same_deal() {
    // Stopping on the averages' precision is checked in produced order: the same deals,
    // the same statistics for the batches on 1 and 2 threads and the per-deal path.
    let script = "condition hcp(north) >= 16\n\
                  action average \"nt\" tricks(north, notrumps), frequency \"s\" (tricks(south, spades), 3, 10)\n";
    for json in [false, true] {
        let opts = |threads| Options {
            until_se: Some(0.45),
            stats: true,
            json,
            ..options(RngKind::Counter, threads)
        };
        let (want, want_summary) = per_deal(script, &opts(1));
        assert!(
            (30..200).contains(&want_summary.produced),
            "{want_summary:?}"
        );
        for threads in [1, 2] {
            let (got, summary) = batched(script, &opts(threads));
            assert_eq!(got, want, "{threads} threads, json {json}");
            assert_eq!(summary, want_summary);
        }
    }
}

#[test]
fn leveling_produces_the_quota_of_each_value() {
    use ddsolve_deal::Level;
    let script = "produce 3\ncondition hcp(north) >= 15\n\
                  action printoneline (tricks(north, notrumps)), frequency \"s\" (hcp(south), 3, 11)\n";
    let parsed = Script::parse(script).unwrap();
    let level = Level::parse(&parsed, "hcp(south) = 5..9").unwrap();
    assert_eq!(level.values(), 5);
    let opts = |threads| Options {
        level: Some(level.clone()),
        ..options(RngKind::Counter, threads)
    };
    let (want, summary) = per_deal(script, &opts(1));
    assert_eq!(summary.produced, 15);
    for threads in [1, 2] {
        assert_eq!(batched(script, &opts(threads)).0, want, "{threads} threads");
    }
    // Three deals of each value 5 to 9, none of any other.
    let rows: Vec<(i32, u64)> = want
        .lines()
        .filter_map(|l| {
            let (v, c) = l.split_once('\t')?;
            Some((v.trim().parse().ok()?, c.trim().parse().ok()?))
        })
        .collect();
    let want_rows: Vec<(i32, u64)> = (3..=11)
        .map(|v| (v, if (5..=9).contains(&v) { 3 } else { 0 }))
        .collect();
    assert_eq!(rows, want_rows);
    // Leveling on tricks, the condition on points alone, the actions on another strain:
    // the deciding pair first, the actions' only for deals in range and short of their
    // quota; values met early (9 tricks in notrump is common) turn the later ones away.
    let on_tricks = "produce 2\ncondition hcp(north) + hcp(south) >= 22\n\
                     action printoneline (tricks(south, spades))\n";
    let parsed = Script::parse(on_tricks).unwrap();
    let level = Level::parse(&parsed, "tricks(north, notrumps)=6..10").unwrap();
    let opts = |threads| Options {
        level: Some(level.clone()),
        ..options(RngKind::Counter, threads)
    };
    let (want, summary) = per_deal(on_tricks, &opts(1));
    assert_eq!(summary.produced, 10, "{want}");
    for threads in [1, 2] {
        let (got, got_summary) = batched(on_tricks, &opts(threads));
        assert_eq!(
            (got, got_summary),
            (want.clone(), summary),
            "{threads} threads"
        );
    }
    // A condition without tricks and dealer's generator level alike.
    let plain = "produce 2\naction printoneline, average hcp(south)\n";
    let level = Level::parse(&Script::parse(plain).unwrap(), "spades(south)=0..3").unwrap();
    for rng in [RngKind::Counter, RngKind::Dealer] {
        let opts = Options {
            level: Some(level.clone()),
            verbose: true,
            ..options(rng, 2)
        };
        let (out, summary) = batched(plain, &opts);
        assert_eq!(summary.produced, 8, "{out}");
    }
    for bad in [
        "hcp(south)",
        "hcp(south)=9..5",
        "hcp(south)=a..b",
        "hcp(sout)=1..2",
    ] {
        assert!(Level::parse(&parsed, bad).is_err(), "{bad}");
    }
}

#[test]
fn evalcontracts_averages_are_in_the_json_statistics() {
    // The statistics' table against the deals' own tricks, scored by hand: 3NT and 4S by
    // South, not vulnerable (made: 400 + 30 an overtrick, 420 + 30; down: 50 a trick).
    let script = "produce 6\ncondition hcp(north) + hcp(south) >= 25\naction evalcontract\n";
    let opts = Options {
        json: true,
        ..options(RngKind::Counter, 2)
    };
    let (out, summary) = batched(script, &opts);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(summary.produced, 6);
    let (deals, stats) = lines.split_at(6);
    let south =
        |d: &serde_json::Value, strain: usize| d["values"][0]["south"][strain].as_i64().unwrap();
    let nt = |t: i64| {
        if t >= 9 {
            400 + 30 * (t - 9)
        } else {
            -50 * (9 - t)
        }
    };
    let spades = |t: i64| {
        if t >= 10 {
            420 + 30 * (t - 10)
        } else {
            -50 * (10 - t)
        }
    };
    let want_nt = deals.iter().map(|d| nt(south(d, 4))).sum::<i64>() / 6;
    let want_s = deals.iter().map(|d| spades(south(d, 3))).sum::<i64>() / 6;
    let rows = stats[0]["statistics"]["evalcontract"][0]
        .as_array()
        .unwrap();
    assert_eq!(rows.len(), 70, "2 vulnerabilities, 5 strains, 7 levels");
    let row = |contract: &str| {
        rows.iter()
            .find(|r| r["contract"] == contract && r["vulnerable"] == false)
            .unwrap()
    };
    assert_eq!(row("3NT")["south"].as_i64(), Some(want_nt));
    assert_eq!(row("4S")["south"].as_i64(), Some(want_s));
}
