//! Byte-preserving edits: [`PbnFile::rewrite`] removes tags (with their section data) and
//! puts lines in, every other byte of the file kept.

use super::lines::{line_end_of, line_start};
use super::PbnFile;

/// A change to one game for [`PbnFile::rewrite`]: the tags to remove (every tag of these
/// names, with its section data) and the lines to put in (without line ends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEdit {
    /// The game's index in [`PbnFile::games`].
    pub game: usize,
    /// Names of the tags to remove.
    pub remove: Vec<String>,
    /// Lines to insert at the start of the line of the first removed tag that begins its
    /// line (spaces aside), or else at the end of the game.
    pub insert: Vec<String>,
}

impl PbnFile<'_> {
    /// The file with `edits` made and every other byte as it was.
    ///
    /// A removed tag goes with its section data; when nothing else is left on its lines
    /// (spaces aside) the lines go too, so no empty line splits a game, and a removed tag
    /// after other text on its line leaves that line its line end. Inserted lines take the
    /// line end of the game's first tag that stays and go between lines, never into one: at the start of the line of the
    /// first removed tag that begins its line, else at the end of the game. So every byte
    /// not in a removed tag stays, in order, and taking the inserted lines out again gives
    /// the file with the tags removed. If the file does not end with a line end and the new
    /// lines come last, they do not either, so rewriting a rewritten file gives it back
    /// unchanged.
    pub fn rewrite(&self, edits: &[GameEdit]) -> Vec<u8> {
        let b = self.bytes;
        let n = b.len();
        let mut removed = vec![false; n];
        // Where each edit's lines go, the lines, and their line end.
        let mut inserts: Vec<(usize, Vec<u8>, &[u8])> = Vec::new();
        for edit in edits {
            let Some(game) = self.games.get(edit.game) else {
                continue;
            };
            let mut at: Option<usize> = None;
            for tag in game.tags.iter().filter(|t| edit.remove.contains(&t.name)) {
                let start = line_start(b, tag.span.start);
                let whole = b[start..tag.span.start]
                    .iter()
                    .all(|&c| c == b' ' || c == b'\t');
                if whole && at.is_none() {
                    at = Some(start);
                }
                removed[tag.span.clone()].fill(true);
                if !whole {
                    // After other text on its line, a tag whose section goes on over lines
                    // leaves the line end of its first line: the text before it keeps its
                    // line instead of joining the line after the section.
                    if let Some(p) = b[tag.span.clone()].iter().position(|&c| c == b'\n') {
                        let nl = tag.span.start + p;
                        removed[nl] = false;
                        if nl > tag.span.start && b[nl - 1] == b'\r' {
                            removed[nl - 1] = false;
                        }
                    }
                }
            }
            if edit.insert.is_empty() {
                continue;
            }
            let at = at.unwrap_or(game.end);
            // The line end of the game's first tag that stays (the first tag's may go with
            // the edit, and the next rewrite would then take another's): so a rewritten file
            // rewritten again gets the same line ends.
            let eol = game
                .tags
                .iter()
                .find(|t| !edit.remove.contains(&t.name))
                .map_or(game.line_end, |t| line_end_of(b, t.span.start))
                .bytes();
            let mut text = Vec::new();
            for line in &edit.insert {
                text.extend_from_slice(line.as_bytes());
                text.extend_from_slice(eol);
            }
            inserts.push((at, text, eol));
        }
        clear_emptied_lines(b, &mut removed);
        for (at, text, eol) in &mut inserts {
            // New lines that end the file do not end with a line end if the file did not.
            if n > 0 && b[n - 1] != b'\n' && removed[*at..].iter().all(|&r| r) {
                text.truncate(text.len() - eol.len());
            }
        }
        inserts.sort_by_key(|(at, _, _)| *at);
        let mut out =
            Vec::with_capacity(n + inserts.iter().map(|(_, t, _)| t.len()).sum::<usize>());
        let mut next = inserts.iter().peekable();
        for (i, &byte) in b.iter().enumerate() {
            while let Some((_, text, _)) = next.next_if(|(at, _, _)| *at == i) {
                out.extend_from_slice(text);
            }
            if !removed[i] {
                out.push(byte);
            }
        }
        for (_, text, eol) in next {
            // After the file's last line: that line (if any of it is left) needs a line end
            // first, or the new lines would join it. Only what is left counts: a last line
            // removed whole leaves the line before it, which has its line end (an extra one
            // would make an empty line, which ends a game).
            if out.last().is_some_and(|&c| c != b'\n') {
                out.extend_from_slice(eol);
            }
            out.extend_from_slice(text);
        }
        out
    }
}

