//! The driver's first guess for the first leader of a strain, and for a lone search from a
//! trick's start ([`crate::Solver::tricks`]): the tricks the side on lead takes, estimated
//! from its high-card points and trumps (later leaders of a strain start from the tricks of
//! the leaders before them, see [`crate::Solver::strain_tricks`]).
//!
//! The estimate is a least-squares line over uniformly random deals (`random-seed1-200.tsv`,
//! the first leader's side in each strain): in notrump 0.502 tricks a point less 3.22, in a
//! suit 0.379 a point plus 1.114 a trump less 8.25, rounded. What it saves against half the
//! tricks is measured in `BENCHMARKS.md`.

use ddsolve_cards::{Hand, Seat, SeatMap, Strain};

/// The estimated tricks of `leader`'s side in `strain`, `hands` at a trick's start (half the
/// tricks for hands of fewer than 13 cards, which the line was not fitted on).
pub(crate) fn first_guess(hands: &SeatMap<Hand>, strain: Strain, leader: Seat) -> u8 {
    let n = hands[leader].len() as u8;
    if n != 13 {
        return n / 2;
    }
    let side = [hands[leader], hands[leader.partner()]];
    let hcp = (side[0].high_card_points() + side[1].high_card_points()) as i32;
    // In thousandths of a trick, plus a half for the rounding.
    let milli = match strain.trump() {
        None => 502 * hcp - 3220,
        Some(t) => {
            let trumps = (side[0].suit(t).len() + side[1].suit(t).len()) as i32;
            379 * hcp + 1114 * trumps - 8250
        }
    } + 500;
    milli.div_euclid(1000).clamp(0, i32::from(n)) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use ddsolve_cards::Deal;

    #[test]
    fn strong_hands_guess_many_tricks_and_weak_ones_few() {
        let deal: Deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
            .parse()
            .unwrap();
        // North-South: 37 points. Notrump: 0.502 * 37 - 3.22 = 15.3, at most 13.
        assert_eq!(first_guess(deal.hands(), Strain::NoTrump, Seat::North), 13);
        // East-West: 3 points and 4 + 1 spades: 0.379 * 3 + 1.114 * 5 - 8.25 = -1.6, at least 0.
        assert_eq!(first_guess(deal.hands(), Strain::Spades, Seat::East), 0);
        // North-South 28 points: 0.502 * 28 - 3.22 = 10.8, rounded 11.
        let deal: Deal = "N:AK32.K32.K32.K32 QJ4.QJ4.QJ4.QJ54 T987.A987.A98.A7 65.T65.T765.T986"
            .parse()
            .unwrap();
        let ns = deal.hands()[Seat::North].high_card_points()
            + deal.hands()[Seat::South].high_card_points();
        assert_eq!(ns, 28);
        assert_eq!(first_guess(deal.hands(), Strain::NoTrump, Seat::North), 11);
    }
}
