//! `ddsolve lead`: every lead of a hand against a contract, valued double dummy over sampled
//! deals (or the deals of a file), with the statistics of each lead; and what `ddsolve sd`
//! shares with it (the options of the samples, the outputs).

use crate::error::CliError;
use crate::output_file::OutputFile;
use crate::progress::Progress;
use ddsolve_cards::{Deal, Vulnerability};
use ddsolve_lead::{
    analyse_leads, parse_contract, parse_seat_hand, Analysis, CardStats, Deals, LeadProblem,
    Method, RunOptions, SampleValues,
};
use std::io::Write;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

/// `ddsolve lead`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each sampled deal gives the leader the hand of --hand and the other 39 cards at random
(consistent with --condition when given); with --deals, the deals of the file instead, one
PBN deal a line. On each deal every card of the hand is valued double dummy on one solver
whose table stays warm across the leads and the deals; equal cards (the same value on every
deal) are grouped.

Columns: the defence's average tricks, how often the contract is set, the defence's average
score, and the average IMPs and matchpoints each lead gains against the other leads on the
same deals; each with its standard error after ±; and how often the lead is among the best.
Double dummy: on each deal everyone knows every card.")]
pub struct LeadArgs {
    /// The leader's hand: its seat, a colon and the suits, e.g. W:KQ3.J92.T8763.A4. The
    /// seat must be declarer's left-hand opponent.
    #[arg(long, value_name = "SEAT:HAND")]
    pub hand: String,
    #[command(flatten)]
    pub common: SampleArgs,
}

/// The options `lead` and `sd` share.
#[derive(Debug, clap::Args)]
pub struct SampleArgs {
    /// The contract: level, strain (N or NT, S, H, D, C), x or xx if doubled, declarer's
    /// seat, e.g. 3NTS or 4HxE.
    #[arg(long, value_name = "CONTRACT")]
    pub contract: String,
    /// Vulnerability: none, ns, ew or both.
    #[arg(long, value_name = "VUL", default_value = "none")]
    pub vul: Vulnerability,
    /// A dealer-language condition on the unseen hands (what the auction showed).
    #[arg(long, value_name = "FILE", conflicts_with = "deals")]
    pub condition: Option<PathBuf>,
    /// Deals to analyse instead of sampling: a file of PBN deals, one a line (blank lines
    /// and lines starting with # skipped).
    #[arg(long, value_name = "FILE")]
    pub deals: Option<PathBuf>,
    /// Samples to deal.
    #[arg(
        short = 'n',
        long = "samples",
        value_name = "N",
        default_value = "1000"
    )]
    pub samples: NonZeroUsize,
    /// The seed of the sampling (the same seed gives the same samples on any number of
    /// threads).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: LeadFormat,
    /// Write every sample to FILE: one JSON object a line, the deal (PBN) and each card's
    /// tricks for the side analysed.
    #[arg(long, value_name = "FILE")]
    pub save_samples: Option<PathBuf>,
    /// How each sample's cards are valued: warm (one solve of every card on a kept table,
    /// the default), warm-each-card (a solve per card, table kept) or cold (a solve per
    /// card, table cleared first). The answers are the same; for measurements.
    #[arg(long, value_enum, default_value_t)]
    pub method: MethodArg,
    /// No progress bar.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: crate::solver_args::SolverArgs,
}

/// `--format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum LeadFormat {
    /// A table for people.
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// Comma-separated values, a header line first.
    Csv,
}

/// `--method`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// Every card in one solve, table kept.
    #[default]
    Warm,
    /// A solve per card, table kept.
    WarmEachCard,
    /// A solve per card, table cleared.
    Cold,
}

impl SampleArgs {
    /// The solvers' options.
    pub fn run_options(&self) -> RunOptions {
        RunOptions {
            threads: self
                .threads
                .map_or_else(ddsolve::exec::default_threads, NonZeroUsize::get),
            tt_memory_mb: self.solver.tt_mb.get(),
            method: match self.method {
                MethodArg::Warm => Method::Warm,
                MethodArg::WarmEachCard => Method::WarmEachCard,
                MethodArg::Cold => Method::Cold,
            },
            deadline: None,
        }
    }

    /// The contract.
    pub fn contract(&self) -> Result<ddsolve::par::Contract, CliError> {
        parse_contract(&self.contract).map_err(|e| CliError::input(format!("--contract: {e}")))
    }

