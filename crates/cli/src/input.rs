//! What the batch commands read: FILE arguments, `-` for stdin, and deals given on the
//! command line, in the order given.
//!
//! The rule for an argument ([`classify`]): `-` is stdin; an argument that starts like a
//! deal (a seat and a colon, `N:...`, optionally in double quotes, or a LIN `md|` field) is
//! a deal, unless a file of that name exists; any other argument is a file name. A deal
//! given as four words (`N:QJ6.K652.J85.T98 873.J97.AT764.Q4 ...`, unquoted) takes the
//! words after its first while they do not start like a deal, are not `-` and name no file,
//! up to four hands and an optional vulnerability and dealer. No argument at all means stdin.
//!
//! Each input is read by the formats crate's one reader of deals,
//! [`ddsolve_formats::records::Records`] (deal lines, LIN and PBN games, with the line limit
//! of `--max-line-bytes`); a deal argument is read as a one-line input named `argument N`, so
//! its errors read like a file's.

use crate::error::CliError;
use ddsolve_cards::{Deal, Seat};
use ddsolve_formats::lin;
use ddsolve_formats::pbn_file::Limits;
pub use ddsolve_formats::records::{BadLine, Record, Records};
use std::ffi::{OsStr, OsString};
use std::io::{BufRead, BufReader, Cursor};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// One input of a batch command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`, or no argument).
    Stdin,
    /// A file.
    File(PathBuf),
    /// A deal given on the command line: its text and the argument's number (from 1).
    Deal {
        /// The deal's text (its words joined with spaces).
        text: String,
        /// The argument's number among the inputs, from 1.
        number: usize,
    },
}

/// Does `arg` start like a deal: a seat and a colon (optionally after a double quote), or a
/// LIN `md|` field?
fn starts_like_a_deal(arg: &[u8]) -> bool {
    let t = ddsolve_cards::without_bom_bytes(arg.trim_ascii_start());
    let t = t.strip_prefix(b"\"").unwrap_or(t);
    let seat_colon = t.len() >= 2 && b"NESWnesw".contains(&t[0]) && t[1] == b':';
    seat_colon || lin::has_deal(&String::from_utf8_lossy(arg))
}

/// Does `arg` look like a hand, or hands, of a deal written without its first seat
/// (`QJ6.K652.J85.T98 ...`): a first word of four suits of ranks separated by dots?
fn looks_like_hands(arg: &[u8]) -> bool {
    let text = String::from_utf8_lossy(arg);
    let Some(first) = text.split_whitespace().next() else {
        return false;
    };
    let suits: Vec<&str> = first.split('.').collect();
    suits.len() == 4
        && suits.iter().any(|s| !s.is_empty())
        && suits
            .iter()
            .all(|s| s.chars().all(|c| "AKQJT1098765432akqjt-".contains(c)))
}

/// The inputs of `args`; see the module documentation for the rule.
pub fn classify(args: &[OsString]) -> Result<Vec<Input>, CliError> {
    if args.is_empty() {
        return Ok(vec![Input::Stdin]);
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        let number = out.len() + 1;
        if arg == OsStr::new("-") {
            out.push(Input::Stdin);
            continue;
        }
        let bytes = arg.as_bytes();
        if !starts_like_a_deal(bytes) || Path::new(arg).exists() {
            out.push(Input::File(PathBuf::from(arg)));
            continue;
        }
        let Some(first) = arg.to_str() else {
            return Err(CliError::input(format!(
                "argument {number} is not UTF-8 text: {}",
                ddsolve_formats::excerpt::quote(bytes, 0)
            )));
        };
        let mut words = vec![first.to_string()];
        // A deal of one word so far: the next words are its hands (and a vulnerability
        // and dealer), as long as they are not inputs of their own.
        if !first.trim().contains(' ') && !lin::has_deal(first) {
            while i < args.len() && words.len() < 6 {
                let next = &args[i];
                let is_own_input = next == OsStr::new("-")
                    || starts_like_a_deal(next.as_bytes())
                    || Path::new(next).exists();
                match next.to_str() {
                    Some(w) if !is_own_input => {
                        words.push(w.to_string());
                        i += 1;
                    }
                    _ => break,
                }
            }
        }
        out.push(Input::Deal {
            text: words.join(" "),
            number,
        });
    }
    Ok(out)
}

