//! The command-line grammar (clap derive) and the parsers of its bridge values.

use clap::{Args, Parser, Subcommand, ValueEnum};
use ddsolve_cards::{Card, Seat, Strain};
use std::ffi::OsString;
use std::num::NonZeroUsize;
use std::path::PathBuf;

/// ddsolve: a double-dummy bridge solver.
#[derive(Debug, Parser)]
#[command(name = "ddsolve", version, about, long_about = None)]
pub struct Cli {
    /// Diagnostics on stderr at this level and above: error, warn (the default), info,
    /// debug (one line per search with its counts), trace (and per depth). Overrides
    /// RUST_LOG, which takes tracing's filter directives (e.g. ddsolve_search=debug).
    #[arg(long, global = true, value_name = "LEVEL")]
    pub log: Option<crate::log::LogLevel>,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Double-dummy tables of deals given as arguments or read from FILEs or stdin (PBN or LIN
    /// deals, one a line, or PBN games), solved as they arrive.
    Table(TableArgs),
    /// Add double-dummy tables and par to every board of a PBN hand-record file.
    Annotate(crate::annotate::AnnotateArgs),
    /// The value of every legal card of the hand to play in a position.
    Solve(SolveArgs),
    /// Run a DDS regression file (list10.txt, ...) and report every difference.
    Check(CheckArgs),
    /// A deal's table, par (DDS Par), dealer par (DealerPar) and sides par (SidesPar).
    Par(crate::par::ParArgs),
    /// Play analysis: declarer's double-dummy tricks before and after each card played.
    Play(crate::play::PlayArgs),
    /// Serve the web page and the JSON API over HTTP (loopback by default).
    Serve(crate::serve::ServeArgs),
    /// Run a dealer script: deal hands that meet its condition and run its actions.
    Deal(crate::deal::DealArgs),
}

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// Tab-separated, for programs.
    Tsv,
    /// JSON Lines: one JSON object a line, for programs (the README gives the schema).
    Json,
}

/// `ddsolve table`.
#[derive(Debug, Args)]
#[command(after_help = "\
Each argument is a deal, a file, or `-` for stdin (no argument: stdin), read in order: an
argument that starts like a deal (a seat and a colon, N:..., or a LIN md| field) is a deal
unless a file of that name exists; any other is a file. Quote a deal, or give its four hands
as words after the first.

Each line holds a deal: PBN such as
  N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3
optionally in double quotes, or BBO LIN (every md| field of the line); blank lines and lines
starting with # are skipped, and anything after a tab is ignored (so tsv output can be read
back). A PBN file's games are read too (their [Deal] tags). Deals are solved as they arrive
and each table is printed as soon as it and every earlier one are done, so a pipe runs in
constant memory.

A PBN game ends at an empty line; a game with two [Deal] tags is a bad line, a game with
[Deal \"?\"] is skipped with a note. A bad line stops the run, once the tables before it are
printed (exit status 2); with --keep-going it is reported on stderr and skipped. A line
longer than --max-line-bytes (1 MB by default) stops the run.

--format tsv prints the deal (normalized, North first), a tab, then 20 numbers separated by
tabs in DDS order: strains S, H, D, C, NT, and within each the tricks of declarer N, E, S, W.
--format json prints one object a line:
  {\"deal\": \"N:...\", \"table\": {\"N\": {\"S\": 5, \"H\": 6, \"D\": 5, \"C\": 7, \"NT\": 6}, \"E\": ...}}

--stats adds what each deal's search did (each deal solved from a clear solver, so the counts
do not depend on the deals before it): in json a \"stats\" object, in tsv 13 more columns
after the 20 numbers, in text a line after the table. The fields, in order: nodes,
trick_nodes, searches, tt_probes, tt_hits, tt_stores, tt_evictions, cut_quick_tricks,
cut_second_hand, cut_later_tricks, cut_etc, cut_table, micros.")]
pub struct TableArgs {
    /// Deals, files of deals, or `-` for stdin [default: stdin].
    #[arg(value_name = "DEAL|FILE")]
    pub inputs: Vec<OsString>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Add each deal's search counts (nodes, table probes, cutoffs by kind, time) to the
    /// output.
    #[arg(long)]
    pub stats: bool,
    /// Threads, --keep-going, --quiet.
    #[command(flatten)]
    pub batch: crate::stream::BatchArgs,
}

/// `ddsolve solve`.
#[derive(Debug, Args)]
#[command(
    allow_negative_numbers = true,
    after_help = "\
Example: East led the heart jack against notrump and South followed with the eight; West to
play (the two cards are no longer in the deal):
  ddsolve solve --trump N --leader E --played HJ,H8 \\
    \"N:QJ6.K652.J85.T98 873.97.AT764.Q4 K5.T3.KQ9.A7652 AT942.AQ4.32.KJ3\"

Tricks are those of the side of the hand to play, from here to the end, the current trick
included. --format tsv prints one line per legal card (equivalent cards each on their own
line): the card (suit letter then rank: SA, HT, C2), a tab, the tricks. --format json prints
one object with the position and the cards in groups of equivalent cards, best first.
DEAL may also be a LIN md| field.

--stats adds what the search did, as for `table --stats`: a \"stats\" object in json, a last
line `stats` and the 13 values in tsv, a `stats:` line in text."
)]
pub struct SolveArgs {
    /// Trumps: S, H, D, C or N (notrump).
    #[arg(long)]
    pub trump: Strain,
    /// The hand that led (or leads) to the current trick: N, E, S or W.
    #[arg(long)]
    pub leader: Seat,
    /// Cards already played to the current trick, the leader's first, each a suit and a rank
    /// (T or 10 for the ten), together or separated by commas (HKH2, HK,H2). They must not be
    /// in DEAL.
    #[arg(long, value_name = "CARDS", value_parser = parse_cards)]
    pub played: Option<CardList>,
    /// Also say which cards take at least this many tricks (1 to the tricks left).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u8).range(1..=13))]
    pub target: Option<u8>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Add the search's counts (nodes, table probes, cutoffs by kind, time) to the output.
    #[arg(long)]
    pub stats: bool,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: crate::solver_args::SolverArgs,
    /// The cards not yet played, as a PBN deal (hands may differ in length in mid-trick).
    /// Quote it, or give its four hands as separate words after the first.
    #[arg(required = true, num_args = 1.., value_name = "DEAL")]
    pub deal: Vec<String>,
}

