//! The estimators give the answers of the plain implementation they replaced (the one
//! kept below, as it was before the early exits and the shared per-call work), on random
//! positions: exactly for `quick_tricks`, `later_tricks` and `quick_trick_second_hand`; for
//! the `_for` variants (and `Layout::later_tricks_for`) exactly whenever the plain count reaches `need`, and a count below
//! `need` otherwise (their documented contract).

use ddsolve_cards::{Card, DealRng, Hand, Seat, SeatMap, Strain, Suit};
use ddsolve_prune::{
    later_tricks, quick_trick_second_hand, quick_tricks, quick_tricks_ceiling, quick_tricks_for,
    quick_tricks_second_hand_for, Estimate, Layout,
};

/// The reference: the estimators as they were, unchanged but for visibility.
#[allow(clippy::all)]
mod plain {
    use ddsolve_cards::{Card, Hand, Holding, Rank, Seat, SeatMap, Strain, Suit};
    use ddsolve_prune::Estimate;

    #[inline]
    fn suit_all(hands: &SeatMap<Hand>, s: Suit) -> Holding {
        hands.0[0].suit(s) | hands.0[1].suit(s) | hands.0[2].suit(s) | hands.0[3].suit(s)
    }

    /// The top cards of `all` held by `mine`, down to the first card held by someone else.
    #[inline]
    fn top_run(all: Holding, mine: Holding) -> Holding {
        let others = u32::from(all.0 & !mine.0);
        // The bits up to the highest card of the others (none if they hold none).
        let below = (1u32 << (32 - others.leading_zeros())) - 1;
        Holding(all.0 & !below as u16)
    }

    /// Does `mine`, a part of `all`, hold its top card? Holdings are bitsets of ranks, so of
    /// two disjoint ones the one with the higher top card is the larger number.
    #[inline]
    fn holds_top(all: Holding, mine: Holding) -> bool {
        mine.0 > all.0 & !mine.0
    }

    /// Does every card of `hi` outrank every card of `lo`, `hi` holding at least one? (The
    /// lowest card of `hi` is then a larger number than all of `lo`.)
    #[inline]
    fn all_above(hi: Holding, lo: Holding) -> bool {
        hi.0 & hi.0.wrapping_neg() > lo.0
    }

    /// The highest card of `h` (empty if `h` is).
    #[inline]
    fn highest(h: Holding) -> Holding {
        Holding((0x8000u32 >> h.0.leading_zeros()) as u16)
    }

    /// The rank of the lowest card of `h` (0 if `h` is empty).
    #[inline]
    fn lowest_rank(h: Holding) -> u8 {
        h.lowest().map_or(0, |r| r.get())
    }

    /// The cards of `all` from the top down to `rank` included.
    #[inline]
    fn down_to(all: Holding, rank: u8) -> Holding {
        Holding(all.0 & !((1u32 << rank) - 1) as u16)
    }

    #[inline]
    fn hand_of(s: Suit, h: Holding) -> Hand {
        Hand((h.0 as u64) << (16 * s.index()))
    }

