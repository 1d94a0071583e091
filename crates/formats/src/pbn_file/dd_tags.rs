//! The double-dummy tags an annotation writes (`[DoubleDummyTricks]`,
//! `[OptimumResultTable]` with its rows), the reader of `[DoubleDummyTricks]`, and the tag
//! pair line that carries a value.

use ddsolve_cards::{DdTable, Seat, Strain};

/// The tags a double-dummy annotation writes: [`double_dummy_tricks`],
/// [`optimum_result_table`], the par score and the par contracts.
pub const DD_TAGS: [&str; 4] = [
    "DoubleDummyTricks",
    "OptimumResultTable",
    "OptimumScore",
    "ParContract",
];

/// Declarers in the order of [`double_dummy_tricks`] and [`optimum_result_table`].
const DD_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
/// Strains in that order.
const DD_STRAINS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The value of a `[DoubleDummyTricks]` tag: 20 hexadecimal digits, the tricks of declarers
/// N, S, E, W, for each the strains NT, S, H, D, C (BridgeComposer's convention).
///
/// ```
/// use ddsolve_cards::DdTable;
/// use ddsolve_formats::pbn_file::{double_dummy_tricks, parse_double_dummy_tricks};
///
/// // list10's first deal (DDS order: strains S H D C NT, declarers N E S W).
/// let t = DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6])?;
/// assert_eq!(double_dummy_tricks(&t), "65657656576867568675");
/// assert_eq!(parse_double_dummy_tricks("65657656576867568675"), Some(t));
/// # Ok::<(), ddsolve_cards::TableError>(())
/// ```
pub fn double_dummy_tricks(table: &DdTable) -> String {
    DD_SEATS
        .iter()
        .flat_map(|&seat| DD_STRAINS.iter().map(move |&strain| (seat, strain)))
        .map(|(seat, strain)| {
            char::from_digit(u32::from(table.tricks(strain, seat)), 16).unwrap_or('?')
        })
        .collect()
}

/// Reads a `[DoubleDummyTricks]` value (see [`double_dummy_tricks`]); `None` if it is not 20
/// hexadecimal digits of at most 13.
pub fn parse_double_dummy_tricks(s: &str) -> Option<DdTable> {
    let digits: Vec<u8> = s
        .trim()
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()?;
    if digits.len() != 20 {
        return None;
    }
    let mut tricks = [[0u8; 4]; 5];
    for (i, &d) in digits.iter().enumerate() {
        tricks[DD_STRAINS[i % 5].index()][DD_SEATS[i / 5].index()] = d;
    }
    DdTable::new(tricks).ok()
}

/// The `[OptimumResultTable]` tag and its 20 rows, `N NT  9` (declarer; strain and tricks
/// right-aligned in two columns, as the tag's `\2R` says), declarers N, S, E, W and strains
/// NT, S, H, D, C.
pub fn optimum_result_table(table: &DdTable) -> Vec<String> {
    let mut lines =
        vec![r#"[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]"#.to_string()];
    for seat in DD_SEATS {
        for strain in DD_STRAINS {
            let name = if strain == Strain::NoTrump {
                "NT".to_string()
            } else {
                strain.letter().to_string()
            };
            lines.push(format!(
                "{} {name:>2} {:>2}",
                seat.letter(),
                table.tricks(strain, seat)
            ));
        }
    }
    lines
}

/// A tag pair line, `[Name "value"]`, with `"` and `\` in the value escaped.
pub fn tag_line(name: &str, value: &str) -> String {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    format!("[{name} \"{escaped}\"]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbn_file::PbnFile;

    #[test]
    fn a_value_with_escapes_round_trips() {
        let line = tag_line("Event", r#"The "Cup" \ 2"#);
        assert_eq!(line, r#"[Event "The \"Cup\" \\ 2"]"#);
        let pbn = PbnFile::parse(line.as_bytes()).unwrap();
        assert_eq!(pbn.games()[0].tags[0].text(), r#"The "Cup" \ 2"#);
    }
}
