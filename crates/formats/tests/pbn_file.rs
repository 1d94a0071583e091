//! The PBN hand-record reader and writer on files with the quirks of real ones: `%` lines,
//! `{}` commentary over several lines (with empty lines and brackets inside), `;` comments,
//! CRLF, Latin-1 bytes, auctions and plays, deals from any first seat, a game without a deal.

use ddsolve_cards::{DdTable, Seat, Vulnerability};
use ddsolve_formats::pbn_file::{
    double_dummy_tricks, optimum_result_table, parse_double_dummy_tricks, tag_line, GameEdit,
    LineEnd, PbnFile, DD_TAGS,
};

const DEAL_E: &str = "E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98";

/// A file in LF; `lf_to_crlf` makes the CRLF one.
fn sample() -> Vec<u8> {
    let mut b: Vec<u8> = Vec::new();
    b.extend_from_slice(b"% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=ISO-8859-1\n\n");
    // A header game: no deal.
    b.extend_from_slice(b"[Event \"Club Championnat d'\xe9t\xe9\"]\n[Site \"Z\xfcrich\"]\n\n");
    // Board 1: commentary with an empty line and a bracket, an auction with a note, a play.
    b.extend_from_slice(b"[Event \"#\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n");
    b.extend_from_slice(format!("[Deal \"{DEAL_E}\"]\n").as_bytes());
    b.extend_from_slice(b"{A long comment\n\nwith [brackets] in it}\n");
    b.extend_from_slice(b"[Auction \"N\"]\n1NT Pass 3NT =1= AP\n[Note \"1:to play\"]\n");
    b.extend_from_slice(b"[Play \"E\"]\nHJ H8 HA H2 ; first trick\n*\n\n");
    // Board 2: no [Dealer]/[Vulnerable] (from the board number), old DD tags in the middle.
    b.extend_from_slice(b"[Board \"2\"]\n[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n");
    b.extend_from_slice(b"[DoubleDummyTricks \"00000000000000000000\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n");
    for seat in ["N", "S", "E", "W"] {
        for strain in ["NT", "S", "H", "D", "C"] {
            b.extend_from_slice(format!("{seat} {strain:>2}  0\n").as_bytes());
        }
    }
    b.extend_from_slice(b"[OptimumScore \"NS 0\"]\n[ParContract \"Pass\"]\n[Scoring \"MP\"]\n");
    b
}

fn lf_to_crlf(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &c in b {
        if c == b'\n' {
            out.push(b'\r');
        }
        out.push(c);
    }
    out
}

fn new_lines() -> Vec<String> {
    vec![
        tag_line("DoubleDummyTricks", "65657656576878568785"),
        tag_line("OptimumScore", "EW 110"),
    ]
}

fn annotate(bytes: &[u8]) -> Vec<u8> {
    let pbn = PbnFile::parse(bytes).unwrap();
    let edits: Vec<GameEdit> = pbn
        .games()
        .iter()
        .enumerate()
        .filter(|(_, g)| g.tag("Deal").is_some())
        .map(|(i, _)| GameEdit {
            game: i,
            remove: DD_TAGS.iter().map(|s| s.to_string()).collect(),
            insert: new_lines(),
        })
        .collect();
    pbn.rewrite(&edits)
}

#[test]
fn games_tags_and_values() {
    let b = sample();
    let pbn = PbnFile::parse(&b).unwrap();
    let games = pbn.games();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].line, 5);
    assert_eq!(
        games[0].tag("Event").unwrap().value,
        b"Club Championnat d'\xe9t\xe9"
    );
    assert_eq!(games[0].tag("Site").unwrap().text(), "Z\u{fc}rich");
    assert!(games[0].tag("Deal").is_none());
    let g1 = &games[1];
    let names: Vec<&str> = g1.tags.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Event",
            "Board",
            "Dealer",
            "Vulnerable",
            "Deal",
            "Auction",
            "Note",
            "Play"
        ]
    );
    assert_eq!(g1.tag("Deal").unwrap().text(), DEAL_E);
    assert_eq!(g1.tag("Deal").unwrap().line, 12);
    assert_eq!(g1.board(), Some(1));
    assert_eq!(g1.dealer(), Ok(Some(Seat::North)));
    assert_eq!(g1.vulnerability(), Ok(Some(Vulnerability::None)));
    assert_eq!(g1.line_end, LineEnd::Lf);
    // The auction's section runs to its last call; the play's to the `*`.
    let auction = g1.tag("Auction").unwrap();
    assert!(b[auction.span.clone()].ends_with(b"=1= AP"));
    assert!(b[g1.tag("Play").unwrap().span.clone()].ends_with(b"first trick\n*"));
    // Board 2 takes dealer East and NS vulnerable from its number.
    let g2 = &games[2];
    assert_eq!(g2.dealer(), Ok(Some(Seat::East)));
    assert_eq!(g2.vulnerability(), Ok(Some(Vulnerability::NorthSouth)));
    assert_eq!(g2.end, b.len());
}

