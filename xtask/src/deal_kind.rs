//! Kinds of deals for worst-case work: uniform, freak (many voids), symmetric (every hand
//! with a void and the same rank sets rotated through the suits), rotated (the same with a
//! chosen hand pattern, such as two long suits: 7-6-0-0) and two-suited (each hand holds
//! exactly two suits). Every generator is a function of a [`DealRng`], so a seed always
//! gives the same deals.

use ddsolve_cards::{Card, Deal, DealRng, Hand, Holding, Rank, SeatMap, Suit};

/// What kind of deal to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DealKind {
    /// A uniformly random deal.
    Uniform,
    /// A deal with at least `--voids` voids among the hands. Up to 4 voids: a uniformly
    /// random deal kept only if it has them (rejection sampling: the same distribution as
    /// `freak-seed11-24.tsv`). More voids are too rare for that (5 take seconds a deal, 6
    /// hours): random voids are chosen first, then every card goes to a random hand that
    /// is not void in its suit and still has room.
    Freak,
    /// Three disjoint rank sets A, B, C (covering the 13 ranks) and a void: North holds A,
    /// B, C and nothing in the four suits, East the same rotated by one suit, South by
    /// two, West by three; then the seats are shuffled. Every hand has a void and all four
    /// hands have the same pattern, rotated: transpositions abound.
    Symmetric,
    /// The rotation of [`DealKind::Symmetric`] with the hand pattern `--pattern` (default
    /// 7-6-0-0: every hand two long suits): disjoint rank sets of those lengths, placed in
    /// a random order round the four suits, held by North; East holds them rotated by one
    /// suit, South by two, West by three; then the seats are shuffled. Every suit holds
    /// each set once, and all four hands are rotations of one another.
    Rotated,
    /// Every hand holds exactly two suits and every suit is split between two hands: either
    /// a cycle (each hand shares one suit with each of two others) or two pairs of hands
    /// that share two suits.
    TwoSuited,
}

/// The fewest voids of a freak deal unless told otherwise (as `freak-seed11-24.tsv`).
pub const DEFAULT_VOIDS: u32 = 4;

/// A hand pattern of rotated deals: four suit lengths that add up to 13, written longest
/// first with dashes (`7-6-0-0`, `6-5-2-0`, `8-5-0-0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandPattern(pub [usize; 4]);

/// The pattern of rotated deals unless told otherwise: two long suits a hand.
pub const DEFAULT_PATTERN: HandPattern = HandPattern([7, 6, 0, 0]);

impl std::str::FromStr for HandPattern {
    type Err = String;

    fn from_str(s: &str) -> Result<HandPattern, String> {
        let parts: Vec<&str> = s.split('-').collect();
        let bad = || format!("bad hand pattern {s:?}: four lengths that add up to 13, as 7-6-0-0");
        if parts.len() != 4 {
            return Err(bad());
        }
        let mut lengths = [0usize; 4];
        for (l, p) in lengths.iter_mut().zip(&parts) {
            *l = p.trim().parse().map_err(|_| bad())?;
        }
        if lengths.iter().sum::<usize>() != 13 {
            return Err(bad());
        }
        Ok(HandPattern(lengths))
    }
}

impl std::fmt::Display for HandPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b, c, d] = self.0;
        write!(f, "{a}-{b}-{c}-{d}")
    }
}

/// A deal of `kind` from `rng`; freak deals have at least `voids` voids, rotated deals the
/// hand pattern `pattern`.
pub fn generate(kind: DealKind, rng: &mut DealRng, voids: u32, pattern: HandPattern) -> Deal {
    match kind {
        DealKind::Uniform => rng.deal(),
        DealKind::Freak => freak(rng, voids),
        DealKind::Symmetric => symmetric(rng),
        DealKind::Rotated => rotated(rng, pattern),
        DealKind::TwoSuited => two_suited(rng),
    }
}

