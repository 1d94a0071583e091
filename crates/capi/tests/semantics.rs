//! `SolveBoard`'s target, solutions and mode, and `AnalysePlayPBN`, against DDS 2.9.0's
//! answers: `tests/c/semantics.c` (built against DDS's header, linked with our library)
//! prints them canonically, and `tests/c/semantics-dds-2.9.0.txt` is what it printed with
//! Debian's libdds.so.0. Every line must be the same, except that with `solutions` 1 the
//! one card may be another of the equally good cards (DDS picks by its move ordering): it
//! must then be one of the cards the same call lists with `solutions` 2.

mod common;

use common::{crate_dir, run, CBuild, Header};

/// The cards of a line (`S12/800:5` each), after the card count.
fn cards(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .skip_while(|w| *w != "cards")
        .skip(2)
        .collect()
}

#[test]
fn solve_board_and_play_answer_as_dds() {
    let build = CBuild::new();
    let program = build.compile("semantics.c", Header::Dds, "semantics");
    let ours = run(&program, &[]);
    let dds = std::fs::read_to_string(crate_dir().join("tests/c/semantics-dds-2.9.0.txt"))
        .expect("the DDS answers are in the repository");
    let (ours, dds): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), dds.lines().collect());
    assert_eq!(ours.len(), dds.len());
    assert_eq!(dds.len(), 380, "the whole table of calls");
    let (mut same, mut one_card_lines) = (0, 0);
    for (o, d) in ours.iter().zip(&dds) {
        if o == d {
            same += 1;
            continue;
        }
        // Only a `solutions 1` answer may differ, and only in which best card it gives.
        assert!(d.contains(" s=1 "), "ours: {o}\nDDS:  {d}");
        let all_best = d.replace(" s=1 ", " s=2 ");
        let key = all_best.split(':').next().expect("a prefix");
        let line_s2 = dds
            .iter()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("no solutions-2 line for {d}"));
        let (ours_cards, dds_cards) = (cards(o), cards(d));
        assert_eq!(ours_cards.len(), 1, "{o}");
        assert_eq!(dds_cards.len(), 1, "{d}");
        let score = |c: &str| c.rsplit(':').next().map(str::to_string);
        assert_eq!(score(ours_cards[0]), score(dds_cards[0]), "{o} / {d}");
        // With target 0 DDS lists every card whatever the solutions; else every best card.
        assert!(
            cards(line_s2).contains(&ours_cards[0]),
            "ours: {o}\nnot among DDS's best cards: {line_s2}"
        );
        one_card_lines += 1;
    }
    // All but a few one-card answers (18 when the DDS answers were taken) are the same.
    assert_eq!(same + one_card_lines, dds.len());
    assert!(
        same >= 350,
        "{same} lines the same, {one_card_lines} one-card choices"
    );
}