/// Marks whole every line that a removal left with nothing but spaces, its line end too.
fn clear_emptied_lines(b: &[u8], removed: &mut [bool]) {
    let mut start = 0;
    while start < b.len() {
        let end = b[start..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(b.len(), |p| start + p + 1);
        let line = start..end;
        let touched = removed[line.clone()].iter().any(|&r| r);
        let blank_left = line
            .clone()
            .all(|i| removed[i] || matches!(b[i], b' ' | b'\t' | b'\r' | b'\n'));
        if touched && blank_left {
            removed[line].fill(true);
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn_file::{double_dummy_tricks, optimum_result_table, tag_line, DD_TAGS};
    use ddsolve_cards::DdTable;
    /// Found by the `annotate` fuzz target: a tag to replace after another on the same line
    /// got the new lines and then the old line end, an empty line that split the game; then,
    /// with the new lines ending that line, the rest of the line went on a line of its own
    /// (a line end that was not in the file). New lines now go at the end of the game when
    /// no tag to replace begins its line: no empty line, no line split.
    #[test]
    fn lines_put_in_the_middle_of_a_line_leave_no_empty_line() {
        let edit = GameEdit {
            game: 0,
            remove: vec!["OptimumScore".into(), "ParContract".into()],
            insert: vec![
                tag_line("OptimumScore", "NS 0"),
                tag_line("ParContract", "Pass"),
            ],
        };
        let cases: [(&[u8], &[u8]); 4] = [
            // The removed tag's section runs to the end of a file without a last line end
            // (found by the annotate fuzz target: the new lines went after an extra line
            // end, and the empty line made a second game).
            (
                b"[Board \"1\"]\nnote[ParContract \"x\"]\nN NT 6",
                b"[Board \"1\"]\nnote\n[OptimumScore \"NS 0\"]\n[ParContract \"Pass\"]",
            ),
            (
                b"[Board \"1\"] [OptimumScore \"x\"]\r\n[Dealer \"N\"]\r\n",
                b"[Board \"1\"] \r\n[Dealer \"N\"]\r\n[OptimumScore \"NS 0\"]\r\n[ParContract \"Pass\"]\r\n",
            ),
            (
                b"[Board \"1\"] [OptimumScore \"x\"] [Dealer \"N\"]\n",
                b"[Board \"1\"]  [Dealer \"N\"]\n[OptimumScore \"NS 0\"]\n[ParContract \"Pass\"]\n",
            ),
            (
                b"[Board \"1\"] [OptimumScore \"x\"]",
                b"[Board \"1\"] \n[OptimumScore \"NS 0\"]\n[ParContract \"Pass\"]",
            ),
        ];
        for (file, want) in cases {
            let once = PbnFile::parse(file)
                .unwrap()
                .rewrite(std::slice::from_ref(&edit));
            assert_eq!(
                String::from_utf8_lossy(&once),
                String::from_utf8_lossy(want)
            );
            let again = PbnFile::parse(&once).unwrap();
            assert_eq!(again.games().len(), 1);
            assert_eq!(
                again.rewrite(std::slice::from_ref(&edit)),
                once,
                "idempotent"
            );
        }
    }

    /// Found by the `annotate` fuzz target: a tag with a section over lines (the rows of
    /// `[OptimumResultTable]`) after other text on its line took that line's end with it when
    /// removed, joining the text to the line after the section; replacing it kept the line
    /// end, so the text outside the tags depended on whether they had been there before.
    #[test]
    fn a_tag_removed_after_text_on_its_line_leaves_the_line_end() {
        let remove = |insert: Vec<String>| GameEdit {
            game: 0,
            remove: DD_TAGS.iter().map(|s| s.to_string()).collect(),
            insert,
        };
        let table = DdTable::new([[6; 4]; 5]).unwrap();
        let mut lines = vec![tag_line("DoubleDummyTricks", &double_dummy_tricks(&table))];
        lines.extend(optimum_result_table(&table));
        let cases: [(&[u8], &[u8]); 4] = [
            // The removed tag's section runs to the end of a file without a last line end
            // (found by the annotate fuzz target: the new lines went after an extra line
            // end, and the empty line made a second game).
            (
                b"[Board \"1\"]\nnote[ParContract \"x\"]\nN NT 6",
                b"[Board \"1\"]\nnote\n",
            ),
            (
                b"[Board \"1\"]\nnote[OptimumResultTable \"x\"]\nN NT 6\nS NT 6\n[Scoring \"MP\"]\n",
                b"[Board \"1\"]\nnote\n[Scoring \"MP\"]\n",
            ),
            (
                b"[Board \"1\"] [OptimumResultTable \"x\"]\r\nN NT 6\r\n[Scoring \"MP\"]\r\n",
                b"[Board \"1\"] \r\n[Scoring \"MP\"]\r\n",
            ),
            (
                b"[OptimumScore \"NS 0\"] [OptimumResultTable \"x\"]\nN NT 6\n[Board \"1\"]\n",
                b"[Board \"1\"]\n",
            ),
        ];
        for (file, want) in cases {
            let pbn = PbnFile::parse(file).unwrap();
            let stripped = pbn.rewrite(&[remove(Vec::new())]);
            assert_eq!(
                String::from_utf8_lossy(&stripped),
                String::from_utf8_lossy(want)
            );
            let once = pbn.rewrite(&[remove(lines.clone())]);
            let again = PbnFile::parse(&once).unwrap();
            assert_eq!(again.games().len(), 1);
            assert_eq!(again.rewrite(&[remove(Vec::new())]), stripped, "{file:?}");
        }
    }
}