    /// Sure tricks for `x` alone cashing from the top while keeping the lead, `y` being its
    /// partner (who may have to follow, but never keeps the lead). A suit whose two top cards
    /// are split between `x` and `y`, each with a small card, counts two tricks: `x` leads low
    /// to partner's top card and partner leads back to `x`'s. (When `x` is the partner who got
    /// the lead by crossing with its top card of that suit, the second trick ends in the
    /// other hand; cashed last, the count still holds.)
    fn cash_alone(hands: &SeatMap<Hand>, trump: Option<Suit>, x: Seat, need: u32) -> Estimate {
        let (hx, hy) = (hands[x], hands[x.partner()]);
        let (h1, h2) = (hands[x.next()], hands[x.prev()]);
        let all = hx | hy | h1 | h2;
        let mut tricks = 0u32;
        let mut win = Hand::EMPTY;
        // Per opponent: does it still hold trumps once x has cashed its top trumps?
        let mut ruffers = [false, false];
        if let Some(t) = trump {
            let (all_t, tx, ty) = (all.suit(t), hx.suit(t), hy.suit(t));
            let (l1, l2) = (h1.suit(t).len(), h2.suit(t).len());
            if l1 == 0 && l2 == 0 && all_above(tx, ty) {
                // Nobody can beat x's trumps: all of them are tricks and x keeps the lead.
                tricks += tx.len();
                if !ty.is_empty() {
                    win |= hand_of(t, down_to(all_t, lowest_rank(tx)));
                }
            } else {
                let run = top_run(all_t, tx);
                let k = run.len();
                if k > 0 && k >= l1.max(l2) && ty.len() <= k {
                    // After k rounds from the top nobody else has a trump: the rest of x's
                    // trumps are tricks too, and x keeps the lead.
                    tricks += tx.len();
                } else {
                    tricks += k;
                }
                if k > 0 && (l1 > 0 || l2 > 0 || !ty.is_empty()) {
                    win |= hand_of(t, run);
                }
                ruffers = [l1 > k, l2 > k];
            }
            if tricks >= need {
                // The trumps alone reach `need`: no side suit is needed (nor backs up ranks).
                return Estimate {
                    tricks: tricks.min(13) as u8,
                    win,
                };
            }
        }
        let no_ruff = !ruffers[0] && !ruffers[1];
        // x's side suits.
        let sides = trump.map_or(hx, |t| hx - hx.only_suit(t));
        let mut parts = [Part::default(); 4];
        let (mut total, mut total_win) = (0, Hand::EMPTY);
        // Only the suits x can cash: a card of its own and the side's top card.
        let mut held = cash_suits(sides, hy, all);
        while held != 0 {
            let s = Suit::from_index_wrapping(held.trailing_zeros() as usize / 16);
            held &= held - 1;
            let (sx, sy, all_s) = (sides.suit(s), hy.suit(s), all.suit(s));
            let (l1, l2) = (h1.suit(s).len(), h2.suit(s).len());
            // Rounds before an opponent with trumps can ruff.
            let mut safe = 13;
            if ruffers[0] {
                safe = safe.min(l1);
            }
            if ruffers[1] {
                safe = safe.min(l2);
            }
            let (count, marks) = suit_tricks(all_s, sx, sy, l1.max(l2), safe, no_ruff, true);
            let part = Part {
                count,
                win: hand_of(s, marks),
            };
            parts[s.index()] = part;
            total += count;
            total_win |= part.win;
        }
        let need = need.saturating_sub(tricks);
        let (more, more_win) = if total < need {
            (total, total_win)
        } else {
            select(&parts, need)
        };
        Estimate {
            tricks: (tricks + more).min(13) as u8,
            win: win | more_win,
        }
    }

    /// The suits `x` may cash, bit `16 s + 15` set for suit `s`: those where `x` (`sides`)
    /// holds a card and the side (`sides | hy`) the top card of `all`, all suits at once.
    /// Per 16-bit lane, adding 0x7fff sets the top bit when the lane holds a card, and of two
    /// disjoint holdings ours is the larger number (as in [`holds_top`]) when `ours + 0x8000 -
    /// theirs` keeps the top bit. Lanes hold at most 0x7ffc, so nothing carries across.
    #[inline]
    fn cash_suits(sides: Hand, hy: Hand, all: Hand) -> u64 {
        const TOPS: u64 = 0x8000_8000_8000_8000;
        let ours = sides | hy;
        let theirs = all - ours;
        (sides.0 + 0x7fff_7fff_7fff_7fff) & ((ours.0 | TOPS) - theirs.0) & TOPS
    }