#[test]
fn rewriting_keeps_every_other_byte() {
    for bytes in [sample(), lf_to_crlf(&sample())] {
        let out = annotate(&bytes);
        let eol: &[u8] = if bytes.contains(&b'\r') {
            b"\r\n"
        } else {
            b"\n"
        };
        let block: Vec<u8> = new_lines()
            .iter()
            .flat_map(|l| [l.as_bytes(), eol].concat())
            .collect();
        // Board 1: the block at the end of the game, before the empty line.
        let play_end = b"*"
            .iter()
            .chain(eol)
            .chain(eol)
            .copied()
            .collect::<Vec<u8>>();
        let at = find(&bytes, &play_end).unwrap() + 1 + eol.len();
        let mut want = bytes[..at].to_vec();
        want.extend_from_slice(&block);
        // Board 2: the old tags and the 20 rows go, the block stands where they began.
        let old_start = find(&bytes, b"[DoubleDummyTricks").unwrap();
        let scoring = find(&bytes, b"[Scoring").unwrap();
        want.extend_from_slice(&bytes[at..old_start]);
        want.extend_from_slice(&block);
        want.extend_from_slice(&bytes[scoring..]);
        assert_eq!(
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&want)
        );
        assert_eq!(out, want);
        // Twice gives the same file.
        assert_eq!(annotate(&out), out);
    }
}

#[test]
fn a_file_without_a_final_line_end_keeps_none() {
    // The new lines come last.
    let bytes = b"[Board \"1\"]\r\n[Deal \"N:A... K... Q... J...\"]".to_vec();
    let once = annotate(&bytes);
    assert_eq!(
        String::from_utf8(once.clone()).unwrap(),
        "[Board \"1\"]\r\n[Deal \"N:A... K... Q... J...\"]\r\n\
         [DoubleDummyTricks \"65657656576878568785\"]\r\n[OptimumScore \"EW 110\"]"
    );
    assert_eq!(annotate(&once), once);
    // The old tags came last.
    let mut bytes = sample();
    bytes.extend_from_slice(b"[OptimumScore \"NS 0\"]");
    let once = annotate(&bytes);
    assert!(once.ends_with(b"[Scoring \"MP\"]\n"));
    assert_eq!(annotate(&once), once);
}

#[test]
fn a_tag_sharing_its_line_leaves_the_rest_of_the_line() {
    let text = b"[Deal \"N:A... K... Q... J...\"]\n[OptimumScore \"NS 0\"] ; old\n[Board \"3\"]\n";
    let pbn = PbnFile::parse(text).unwrap();
    let out = pbn.rewrite(&[GameEdit {
        game: 0,
        remove: vec!["OptimumScore".into()],
        insert: vec!["[OptimumScore \"NS 50\"]".into()],
    }]);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "[Deal \"N:A... K... Q... J...\"]\n[OptimumScore \"NS 50\"]\n ; old\n[Board \"3\"]\n"
    );
}

#[test]
fn two_tags_on_one_line_go_with_their_line() {
    let text = b"[Deal \"x\"]\n[OptimumScore \"NS 0\"][ParContract \"Pass\"]\n[Board \"3\"]\n";
    let pbn = PbnFile::parse(text).unwrap();
    let out = pbn.rewrite(&[GameEdit {
        game: 0,
        remove: vec!["OptimumScore".into(), "ParContract".into()],
        insert: vec!["[X \"1\"]".into()],
    }]);
    // No empty line is left to split the game.
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "[Deal \"x\"]\n[X \"1\"]\n[Board \"3\"]\n"
    );
}

#[test]
fn structure_errors_name_their_line() {
    let e = PbnFile::parse(b"[Board \"1\"]\n[Deal \"N:A...\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("Deal"), "{e}");
    let e = PbnFile::parse(b"[Board \"1\"]\n\n{never closed\n\n").unwrap_err();
    assert_eq!(e.line, 3);
    let e = PbnFile::parse(b"%x\n[Board 1]\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().starts_with("line 2, column 1: "), "{e}");
}

#[test]
fn bad_dealer_and_vulnerability_are_named() {
    let pbn = PbnFile::parse(b"[Board \"5\"]\n[Dealer \"X\"]\n[Vulnerable \"Some\"]\n").unwrap();
    let g = &pbn.games()[0];
    let e = g.dealer().unwrap_err();
    assert_eq!((e.line, e.board.as_deref()), (2, Some("5")));
    assert!(
        e.to_string().starts_with("board 5, line 2: [Dealer]"),
        "{e}"
    );
    let e = g.vulnerability().unwrap_err();
    assert_eq!(e.line, 3);
}

#[test]
fn double_dummy_tags() {
    // The table of list10's first deal, DDS order.
    let t = DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6])
        .unwrap();
    assert_eq!(double_dummy_tricks(&t), "65657656576867568675");
    assert_eq!(parse_double_dummy_tricks("65657656576867568675"), Some(t));
    assert_eq!(parse_double_dummy_tricks("6565765657687856878"), None);
    assert_eq!(parse_double_dummy_tricks("e5657656576878568785"), None);
    let rows = optimum_result_table(&t);
    assert_eq!(rows.len(), 21);
    assert_eq!(
        rows[0],
        r#"[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]"#
    );
    assert_eq!(rows[1], "N NT  6");
    assert_eq!(rows[2], "N  S  5");
    assert_eq!(rows[11], "E NT  6");
    assert_eq!(rows[12], "E  S  8");
    let big = DdTable::from_dds_order([13; 20]).unwrap();
    assert_eq!(optimum_result_table(&big)[20], "W  C 13");
    assert_eq!(double_dummy_tricks(&big), "dddddddddddddddddddd");
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}
