//! `ddsolve play`: play analysis (DDS `AnalysePlay`) of a sequence of cards, and the `PLAY`
//! and `TRACE` lines of `ddsolve check`.

use crate::args::Format;
use crate::error::CliError;
use crate::json;
use crate::mismatch::{self, Mismatch};
use crate::progress::Progress;
use crate::stats::{Stats, WithStats};
use ddsolve::exec::pool::{ordered_map, PoolOptions};
use ddsolve::search::{PlayAnalysis, PlayAnalysisError};
use ddsolve_cards::{Card, Deal, Seat, Strain};
use ddsolve_formats::dds_file::Entry;
use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

/// `ddsolve play`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Declarer is the hand to the right of the leader. The first value is declarer's double-dummy
result; after each card, the tricks declarer's side has won so far plus those it takes
double-dummy from there. A value that drops after a card of declarer's side, or rises after a
defender's card, marks a card that cost a trick.

Example: the first trick of list10's first deal, spades, North leading:
  ddsolve play --trump S --leader N --cards CTC4CACJ \\
    \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"

--format tsv prints one line per value: the number of cards played (0 first), the hand that
played the last card and the card (`-` on the first line), and the tricks, separated by tabs.

--stats adds what the search did, as for `table --stats`: a \"stats\" object in json, a last
line `stats` and the 13 values in tsv, a `stats:` line in text.")]
pub struct PlayArgs {
    /// Trumps: S, H, D, C or N (notrump).
    #[arg(long)]
    pub trump: Strain,
    /// The hand that leads to the first trick: N, E, S or W.
    #[arg(long)]
    pub leader: Seat,
    /// The cards played, in order, each a suit and a rank (T or 10 for the ten): written
    /// together as in DDS's files (CTC4CACJ) or separated by commas or spaces.
    #[arg(long, value_name = "CARDS", value_parser = parse_play)]
    pub cards: PlayCards,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Add the search's counts (nodes, table probes, cutoffs by kind, time) to the output.
    #[arg(long)]
    pub stats: bool,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: crate::solver_args::SolverArgs,
    /// The deal at the start of play, PBN. Quote it, or give its four hands as separate
    /// words after the first.
    #[arg(required = true, num_args = 1.., value_name = "DEAL")]
    pub deal: Vec<String>,
}

/// The cards of `--cards`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayCards(pub Vec<Card>);

fn parse_play(s: &str) -> Result<PlayCards, String> {
    ddsolve_cards::parse_card_list(s)
        .map(PlayCards)
        .map_err(|e| {
            format!(
                "card {} of the play (in {:?}): {}",
                e.number, e.word, e.error
            )
        })
}

