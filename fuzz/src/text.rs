//! The checks of the text fuzz targets: PBN deals, mid-trick positions, PBN hand-record files,
//! LIN, DDS regression files and the annotate round trip. Each takes the fuzzer's bytes,
//! must never panic on any input, and asserts what must hold of what its parser accepts.
//!
//! This file uses only `ddsolve_cards` and `ddsolve_formats`, so that the corpus replay test
//! of the main workspace (`crates/formats/tests/fuzz_corpus.rs`) includes it as a module and
//! runs the very code the fuzzer ran.

use ddsolve_cards::{parse_pbn_hands, Card, DdTable, Deal, Position, Seat, Strain, Suit};
use ddsolve_formats::pbn_file::{
    double_dummy_tricks, optimum_result_table, parse_double_dummy_tricks, tag_line, GameEdit,
    PbnFile, DD_TAGS,
};
use ddsolve_formats::{dds_file, lin};

/// `Deal::from_pbn` on any text: it returns an error or a deal, never panics, and a deal it
/// accepts prints back to PBN that parses to the same deal.
pub fn pbn_deal(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(deal) = Deal::from_pbn(text) {
        let pbn = deal.to_pbn();
        let again = Deal::from_pbn(&pbn).expect("a printed deal parses");
        assert_eq!(again, deal, "PBN round trip of {text:?} via {pbn:?}");
        assert!((1..=13).contains(&deal.cards_per_hand()));
    }
}

/// Building a mid-trick position from text never panics: `parse_pbn_hands`, `Card::parse`
/// and `Position::with_trick` return errors for bad input. A position they accept can be
/// played on: every legal card plays and undoes cleanly.
///
/// Input: byte 0 picks the trump, byte 1 the leader; the rest is text whose first line is
/// the PBN hands and whose second line lists the cards played to the trick (e.g. `SA H2`).
pub fn position_with_trick(data: &[u8]) {
    let [t, l, rest @ ..] = data else {
        return;
    };
    let trump = Strain::ALL[usize::from(*t) % 5];
    let leader = Seat::ALL[usize::from(*l) % 4];
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut lines = text.splitn(2, '\n');
    let Ok(hands) = parse_pbn_hands(lines.next().unwrap_or("")) else {
        return;
    };
    let mut played = Vec::new();
    for word in lines.next().unwrap_or("").split_whitespace() {
        match Card::parse(word) {
            Ok(card) => played.push(card),
            Err(_) => return,
        }
    }
    let Ok(mut pos) = Position::with_trick(hands, trump, leader, &played) else {
        return;
    };
    assert_eq!(pos.trick(), &played[..]);
    assert!(!pos.is_finished());
    let before = pos.clone();
    let legal = pos.legal_cards();
    assert!(
        !legal.is_empty(),
        "a valid position has a legal card: {pos:?}"
    );
    let _ = pos.remaining_pbn();
    for card in legal.iter() {
        pos.play(card).expect("a legal card plays");
        pos.undo();
        assert_eq!(pos, before);
    }
}

/// `PbnFile::parse` on any bytes: an error names a line of the file, or the games it reads
/// are consistent (tags in file order inside the file, each on the line it says, games in
/// order), their board, dealer and vulnerability are read without panicking, and writing the
/// file back with no edit gives every byte back.
pub fn pbn_file(data: &[u8]) {
    let pbn = match PbnFile::parse(data) {
        Ok(pbn) => pbn,
        Err(e) => {
            assert!(
                (1..=line_count(data)).contains(&e.line),
                "error line {} of a {}-line file: {e}",
                e.line,
                line_count(data)
            );
            return;
        }
    };
    assert_eq!(
        pbn.rewrite(&[]),
        data,
        "rewriting with no edit changed the file"
    );
    let mut last_end = 0;
    for game in pbn.games() {
        assert!(!game.tags.is_empty(), "a game has a tag");
        assert_eq!(game.line, game.tags[0].line);
        assert!(game.end <= data.len());
        for tag in &game.tags {
            assert!(
                last_end <= tag.span.start,
                "tags overlap or are out of order"
            );
            assert!(tag.span.start < tag.span.end && tag.span.end <= game.end);
            assert_eq!(data[tag.span.start], b'[');
            assert_eq!(tag.line, pbn.line_of(tag.span.start));
            last_end = tag.span.end;
        }
        let _ = (game.board(), game.dealer(), game.vulnerability());
    }
}