    /// Sure tricks in one suit for `x` (holding `hx`, at least one card) cashing it while
    /// keeping the lead, its partner holding `hy`, the longer opponent `opp_len` cards; `all` is
    /// the suit's cards still out; `safe` the rounds before an opponent ruffs and `no_ruff`
    /// whether none can (`safe` is then 13). Returns the count and the suit's cards it rests on.
    #[inline(always)]
    fn suit_tricks(
        all: Holding,
        hx: Holding,
        hy: Holding,
        opp_len: u32,
        safe: u32,
        no_ruff: bool,
        split: bool,
    ) -> (u32, Holding) {
        let run = top_run(all, hx);
        let k = run.len();
        if no_ruff && k >= opp_len {
            if hy.len() <= k {
                // Partner follows under the top run and is then void, as are the opponents:
                // every card of x wins and x keeps the lead. If nobody else holds the suit,
                // that rests on no ranks.
                let marks = if all == hx { Holding::EMPTY } else { run };
                return (hx.len(), marks);
            }
            if all_above(hx, hy) {
                // Once the opponents are out of the suit every card of x wins, and partner's
                // cards are all lower, so x keeps the lead.
                return (hx.len(), down_to(all, lowest_rank(hx)));
            }
        }
        let k = k.min(safe);
        if split && k < 2 && no_ruff && hx.len() >= 2 && hy.len() >= 2 {
            let top2 = highest(all) | highest(all - highest(all));
            if hx.0 & top2.0 != 0 && hy.0 & top2.0 != 0 {
                // The two top cards split between x and partner, each with a small card: x
                // leads low to partner's, partner leads back to x's. If then the opponents
                // and partner are out of the suit, x's other cards win too.
                return if opp_len <= 2 && hy.len() <= 2 {
                    (hx.len(), top2)
                } else {
                    (2, top2)
                };
            }
        }
        // The top k cards of the run: the run less its lowest cards.
        let mut marks = run.0;
        for _ in k..run.len() {
            marks &= marks - 1;
        }
        (k, Holding(marks))
    }

    /// One suit's contribution to a quick-trick count.
    #[derive(Clone, Copy, Debug, Default)]
    struct Part {
        count: u32,
        win: Hand,
    }

    /// The parts that reach `need` tricks while backing up as few winning ranks as possible:
    /// parts that rest on no ranks first, then the largest (in suit order among equals). All
    /// parts if `need` is not reached.
    fn select(parts: &[Part; 4], need: u32) -> (u32, Hand) {
        if need == 0 {
            return (0, Hand::EMPTY);
        }
        let total: u32 = parts.iter().map(|p| p.count).sum();
        if total < need {
            return (total, parts.iter().fold(Hand::EMPTY, |w, p| w | p.win));
        }
        // Sort keys: resting on ranks, then fewer tricks, then the suit.
        let mut order: [u64; 4] = std::array::from_fn(|i| {
            let p = parts[i];
            u64::from(!p.win.is_empty()) << 40 | u64::from(u32::MAX - p.count) << 8 | i as u64
        });
        sort4(&mut order);
        let (mut n, mut win) = (0, Hand::EMPTY);
        for key in order {
            if n >= need {
                break;
            }
            let p = parts[(key & 3) as usize];
            n += p.count;
            win |= p.win;
        }
        (n, win)
    }

