//! `ddsolve solve`: the value of every legal card of the hand to play.

use crate::args::{Format, SolveArgs};
use crate::error::CliError;
use crate::json;
use crate::stats::{Stats, WithStats};
use ddsolve_cards::{parse_pbn_hands, Card, Position, Seat, Side};
use ddsolve_search::{CardValue, Solutions, Target};
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
    let groups = sorted_groups(&solution.cards);
    match args.format {
        Format::Tsv => {
            for g in &groups {
                for card in cards_of(g) {
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
            let record = record(&pos, &groups, args.target);
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

/// The groups of equivalent cards, most tricks first, then by suit (S, H, D, C) and rank.
fn sorted_groups(cards: &[CardValue]) -> Vec<CardValue> {
    let mut groups = cards.to_vec();
    groups.sort_by_key(|g| {
        let top = g.equals.highest().map_or(0, |r| r.get());
        (
            std::cmp::Reverse(g.tricks),
            g.card.suit(),
            std::cmp::Reverse(top),
        )
    });
    groups
}

/// The cards a group stands for, highest first (the group's card included).
fn cards_of(g: &CardValue) -> impl Iterator<Item = Card> + '_ {
    let suit = g.card.suit();
    let equals = g.equals | ddsolve_cards::Holding::single(g.card.rank());
    equals.iter().map(move |r| Card::new(suit, r))
}

/// The JSON object of a solved position.
fn record(pos: &Position, groups: &[CardValue], target: Option<u8>) -> json::SolveRecord {
    let to_play = pos.to_play();
    json::SolveRecord {
        position: pos.remaining_pbn(),
        trump: json::strain_name(pos.trump()),
        leader: json::seat_name(pos.leader()),
        played: pos.trick().iter().map(|c| c.to_string()).collect(),
        to_play: json::seat_name(to_play),
        side: json::side_name(to_play.side()),
        tricks_left: pos.tricks_left(),
        target,
        cards: groups
            .iter()
            .map(|g| json::CardGroup {
                cards: cards_of(g).map(|c| c.to_string()).collect(),
                tricks: g.tricks,
                makes: target.map(|t| g.tricks >= t),
            })
            .collect(),
    }
}

fn seat_name(seat: Seat) -> &'static str {
    ["North", "East", "South", "West"][seat.index()]
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::NorthSouth => "North-South",
        Side::EastWest => "East-West",
    }
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
        write!(out, "{} leads", seat_name(to_play))?;
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
            seat_name(to_play)
        )?;
    }
    writeln!(out, " ({} tricks left)", pos.tricks_left())?;
    writeln!(
        out,
        "tricks for {} from here, this trick included:",
        side_name(to_play.side())
    )?;
    for g in groups {
        let cards: Vec<String> = cards_of(g).map(|c| c.to_string()).collect();
        write!(out, "  {:<20} {:>2}", cards.join(" "), g.tricks)?;
        if let Some(t) = target {
            write!(out, "  {}", if g.tricks >= t { "makes" } else { "fails" })?;
        }
        writeln!(out)?;
    }
    if let Some(t) = target {
        let all: usize = groups.iter().map(|g| cards_of(g).count()).sum();
        let making: usize = groups
            .iter()
            .filter(|g| g.tricks >= t)
            .map(|g| cards_of(g).count())
            .sum();
        writeln!(out, "{making} of {all} cards take at least {t} tricks")?;
    }
    Ok(())
}
