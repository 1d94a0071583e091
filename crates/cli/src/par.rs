//! `ddsolve par`: a deal's double-dummy table, its par (DDS `Par`) and its dealer par (DDS
//! `DealerPar`); and the `PAR` and `PAR2` checks of `ddsolve check` ([`ParChecks`]).
//!
//! Par itself is computed by `ddsolve-par` from the solver's table; this module only reads
//! arguments, runs the solver and prints.

use crate::error::CliError;
use clap::Args;
use ddsolve_cards::{Deal, Seat};
use ddsolve_par::{dealer_par, par, DdTable, Vulnerability};
use ddsolve_search::Solver;
use ddsolve_testkit::dds_files::Entry;
use std::io::{self, Write};
use std::process::ExitCode;

/// `ddsolve par`.
#[derive(Debug, Args)]
#[command(after_help = "\
Prints the deal, its double-dummy table, then par in DDS's forms:
  par:        NS -110  EW 110  NS:EW 2S  EW:EW 2S
  dealer par: -110  2S-EW
`par` (DDS Par) gives the score seen from each side and the par contracts seen from each side
(they differ only when whoever bids first gets the better of it); a contract lists every level
it may be bid at for the same score (NS 45S: 4S+1 or 5S), `x` marks a doubled sacrifice.
`dealer par` (DDS DealerPar) gives North-South's score and each contract at its lowest level,
with overtricks (1S-EW+2) or, for a sacrifice, `*` and undertricks (4S*-NS-1).")]
pub struct ParArgs {
    /// Vulnerability: none, both, ns or ew.
    #[arg(long, default_value = "none", value_parser = parse_vulnerability)]
    pub vul: Vulnerability,
    /// The dealer, for dealer par: N, E, S or W.
    #[arg(long, default_value = "N", value_parser = parse_dealer)]
    pub dealer: Seat,
    /// The deal as PBN, 13 cards a hand. Quote it, or give its four hands as separate words
    /// after the first.
    #[arg(required = true, num_args = 1.., value_name = "DEAL")]
    pub deal: Vec<String>,
}

fn parse_vulnerability(s: &str) -> Result<Vulnerability, String> {
    s.parse()
        .map_err(|e: ddsolve_par::VulnerabilityError| e.to_string())
}

fn parse_dealer(s: &str) -> Result<Seat, String> {
    let t = s.trim().to_ascii_lowercase();
    let seat = match t.as_str() {
        "n" | "north" => Some(Seat::North),
        "e" | "east" => Some(Seat::East),
        "s" | "south" => Some(Seat::South),
        "w" | "west" => Some(Seat::West),
        _ => None,
    };
    seat.ok_or_else(|| format!("{s:?} is not a seat: use N, E, S or W"))
}

/// Runs `ddsolve par`.
pub fn run(args: &ParArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let text = args.deal.join(" ");
    let pbn = text.trim().trim_matches('"');
    let deal = Deal::from_pbn(pbn).map_err(|e| CliError::input(format!("bad DEAL: {e}")))?;
    if deal.cards_per_hand() != 13 {
        return Err(CliError::input(format!(
            "par needs a full deal, 13 cards a hand; DEAL has {} a hand",
            deal.cards_per_hand()
        )));
    }
    let table = &Solver::new().table(&deal);
    writeln!(out, "{deal}")?;
    write!(out, "{table}")?;
    writeln!(
        out,
        "vulnerable: {}, dealer: {}",
        args.vul,
        args.dealer.letter()
    )?;
    writeln!(
        out,
        "par:        {}",
        par(&table, args.vul).dds_strings().join("  ")
    )?;
    writeln!(
        out,
        "dealer par: {}",
        dealer_par(&table, args.dealer, args.vul)
            .dds_strings()
            .join("  ")
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Which of `PAR` and `PAR2` lines `ddsolve check` compares, each from the solver's table of
/// the entry's deal (the table the `TABLE` check solves, once per deal).
#[derive(Clone, Copy, Debug, Default)]
pub struct ParChecks {
    /// `PAR` lines: [`par`] with the entry's vulnerability.
    pub par: bool,
    /// `PAR2` lines: [`dealer_par`] with the entry's dealer and vulnerability.
    pub dealer_par: bool,
}

impl ParChecks {
    /// Does `e` have a line to check, and so need its deal's table?
    pub fn wants(&self, e: &Entry) -> bool {
        (self.par && e.par.is_some()) || (self.dealer_par && e.par2.is_some())
    }

    /// Compares `e`'s lines with par from `table`, reporting each mismatch in full; returns
    /// the lines checked and the mismatches.
    pub fn check(
        &self,
        out: &mut dyn Write,
        e: &Entry,
        table: &DdTable,
    ) -> io::Result<(usize, usize)> {
        let (mut checked, mut mismatches) = (0, 0);
        let vul = e.vulnerability;
        let t = table;
        if let (true, Some(line)) = (self.par, &e.par) {
            checked += 1;
            let want = [
                line.ns_score.clone(),
                line.ew_score.clone(),
                line.ns_contracts.clone(),
                line.ew_contracts.clone(),
            ];
            let got = par(&t, vul).dds_strings();
            if got != want {
                mismatches += 1;
                report(out, e, "PAR", table, &want, &got)?;
            }
        }
        if let (true, Some(line)) = (self.dealer_par, &e.par2) {
            checked += 1;
            let mut want = vec![line.score.clone()];
            want.extend(line.contracts.iter().cloned());
            let got = dealer_par(&t, e.dealer, vul).dds_strings();
            if got != want {
                mismatches += 1;
                report(out, e, "PAR2", table, &want, &got)?;
            }
        }
        Ok((checked, mismatches))
    }
}

fn report(
    out: &mut dyn Write,
    e: &Entry,
    what: &str,
    table: &DdTable,
    want: &[String],
    got: &[String],
) -> io::Result<()> {
    let quoted = |v: &[String]| {
        v.iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    writeln!(
        out,
        "MISMATCH in {what}, entry {} (line {}): deal {} dealer {} vulnerable {}",
        e.number,
        e.line,
        e.deal,
        e.dealer.letter(),
        e.vulnerability
    )?;
    let tricks = table.to_dds_order();
    let shown = tricks.map(|x| x.to_string()).join(" ");
    let note = match e.table {
        Some(t) if t != tricks => " (differs from the TABLE line)",
        _ => "",
    };
    writeln!(out, "  from the table: {shown}{note}")?;
    writeln!(out, "  expected: {}", quoted(want))?;
    writeln!(out, "  got:      {}", quoted(got))
}
