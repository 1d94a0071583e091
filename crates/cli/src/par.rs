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
use ddsolve_cards::{Deal, Seat};
use ddsolve_formats::dds_file::Entry;
use ddsolve_par::{dealer_par, par, sides_par, DdTable, DealerPar, ParContract, Vulnerability};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `ddsolve par`.
#[derive(Debug, Args)]
#[command(after_help = "\
Prints the deal, its double-dummy table, then par three ways, each as a player writes it
(`EW 2S`, `NS 4Hx-2`: declarer side or seat, level, strain, x for a doubled sacrifice, the
tricks over or under) with its score, and under it DDS's own text form:
  par (DDS Par):            EW 2S; NS -110, EW +110
                            DDS: NS -110  EW 110  NS:EW 2S  EW:EW 2S
  dealer par (DealerPar):   EW 2S; NS -110
                            DDS: -110  2S-EW
  sides par (SidesPar):     NS dealing: EW 2S, NS -110; EW dealing: EW 2S, EW +110
                            DDS: NS -110 2S-EW  EW 110 2S-EW
`par` (DDS Par) gives the score and the par contracts seen from each side (they differ only
when whoever bids first gets the better of it: then `NS first: ...; EW first: ...`); in DDS's
form a contract lists every level it may be bid at for the same score (NS 45S: 4S+1 or 5S).
`dealer par` (DDS DealerPar) is par with the dealer bidding first, the score North-South's;
DDS writes each contract at its lowest level with overtricks (1S-EW+2) or, for a sacrifice,
`*` and undertricks (4S*-NS-1). `sides par` (DDS SidesPar) is dealer par with each side
dealing (the better of its two seats), each side's score from its own view.

The arguments are deals, files of deals or `-` for stdin (no argument: stdin), read like
`ddsolve table`'s (PBN or LIN lines, PBN games); a line may give the deal's vulnerability and
dealer after it (`N:... ... ... ... ew S`), PBN games and LIN give theirs in
[Vulnerable]/[Dealer] and sv|/md|. --vul and --dealer apply where a deal does not say.
--format tsv prints one line a deal: the deal, vulnerability, dealer, the four strings of
DDS Par, then DealerPar's strings separated by spaces, all separated by tabs. --format json
prints one object a line (schema in the README).")]
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
    /// A file of deals (the same as giving FILE as an argument; kept for old scripts).
    #[arg(long, value_name = "FILE", conflicts_with = "inputs", hide = true)]
    pub file: Option<PathBuf>,
    /// Threads, --keep-going, --quiet, --max-line-bytes (for many deals).
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Deals (PBN with 13 cards a hand, or LIN), files of deals, or `-` for stdin
    /// [default: stdin]. Quote a deal, or give its four hands as words after the first.
    #[arg(value_name = "DEAL|FILE")]
    pub inputs: Vec<OsString>,
}

/// Runs `ddsolve par`.
pub fn run(args: &ParArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let vul = args.vul.unwrap_or_default();
    let dealer = args.dealer.unwrap_or(Seat::North);
    let mut nth = 0;
    // A deal that is not whole is a bad line: it stops the run, or with --keep-going is
    // reported and skipped.
    let full = |record: &crate::input::Record| {
        ddsolve::par::check_full_deal(&record.deal).map_err(|e| e.to_string())
    };
    let inputs = match &args.file {
        Some(f) => vec![f.clone().into_os_string()],
        None => args.inputs.clone(),
    };
    stream::tables(&inputs, &args.batch, false, full, |record, table, _| {
        let board = Board {
            deal: record.deal,
            vul: record.vulnerability.unwrap_or(vul),
            dealer: record.dealer.unwrap_or(dealer),
        };
        out.write_all(render(args.format, &board, table, nth).as_bytes())?;
        out.flush()?;
        nth += 1;
        Ok(())
    })
}

/// A deal with the vulnerability and dealer its par is computed with.
#[derive(Clone, Copy, Debug)]
struct Board {
    deal: Deal,
    vul: Vulnerability,
    dealer: Seat,
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
            let ns_view = contracts_text(&p.ns.contracts);
            let ew_view = contracts_text(&p.ew.contracts);
            let par_text = if ns_view == ew_view {
                ns_view
            } else {
                format!("NS first: {ns_view}; EW first: {ew_view}")
            };
            let _ = writeln!(
                s,
                "par (DDS Par):            {par_text}; NS {}, EW {}",
                signed(p.ns.score),
                signed(p.ew.score)
            );
            let _ = writeln!(s, "{DDS_INDENT}DDS: {}", p.dds_strings().join("  "));
            let _ = writeln!(
                s,
                "dealer par (DealerPar):   {}; NS {}",
                contracts_text(&d.contracts),
                signed(d.score)
            );
            let _ = writeln!(s, "{DDS_INDENT}DDS: {}", d.dds_strings().join("  "));
            let _ = writeln!(
                s,
                "sides par (SidesPar):     NS dealing: {}, NS {}; EW dealing: {}, EW {}",
                contracts_text(&sides_ns.contracts),
                signed(sides_ns.score),
                contracts_text(&sides_ew.contracts),
                signed(sides_ew.score)
            );
            let side_text = |name: &str, sp: &DealerPar| {
                let mut v = sp.dds_strings();
                v[0] = format!("{name} {}", v[0]);
                v.join(" ")
            };
            let _ = writeln!(
                s,
                "{DDS_INDENT}DDS: {}  {}",
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
            s = json::line(&json::ParRecord::new(&deal, vul, dealer, table));
        }
    }
    s
}

/// The indent of the lines in DDS's forms, under the text of each par.
const DDS_INDENT: &str = "                          ";

/// Par contracts as a player writes them (`EW 2S`, `NS 4Hx-2`), `or` between them; `Pass`
/// when there is none.
fn contracts_text(contracts: &[ParContract]) -> String {
    if contracts.is_empty() {
        return "Pass".to_string();
    }
    contracts
        .iter()
        .map(ParContract::text)
        .collect::<Vec<_>>()
        .join(" or ")
}

/// A score with its sign: `+110`, `-110`, `0`.
fn signed(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
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
