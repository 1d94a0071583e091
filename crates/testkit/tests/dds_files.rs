//! Reading the shipped DDS regression files, and checking them against the card rules, against
//! themselves and (on small endings) against the oracle.

use ddsolve_cards::Vulnerability;
use ddsolve_cards::{Card, Hand, Holding, Position, Seat, Strain};
use ddsolve_formats::dds_file::Entry;
use ddsolve_testkit::{data, oracle};
use std::sync::OnceLock;

/// The DDS files to check, with their entries: the repository's `list100.txt` and
/// `list1000.txt`.
fn lists() -> &'static [(&'static str, Vec<Entry>)] {
    static LISTS: OnceLock<Vec<(&'static str, Vec<Entry>)>> = OnceLock::new();
    LISTS.get_or_init(|| {
        let read = |r: Result<Vec<Entry>, _>| r.unwrap_or_else(|e| panic!("{e}"));
        vec![
            ("list100.txt", read(data::read_dds_file("list100.txt"))),
            ("list1000.txt", read(data::read_dds_file("list1000.txt"))),
        ]
    })
}

fn card(s: &str) -> Card {
    Card::parse(s).unwrap()
}

#[test]
fn the_repository_carries_its_test_data() {
    for name in [
        "list10.txt",
        "list100.txt",
        "list1000.txt",
        "random-seed1-200.tsv",
        "freak-seed11-24.tsv",
        "LICENSE-DDS-Apache-2.0",
        "README.md",
    ] {
        let path = data::path(name);
        assert!(path.is_file(), "{} is missing", path.display());
    }
}

#[test]
fn every_entry_reads() {
    for (name, entries) in lists() {
        let n = if *name == "list100.txt" { 100 } else { 1000 };
        assert_eq!(entries.len(), n, "{name}");
        for (i, e) in entries.iter().enumerate() {
            assert_eq!(e.number, i + 1, "{name}");
            assert_eq!(e.line, 2 + 7 * i, "{name} entry {}", e.number);
            assert_eq!(e.deal.cards_per_hand(), 13, "{name} entry {}", e.number);
            assert!(e.fut.is_some() && e.table.is_some() && e.par.is_some());
            assert!(e.par2.is_some() && e.play.is_some() && e.trace.is_some());
        }
    }
}

/// `list10.txt` is a subset of `list100.txt`, and both of `list1000.txt` (when present).
#[test]
fn the_smaller_lists_are_subsets_of_the_larger() {
    let strip = |e: &Entry| Entry {
        number: 0,
        line: 0,
        ..e.clone()
    };
    let list10 = data::read_dds_file("list10.txt").unwrap();
    assert_eq!(list10.len(), 10);
    let mut smaller = vec![("list10.txt", list10)];
    for (big_name, big) in lists() {
        let big: Vec<Entry> = big.iter().map(strip).collect();
        for (name, entries) in &smaller {
            for e in entries {
                assert!(
                    big.contains(&strip(e)),
                    "{name} entry {} not in {big_name}",
                    e.number
                );
            }
        }
        smaller.push((*big_name, big));
    }
}

/// Fields of the first entries of list10.txt, checked by hand against the file.
#[test]
fn list10_hand_checked_fields() {
    let entries = data::read_dds_file("list10.txt").unwrap();

    // PBN 0 0 0 0 "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    let e = &entries[0];
    assert_eq!((e.number, e.line), (1, 2));
    assert_eq!(e.dealer, Seat::North);
    assert_eq!(e.vulnerability, Vulnerability::None);
    assert_eq!(e.trump, Strain::Spades);
    assert_eq!(e.first, Seat::North);
    assert_eq!(e.declarer(), Seat::West);
    assert_eq!(e.deal.hand(Seat::North).to_string(), "QJ6.K652.J85.T98");
    assert_eq!(e.deal.hand(Seat::East).to_string(), "873.J97.AT764.Q4");
    assert_eq!(e.deal.hand(Seat::West).to_string(), "AT942.AQ4.32.KJ3");
    // FUT 9 | suits 2 2 2 3 0 0 1 1 1 | ranks 5 8 11 10 6 12 2 6 13
    //       | equals 0 0 0 768 0 2048 0 32 0 | scores 5 5 5 5 5 5 4 4 4
    let fut = e.fut.as_ref().unwrap();
    assert_eq!(fut.len(), 9);
    let cards: Vec<String> = fut.iter().map(|f| f.card.to_string()).collect();
    assert_eq!(
        cards,
        ["D5", "D8", "DJ", "CT", "S6", "SQ", "H2", "H6", "HK"]
    );
    assert_eq!(fut[3].equals, Holding(768));
    assert_eq!(fut[3].equals.to_string(), "98");
    assert_eq!(fut[5].equals.to_string(), "J");
    assert_eq!(fut[7].equals.to_string(), "5");
    assert_eq!(fut[0].equals, Holding::EMPTY);
    let scores: Vec<u8> = fut.iter().map(|f| f.score).collect();
    assert_eq!(scores, [5, 5, 5, 5, 5, 5, 4, 4, 4]);
    // TABLE 5 8 5 8 | 6 6 6 6 | 5 7 5 7 | 7 5 7 5 | 6 6 6 6
    assert_eq!(
        e.table.unwrap(),
        [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6]
    );
    assert_eq!(e.table_tricks(Strain::Spades, Seat::North), 5);
    assert_eq!(e.table_tricks(Strain::Spades, Seat::East), 8);
    assert_eq!(e.table_tricks(Strain::Diamonds, Seat::West), 7);
    assert_eq!(e.table_tricks(Strain::Clubs, Seat::North), 7);
    assert_eq!(e.table_tricks(Strain::Clubs, Seat::East), 5);
    assert_eq!(e.table_tricks(Strain::NoTrump, Seat::South), 6);
    let par = e.par.as_ref().unwrap();
    assert_eq!(par.ns_score, "NS -110");
    assert_eq!(par.ew_score, "EW 110");
    assert_eq!(par.ns_contracts, "NS:EW 2S");
    assert_eq!(par.ew_contracts, "EW:EW 2S");
    let par2 = e.par2.as_ref().unwrap();
    assert_eq!(par2.score, "-110");
    assert_eq!(par2.contracts, ["2S-EW"]);
    // PLAY 45 "CTC4CACJH8H4..." ending "...C6DJ"
    let play = e.play.as_ref().unwrap();
    assert_eq!(play.len(), 45);
    assert_eq!(
        &play[..4],
        &[card("CT"), card("C4"), card("CA"), card("CJ")]
    );
    assert_eq!(play[44], card("DJ"));
    assert_eq!(e.trace.as_ref().unwrap(), &vec![8u8; 46]);

    // PBN 1 2 4 1 "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63"
    let e = &entries[1];
    assert_eq!((e.number, e.line), (2, 9));
    assert_eq!(e.dealer, Seat::East);
    assert_eq!(e.vulnerability, Vulnerability::NorthSouth);
    assert_eq!(e.trump, Strain::NoTrump);
    assert_eq!(e.first, Seat::East);
    assert_eq!(e.deal.hand(Seat::East).to_string(), "QJT5432.T.6.QJ82");
    assert_eq!(e.deal.hand(Seat::South).to_string(), ".J97543.K7532.94");
    assert_eq!(e.deal.hand(Seat::North).to_string(), "AK96.KQ8.A98.K63");
    // FUT 7 | 3 3 3 1 2 0 0 | 2 8 12 10 6 12 5 | 0 0 2048 0 0 3072 28 | 4 4 4 3 3 3 2
    let fut = e.fut.as_ref().unwrap();
    let cards: Vec<String> = fut.iter().map(|f| f.card.to_string()).collect();
    assert_eq!(cards, ["C2", "C8", "CQ", "HT", "D6", "SQ", "S5"]);
    assert_eq!(fut[5].equals.to_string(), "JT");
    assert_eq!(fut[6].equals.to_string(), "432");
    assert_eq!(fut[6].score, 2);
    assert_eq!(e.table_tricks(Strain::Spades, Seat::East), 9);
    assert_eq!(e.table_tricks(Strain::Hearts, Seat::North), 10);
    assert_eq!(e.table_tricks(Strain::NoTrump, Seat::North), 9);
    assert_eq!(e.par2.as_ref().unwrap().contracts, ["4S*-EW-1"]);
    assert_eq!(e.par.as_ref().unwrap().ns_contracts, "NS:EW 4Sx");
    assert_eq!(e.play.as_ref().unwrap().len(), 52);
    let trace = e.trace.as_ref().unwrap();
    assert_eq!(trace.len(), 49);
    assert_eq!((trace[0], trace[1], trace[48]), (9, 10, 9));

    // PBN 1 2 4 2 ... PAR2 "100" "3C*-EW-1" "2N*-EW-1": two par contracts
    let e = &entries[3];
    assert_eq!((e.number, e.line), (4, 23));
    assert_eq!(
        (e.dealer, e.first, e.trump),
        (Seat::East, Seat::South, Strain::NoTrump)
    );
    assert_eq!(e.par.as_ref().unwrap().ew_contracts, "EW:EW 2Nx,EW 3Cx");
    let par2 = e.par2.as_ref().unwrap();
    assert_eq!(par2.score, "100");
    assert_eq!(par2.contracts, ["3C*-EW-1", "2N*-EW-1"]);

    // PBN 3 1 0 1 "W:AK8.A83.KT.KQJ98 ..."
    let e = &entries[5];
    assert_eq!(e.dealer, Seat::West);
    assert_eq!(e.vulnerability, Vulnerability::Both);
    assert_eq!((e.trump, e.first), (Strain::Spades, Seat::East));
    assert_eq!(e.deal.hand(Seat::West).to_string(), "AK8.A83.KT.KQJ98");
    assert_eq!(e.par.as_ref().unwrap().ns_contracts, "NS:W 45N");
}

/// The FUT line lists every legal lead of `first` once, through its equals; scores are sorted
/// best first, and the best score agrees with the TABLE line and the TRACE line.
#[test]
fn fut_table_and_trace_agree() {
    for e in lists().iter().flat_map(|(_, entries)| entries) {
        let fut = e.fut.as_ref().unwrap();
        let mut covered = Hand::EMPTY;
        for f in fut {
            let mut cards: Hand = f
                .equals
                .iter()
                .map(|r| Card::new(f.card.suit(), r))
                .collect();
            cards.insert(f.card);
            assert_eq!(covered & cards, Hand::EMPTY, "entry {}", e.number);
            covered |= cards;
        }
        assert_eq!(covered, e.deal.hand(e.first), "entry {}", e.number);
        assert!(
            fut.windows(2).all(|w| w[0].score >= w[1].score),
            "entry {}",
            e.number
        );
        let declarer_tricks = e.table_tricks(e.trump, e.declarer());
        assert_eq!(fut[0].score, 13 - declarer_tricks, "entry {}", e.number);
        assert_eq!(
            e.trace.as_ref().unwrap()[0],
            declarer_tricks,
            "entry {}",
            e.number
        );
    }
}

/// Every PLAY line replays legally with `Position::play`, and undoing it all gets back the
/// start.
#[test]
fn play_lines_are_legal() {
    for e in lists().iter().flat_map(|(_, entries)| entries) {
        let start = Position::new(e.deal, e.trump, e.first);
        let mut pos = start.clone();
        let play = e.play.as_ref().unwrap();
        for (i, &c) in play.iter().enumerate() {
            pos.play(c)
                .unwrap_or_else(|err| panic!("entry {} card {}: {err}", e.number, i + 1));
        }
        assert_eq!(pos.is_finished(), play.len() == 52);
        for &c in play.iter().rev() {
            assert_eq!(pos.undo(), Some(c));
        }
        assert_eq!(pos, start);
    }
}

/// On the endings of the PLAY lines (5 cards a hand or fewer), the oracle's value for
/// declarer's side, added to the tricks it has already won, equals DDS's TRACE.
#[test]
fn oracle_agrees_with_dds_trace_on_endings() {
    let mut checked = 0;
    let all: Vec<&Entry> = lists().iter().flat_map(|(_, entries)| entries).collect();
    for &e in &all {
        let play = e.play.as_ref().unwrap();
        let trace = e.trace.as_ref().unwrap();
        let side = e.declarer().side();
        let mut pos = Position::new(e.deal, e.trump, e.first);
        for (k, &c) in play.iter().enumerate() {
            if k >= 32 && k < trace.len() && !pos.is_finished() {
                let t = oracle::tricks(&pos);
                let ours = if pos.to_play().side() == side {
                    t
                } else {
                    pos.tricks_left() - t
                };
                assert_eq!(
                    pos.tricks_won(side) + ours,
                    u32::from(trace[k]),
                    "entry {} after {k} cards: {pos:?}",
                    e.number
                );
                checked += 1;
            }
            pos.play(c).unwrap();
        }
    }
    // More than five endings an entry on average (list1000.txt gives more than 5000).
    assert!(
        checked > 5 * all.len(),
        "only {checked} endings checked in {} entries",
        all.len()
    );
}
