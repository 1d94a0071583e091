//! The input table (`crates/testkit/data/input-table.tsv`) through the shared layer: a deal
//! string through `Deal::from_pbn`, every kind through the one reader of streams
//! (`Records`), PBN files through `PbnFile`. Every front end reads with these.

use ddsolve_cards::Deal;
use ddsolve_formats::pbn_file::{GameDeal, PbnFile};
use ddsolve_formats::records::Records;
use ddsolve_testkit::input_table::{cases, Kind, Outcome};

/// What a reader made of an input: the deals, or the first error's message.
fn check(label: &str, what: &str, got: Result<Vec<Deal>, String>, outcome: &Outcome) {
    match (outcome, got) {
        (Outcome::Ok { deal, deals }, Ok(got)) => {
            assert_eq!(got.len(), *deals, "{label} ({what})");
            assert!(got.iter().all(|d| d == deal), "{label} ({what}): {got:?}");
        }
        (Outcome::Error { message }, Err(e)) => {
            assert!(e.contains(message.as_str()), "{label} ({what}): {e}");
        }
        (o, got) => panic!("{label} ({what}): expected {o:?}, got {got:?}"),
    }
}

#[test]
fn every_case_through_the_shared_readers() {
    for case in cases() {
        let label = case.label();
        let records: Result<Vec<Deal>, String> =
            Records::new("t", case.input.as_slice(), Default::default())
                .map(|r| r.map(|r| r.deal).map_err(|e| e.to_string()))
                .collect();
        check(&label, "Records", records, &case.outcome);
        match case.kind {
            Kind::Deal => {
                let got = Deal::from_pbn(&case.text())
                    .map(|d| vec![d])
                    .map_err(|e| e.to_string());
                check(&label, "Deal::from_pbn", got, &case.outcome);
            }
            Kind::Pbn => {
                let file = PbnFile::parse(&case.input).expect("the PBN structure reads");
                let got: Result<Vec<Deal>, String> = file
                    .games()
                    .iter()
                    .filter_map(|g| match g.deal() {
                        Ok(GameDeal::Known { deal, .. }) => Some(Ok(deal)),
                        Ok(_) => None,
                        Err(e) => Some(Err(e.to_string())),
                    })
                    .collect();
                check(&label, "PbnFile", got, &case.outcome);
            }
            Kind::Lines => {}
        }
    }
}

#[test]
fn a_bom_is_kept_by_a_rewrite() {
    let text = b"\xef\xbb\xbf% PBN 2.1\n[Board \"1\"]\n";
    let file = PbnFile::parse(text).unwrap();
    assert_eq!(file.games().len(), 1);
    assert_eq!(file.rewrite(&[]), text);
}