/// The records of one input, ready to read (a file opened).
pub fn open(input: &Input, limits: Limits) -> Result<Records<Box<dyn BufRead + Send>>, CliError> {
    Ok(match input {
        Input::Stdin => Records::new(
            "stdin",
            Box::new(BufReader::new(std::io::stdin())) as Box<dyn BufRead + Send>,
            limits,
        ),
        Input::File(path) => {
            let name = path.display().to_string();
            let f = std::fs::File::open(path).map_err(|e| {
                let hint = if e.kind() == std::io::ErrorKind::NotFound
                    && looks_like_hands(path.as_os_str().as_bytes())
                {
                    "; deals start with the first seat, e.g. N:... (a seat letter and a colon, \
                     then the four hands clockwise)"
                } else {
                    ""
                };
                CliError::input(format!("cannot read {name}: {e}{hint}"))
            })?;
            if f.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(CliError::input(format!(
                    "cannot read {name}: it is a directory"
                )));
            }
            Records::new(name, Box::new(BufReader::new(f)), limits)
        }
        Input::Deal { text, number } => Records::new(
            format!("argument {number}"),
            Box::new(Cursor::new(text.clone().into_bytes())),
            limits,
        ),
    })
}

/// Is `input` read once only (a pipe, a terminal, stdin)? Only regular files (and deals
/// given as arguments) can be read twice, e.g. to count their deals for a progress bar.
pub fn can_read_twice(input: &Input) -> bool {
    match input {
        Input::Stdin => false,
        Input::File(path) => std::fs::metadata(path).is_ok_and(|m| m.is_file()),
        Input::Deal { .. } => true,
    }
}

/// A deal given as a command-line argument of `solve` or `play`: PBN, or LIN (an `md|`
/// field, or its value). Returns the deal and the dealer if LIN gives one.
pub fn parse_deal_arg(text: &str) -> Result<(Deal, Option<Seat>), String> {
    let text = text.trim().trim_matches('"');
    if lin::has_deal(text) {
        return match lin::boards(text).into_iter().next() {
            Some(Ok(b)) => Ok((b.deal.deal, b.deal.dealer)),
            Some(Err(e)) => Err(e.to_string()),
            None => Err("no md| deal".to_string()),
        };
    }
    Deal::from_pbn(text)
        .map(|d| (d, None))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    const MD: &str = "3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,";

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn arguments_are_deals_files_or_stdin() {
        let words: Vec<&str> = DEAL.split(' ').collect();
        let mut args = vec![DEAL, "-", "deals.txt"];
        args.extend(&words);
        args.extend(["ns", "E", "list.pbn"]);
        let got = classify(&os(&args)).unwrap();
        assert_eq!(
            got,
            [
                Input::Deal {
                    text: DEAL.into(),
                    number: 1
                },
                Input::Stdin,
                Input::File("deals.txt".into()),
                Input::Deal {
                    text: format!("{DEAL} ns E"),
                    number: 4
                },
                Input::File("list.pbn".into()),
            ]
        );
        assert_eq!(classify(&[]).unwrap(), [Input::Stdin]);
        assert!(looks_like_hands(b"QJ6.K652.J85.T98"));
        assert!(looks_like_hands(b"QJ6.-.J85.1098 873.J97.AT764.Q4"));
        assert!(!looks_like_hands(b"deals.txt"));
        assert!(!looks_like_hands(b"..."));
        assert_eq!(
            parse_deal_arg(&format!("md|{MD}|")),
            Ok((DEAL.parse().unwrap(), Some(Seat::North)))
        );
    }
}