    /// The deals of `--deals`, if given.
    pub fn given_deals(&self) -> Result<Option<Vec<Deal>>, CliError> {
        let Some(path) = &self.deals else {
            return Ok(None);
        };
        let name = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
        let mut deals = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let deal = crate::input::parse_deal_arg(line)
                .map_err(|e| CliError::input(format!("{name}:{}: {e}", i + 1)))?
                .0;
            if deal.cards_per_hand() != 13 {
                return Err(CliError::input(format!(
                    "{name}:{}: a deal of {} cards a hand: sampled analyses take whole deals",
                    i + 1,
                    deal.cards_per_hand()
                )));
            }
            deals.push(deal);
        }
        if deals.is_empty() {
            return Err(CliError::input(format!("{name}: no deals")));
        }
        Ok(Some(deals))
    }

    /// Runs `analyse` on the deals asked for, with a progress bar.
    pub fn run(
        &self,
        analyse: impl FnOnce(Deals<'_>, &mut dyn FnMut(&SampleValues)) -> Result<Analysis, String>,
    ) -> Result<Analysis, CliError> {
        let given = self.given_deals()?;
        let filter = self.condition_filter()?;
        let n = self.samples.get() as u64;
        let deals = match &given {
            Some(d) => Deals::Given(d),
            None => Deals::Sampled {
                count: n,
                seed: self.seed,
                filter: filter.as_deref().map(|f| f as ddsolve_lead::Filter<'_>),
                max_tries: n.saturating_mul(100_000).max(10_000_000),
            },
        };
        let total = given.as_ref().map_or(n, |d| d.len() as u64);
        let progress = Progress::new(Some(total), self.quiet, "samples");
        let mut tick = |_: &SampleValues| progress.inc();
        let result = analyse(deals, &mut tick);
        progress.finish();
        result.map_err(CliError::input)
    }

    /// The filter of `--condition`.
    #[allow(clippy::type_complexity)]
    fn condition_filter(&self) -> Result<Option<Box<dyn Fn(&Deal) -> bool + Sync>>, CliError> {
        let Some(path) = &self.condition else {
            return Ok(None);
        };
        crate::condition::load(path).map(Some)
    }

    /// Writes the result in `--format` and the samples to `--save-samples`.
    pub fn output(
        &self,
        out: &mut dyn Write,
        heading: &str,
        what: &str,
        analysis: &Analysis,
    ) -> Result<ExitCode, CliError> {
        if let Some(path) = &self.save_samples {
            let file = OutputFile::create(path, false)?;
            file.commit(samples_jsonl(analysis).as_bytes())?;
        }
        let text = match self.format {
            LeadFormat::Text => text_table(heading, what, analysis),
            LeadFormat::Csv => csv_table(what, analysis),
            LeadFormat::Json => json_object(heading, what, analysis),
        };
        out.write_all(text.as_bytes())?;
        Ok(ExitCode::SUCCESS)
    }
}

/// The samples as JSON lines: `{"deal": PBN, "tricks": {"SA": 5, ...}}`.
pub fn samples_jsonl(analysis: &Analysis) -> String {
    let mut s = String::new();
    for sample in &analysis.samples {
        let tricks: serde_json::Map<String, serde_json::Value> = analysis
            .cards
            .iter()
            .zip(&sample.tricks)
            .map(|(c, &t)| (c.to_string(), serde_json::Value::from(t)))
            .collect();
        let line = serde_json::json!({"deal": sample.deal.to_pbn(), "tricks": tricks});
        s.push_str(&line.to_string());
        s.push('\n');
    }
    s
}

fn names(g: &CardStats) -> String {
    g.cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text table.
pub fn text_table(heading: &str, what: &str, analysis: &Analysis) -> String {
    let mut s = format!(
        "{heading}\n{} samples ({} deals tried), {} nodes\n",
        analysis.samples.len(),
        analysis.tried,
        analysis.nodes
    );
    let width = analysis
        .stats
        .iter()
        .map(|g| names(g).len())
        .max()
        .unwrap_or(4)
        .max(what.len());
    let success = if what == "lead" {
        "set %"
    } else {
        "make/set %"
    };
    s.push_str(&format!(
        "{what:<width$}  {:>12}  {:>12}  {:>15}  {:>13}  {:>13}  {:>6}\n",
        "tricks", success, "score", "IMPs", "MPs %", "best %"
    ));
    for g in &analysis.stats {
        s.push_str(&format!(
            "{:<width$}  {:>6.2} ±{:<4.2}  {:>5.1} ±{:<5.1}  {:>7.1} ±{:<6.1}  {:>+6.2} ±{:<5.2}  {:>5.1} ±{:<5.1}  {:>6.1}\n",
            names(g),
            g.tricks.mean,
            g.tricks.se,
            100.0 * g.success.mean,
            100.0 * g.success.se,
            g.score.mean,
            g.score.se,
            g.imps.mean,
            g.imps.se,
            100.0 * g.matchpoints.mean,
            100.0 * g.matchpoints.se,
            100.0 * g.best.mean,
        ));
    }
    s
}

/// The CSV table.
pub fn csv_table(what: &str, analysis: &Analysis) -> String {
    let mut s = format!("{what},tricks,tricks_se,success,success_se,score,score_se,imps,imps_se,matchpoints,matchpoints_se,best,best_se\n");
    for g in &analysis.stats {
        s.push_str(&format!(
            "{},{:.4},{:.4},{:.4},{:.4},{:.2},{:.2},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4}\n",
            names(g),
            g.tricks.mean,
            g.tricks.se,
            g.success.mean,
            g.success.se,
            g.score.mean,
            g.score.se,
            g.imps.mean,
            g.imps.se,
            g.matchpoints.mean,
            g.matchpoints.se,
            g.best.mean,
            g.best.se
        ));
    }
    s
}

/// The JSON object (one line).
pub fn json_object(heading: &str, what: &str, analysis: &Analysis) -> String {
    let key = format!("{what}s");
    let mut obj = serde_json::json!({
        "problem": heading,
        "samples": analysis.samples.len(),
        "tried": analysis.tried,
        "nodes": analysis.nodes,
    });
    obj[key.as_str()] = serde_json::to_value(&analysis.stats).unwrap_or_default();
    format!("{obj}\n")
}

/// `ddsolve lead`.
pub fn run(args: &LeadArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let (seat, hand) =
        parse_seat_hand(&args.hand).map_err(|e| CliError::input(format!("--hand: {e}")))?;
    let contract = args.common.contract()?;
    let problem = LeadProblem {
        hand,
        contract,
        vulnerable: args.common.vul.is_vulnerable(contract.declarer().side()),
    };
    if seat != problem.leader() {
        return Err(CliError::input(format!(
            "--hand: the hand is {seat}'s, but against {contract} {} leads",
            problem.leader()
        )));
    }
    let options = args.common.run_options();
    let analysis = args.common.run(|deals, progress| {
        analyse_leads(&problem, deals, &options, progress).map_err(|e| e.to_string())
    })?;
    args.common
        .output(out, &problem.heading(), "lead", &analysis)
}
