//! `Deal::from_pbn` on any text: it returns an error or a deal, never panics, and a deal it
//! accepts prints back to PBN that parses to the same deal.
#![no_main]

use ddsolve_cards::Deal;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(deal) = Deal::from_pbn(text) {
        let pbn = deal.to_pbn();
        let again = Deal::from_pbn(&pbn).expect("a printed deal parses");
        assert_eq!(again, deal, "PBN round trip of {text:?} via {pbn:?}");
        assert!((1..=13).contains(&deal.cards_per_hand()));
    }
});