/// Runs `ddsolve play`.
pub fn run(args: &PlayArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let text = args.deal.join(" ");
    let (deal, _) = crate::input::parse_deal_arg(&text)
        .map_err(|e| CliError::input(format!("bad DEAL: {e}")))?;
    let cards = &args.cards.0;
    let mut solver = args.solver.solver();
    let analyse = |s: &mut ddsolve::Solver| s.analyse_play(&deal, args.trump, args.leader, cards);
    let (analysis, stats) = if args.stats {
        let (analysis, stats) = Stats::measure(&mut solver, analyse);
        (analysis, Some(stats))
    } else {
        (analyse(&mut solver), None)
    };
    let analysis = analysis.map_err(|e| CliError::input(e.to_string()))?;
    // Who played each card: replay the (already checked) sequence.
    let mut pos = ddsolve_cards::Position::new(deal, args.trump, args.leader);
    let mut players = Vec::with_capacity(cards.len());
    let mut winners = Vec::with_capacity(cards.len());
    for &card in cards {
        players.push(pos.to_play());
        pos.play_unchecked(card);
        winners.push(
            pos.trick()
                .is_empty()
                .then(|| pos.last_trick_winner())
                .flatten(),
        );
    }
    match args.format {
        Format::Tsv => {
            writeln!(out, "0\t-\t-\t{}", analysis.tricks[0])?;
            for (i, (card, seat)) in cards.iter().zip(&players).enumerate() {
                writeln!(
                    out,
                    "{}\t{}\t{card}\t{}",
                    i + 1,
                    seat.letter(),
                    analysis.tricks[i + 1]
                )?;
            }
            if let Some(stats) = &stats {
                writeln!(out, "stats{}", stats.tsv())?;
            }
        }
        Format::Text => {
            write_text(out, &deal, args, &players, &winners, &analysis)?;
            if let Some(stats) = &stats {
                out.write_all(stats.text().as_bytes())?;
            }
        }
        Format::Json => {
            let record = json::PlayRecord::new(&deal, args.trump, args.leader, cards, &analysis);
            let line = match &stats {
                Some(stats) => json::line(&WithStats {
                    record: &record,
                    stats,
                }),
                None => json::line(&record),
            };
            out.write_all(line.as_bytes())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn write_text(
    out: &mut dyn Write,
    deal: &Deal,
    args: &PlayArgs,
    players: &[Seat],
    winners: &[Option<Seat>],
    analysis: &PlayAnalysis,
) -> std::io::Result<()> {
    let declarer = analysis.declarer;
    let side = declarer.side();
    writeln!(out, "{deal}")?;
    writeln!(
        out,
        "trumps {}; {} leads; declarer {}",
        args.trump,
        args.leader.name(),
        declarer.name()
    )?;
    writeln!(
        out,
        "tricks for {}: won so far plus double-dummy from there",
        side.name()
    )?;
    writeln!(out, "  before any card      {:2}", analysis.tricks[0])?;
    for (i, (card, seat)) in args.cards.0.iter().zip(players).enumerate() {
        let (before, after) = (analysis.tricks[i], analysis.tricks[i + 1]);
        write!(
            out,
            "  {:2}  trick {:2}  {} {card}  {after:2}",
            i + 1,
            i / 4 + 1,
            seat.letter()
        )?;
        if after != before {
            let lost = before.abs_diff(after);
            let s = if lost == 1 { "" } else { "s" };
            write!(out, "  {lost} trick{s} given away by {}", seat.name())?;
        }
        if let Some(w) = winners[i] {
            write!(out, "  (trick won by {})", w.name())?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The outcome of one entry's play analysis for `check`.
type Outcome = Result<PlayAnalysis, PlayAnalysisError>;

/// `ddsolve check`'s `PLAY`/`TRACE` lines: analyses each entry's play and compares it with
/// its trace (as many values as the trace has). Writes every mismatch in `format`; returns
/// the number of plays checked and of mismatches.
pub fn check_plays(
    entries: &[Entry],
    threads: usize,
    solver: crate::solver_args::SolverArgs,
    format: Format,
    progress: &Progress,
    out: &mut dyn Write,
) -> std::io::Result<(usize, usize)> {
    let todo: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.play.is_some() && e.trace.is_some())
        .collect();
    let mut mismatches = 0;
    ordered_map(
        todo.iter().copied(),
        &PoolOptions::with_threads(threads),
        || solver.solver(),
        |solver, e| -> Outcome {
            let play = e.play.as_deref().unwrap_or_default();
            solver.analyse_play(&e.deal, e.trump, e.first, play)
        },
        |i, outcome| -> std::io::Result<()> {
            progress.inc();
            if let Some(m) = check_one(todo[i], &outcome) {
                mismatches += 1;
                mismatch::write(out, format, &m)?;
            }
            Ok(())
        },
    )?;
    Ok((todo.len(), mismatches))
}

/// Compares one analysis with its entry's trace: the mismatch, if any (expected and got are
/// the values of the trace and the analysis).
fn check_one(e: &Entry, got: &Outcome) -> Option<Mismatch> {
    let want = e.trace.as_deref().unwrap_or_default();
    let play = e.play.as_deref().unwrap_or_default();
    let show = |v: &[u8]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if let Ok(a) = got {
        if a.tricks.len() >= want.len() && a.tricks[..want.len()] == *want {
            return None;
        }
    }
    let mut m = Mismatch::new("PLAY", e);
    m.expected = serde_json::json!(want);
    let out = &mut m.report;
    let _ = writeln!(
        out,
        "MISMATCH in PLAY, entry {} (line {}): deal {} trump {} leader {}",
        e.number,
        e.line,
        e.deal,
        e.trump,
        e.first.letter()
    );
    let cards: String = play.iter().map(|c| c.to_string()).collect();
    let _ = writeln!(out, "  play:     {cards}");
    let _ = writeln!(
        out,
        "  tricks of declarer {}'s side before any card and after each card",
        e.declarer().letter()
    );
    let _ = writeln!(out, "  expected: {}", show(want));
    match got {
        Err(err) => {
            let _ = writeln!(out, "  got:      the play cannot be analysed: {err}");
            m.got = serde_json::json!({ "error": err.to_string() });
        }
        Ok(a) => {
            let n = want.len().min(a.tricks.len());
            let _ = writeln!(out, "  got:      {}", show(&a.tricks[..n]));
            if n < want.len() {
                let _ = writeln!(
                    out,
                    "  the trace has {} values, more than the {} cards played allow",
                    want.len(),
                    play.len()
                );
            }
            if let Some(k) = (0..n).find(|&k| a.tricks[k] != want[k]) {
                let at = if k == 0 {
                    "before any card".to_string()
                } else {
                    format!("after card {k} ({})", play[k - 1])
                };
                let _ = writeln!(
                    out,
                    "  first difference {at}: expected {}, got {}",
                    want[k], a.tricks[k]
                );
            }
            m.got = serde_json::json!(&a.tricks[..n]);
        }
    }
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_parse_together_or_separated() {
        let want: Vec<Card> = ["CT", "C4", "CA", "CJ"]
            .iter()
            .map(|c| Card::parse(c).unwrap())
            .collect();
        assert_eq!(parse_play("CTC4CACJ").unwrap().0, want);
        assert_eq!(parse_play("CT, C4 ca,CJ").unwrap().0, want);
        assert_eq!(parse_play("").unwrap().0, []);
        let e = parse_play("CTC4X2").unwrap_err();
        assert!(e.contains("card 3") && e.contains("X2"), "{e}");
        assert!(parse_play("CTC").unwrap_err().contains("CTC"));
    }
}
