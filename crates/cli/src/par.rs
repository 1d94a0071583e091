//! `ddsolve par`: a deal's double-dummy table, its par (DDS `Par`), its dealer par (DDS
//! `DealerPar`) and the dealer par of each side (DDS `SidesPar`), for one deal or a stream of
//! them ([`crate::stream`]); and the `PAR` and `PAR2` checks of `ddsolve check`
//! ([`ParChecks`]).
//!
//! Par itself is computed by `ddsolve-par` from the solver's table; this module only reads
//! arguments, runs the solver and prints.

use crate::args::Format;
use crate::error::CliError;
use crate::json;
use crate::mismatch::Mismatch;
use crate::stream::{self, BatchArgs};
use clap::Args;
use ddsolve_cards::{Deal, Seat, Side};
use ddsolve_formats::dds_file::Entry;
use ddsolve_par::{dealer_par, par, DdTable, DealerPar, Vulnerability};
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `ddsolve par`.
#[derive(Debug, Args)]
#[command(after_help = "\
Prints the deal, its double-dummy table, then par in DDS's forms:
  par:        NS -110  EW 110  NS:EW 2S  EW:EW 2S
  dealer par: -110  2S-EW
  sides par:  NS -110 2S-EW  EW 110 2S-EW
`par` (DDS Par) gives the score seen from each side and the par contracts seen from each side
(they differ only when whoever bids first gets the better of it); a contract lists every level
it may be bid at for the same score (NS 45S: 4S+1 or 5S), `x` marks a doubled sacrifice.
`dealer par` (DDS DealerPar) gives North-South's score and each contract at its lowest level,
with overtricks (1S-EW+2) or, for a sacrifice, `*` and undertricks (4S*-NS-1).
`sides par` (DDS SidesPar) is dealer par with each side dealing (the better of its two
seats), each side's score from its own view.

Without DEAL, reads deals from --file or stdin like `ddsolve table` (PBN or LIN lines, PBN
games), each line optionally followed by its vulnerability and dealer
(`N:... ... ... ... ew S`); PBN games and LIN give theirs in [Vulnerable]/[Dealer] and sv|/md|.
--vul and --dealer apply where a deal does not say. --format tsv prints one line a deal: the
deal, vulnerability, dealer, the four strings of par, then dealer par's strings separated by
spaces, all separated by tabs. --format json prints one object a line (schema in the README).")]
pub struct ParArgs {
    /// Vulnerability where the deal does not say: none, both, ns or ew [default: none].
    #[arg(long)]
    pub vul: Option<Vulnerability>,
    /// The dealer where the deal does not say, for dealer par: N, E, S or W [default: N].
    #[arg(long)]
    pub dealer: Option<Seat>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Read the deals from FILE instead of DEAL (stdin if neither is given).
    #[arg(long, value_name = "FILE", conflicts_with = "deal")]
    pub file: Option<PathBuf>,
    /// Threads, --keep-going, --quiet (for many deals).
    #[command(flatten)]
    pub batch: BatchArgs,
    /// The deal as PBN (13 cards a hand) or LIN. Quote it, or give its four hands as
    /// separate words after the first.
    #[arg(num_args = 0.., value_name = "DEAL")]
    pub deal: Vec<String>,
}

