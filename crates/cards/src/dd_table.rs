//! The double-dummy table: tricks for each declarer in each strain.

use crate::{Seat, Side, Strain};
use std::fmt;
use thiserror::Error;

/// A table entry over 13 tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{tricks} tricks for {strain} by {declarer}: at most 13")]
pub struct TableError {
    /// The strain of the bad entry.
    pub strain: Strain,
    /// The declarer of the bad entry.
    pub declarer: Seat,
    /// The value found.
    pub tricks: u8,
}

/// A double-dummy table: the tricks each declarer takes in each strain, `tricks[strain]
/// [declarer]` in DDS order (S, H, D, C, NT; N, E, S, W), each at most 13.
///
/// The one table type of ddsolve: the solver makes it (`ddsolve_search::Solver::table`), par
/// reads it (`ddsolve_par::par`), and a `TABLE` line of a DDS file gives one
/// ([`DdTable::from_dds_order`]).
///
/// ```
/// use ddsolve_cards::{DdTable, Seat, Side, Strain};
///
/// let t = DdTable::from_dds_order([5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6])?;
/// assert_eq!(t.tricks(Strain::Spades, Seat::East), 8);
/// assert_eq!(t.side_tricks(Side::NorthSouth, Strain::Clubs), 7);
/// assert_eq!(t.to_dds_order()[1], 8);
/// # Ok::<(), ddsolve_cards::TableError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DdTable {
    tricks: [[u8; 4]; 5],
}

impl DdTable {
    /// The table with `tricks[strain][declarer]`, each at most 13.
    pub fn new(tricks: [[u8; 4]; 5]) -> Result<DdTable, TableError> {
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                let t = tricks[strain.index()][declarer.index()];
                if t > 13 {
                    return Err(TableError {
                        strain,
                        declarer,
                        tricks: t,
                    });
                }
            }
        }
        Ok(DdTable { tricks })
    }

    /// The table from 20 numbers in DDS's file order: strain-major (S, H, D, C, NT), declarer
    /// N, E, S, W within each strain (a `TABLE` line, or `DdTable::to_dds_order`).
    pub fn from_dds_order(t: [u8; 20]) -> Result<DdTable, TableError> {
        let mut tricks = [[0; 4]; 5];
        for (i, &x) in t.iter().enumerate() {
            tricks[i / 4][i % 4] = x;
        }
        DdTable::new(tricks)
    }

    /// The tricks `declarer` takes in `strain`.
    pub const fn tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        self.tricks[strain.index()][declarer.index()]
    }

    /// The tricks `side` takes in `strain` with its better declarer.
    pub const fn side_tricks(&self, side: Side, strain: Strain) -> u8 {
        let (a, b) = side.seats();
        let (ta, tb) = (self.tricks(strain, a), self.tricks(strain, b));
        if ta > tb {
            ta
        } else {
            tb
        }
    }

    /// The table as `tricks[strain][declarer]`, DDS order.
    pub const fn as_array(&self) -> &[[u8; 4]; 5] {
        &self.tricks
    }

    /// The 20 numbers in DDS's file order (strain-major: S, H, D, C, NT; declarer N, E, S, W
    /// within each), as a `TABLE` line.
    pub fn to_dds_order(&self) -> [u8; 20] {
        std::array::from_fn(|i| self.tricks[i / 4][i % 4])
    }
}

impl fmt::Display for DdTable {
    /// The layout of `ddsolve table`: a row per declarer, columns NT, S, H, D, C.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     NT   S   H   D   C")?;
        for seat in Seat::ALL {
            write!(f, "{}  ", seat.letter())?;
            for strain in [
                Strain::NoTrump,
                Strain::Spades,
                Strain::Hearts,
                Strain::Diamonds,
                Strain::Clubs,
            ] {
                write!(f, "{:4}", self.tricks(strain, seat))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dds_order_round_trip() {
        let t: [u8; 20] = std::array::from_fn(|i| (i % 14) as u8);
        let table = DdTable::from_dds_order(t).unwrap();
        assert_eq!(table.to_dds_order(), t);
        assert_eq!(table.tricks(Strain::Spades, Seat::East), 1);
        assert_eq!(table.tricks(Strain::NoTrump, Seat::West), 19 % 14);
        assert_eq!(table.side_tricks(Side::NorthSouth, Strain::Hearts), 6);
        let mut bad = t;
        bad[13] = 14;
        assert_eq!(
            DdTable::from_dds_order(bad),
            Err(TableError {
                strain: Strain::Clubs,
                declarer: Seat::East,
                tricks: 14
            })
        );
    }
}
