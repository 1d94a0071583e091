//! `ddsolve sd`: single-dummy play. A position as declarer or a defender sees it (their hand
//! and dummy, the cards played so far, the contract): the hidden hands are sampled
//! consistent with everything seen, and each legal card is valued double dummy over them.

use crate::error::CliError;
use crate::lead::SampleArgs;
use ddsolve_lead::{analyse_single_dummy, parse_seat_hand, SdProblem};
use std::io::Write;
use std::process::ExitCode;

/// `ddsolve sd`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
The player is the seat of --hand: declarer or a defender; dummy is declarer's partner. The
hidden hands are dealt at random consistent with the cards each played and the suits each
showed out of (and with --condition); with --deals, the deals of the file instead (the hands
as dealt, before the play). Each legal card of the hand to play (the player's, or dummy's
when declarer plays from dummy) is valued double dummy on each deal.

Columns: the player's side's average tricks in all (tricks won included), how often it
reaches its goal (the contract made for declarer, set for the defence), its average score,
IMPs and matchpoints against the other cards on the same deals, each with its standard error
after ±, and how often the card is among the best.

Example: declarer in 4S after the lead of the club king, taken with the ace:
  ddsolve sd --hand S:AQJ94.K32.A52.A4 --dummy N:KT853.A54.K43.73 --contract 4SS \\
    --played CKC3C2CA")]
pub struct SdArgs {
    /// The player's hand as dealt (the cards it played included): its seat, a colon and the
    /// suits, e.g. S:AQJ94.K32.A52.A4.
    #[arg(long, value_name = "SEAT:HAND")]
    pub hand: String,
    /// Dummy's hand as dealt, the same way (its seat must be declarer's partner).
    #[arg(long, value_name = "SEAT:HAND")]
    pub dummy: String,
    /// The cards played from the opening lead on, each a suit and a rank (T or 10 for the
    /// ten), together or separated by commas or spaces.
    #[arg(long, value_name = "CARDS", default_value = "")]
    pub played: String,
    #[command(flatten)]
    pub common: SampleArgs,
}

/// `ddsolve sd`.
pub fn run(args: &SdArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let (viewer, hand) =
        parse_seat_hand(&args.hand).map_err(|e| CliError::input(format!("--hand: {e}")))?;
    let (dummy_seat, dummy) =
        parse_seat_hand(&args.dummy).map_err(|e| CliError::input(format!("--dummy: {e}")))?;
    let contract = args.common.contract()?;
    if dummy_seat != contract.declarer().partner() {
        return Err(CliError::input(format!(
            "--dummy: the hand is {dummy_seat}'s, but in {contract} dummy is {}",
            contract.declarer().partner()
        )));
    }
    let played = ddsolve_cards::parse_card_list(&args.played).map_err(|e| {
        CliError::input(format!(
            "--played: card {} (in {:?}): {}",
            e.number, e.word, e.error
        ))
    })?;
    let problem = SdProblem {
        viewer,
        hand,
        dummy,
        contract,
        vulnerable: args.common.vul.is_vulnerable(contract.declarer().side()),
        played,
    };
    let seen = problem.seen().map_err(|e| CliError::input(e.to_string()))?;
    let options = args.common.run_options();
    let analysis = args.common.run(|deals, progress| {
        analyse_single_dummy(&problem, deals, &options, progress).map_err(|e| e.to_string())
    })?;
    args.common
        .output(out, &problem.heading(&seen), "card", &analysis)
}