/// The number of voids among the four hands of `deal`.
pub fn voids(deal: &Deal) -> u32 {
    deal.hands()
        .0
        .iter()
        .map(|h| Suit::ALL.iter().filter(|&&s| h.suit(s).is_empty()).count() as u32)
        .sum()
}

/// The most voids that rejection sampling of uniform deals finds quickly.
const REJECTION_VOIDS: u32 = 4;

/// A deal with at least `min_voids` voids (at most 12 can be asked: with 13 cards a hand,
/// each hand keeps at least one suit): uniform up to [`REJECTION_VOIDS`], built around
/// random voids above.
fn freak(rng: &mut DealRng, min_voids: u32) -> Deal {
    assert!(min_voids <= 12, "a deal has at most 12 voids");
    if min_voids <= REJECTION_VOIDS {
        loop {
            let d = rng.deal();
            if voids(&d) >= min_voids {
                return d;
            }
        }
    }
    loop {
        if let Some(d) = with_voids(rng, min_voids) {
            return d;
        }
    }
}

/// One try at a deal with `n` random voids (each hand keeps a suit, each suit a hand):
/// the cards, shuffled, each go to a random hand with room that is not void in its suit.
/// `None` when the voids cannot be placed that way or a card finds no such hand.
fn with_voids(rng: &mut DealRng, n: u32) -> Option<Deal> {
    let mut void = [[false; 4]; 4];
    let mut placed = 0;
    let mut tries = 0;
    while placed < n {
        // Random placement can paint itself into a corner (with many voids, no cell may be
        // left that keeps a suit for every hand and a hand for every suit): start again.
        tries += 1;
        if tries > 1000 {
            return None;
        }
        let (h, s) = (rng.below(4) as usize, rng.below(4) as usize);
        let hand_voids = void[h].iter().filter(|&&v| v).count();
        let suit_voids = (0..4).filter(|&x| void[x][s]).count();
        if !void[h][s] && hand_voids < 3 && suit_voids < 3 {
            void[h][s] = true;
            placed += 1;
        }
    }
    let mut cards: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|&s| Holding::ALL.iter().map(move |r| Card::new(s, r)))
        .collect();
    shuffle(&mut cards, rng);
    let mut hands = SeatMap([Hand::EMPTY; 4]);
    let mut room = [13u32; 4];
    for card in cards {
        let s = card.suit().index();
        let open: Vec<usize> = (0..4).filter(|&h| !void[h][s] && room[h] > 0).collect();
        if open.is_empty() {
            return None;
        }
        let h = open[rng.below(open.len() as u64) as usize];
        hands.0[h].insert(card);
        room[h] -= 1;
    }
    Deal::new(hands).ok()
}

/// The 13 ranks in a random order.
fn shuffled_ranks(rng: &mut DealRng) -> Vec<Rank> {
    let mut ranks: Vec<Rank> = Holding::ALL.iter().collect();
    shuffle(&mut ranks, rng);
    ranks
}

fn shuffle<X>(v: &mut [X], rng: &mut DealRng) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

/// Lengths `a, b, c` of three rank sets that cover the 13 ranks, each 3 to 5 (5-4-4-0 and
/// 5-5-3-0 hands: long suits contested by three hands are what makes these deals hard).
fn three_lengths(rng: &mut DealRng) -> [usize; 3] {
    loop {
        let a = 3 + rng.below(3) as usize;
        let b = 3 + rng.below(3) as usize;
        if (3..=5).contains(&(13 - a - b)) {
            return [a, b, 13 - a - b];
        }
    }
}

fn holding(ranks: &[Rank]) -> Holding {
    ranks
        .iter()
        .fold(Holding::EMPTY, |h, &r| h | Holding::single(r))
}

fn symmetric(rng: &mut DealRng) -> Deal {
    let ranks = shuffled_ranks(rng);
    let [a, b, _] = three_lengths(rng);
    let sets = [
        holding(&ranks[..a]),
        holding(&ranks[a..a + b]),
        holding(&ranks[a + b..]),
        Holding::EMPTY,
    ];
    rotations(rng, sets)
}