    /// Sorts four keys, without branches (a sorting network).
    #[inline]
    fn sort4(k: &mut [u64; 4]) {
        for (i, j) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
            let (a, b) = (k[i], k[j]);
            k[i] = a.min(b);
            k[j] = a.max(b);
        }
    }

    /// [`quick_tricks`] for a search that needs `need` tricks for a cutoff: once a count reaches
    /// `need`, only the suits it uses back up winning ranks (fewer ranks make more general
    /// transposition-table entries).
    pub(super) fn quick_tricks_for(
        hands: &SeatMap<Hand>,
        trump: Strain,
        leader: Seat,
        need: u8,
    ) -> Estimate {
        let need = u32::from(need);
        let t = trump.trump();
        let own = cash_alone(hands, t, leader, need);
        if u32::from(own.tricks) >= need {
            return own;
        }
        let pd = leader.partner();
        let (o1, o2) = (leader.next(), leader.prev());
        let (hl, hp) = (hands[leader], hands[pd]);
        let all = hl | hp | hands[o1] | hands[o2];
        let mut best = own;
        for s in Suit::ALL {
            let all_s = all.suit(s);
            if hl.suit(s).is_empty() || !holds_top(all_s, hp.suit(s)) {
                continue;
            }
            if let Some(tr) = t {
                if tr != s {
                    let can_ruff =
                        |o: Seat| hands[o].suit(s).is_empty() && !hands[o].suit(tr).is_empty();
                    if can_ruff(o1) || can_ruff(o2) {
                        continue;
                    }
                }
            }
            let via = cash_alone(hands, t, pd, need);
            if via.tricks > best.tricks {
                best = Estimate {
                    tricks: via.tricks,
                    win: via.win | hand_of(s, highest(all_s)),
                };
            }
            break;
        }
        if u32::from(best.tricks) >= need {
            return best;
        }
        let combined = cash_both(hands, t, leader, need);
        if combined.tricks > best.tricks {
            best = combined;
        }
        if best.tricks == 0 {
            if let Some(tr) = t {
                if let Some(win) = partner_ruff(hands, tr, leader) {
                    best = Estimate { tricks: 1, win };
                }
            }
        }
        best
    }

    /// One sure trick by a ruff in partner's hand: the leader leads a side suit in which
    /// partner is void and holds a trump that no opponent who can ruff is able to beat. Returns
    /// the winning ranks it rests on (partner's top trump when an opponent ruffs too).
    fn partner_ruff(hands: &SeatMap<Hand>, tr: Suit, leader: Seat) -> Option<Hand> {
        let pd = leader.partner();
        let (lho, rho) = (leader.next(), leader.prev());
        let pd_trumps = hands[pd].suit(tr);
        if pd_trumps.is_empty() {
            return None;
        }
        let all_t = suit_all(hands, tr);
        let pd_top = pd_trumps.highest().map_or(0, |r| r.get());
        let mut best: Option<Hand> = None;
        for s in Suit::ALL {
            if s == tr || hands[leader].suit(s).is_empty() || !hands[pd].suit(s).is_empty() {
                continue;
            }
            let ruffs = |o: Seat| hands[o].suit(s).is_empty() && !hands[o].suit(tr).is_empty();
            let over = |o: Seat| pd_top > hands[o].suit(tr).highest().map_or(0, |r| r.get());
            if !ruffs(lho) && !ruffs(rho) {
                // Nobody else can trump: any trump of partner wins.
                return Some(Hand::EMPTY);
            }
            if (!ruffs(lho) || over(lho)) && (!ruffs(rho) || over(rho)) && best.is_none() {
                best = Some(hand_of(tr, down_to(all_t, pd_top)));
            }
        }
        best
    }

    /// When the opponents cannot ruff (notrump, or they hold no trumps): the leader cashes the
    /// top runs of the suits it tops, then crosses to partner in a suit that partner tops and
    /// partner cashes the top runs of its suits. Every counted card is a top card, so the
    /// opponents' discards cannot spoil it; partner's forced discards during the leader's run
    /// come from its other cards (the count is capped at the tricks left, which leaves partner
    /// enough of them), and the leader keeps a card of the entry suit because it never plays
    /// that suit while cashing its own.
    fn cash_both(hands: &SeatMap<Hand>, trump: Option<Suit>, leader: Seat, need: u32) -> Estimate {
        let pd = leader.partner();
        let (o1, o2) = (leader.next(), leader.prev());
        if let Some(t) = trump {
            if !hands[o1].suit(t).is_empty() || !hands[o2].suit(t).is_empty() {
                return Estimate::default();
            }
        }
        let left = hands[leader].len();
        let mut lead = [Part::default(); 4];
        let mut part = [Part::default(); 4];
        // Partner's suits through which the leader can reach partner.
        let mut entries = [false; 4];
        // Leader's suits whose second card is partner's, each hand with a small card.
        let mut split = [false; 4];
        for s in Suit::ALL {
            let all = suit_all(hands, s);
            let (hl, hp) = (hands[leader].suit(s), hands[pd].suit(s));
            let opp_len = hands[o1].suit(s).len().max(hands[o2].suit(s).len());
            if holds_top(all, hl) {
                let (count, marks) = suit_tricks(all, hl, hp, opp_len, 13, true, true);
                let second = highest(all - highest(all));
                split[s.index()] =
                    hl.len() >= 2 && hp.len() >= 2 && hp.0 & second.0 != 0 && count >= 2;
                lead[s.index()] = Part {
                    count,
                    win: hand_of(s, marks),
                };
                continue;
            }
            if holds_top(all, hp) {
                // No split suits on partner's side: the entry suit's second trick would leave
                // the lead with the leader.
                let (count, marks) = suit_tricks(all, hp, hl, opp_len, 13, true, false);
                part[s.index()] = Part {
                    count,
                    win: hand_of(s, marks),
                };
                entries[s.index()] = !hl.is_empty();
            }
        }
        // Partner's suits: the best entry suit, then the others as needed. Without one, a
        // suit of the leader's whose second card is partner's (Ax opposite Kx) serves: the
        // leader leads low to partner's card, partner cashes, and leads back to the leader's
        // top card last.
        let entry = if let Some(e) = (0..4)
            .filter(|&i| entries[i])
            .max_by_key(|&i| (part[i].win.is_empty(), part[i].count))
        {
            std::mem::take(&mut part[e])
        } else if let Some(e) = (0..4).find(|&i| split[i]) {
            std::mem::take(&mut lead[e])
        } else {
            return Estimate::default();
        };
        let lead_total: u32 = lead.iter().map(|p| p.count).sum();
        let part_total: u32 = part.iter().map(|p| p.count).sum();
        let need = need.min(left);
        if lead_total + entry.count + part_total <= need {
            let win = lead
                .iter()
                .chain(part.iter())
                .fold(entry.win, |w, p| w | p.win);
            return Estimate {
                tricks: (lead_total + entry.count + part_total).min(left) as u8,
                win,
            };
        }
        let (n_part, w_part) = select(&part, need.saturating_sub(lead_total + entry.count));
        let (n_lead, w_lead) = select(&lead, need.saturating_sub(entry.count + n_part));
        Estimate {
            tricks: (n_lead + entry.count + n_part).min(left) as u8,
            win: w_lead | entry.win | w_part,
        }
    }

    /// [`quick_trick_second_hand`] for a search that needs `need` tricks for a cutoff. In
    /// notrump, once the current trick is sure to be won by a top card, the hand that wins it
    /// keeps cashing: its next card of the suit led if that is the next top card, then the top
    /// card of each other suit it holds, and every card of a suit that nobody else holds. Each
    /// of those is led from the top by the hand already on lead, so each wins. Counting stops
    /// at `need`, so that only the ranks the cutoff needs are backed up.
    pub(super) fn quick_tricks_second_hand_for(
        hands: &SeatMap<Hand>,
        trump: Strain,
        leader: Seat,
        lead: Card,
        need: u8,
    ) -> Estimate {
        let first = current_trick_second_hand(hands, trump, leader, lead);
        // Only without ruffs: in notrump, or once every trump is gone.
        let ruffs = trump
            .trump()
            .is_some_and(|t| !suit_all(hands, t).is_empty());
        if first.tricks == 0 || need <= 1 || ruffs {
            return first;
        }
        let need = u32::from(need);
        let led = lead.suit();
        let me = leader.next();
        let fourth = leader.prev();
        // The hand that wins this trick with the top card of the suit led, and leads next.
        let all_led = suit_all(hands, led);
        let Some(top) = all_led.highest() else {
            return first;
        };
        let hh = if hands[me].suit(led).contains(top) {
            me
        } else {
            fourth
        };
        let mut tricks = 1u32;
        let mut win = first.win;
        let mine = hands[hh].suit(led);
        let rest = all_led - Holding::single(top);
        if let Some(second) = rest.highest() {
            if mine.contains(second) {
                tricks += 1;
                win |= hand_of(led, Holding::single(second));
                if tricks >= need {
                    return Estimate {
                        tricks: tricks as u8,
                        win,
                    };
                }
            }
        }
        for s in Suit::ALL {
            let h = hands[hh].suit(s);
            if s == led || h.is_empty() {
                continue;
            }
            let all = suit_all(hands, s);
            if all == h {
                tricks += h.len();
            } else if let Some(t) = all.highest() {
                if h.contains(t) {
                    tricks += 1;
                    win |= hand_of(s, Holding::single(t));
                }
            }
            if tricks >= need {
                break;
            }
        }
        Estimate {
            tricks: tricks.min(13) as u8,
            win,
        }
    }

    /// The one sure trick of [`quick_trick_second_hand`]: the current trick.
    fn current_trick_second_hand(
        hands: &SeatMap<Hand>,
        trump: Strain,
        leader: Seat,
        lead: Card,
    ) -> Estimate {
        let led = lead.suit();
        let (me, third, fourth) = (
            hands[leader.next()],
            hands[leader.partner()],
            hands[leader.prev()],
        );
        let t = trump.trump();
        let third_can_ruff = match t {
            Some(tr) if tr != led => third.suit(led).is_empty() && !third.suit(tr).is_empty(),
            _ => false,
        };
        let one = |win: Hand| Estimate { tricks: 1, win };
        // The top card of the suit led, in our side's hands, above the lead: our holding is
        // the larger number than the rest of the suit with the card led.
        let ours = (me | fourth).suit(led);
        let theirs = (hands[leader] | third).suit(led) | Holding::single(lead.rank());
        if !third_can_ruff && ours.0 > theirs.0 {
            return one(hand_of(led, highest(ours)));
        }
        if let Some(tr) = t {
            if tr != led {
                let third_follows = !third.suit(led).is_empty();
                let third_trumps = third.suit(tr);
                // Second hand ruffs, higher than anything third hand could ruff with.
                let my_trumps = me.suit(tr);
                if me.suit(led).is_empty() && !my_trumps.is_empty() {
                    if third_follows || third_trumps.is_empty() {
                        return one(Hand::EMPTY);
                    }
                    if my_trumps.0 > third_trumps.0 {
                        let all_t = suit_all(hands, tr);
                        let r = my_trumps.highest().map_or(0, |r| r.get());
                        return one(hand_of(tr, down_to(all_t, r)));
                    }
                }
                // Fourth hand ruffs after third hand, who must follow or has no trumps.
                let fourth_trumps = fourth.suit(tr);
                if fourth.suit(led).is_empty()
                    && !fourth_trumps.is_empty()
                    && (third_follows || third_trumps.is_empty())
                {
                    return one(Hand::EMPTY);
                }
            }
        }
        Estimate::default()
    }

    /// Chapter 4's LaterTricks: sure tricks for the opponents of `leader`'s side, taken at
    /// their turn or later, at the start of a trick with `left` tricks to play.
    pub(super) fn later_tricks(
        hands: &SeatMap<Hand>,
        trump: Strain,
        leader: Seat,
        left: u8,
    ) -> Estimate {
        let (hl, hp) = (hands[leader], hands[leader.partner()]);
        let (lho, rho) = (hands[leader.next()], hands[leader.prev()]);
        let ours = hl | hp;
        let all = ours | lho | rho;
        let trump_suit = trump.trump().filter(|&t| !all.suit(t).is_empty());
        match trump_suit {
            None => {
                // Rule 1: every suit the leader can lead is topped by an opponent. If one
                // opponent holds all those top cards, he wins the lead and cashes every one.
                let mut win = Hand::EMPTY;
                let mut all_topped = true;
                // Suits the leader can lead, and how many of their top cards each opponent holds.
                let (mut suits, mut by_lho, mut by_rho) = (0u8, 0u8, 0u8);
                for s in Suit::ALL {
                    if hl.suit(s).is_empty() {
                        continue;
                    }
                    let top = highest(all.suit(s));
                    if !(ours.suit(s) & top).is_empty() {
                        all_topped = false;
                        break;
                    }
                    if (lho.suit(s) & top).is_empty() {
                        by_rho += 1;
                    } else {
                        by_lho += 1;
                    }
                    suits += 1;
                    win |= hand_of(s, top);
                }
                if all_topped {
                    let tricks = if by_lho == suits || by_rho == suits {
                        suits
                    } else {
                        1
                    };
                    return Estimate { tricks, win };
                }
                // Rule 2: even running every suit we top cannot take all the tricks.
                let mut sum = 0;
                let mut win = Hand::EMPTY;
                for s in Suit::ALL {
                    let all_s = all.suit(s);
                    let top = highest(all_s);
                    if top.is_empty() {
                        continue;
                    }
                    if !(ours.suit(s) & top).is_empty() {
                        sum += hl.suit(s).len().max(hp.suit(s).len());
                    } else {
                        let holder = if (lho.suit(s) & top).is_empty() {
                            rho
                        } else {
                            lho
                        };
                        if all_s.len() > holder.suit(s).len() {
                            win |= hand_of(s, top);
                        }
                    }
                }
                if sum < u32::from(left) {
                    return Estimate { tricks: 1, win };
                }
                Estimate::default()
            }
            Some(t) => {
                let all_t = all.suit(t);
                let (l1, l2) = (lho.suit(t).len(), rho.suit(t).len());
                if ours.suit(t).is_empty() {
                    // Rule 1: the opponents hold every trump; each of the longer hand's trumps
                    // takes a trick.
                    return Estimate {
                        tricks: l1.max(l2) as u8,
                        win: Hand::EMPTY,
                    };
                }
                let top = highest(all_t);
                let second = highest(all_t - top);
                if (ours.suit(t) & top).is_empty() {
                    // Rule 2: the opponents hold the top trumps down to our highest; each
                    // takes a trick, up to as many as the longer opponent holds trumps.
                    let mut tricks = 0;
                    let mut win = Holding::EMPTY;
                    for r in (2..=14).rev() {
                        let card = Holding::single(Rank::new(r).expect("a rank"));
                        if (all_t & card).is_empty() {
                            continue;
                        }
                        if !(ours.suit(t) & card).is_empty() || tricks == l1.max(l2) {
                            break;
                        }
                        tricks += 1;
                        win = win | card;
                    }
                    return Estimate {
                        tricks: tricks as u8,
                        win: hand_of(t, win),
                    };
                }
                // Rule 3: an opponent holds the second trump and another, over the top trump
                // (the leader's left-hand opponent over the leader, the right-hand one over
                // partner).
                let over = if (hl.suit(t) & top).is_empty() {
                    rho
                } else {
                    lho
                };
                let over_t = over.suit(t);
                if !(over_t & second).is_empty() && over_t.len() >= 2 {
                    return Estimate {
                        tricks: 1,
                        win: hand_of(t, top | second),
                    };
                }
                Estimate::default()
            }
        }
    }
}

