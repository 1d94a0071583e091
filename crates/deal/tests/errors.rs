//! Malformed scripts: each is refused with the line and column of the problem and a message
//! that says what was expected or what is wrong, never a panic.

use ddsolve_deal::Script;

const CASES: &[(&str, &str, &str)] = &[
    (
        "produce 10\ncondition hcp(north) >\n",
        "3:1",
        "expected an expression but found the end",
    ),
    (
        "condition hcp(nort) > 10\n",
        "1:15",
        "expected a seat (north, east, south or w",
    ),
    (
        "x = hcp(north)\nx = 3\n",
        "2:1",
        "the variable 'x' is defined twice",
    ),
    (
        "condition y > 3\n",
        "1:11",
        "unknown variable 'y' (a variable is defi",
    ),
    (
        "hcp = 4\n",
        "1:1",
        "'hcp' is a reserved word and cannot name",
    ),
    (
        "condition shape(north, 433)\n",
        "1:24",
        "a shape has four digits or x, one per su",
    ),
    (
        "condition shape(north, 4432 + 5333)\n",
        "1:31",
        "wrong number of cards in shape: 14, not ",
    ),
    (
        "condition shape(north, 5x5x4)\n",
        "1:24",
        "the shape '5x5x4' must have four digits ",
    ),
    (
        "condition shape(north, 77xx)\n",
        "1:24",
        "too many cards in ambiguous shape: 14",
    ),
    (
        "predeal north SAKQJT98765432, HA\n",
        "1:31",
        "more than 13 cards predealt to North (at",
    ),
    (
        "predeal north SAK\npredeal south SK\n",
        "2:15",
        "the card SK is predealt twice (to North ",
    ),
    (
        "predeal north SA\n  east HAK, SA\n",
        "2:13",
        "the card SA is predealt twice (to North ",
    ),
    (
        "condition hcp(north, notrump) > 3\n",
        "1:22",
        "expected a suit (clubs, diamonds, hearts",
    ),
    (
        "condition cccc(north, spades) > 3\n",
        "1:21",
        "expected ')' (cccc takes a seat only) bu",
    ),
    (
        "action frequency (hcp(north), 10, 5)\n",
        "1:35",
        "the highest value 5 is below the lowest ",
    ),
    (
        "action average \"x\"\n",
        "2:1",
        "expected an expression but found the end",
    ),
    (
        "condition hascard(north, SA)\n",
        "1:26",
        "expected a card, rank then suit (AS, TC)",
    ),
    (
        "condition score(vul, 3N, 9) > 0\n",
        "1:22",
        "'3N' is neither a number nor a name (a n",
    ),
    (
        "/* never closed\nproduce 3\n",
        "1:1",
        "a comment '/*' not closed by '*/' before",
    ),
    (
        "action printes(\"abc)\n",
        "1:16",
        "a string not closed by '\"' before the en",
    ),
    (
        "vulnerable both\n",
        "1:12",
        "expected none, NS, EW or all after 'vuln",
    ),
    (
        "dealer n\n",
        "1:8",
        "expected a seat (north, east, south or w",
    ),
    (
        "condition (hcp(north) > 3\naction printall\n",
        "2:1",
        "expected ')' but found the keyword 'acti",
    ),
    (
        "produce -5\n",
        "1:9",
        "expected the number of deals to produce ",
    ),
    (
        "condition tricks(north, spades, 3) > 3\n",
        "1:31",
        "expected ')' but found ','",
    ),
    (
        "condition hcp(north) @ 3\n",
        "1:22",
        "unexpected character '@'",
    ),
    (
        "predeal spades(north)==5, hearts(north)==5, clubs(north)==4\n",
        "1:25",
        "expected a command (generate, produce, c",
    ),
    (
        "pointcount 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n",
        "1:42",
        "too many point values: a count has 13, f",
    ),
    (
        "altcount 12 1 2\n",
        "1:10",
        "altcount numbers the counts 0 to 9, not ",
    ),
    (
        "condition 3abc > 2\n",
        "1:11",
        "'3abc' is neither a number nor a name (a",
    ),
];

#[test]
fn malformed_scripts_name_line_column_and_problem() {
    assert!(CASES.len() >= 20);
    for (script, place, message) in CASES {
        let err = Script::parse(script).expect_err(script);
        let (line, column) = place.split_once(':').expect("line:column");
        assert_eq!(
            (err.span.line.to_string(), err.span.column.to_string()),
            (line.to_string(), column.to_string()),
            "{script:?}: {err}"
        );
        assert!(err.message.starts_with(message), "{script:?}: {err}");
        assert!(err.to_string().starts_with(&format!("{place}: ")), "{err}");
    }
}

#[test]
fn a_well_formed_script_parses() {
    let s = Script::parse(
        "generate 1000\nproduce 5\nvulnerable EW\ndealer west\n\
         predeal south SAQ542, HKJ87, D32, CAK\n\
         w = hcp(west) > 10 and shape(west, any 4432 + 5xxx - any 0xxx)\n\
         condition w\naction printpbn, average \"w\" w",
    )
    .expect("parses");
    assert_eq!(s.vars.len(), 1);
    assert_eq!(s.produce, Some(5));
}
