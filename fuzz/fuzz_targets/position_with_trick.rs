//! Building a mid-trick position from text never panics: `parse_pbn_hands`, `Card::parse`
//! and `Position::with_trick` return errors for bad input. A position they accept can be
//! played on: every legal card plays and undoes cleanly.
//!
//! Input: byte 0 picks the trump, byte 1 the leader; the rest is text whose first line is
//! the PBN hands and whose second line lists the cards played to the trick (e.g. `SA H2`).
#![no_main]

use ddsolve_cards::{parse_pbn_hands, Card, Position, Seat, Strain};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
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
});