/// A random position of `n` cards a hand: half the time uniform, half the time with skewed
/// suits (long suits and voids, where the rules for running suits and ruffs apply).
fn random_hands(rng: &mut DealRng, n: u32) -> SeatMap<Hand> {
    if rng.below(2) == 0 {
        return *rng.partial_deal(n).hands();
    }
    let mut hands = SeatMap([Hand::EMPTY; 4]);
    let mut left = Hand::ALL;
    // Per suit a weight for drawing it, per hand and suit a weight for receiving it.
    let suit_w: [u64; 4] = std::array::from_fn(|_| 1 + rng.below(8));
    let seat_w: [[u64; 4]; 4] = std::array::from_fn(|_| std::array::from_fn(|_| rng.below(6)));
    let mut room = [n; 4];
    for _ in 0..4 * n {
        let weights: [u64; 4] = std::array::from_fn(|i| {
            let s = Suit::ALL[i];
            if left.suit(s).is_empty() {
                0
            } else {
                suit_w[i]
            }
        });
        let s = Suit::ALL[pick(rng, &weights)];
        let ranks: Vec<_> = left.suit(s).iter().collect();
        let card = Card::new(s, ranks[rng.below(ranks.len() as u64) as usize]);
        let seats: [u64; 4] = std::array::from_fn(|h| {
            if room[h] == 0 {
                0
            } else {
                1 + seat_w[h][s.index()]
            }
        });
        let h = pick(rng, &seats);
        room[h] -= 1;
        hands.0[h].insert(card);
        left.remove(card);
    }
    hands
}

