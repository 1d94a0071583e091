//! Bounds on the tricks the side on lead takes from a position on.

/// The side on lead takes between `lower` and `upper` of the tricks still to play.
///
/// Bounds of one set of positions only ever narrow: two true statements about the same
/// positions hold together ([`Bounds::meet`]).
///
/// ```
/// use ddsolve_tt_pattern::Bounds;
///
/// let at_least_5 = Bounds::new(5, 13);
/// let at_most_7 = Bounds::new(0, 7);
/// let both = at_least_5.meet(at_most_7);
/// assert_eq!(both, Bounds::new(5, 7));
/// assert_eq!(both.decides(5), Some(true)); // at least 5: yes
/// assert_eq!(both.decides(8), Some(false)); // at least 8: no
/// assert_eq!(both.decides(6), None);
/// assert!(at_least_5.implies(Bounds::new(3, 13)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The side on lead takes at least this many tricks.
    pub lower: u8,
    /// The side on lead takes at most this many tricks.
    pub upper: u8,
}

impl Bounds {
    /// Bounds from `lower` to `upper`.
    #[inline]
    pub const fn new(lower: u8, upper: u8) -> Bounds {
        Bounds { lower, upper }
    }

    /// Both statements together: the higher lower bound and the lower upper bound. For
    /// bounds of one position this never crosses; should it (bounds that were not true),
    /// the upper bound gives way, so that the result is still an interval.
    #[inline]
    pub fn meet(self, other: Bounds) -> Bounds {
        let lower = self.lower.max(other.lower);
        let upper = self.upper.min(other.upper);
        debug_assert!(lower <= upper, "bounds crossed: {self:?} and {other:?}");
        Bounds {
            lower,
            upper: upper.max(lower),
        }
    }

    /// Does `self` say everything `other` says (it is no wider)?
    #[inline]
    pub fn implies(self, other: Bounds) -> bool {
        self.lower >= other.lower && self.upper <= other.upper
    }

    /// Whether the side on lead takes at least `tricks`, if these bounds decide it:
    /// `Some(true)` when the lower bound reaches it, `Some(false)` when the upper bound stays
    /// below it.
    #[inline]
    pub fn decides(self, tricks: u8) -> Option<bool> {
        if self.lower >= tricks {
            Some(true)
        } else if self.upper < tricks {
            Some(false)
        } else {
            None
        }
    }
}
