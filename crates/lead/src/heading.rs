//! The heading of each problem: the one line that says what was analysed (the contract, the
//! vulnerability, and the cards the player sees), written once for every front end (the
//! command line's text and JSON, the server's answer, the Python module's dict).

use crate::lead::LeadProblem;
use crate::single_dummy::{SdProblem, Seen};
use ddsolve::par::Contract;

/// `4S by S, not vulnerable`: the contract and whether declarer's side is vulnerable.
fn contract_heading(contract: &Contract, vulnerable: bool) -> String {
    let vul = if vulnerable {
        "vulnerable"
    } else {
        "not vulnerable"
    };
    format!("{contract}, {vul}")
}

impl LeadProblem {
    /// The problem in one line: the contract, the vulnerability, the leader and the hand,
    /// `4S by S, not vulnerable; W leads from KQJT.432.5432.32`.
    pub fn heading(&self) -> String {
        format!(
            "{}; {} leads from {}",
            contract_heading(&self.contract, self.vulnerable),
            self.leader(),
            self.hand
        )
    }
}

impl SdProblem {
    /// The position in one line: the contract, the vulnerability, the player's hand and
    /// dummy's, and the hand to play (`seen`, what [`SdProblem::seen`] found) after the
    /// cards played, `4S by S, not vulnerable; S sees AQJ94.K32.A52.A4 and dummy
    /// KT853.A54.K43.73; S to play after 4 cards`.
    pub fn heading(&self, seen: &Seen) -> String {
        format!(
            "{}; {} sees {} and dummy {}; {} to play after {} cards",
            contract_heading(&self.contract, self.vulnerable),
            self.viewer,
            self.hand,
            self.dummy,
            seen.to_play,
            self.played.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::{parse_contract, parse_seat_hand, LeadProblem, SdProblem};

    #[test]
    fn a_lead_problem_in_one_line() {
        let (_, hand) = parse_seat_hand("W:KQJT.432.5432.32").unwrap();
        let problem = LeadProblem {
            hand,
            contract: parse_contract("4SS").unwrap(),
            vulnerable: false,
        };
        assert_eq!(
            problem.heading(),
            "4S by S, not vulnerable; W leads from KQJT.432.5432.32"
        );
        let vulnerable = LeadProblem {
            vulnerable: true,
            ..problem
        };
        assert!(vulnerable.heading().starts_with("4S by S, vulnerable; "));
    }

    #[test]
    fn a_single_dummy_position_in_one_line() {
        let (viewer, hand) = parse_seat_hand("S:AQJ94.K32.A52.A4").unwrap();
        let (_, dummy) = parse_seat_hand("N:KT853.A54.K43.73").unwrap();
        let problem = SdProblem {
            viewer,
            hand,
            dummy,
            contract: parse_contract("4SS").unwrap(),
            vulnerable: false,
            played: ddsolve_cards::parse_card_list("CK C3 C2 CA").unwrap(),
        };
        let seen = problem.seen().unwrap();
        assert_eq!(
            problem.heading(&seen),
            "4S by S, not vulnerable; S sees AQJ94.K32.A52.A4 and dummy KT853.A54.K43.73; \
             S to play after 4 cards"
        );
    }
}