/// An index drawn with the given weights (not all zero).
fn pick(rng: &mut DealRng, weights: &[u64; 4]) -> usize {
    let mut x = rng.below(weights.iter().sum());
    for (i, &w) in weights.iter().enumerate() {
        if x < w {
            return i;
        }
        x -= w;
    }
    unreachable!("x is below the sum of the weights")
}

/// The `_for` contract: the plain answer whenever it reaches `need`, else below `need`.
#[track_caller]
fn same_up_to_need(got: Estimate, plain: Estimate, need: u8, what: &str) {
    if plain.tricks >= need {
        assert_eq!(got, plain, "{what}, need {need}");
    } else {
        assert!(
            got.tricks < need,
            "{what}, need {need}: {got:?} (plain {plain:?})"
        );
    }
}

const POSITIONS: usize = 20_000;

#[test]
fn quick_tricks_give_the_plain_answers() {
    let mut rng = DealRng::new(0x0051_7e57_0001);
    for i in 0..POSITIONS {
        let n = 1 + (i % 13) as u32;
        let hands = random_hands(&mut rng, n);
        let trump = Strain::ALL[rng.below(5) as usize];
        let leader = Seat::ALL[rng.below(4) as usize];
        let what = format!("{hands:?} {trump:?} {leader:?}");
        let full = plain::quick_tricks_for(&hands, trump, leader, 13);
        assert_eq!(quick_tricks(&hands, trump, leader), full, "{what}");
        // The search skips QuickTricks where the ceiling is below what it needs.
        let ceiling = quick_tricks_ceiling(&hands, trump, leader);
        assert!(
            full.tricks <= ceiling,
            "{what}: ceiling {ceiling}, {full:?}"
        );
        for need in 0..=13 {
            let got = quick_tricks_for(&hands, trump, leader, need);
            let want = plain::quick_tricks_for(&hands, trump, leader, need);
            same_up_to_need(got, want, need, &what);
        }
    }
}

