//! Board numbering: the dealer and the vulnerability that a board's number gives in the
//! usual cycles, for games that have a `[Board]` tag but no `[Dealer]` or `[Vulnerable]`.

use ddsolve_cards::{Seat, Vulnerability};

/// The dealer of board `n` in the usual cycle: 1 North, 2 East, 3 South, 4 West, 5 North ...
pub fn board_dealer(n: u32) -> Seat {
    Seat::ALL[(n.max(1) as usize - 1) % 4]
}

/// The vulnerability of board `n` in the usual 16-board cycle (board 1 none, 2 NS, 3 EW,
/// 4 both, 5 NS, ...).
pub fn board_vulnerability(n: u32) -> Vulnerability {
    use Vulnerability::{Both as B, EastWest as E, None as O, NorthSouth as N};
    const CYCLE: [Vulnerability; 16] = [O, N, E, B, N, E, B, O, E, B, O, N, B, O, N, E];
    CYCLE[(n.max(1) as usize - 1) % 16]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_cycle() {
        assert_eq!(board_dealer(1), Seat::North);
        assert_eq!(board_dealer(8), Seat::West);
        assert_eq!(board_vulnerability(1), Vulnerability::None);
        assert_eq!(board_vulnerability(4), Vulnerability::Both);
        assert_eq!(board_vulnerability(13), Vulnerability::Both);
        assert_eq!(board_vulnerability(16), Vulnerability::EastWest);
        assert_eq!(board_vulnerability(17), Vulnerability::None);
    }
}
