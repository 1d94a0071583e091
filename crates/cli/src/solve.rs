//! `ddsolve solve`: the value of every legal card of the hand to play.

use crate::args::{Format, SolveArgs};
use crate::error::CliError;
use crate::json;
use crate::stats::{Stats, WithStats};
use ddsolve::search::{CardValue, Solutions, Target};
use ddsolve_cards::{parse_pbn_hands, Position};
use std::io::Write;
use std::process::ExitCode;

/// Runs `ddsolve solve`.
pub fn run(args: &SolveArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let text = args.deal.join(" ");
    let hands = if ddsolve_formats::lin::has_deal(&text) {
        crate::input::parse_deal_arg(&text)
            .map(|(deal, _)| *deal.hands())
            .map_err(|e| CliError::input(format!("bad DEAL: {e}")))?
    } else {
        parse_pbn_hands(&text).map_err(|e| CliError::input(format!("bad DEAL: {e}")))?
    };
    let played = args.played.as_ref().map_or(&[][..], |p| &p.0[..]);
    let pos = Position::with_trick(hands, args.trump, args.leader, played)
        .map_err(|e| CliError::input(format!("not a valid position: {e}")))?;
    // With Solutions::All every card gets its exact value; a target is only checked (it must
    // be 1..=tricks left) and then used to mark the cards that reach it.
    let target = args.target.map_or(Target::Max, Target::AtLeast);
    let mut solver = args.solver.solver();
    let (solution, stats) = if args.stats {
        let (solution, stats) =
            Stats::measure(&mut solver, |s| s.solve(&pos, target, Solutions::All));
        (solution, Some(stats))
    } else {
        (solver.solve(&pos, target, Solutions::All), None)
    };
    let solution = solution.map_err(|e| CliError::input(e.to_string()))?;
    let groups = json::sorted_groups(&solution.cards);
    match args.format {
        Format::Tsv => {
            for g in &groups {
                for card in json::group_cards(g) {
                    writeln!(out, "{card}\t{}", g.tricks)?;
                }
            }
            if let Some(stats) = &stats {
                writeln!(out, "stats{}", stats.tsv())?;
            }
        }
        Format::Text => {
            write_text(out, &pos, &groups, args.target)?;
            if let Some(stats) = &stats {
                out.write_all(stats.text().as_bytes())?;
            }
        }
        Format::Json => {
            let record = json::SolveRecord::new(&pos, &solution.cards, args.target);
            let line = match &stats {
                Some(stats) => json::line(&WithStats {
                    record: &record,
                    stats,
                }),
                None => json::line(&record),
            };
            out.write_all(line.as_bytes())?
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn write_text(
    out: &mut dyn Write,
    pos: &Position,
    groups: &[CardValue],
    target: Option<u8>,
) -> std::io::Result<()> {
    let to_play = pos.to_play();
    writeln!(out, "{}", pos.remaining_pbn())?;
    write!(out, "trumps {}; ", pos.trump())?;
    if pos.trick().is_empty() {
        write!(out, "{} leads", to_play.name())?;
    } else {
        let played: Vec<String> = pos
            .trick()
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{} {c}", pos.leader().offset(i).letter()))
            .collect();
        write!(
            out,
            "trick so far: {}; {} to play",
            played.join(", "),
            to_play.name()
        )?;
    }
    writeln!(out, " ({} tricks left)", pos.tricks_left())?;
    writeln!(
        out,
        "tricks for {} from here, this trick included:",
        to_play.side().name()
    )?;
    for g in groups {
        let cards: Vec<String> = json::group_cards(g).map(|c| c.to_string()).collect();
        write!(out, "  {:<20} {:>2}", cards.join(" "), g.tricks)?;
        if let Some(t) = target {
            write!(out, "  {}", if g.tricks >= t { "makes" } else { "fails" })?;
        }
        writeln!(out)?;
    }
    if let Some(t) = target {
        let all: usize = groups.iter().map(|g| json::group_cards(g).count()).sum();
        let making: usize = groups
            .iter()
            .filter(|g| g.tricks >= t)
            .map(|g| json::group_cards(g).count())
            .sum();
        writeln!(out, "{making} of {all} cards take at least {t} tricks")?;
    }
    Ok(())
}