/// Disjoint random rank sets of the pattern's lengths, in a random order round the suits,
/// rotated through the four hands.
fn rotated(rng: &mut DealRng, pattern: HandPattern) -> Deal {
    let ranks = shuffled_ranks(rng);
    let mut order = [0usize, 1, 2, 3];
    shuffle(&mut order, rng);
    let mut sets = [Holding::EMPTY; 4];
    let mut from = 0;
    for (&slot, &len) in order.iter().zip(&pattern.0) {
        sets[slot] = holding(&ranks[from..from + len]);
        from += len;
    }
    rotations(rng, sets)
}

/// The deal where a random seat holds `sets` (suit by suit) and the others hold them
/// rotated by one, two and three suits: `sets` must cover the 13 ranks once.
fn rotations(rng: &mut DealRng, sets: [Holding; 4]) -> Deal {
    let mut seats = [0usize, 1, 2, 3];
    shuffle(&mut seats, rng);
    let mut hands = SeatMap([Hand::EMPTY; 4]);
    for (rotation, &seat) in seats.iter().enumerate() {
        hands.0[seat] = Hand::from_holdings(std::array::from_fn(|s| sets[(s + rotation) % 4]));
    }
    Deal::new(hands).expect("each suit holds every rank set once")
}

fn two_suited(rng: &mut DealRng) -> Deal {
    let mut seats = [0usize, 1, 2, 3];
    let mut suits = [0usize, 1, 2, 3];
    shuffle(&mut seats, rng);
    shuffle(&mut suits, rng);
    // Which two suits (indices into `suits`) each hand of `seats` holds.
    let cycle = rng.below(2) == 0;
    let holds: [[usize; 2]; 4] = if cycle {
        [[0, 1], [1, 2], [2, 3], [3, 0]]
    } else {
        [[0, 1], [0, 1], [2, 3], [2, 3]]
    };
    // Hand i holds x_i cards of its first suit and 13 - x_i of its second; every suit must
    // come to 13, which leaves one free length per cycle of the holding graph.
    let x = 1 + rng.below(12) as usize;
    let y = 1 + rng.below(12) as usize;
    let lengths: [[usize; 2]; 4] = if cycle {
        // Suit 1 is held by hand 0 (second) and hand 1 (first): (13 - x) + x = 13, and so on.
        [[x, 13 - x], [x, 13 - x], [x, 13 - x], [x, 13 - x]]
    } else {
        [[x, 13 - x], [13 - x, x], [y, 13 - y], [13 - y, y]]
    };
    let mut per_suit: [Vec<Rank>; 4] = std::array::from_fn(|_| shuffled_ranks(rng));
    let mut hands = SeatMap([Hand::EMPTY; 4]);
    for i in 0..4 {
        for k in 0..2 {
            let suit = Suit::ALL[suits[holds[i][k]]];
            let pile = &mut per_suit[suit.index()];
            for _ in 0..lengths[i][k] {
                let r = pile.pop().expect("each suit deals 13 cards");
                hands.0[seats[i]].insert(Card::new(suit, r));
            }
        }
    }
    Deal::new(hands).expect("each suit is dealt in full")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lengths(d: &Deal) -> [[u32; 4]; 4] {
        std::array::from_fn(|h| std::array::from_fn(|s| d.hands().0[h].suit(Suit::ALL[s]).len()))
    }

    #[test]
    fn freak_deals_have_the_voids() {
        let mut rng = DealRng::new(1);
        for n in [4, 5, 6, 8, 12] {
            for _ in 0..5 {
                let d = generate(DealKind::Freak, &mut rng, n, DEFAULT_PATTERN);
                assert!(voids(&d) >= n, "{n}: {}", d.to_pbn());
            }
        }
    }

    #[test]
    fn symmetric_deals_rotate_one_pattern() {
        let mut rng = DealRng::new(2);
        for _ in 0..50 {
            let d = generate(DealKind::Symmetric, &mut rng, 0, DEFAULT_PATTERN);
            assert_eq!(voids(&d), 4, "{}", d.to_pbn());
            let hs = d.hands().0;
            // Some hand's holdings, rotated through the suits, give every other hand.
            let suits = |h: Hand| Suit::ALL.map(|s| h.suit(s));
            let first = suits(hs[0]);
            for h in hs {
                let x = suits(h);
                assert!(
                    (0..4).any(|r| (0..4).all(|s| x[s] == first[(s + r) % 4])),
                    "{}",
                    d.to_pbn()
                );
            }
        }
    }

    #[test]
    fn two_suited_deals_hold_two_suits_a_hand() {
        let mut rng = DealRng::new(3);
        let mut kinds = std::collections::HashSet::new();
        for _ in 0..50 {
            let d = generate(DealKind::TwoSuited, &mut rng, 0, DEFAULT_PATTERN);
            let l = lengths(&d);
            for h in l {
                assert_eq!(h.iter().filter(|&&n| n > 0).count(), 2, "{}", d.to_pbn());
            }
            for s in 0..4 {
                assert_eq!((0..4).filter(|&h| l[h][s] > 0).count(), 2, "{}", d.to_pbn());
            }
            // Cycle (no two hands hold the same two suits) or pairs.
            let same =
                (0..4).any(|a| (a + 1..4).any(|b| (0..4).all(|s| (l[a][s] > 0) == (l[b][s] > 0))));
            kinds.insert(same);
        }
        assert_eq!(kinds.len(), 2, "both structures are generated");
    }

    #[test]
    fn a_seed_gives_the_same_deals() {
        for kind in [
            DealKind::Uniform,
            DealKind::Freak,
            DealKind::Symmetric,
            DealKind::Rotated,
            DealKind::TwoSuited,
        ] {
            let a = generate(kind, &mut DealRng::new(9), DEFAULT_VOIDS, DEFAULT_PATTERN);
            let b = generate(kind, &mut DealRng::new(9), DEFAULT_VOIDS, DEFAULT_PATTERN);
            assert_eq!(a, b);
        }
    }

    #[test]
    fn rotated_deals_rotate_the_pattern() {
        let mut rng = DealRng::new(4);
        for text in ["7-6-0-0", "6-5-2-0", "8-5-0-0", "4-3-3-3"] {
            let pattern: HandPattern = text.parse().unwrap();
            let mut arrangements = std::collections::HashSet::new();
            for _ in 0..40 {
                let d = generate(DealKind::Rotated, &mut rng, 0, pattern);
                let hs = d.hands().0;
                for h in hs {
                    let mut l = Suit::ALL.map(|s| h.suit(s).len() as usize);
                    l.sort_unstable_by(|a, b| b.cmp(a));
                    assert_eq!(l, pattern.0, "{}", d.to_pbn());
                }
                // Every hand is the first one's holdings rotated through the suits.
                let suits = |h: Hand| Suit::ALL.map(|s| h.suit(s));
                let first = suits(hs[0]);
                for h in hs {
                    let x = suits(h);
                    assert!(
                        (0..4).any(|r| (0..4).all(|s| x[s] == first[(s + r) % 4])),
                        "{}",
                        d.to_pbn()
                    );
                }
                arrangements.insert(Suit::ALL.map(|s| hs[0].suit(s).len()));
            }
            assert!(
                arrangements.len() > 1,
                "{text}: the lengths move round the suits"
            );
        }
    }

    #[test]
    fn hand_patterns_are_checked() {
        assert_eq!("7-6-0-0".parse(), Ok(HandPattern([7, 6, 0, 0])));
        assert_eq!(HandPattern([6, 5, 2, 0]).to_string(), "6-5-2-0");
        for bad in ["7-6-0", "7-6-1-0", "7-6-0-x", ""] {
            let e = bad.parse::<HandPattern>().unwrap_err();
            assert!(e.contains("add up to 13"), "{bad}: {e}");
        }
    }
}