/// BBO's LIN on any text: `lin::boards` and `lin::parse_md` never panic; every deal they
/// read, written back as an `md|` value, reads as the same deal and dealer; a text has a
/// deal exactly when it has boards.
pub fn lin(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(d) = lin::parse_md(&text) {
        md_round_trip(&d);
    }
    let boards = lin::boards(&text);
    assert_eq!(lin::has_deal(&text), !boards.is_empty());
    for board in boards.iter().flatten() {
        md_round_trip(&board.deal);
    }
}

fn md_round_trip(d: &lin::LinDeal) {
    let md = md_value(d);
    let again = lin::parse_md(&md).unwrap_or_else(|e| panic!("{md:?} does not read: {e}"));
    assert_eq!(&again, d, "md| round trip via {md:?}");
}

/// A deal as an `md|` value: the dealer digit, then South, West, North and East.
fn md_value(d: &lin::LinDeal) -> String {
    let mut md = String::new();
    if let Some(dealer) = d.dealer {
        md.push(match dealer {
            Seat::South => '1',
            Seat::West => '2',
            Seat::North => '3',
            Seat::East => '4',
        });
    }
    let hands: Vec<String> = [Seat::South, Seat::West, Seat::North, Seat::East]
        .iter()
        .map(|&seat| {
            let hand = d.deal.hand(seat);
            let mut s = String::new();
            for suit in Suit::ALL {
                s.push(suit.letter());
                for rank in hand.suit(suit).iter() {
                    s.push(rank.letter());
                }
            }
            s
        })
        .collect();
    md.push_str(&hands.join(","));
    md
}

/// DDS's regression-file reader on any text: it never panics; an error names a line of the
/// file that holds something; the entries it reads are numbered from 1 in file order, each at
/// a `PBN` line, and their deals print back to PBN that reads the same.
pub fn dds_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines: Vec<&str> = text.lines().collect();
    match dds_file::parse_file(text) {
        Ok(entries) => {
            let mut last_line = 0;
            for (i, entry) in entries.iter().enumerate() {
                assert_eq!(entry.number, i + 1);
                assert!(entry.line > last_line, "entries out of order");
                last_line = entry.line;
                let line = lines[entry.line - 1].trim_start();
                assert!(line.starts_with("PBN"), "entry at line {line:?}");
                assert_eq!(Deal::from_pbn(&entry.deal.to_pbn()), Ok(entry.deal));
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with("line "), "{message}");
            let line = match e {
                dds_file::DdsFileError::Line { line, .. } => line,
                dds_file::DdsFileError::WrongEntryCount { line, .. } => line,
                dds_file::DdsFileError::Io { .. } => panic!("parse_file does no I/O: {message}"),
            };
            assert!(
                (1..=lines.len()).contains(&line),
                "line {line} of {}: {message}",
                lines.len()
            );
            assert!(
                !lines[line - 1].trim().is_empty(),
                "{message} names a blank line"
            );
        }
    }
}