/// Which lines of a DDS file `check` runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// FUT, TABLE, PAR, PAR2, and PLAY with TRACE lines.
    #[default]
    All,
    /// FUT lines: every lead's value, solved from the deal, trump and leader of the PBN line.
    Solve,
    /// TABLE lines: each distinct deal's table, solved once.
    Table,
    /// PAR lines: par (DDS Par) from each distinct deal's table, solved once.
    Par,
    /// PAR2 lines: dealer par (DDS DealerPar) from each distinct deal's table, solved once.
    #[value(name = "dealerpar")]
    DealerPar,
    /// PLAY and TRACE lines: play analysis of each entry's play, compared with its trace.
    Play,
}

/// `ddsolve check`.
#[derive(Debug, Args)]
#[command(after_help = "\
Prints every mismatch in full, then `checked N: M mismatches`, N being the FUT, TABLE, PAR,
PAR2 and PLAY lines checked (PLAY mismatches come after the others in `all` mode). Exit status
1 if there is any mismatch. --format json prints one object a line per mismatch
({\"mismatch\": ...}), then the summary ({\"summary\": ...}).")]
pub struct CheckArgs {
    /// The DDS regression file (e.g. list100.txt); `-` for stdin.
    pub file: PathBuf,
    /// Which lines to check.
    #[arg(long, value_enum, default_value_t)]
    pub mode: Mode,
    /// Worker threads, each with its own solver [default: every core].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
    /// Output format: text, or json (tsv is text here).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// No progress bar (it is shown only when stderr is a terminal anyway).
    #[arg(long, short)]
    pub quiet: bool,
    /// --tt-mb.
    #[command(flatten)]
    pub solver: crate::solver_args::SolverArgs,
}

/// The cards of `--played`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardList(pub Vec<Card>);

/// A list of cards, as `--played` and `play --cards` take it.
pub fn parse_cards(s: &str) -> Result<CardList, String> {
    ddsolve_cards::parse_card_list(s)
        .map(CardList)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn bridge_values_parse() {
        // --trump and --leader are read by the FromStr of Strain and Seat.
        let solve = |trump: &str, leader: &str| {
            let argv = [
                "ddsolve", "solve", "--trump", trump, "--leader", leader, "N:A...",
            ];
            match Cli::try_parse_from(argv).map(|cli| cli.command) {
                Ok(Command::Solve(args)) => Ok((args.trump, args.leader)),
                Ok(other) => panic!("not solve: {other:?}"),
                Err(e) => Err(e.to_string()),
            }
        };
        assert_eq!(solve("nt", "w"), Ok((Strain::NoTrump, Seat::West)));
        assert_eq!(solve("H", "East"), Ok((Strain::Hearts, Seat::East)));
        let bad_strain = solve("X", "N").unwrap_err();
        assert!(bad_strain.contains("\"X\" is not a strain"), "{bad_strain}");
        let bad_seat = solve("S", "NE").unwrap_err();
        assert!(bad_seat.contains("\"NE\" is not a seat"), "{bad_seat}");
        let cards = parse_cards("HK, h2 ST").unwrap().0;
        assert_eq!(
            cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            ["HK", "H2", "ST"]
        );
        assert!(parse_cards("HK,H1").unwrap_err().contains("\"H1\""));
    }
}