/// Runs `ddsolve par`.
pub fn run(args: &ParArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let vul = args.vul.unwrap_or_default();
    let dealer = args.dealer.unwrap_or(Seat::North);
    if args.deal.is_empty() {
        let mut nth = 0;
        // A deal that is not whole is a bad line: it stops the run, or with --keep-going is
        // reported and skipped.
        let full = |record: &crate::input::Record| match record.deal.cards_per_hand() {
            13 => Ok(()),
            n => Err(format!(
                "par needs a full deal, 13 cards a hand; this one has {n} a hand"
            )),
        };
        return stream::tables(args.file.as_ref(), &args.batch, full, |record, table| {
            let board = Board {
                deal: record.deal,
                vul: record.vulnerability.unwrap_or(vul),
                dealer: record.dealer.unwrap_or(dealer),
            };
            out.write_all(render(args.format, &board, table, nth).as_bytes())?;
            out.flush()?;
            nth += 1;
            Ok(())
        });
    }
    let text = args.deal.join(" ");
    let (deal, lin_dealer) = crate::input::parse_deal_arg(&text)
        .map_err(|e| CliError::input(format!("bad DEAL: {e}")))?;
    if deal.cards_per_hand() != 13 {
        return Err(CliError::input(format!(
            "par needs a full deal, 13 cards a hand; DEAL has {} a hand",
            deal.cards_per_hand()
        )));
    }
    let board = Board {
        deal,
        vul,
        dealer: args.dealer.or(lin_dealer).unwrap_or(Seat::North),
    };
    let table = stream::one_table(&args.batch, &deal);
    out.write_all(render(args.format, &board, &table, 0).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// A deal with the vulnerability and dealer its par is computed with.
#[derive(Clone, Copy, Debug)]
struct Board {
    deal: Deal,
    vul: Vulnerability,
    dealer: Seat,
}

/// DDS's `SidesPar`: for each side, dealer par when that side deals (the better for it of
/// its two seats dealing, the first seat on a tie), with the score from that side's view.
pub fn sides_par(table: &DdTable, vul: Vulnerability) -> [DealerPar; 2] {
    let best = |side: Side| {
        let (a, b) = side.seats();
        let (pa, pb) = (dealer_par(table, a, vul), dealer_par(table, b, vul));
        let sign = if side == Side::NorthSouth { 1 } else { -1 };
        let mut p = if sign * pb.score > sign * pa.score {
            pb
        } else {
            pa
        };
        p.score *= sign;
        p
    };
    [best(Side::NorthSouth), best(Side::EastWest)]
}

/// One board's par record; `nth` (from 0) separates readable records with blank lines.
fn render(format: Format, board: &Board, table: &DdTable, nth: usize) -> String {
    let Board { deal, vul, dealer } = *board;
    let p = par(table, vul);
    let d = dealer_par(table, dealer, vul);
    let [sides_ns, sides_ew] = sides_par(table, vul);
    let mut s = String::new();
    match format {
        Format::Text => {
            if nth > 0 {
                s.push('\n');
            }
            let _ = write!(s, "{deal}\n{table}");
            let _ = writeln!(s, "vulnerable: {vul}, dealer: {}", dealer.letter());
            let _ = writeln!(s, "par:        {}", p.dds_strings().join("  "));
            let _ = writeln!(s, "dealer par: {}", d.dds_strings().join("  "));
            let side_text = |name: &str, sp: &DealerPar| {
                let mut v = sp.dds_strings();
                v[0] = format!("{name} {}", v[0]);
                v.join(" ")
            };
            let _ = writeln!(
                s,
                "sides par:  {}  {}",
                side_text("NS", &sides_ns),
                side_text("EW", &sides_ew)
            );
        }
        Format::Tsv => {
            let _ = writeln!(
                s,
                "{deal}\t{}\t{}\t{}\t{}",
                json::vulnerability_name(vul),
                dealer.letter(),
                p.dds_strings().join("\t"),
                d.dds_strings().join(" ")
            );
        }
        Format::Json => {
            s = json::line(&json::ParRecord {
                deal: deal.to_string(),
                vulnerable: json::vulnerability_name(vul),
                dealer: json::seat_name(dealer),
                table: json::Table::from(table),
                par: json::BySide {
                    ns: json::ParResult::from(&p.ns),
                    ew: json::ParResult::from(&p.ew),
                },
                dealer_par: json::ParResult::from(&d),
                sides_par: json::BySide {
                    ns: json::ParResult::from(&sides_ns),
                    ew: json::ParResult::from(&sides_ew),
                },
            })
        }
    }
    s
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

    /// Compares `e`'s lines with par from `table`: the lines checked and the mismatches
    /// (expected and got are the line's strings).
    pub fn check(&self, e: &Entry, table: &DdTable) -> (usize, Vec<Mismatch>) {
        let (mut checked, mut found) = (0, Vec::new());
        let vul = e.vulnerability;
        if let (true, Some(line)) = (self.par, &e.par) {
            checked += 1;
            let want = [
                line.ns_score.clone(),
                line.ew_score.clone(),
                line.ns_contracts.clone(),
                line.ew_contracts.clone(),
            ];
            let got = par(table, vul).dds_strings();
            if got != want {
                found.push(report(e, "PAR", table, &want, &got));
            }
        }
        if let (true, Some(line)) = (self.dealer_par, &e.par2) {
            checked += 1;
            let mut want = vec![line.score.clone()];
            want.extend(line.contracts.iter().cloned());
            let got = dealer_par(table, e.dealer, vul).dds_strings();
            if got != want {
                found.push(report(e, "PAR2", table, &want, &got));
            }
        }
        (checked, found)
    }
}

fn report(
    e: &Entry,
    what: &'static str,
    table: &DdTable,
    want: &[String],
    got: &[String],
) -> Mismatch {
    let quoted = |v: &[String]| {
        v.iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut m = Mismatch::new(what, e);
    m.expected = serde_json::json!(want);
    m.got = serde_json::json!(got);
    let out = &mut m.report;
    let _ = writeln!(
        out,
        "MISMATCH in {what}, entry {} (line {}): deal {} dealer {} vulnerable {}",
        e.number,
        e.line,
        e.deal,
        e.dealer.letter(),
        e.vulnerability
    );
    let tricks = table.to_dds_order();
    let shown = tricks.map(|x| x.to_string()).join(" ");
    let note = match e.table {
        Some(t) if t != tricks => " (differs from the TABLE line)",
        _ => "",
    };
    let _ = writeln!(out, "  from the table: {shown}{note}");
    let _ = writeln!(out, "  expected: {}", quoted(want));
    let _ = writeln!(out, "  got:      {}", quoted(got));
    m
}