#[test]
fn later_tricks_give_the_plain_answers() {
    let mut rng = DealRng::new(0x0051_7e57_0002);
    for i in 0..POSITIONS {
        let n = 1 + (i % 13) as u32;
        let hands = random_hands(&mut rng, n);
        let trump = Strain::ALL[rng.below(5) as usize];
        let leader = Seat::ALL[rng.below(4) as usize];
        let layout = Layout::new(&hands, trump, leader);
        for left in [n as u8, 1 + rng.below(13) as u8] {
            let what = format!("{hands:?} {trump:?} {leader:?} left {left}");
            let want = plain::later_tricks(&hands, trump, leader, left);
            assert_eq!(later_tricks(&hands, trump, leader, left), want, "{what}");
            // The search's variant, which skips the rules that cannot reach `need`.
            for need in 0..=13 {
                let got = layout.later_tricks_for(left, need);
                same_up_to_need(got, want, need, &what);
            }
        }
    }
}

#[test]
fn second_hand_quick_tricks_give_the_plain_answers() {
    let mut rng = DealRng::new(0x0051_7e57_0003);
    for i in 0..POSITIONS {
        let n = 1 + (i % 13) as u32;
        let mut hands = random_hands(&mut rng, n);
        let trump = Strain::ALL[rng.below(5) as usize];
        let leader = Seat::ALL[rng.below(4) as usize];
        let cards: Vec<Card> = hands[leader].iter().collect();
        let lead = cards[rng.below(cards.len() as u64) as usize];
        hands[leader].remove(lead);
        let what = format!("{hands:?} {trump:?} {leader:?} {lead:?}");
        assert_eq!(
            quick_trick_second_hand(&hands, trump, leader, lead),
            plain::quick_tricks_second_hand_for(&hands, trump, leader, lead, 1),
            "{what}"
        );
        for need in 0..=13 {
            let got = quick_tricks_second_hand_for(&hands, trump, leader, lead, need);
            let want = plain::quick_tricks_second_hand_for(&hands, trump, leader, lead, need);
            same_up_to_need(got, want, need, &what);
        }
    }
}