/// The annotate round trip, as `ddsolve annotate` does it (`crates/cli/src/annotate.rs`) with
/// a cheap stand-in for the solver: every game whose deal, dealer and vulnerability read gets
/// the double-dummy tags of a table made from its deal, in place of those it had. Then:
/// the annotated file reads, with as many games, each new table where it was put;
/// annotating it again changes nothing; and with the double-dummy tags taken out of both,
/// the annotated file is the original byte for byte (but for a line end given to a last line
/// that had none, when the tags went after it).
pub fn annotate(data: &[u8]) {
    let Ok(pbn) = PbnFile::parse(data) else {
        return;
    };
    let (once, tables) = annotate_once(&pbn);
    let again = PbnFile::parse(&once).unwrap_or_else(|e| {
        panic!(
            "the annotated file does not read ({e}):\n{}",
            String::from_utf8_lossy(&once)
        )
    });
    assert_eq!(
        again.games().len(),
        pbn.games().len(),
        "annotating changed the games:\n{}",
        String::from_utf8_lossy(&once)
    );
    for (game, table) in &tables {
        let tag = again.games()[*game]
            .tag("DoubleDummyTricks")
            .expect("an annotated game has [DoubleDummyTricks]");
        assert_eq!(parse_double_dummy_tricks(&tag.text()).as_ref(), Some(table));
    }
    let (twice, _) = annotate_once(&again);
    assert!(
        twice == once,
        "annotating twice differs:\n{}\n---\n{}",
        String::from_utf8_lossy(&once),
        String::from_utf8_lossy(&twice)
    );
    // A file whose last line has no line end gets one when tags go after that line; taking
    // the tags out again leaves it (the only bytes allowed to differ: the game's line end,
    // after whatever the last line ended with, a lone `\r` included).
    let (before, after) = (strip(&pbn, &tables), strip(&again, &tables));
    let same = before == after
        || (data.last().is_some_and(|&c| c != b'\n')
            && after
                .strip_prefix(&before[..])
                .is_some_and(|rest| rest == b"\n" || rest == b"\r\n"));
    assert!(
        same,
        "annotating changed bytes outside the double-dummy tags:\n{}\n---\n{}\n--- \
         without the tags, before and after:\n{:?}\n---\n{:?}",
        String::from_utf8_lossy(data),
        String::from_utf8_lossy(&once),
        String::from_utf8_lossy(&before),
        String::from_utf8_lossy(&after)
    );
}

/// The file with the edits of [`annotate`] made, and the games annotated with their tables.
fn annotate_once(pbn: &PbnFile<'_>) -> (Vec<u8>, Vec<(usize, DdTable)>) {
    let mut edits = Vec::new();
    let mut tables = Vec::new();
    for (i, game) in pbn.games().iter().enumerate() {
        let Some(deal) = game
            .tag("Deal")
            .and_then(|t| Deal::from_pbn(&t.text()).ok())
        else {
            continue;
        };
        let (Ok(Some(dealer)), Ok(Some(vul))) = (game.dealer(), game.vulnerability()) else {
            continue;
        };
        let table = fake_table(&deal);
        let mut insert = vec![tag_line("DoubleDummyTricks", &double_dummy_tricks(&table))];
        insert.extend(optimum_result_table(&table));
        insert.push(tag_line("OptimumScore", &format!("NS {}", dealer.index())));
        insert.push(tag_line("ParContract", &format!("{vul} \"par\"")));
        edits.push(GameEdit {
            game: i,
            remove: DD_TAGS.iter().map(|s| s.to_string()).collect(),
            insert,
        });
        tables.push((i, table));
    }
    (pbn.rewrite(&edits), tables)
}

/// The file with the double-dummy tags of the annotated games taken out.
fn strip(pbn: &PbnFile<'_>, tables: &[(usize, DdTable)]) -> Vec<u8> {
    let edits: Vec<GameEdit> = tables
        .iter()
        .map(|&(game, _)| GameEdit {
            game,
            remove: DD_TAGS.iter().map(|s| s.to_string()).collect(),
            insert: Vec::new(),
        })
        .collect();
    pbn.rewrite(&edits)
}

/// A table made from the deal's cards: cheap, different from deal to deal.
fn fake_table(deal: &Deal) -> DdTable {
    let mut h = deal
        .hands()
        .0
        .iter()
        .fold(0x9e37_79b9_7f4a_7c15u64, |h, hand| {
            (h ^ hand.0).wrapping_mul(0x0100_0000_01b3)
        });
    let mut tricks = [[0u8; 4]; 5];
    for row in &mut tricks {
        for t in row.iter_mut() {
            *t = (h % 14) as u8;
            h = h.rotate_left(7).wrapping_add(0x2545_f491);
        }
    }
    DdTable::new(tricks).expect("tricks are at most 13")
}

fn line_count(data: &[u8]) -> usize {
    1 + data.iter().filter(|&&c| c == b'\n').count()
}
