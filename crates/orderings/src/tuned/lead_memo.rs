//! The lead memory's keys and facts: what the tuned leader keeps of a suit in a
//! [`SuitMemo`], packed in 8 bytes, and how it is read back.

use super::leader::*;
use crate::lead_categories::SuitBonus;
use crate::suit_memo::SuitMemo;
use crate::weights::highest_bit;
use ddsolve_cards::Holding;

/// The key of a suit's facts at a lead in a [`SuitMemo`]: the four holdings from the
/// leader round, one 16-bit lane each (rank bits 2 to 14), and `extra` ([`key_extra`]) in
/// the lanes' bits 0 and 1, which no rank uses (bit 15 stays clear: no key is
/// [`crate::suit_memo::NO_KEY`]).
#[inline(always)]
pub(super) fn memo_key(holdings: [u16; 4], extra: u64) -> u64 {
    let [me, lho, pd, rho] = holdings.map(u64::from);
    me | lho << 16 | pd << 32 | rho << 48 | extra
}

/// 8 bits of a [`memo_key`] besides the holdings, two to a lane: `mode` (0 notrump, 1 the
/// trump suit, 2 a side suit) and the trump facts the suit's weights read (6 bits, 0 in
/// notrump).
#[inline(always)]
pub(super) fn key_extra(mode: u64, trumps: u64) -> u64 {
    let v = mode | trumps << 2;
    (v & 3) | (v >> 2 & 3) << 16 | (v >> 4 & 3) << 32 | (v >> 6 & 3) << 48
}

/// A suit's facts at a lead as the memory keeps them (8 bytes): the weights' suit part,
/// less the spread term, when the side wins the trick and when it does not; the lead
/// categories' bonuses of the leader's highest and lowest card; and `FLAG_*` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MemoFacts {
    pub(super) win: i16,
    pub(super) lose: i16,
    pub(super) top: i8,
    pub(super) bottom: i8,
    pub(super) flags: u16,
}

/// [`MemoFacts::flags`]: the suit has one of the three lanes' categories.
pub(super) const FLAG_LANE: u16 = 1;
/// An opponent holds the top card alone.
pub(super) const FLAG_SINGLETON_TOP: u16 = 1 << 1;
/// The leader holds the top card.
pub(super) const FLAG_FIRST_ME: u16 = 1 << 2;
/// Notrump: partner's top card beats both opponents'.
pub(super) const FLAG_PARTNER_BEATS: u16 = 1 << 3;
/// Trumps: the side wins with the top card, and with another.
pub(super) const FLAG_WINS_WITH_TOP: u16 = 1 << 4;
pub(super) const FLAG_WINS_BELOW_TOP: u16 = 1 << 5;
/// Trumps: partner holds the top card; the leader and partner the second.
pub(super) const FLAG_FIRST_PD: u16 = 1 << 6;
pub(super) const FLAG_SECOND_ME: u16 = 1 << 7;
pub(super) const FLAG_SECOND_PD: u16 = 1 << 8;

impl MemoFacts {
    /// The facts of `win`, `lose` (which fit 16 bits), the bonuses of `bonus` (which fit 8)
    /// and the flags `flags`.
    #[inline(always)]
    pub(super) fn new(win: i32, lose: i32, bonus: &SuitBonus, flags: u16) -> MemoFacts {
        let (top, bottom) = bonus.bonuses();
        debug_assert!(i16::try_from(win).is_ok() && i16::try_from(lose).is_ok());
        debug_assert!(i8::try_from(top).is_ok() && i8::try_from(bottom).is_ok());
        MemoFacts {
            win: win as i16,
            lose: lose as i16,
            top: top as i8,
            bottom: bottom as i8,
            flags,
        }
    }

    /// Is the flag `f` set?
    #[inline(always)]
    pub(super) fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }

    /// The categories' bonuses of the suit, `my` the leader's holding in it, and whether
    /// it has one of the three lanes'.
    #[inline(always)]
    pub(super) fn bonus(&self, my: u16) -> (SuitBonus, bool) {
        let b = SuitBonus::of_bonuses(my, i32::from(self.top), i32::from(self.bottom));
        (b, self.has(FLAG_LANE))
    }
}

/// An empty slot's facts (never read).
pub(super) const NO_FACTS: MemoFacts = MemoFacts {
    win: 0,
    lose: 0,
    top: 0,
    bottom: 0,
    flags: 0,
};

/// The leads' suits seen last, notrump and trumps alike (the key tells them apart): one
/// per [`TunedOrdering`], so each solver's ordering keeps its own.
pub(crate) type LeadMemo = SuitMemo<MemoFacts>;

/// An empty lead memory.
pub(super) fn new_lead_memo() -> Box<LeadMemo> {
    Box::new(SuitMemo::new(NO_FACTS))
}

/// The memory's facts of a suit: `part`, the bonuses of `bonus`, and whether the suit has
/// one of the three lanes' categories.
#[inline(always)]
pub(super) fn pack(part: &SuitPart, bonus: &SuitBonus, lane: bool) -> MemoFacts {
    MemoFacts::new(
        part.win,
        part.lose,
        bonus,
        part.flags | flag(lane, FLAG_LANE),
    )
}

/// The [`LeadSuit`] of the memory's facts `f`, `all` the suit's cards out and `spread` the
/// spread term.
#[inline(always)]
pub(super) fn unpack(f: &MemoFacts, all: u16, spread: i32) -> LeadSuit {
    let first = highest_bit(all);
    LeadSuit {
        all: Holding(all),
        first,
        second: highest_bit(all & !first),
        flags: f.flags,
        win: i32::from(f.win) + spread,
        lose: i32::from(f.lose) + spread,
    }
}
