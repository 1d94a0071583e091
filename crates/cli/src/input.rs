//! Reading input: a file or stdin, and lines of PBN deals.

use crate::error::CliError;
use ddsolve_cards::Deal;
use std::io::Read;
use std::path::Path;

/// Reads `file` (stdin if `None` or `-`) as UTF-8 text; returns its name for messages and
/// its text.
pub fn read_text(file: Option<&Path>) -> Result<(String, String), CliError> {
    match file {
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            let bytes = std::fs::read(path)
                .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
            let text = String::from_utf8(bytes)
                .map_err(|_| CliError::input(format!("{name} is not UTF-8 text")))?;
            Ok((name, text))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| CliError::input(format!("cannot read stdin: {e}")))?;
            let text =
                String::from_utf8(bytes).map_err(|_| CliError::input("stdin is not UTF-8 text"))?;
            Ok(("stdin".to_string(), text))
        }
    }
}

/// A deal and the line it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealLine {
    /// The line number, from 1.
    pub line: usize,
    /// The deal.
    pub deal: Deal,
}

/// Parses one PBN deal a line. Blank lines and lines starting with `#` are skipped; a deal
/// may be in double quotes; anything from the first tab on is ignored. The first bad line is
/// an error naming `source`, the line number, the problem and the line.
pub fn parse_deal_lines(source: &str, text: &str) -> Result<Vec<DealLine>, CliError> {
    let mut deals = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let field = raw.split('\t').next().unwrap_or("").trim();
        if field.is_empty() || field.starts_with('#') {
            continue;
        }
        let pbn = field
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .unwrap_or(field);
        let deal = Deal::from_pbn(pbn).map_err(|e| {
            CliError::input(format!(
                "{source}, line {line}: {e}\n  the line: {}",
                raw.trim()
            ))
        })?;
        deals.push(DealLine { line, deal });
    }
    Ok(deals)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    #[test]
    fn comments_blanks_quotes_and_tabs() {
        let text = format!("# deals\n\n{DEAL}\n  \"{DEAL}\"  \n{DEAL}\t5\t8\n");
        let deals = parse_deal_lines("t", &text).unwrap();
        assert_eq!(deals.iter().map(|d| d.line).collect::<Vec<_>>(), [3, 4, 5]);
        assert!(deals.iter().all(|d| d.deal == DEAL.parse().unwrap()));
    }

    #[test]
    fn a_bad_line_is_named() {
        let text = format!("{DEAL}\n\nN:AKQ.xx\n");
        let CliError::Input(msg) = parse_deal_lines("deals.txt", &text).unwrap_err() else {
            panic!("not an input error");
        };
        assert!(msg.starts_with("deals.txt, line 3: "), "{msg}");
        assert!(msg.contains("N:AKQ.xx"), "{msg}");
    }
}
