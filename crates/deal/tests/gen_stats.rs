//! Statistics of dealing: suit-length pattern frequencies against the exact combinatorial
//! probabilities, and smart stacking against plain rejection on the same condition
//! (chi-square tests with fixed seeds, so every run computes the same statistics).

use ddsolve_cards::{Card, Deal, Hand, Seat, Suit};
use ddsolve_deal::gen::{Generator, Predeal, RngKind, ShapeSet, Stacking};
use std::collections::BTreeMap;

const HCP: [u8; 13] = [4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// The chi-square value that a chi-square variable with `df` degrees of freedom exceeds with
/// probability about 1e-4 (Wilson-Hilferty).
fn critical(df: usize) -> f64 {
    let df = df as f64;
    let z = 3.719;
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

fn binomial(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The pattern of a hand: its suit lengths, longest first.
fn pattern(hand: Hand) -> [u8; 4] {
    let mut l = Suit::ALL.map(|s| hand.suit(s).len() as u8);
    l.sort_unstable_by(|a, b| b.cmp(a));
    l
}

/// Exact probability of each pattern for a 13-card hand from a full pack.
fn pattern_probabilities() -> BTreeMap<[u8; 4], f64> {
    let total = binomial(52, 13);
    let mut p = BTreeMap::new();
    for s in 0..=13u8 {
        for h in 0..=13 - s {
            for d in 0..=13 - s - h {
                let c = 13 - s - h - d;
                let ways: f64 = [s, h, d, c]
                    .iter()
                    .map(|&l| binomial(13, l as u64))
                    .product();
                let mut l = [s, h, d, c];
                l.sort_unstable_by(|a, b| b.cmp(a));
                *p.entry(l).or_insert(0.0) += ways / total;
            }
        }
    }
    p
}

/// Chi-square goodness of fit of `counts` against `probs`, pooling the rare patterns
/// (expected count under 5) into one bin; returns (statistic, degrees of freedom).
fn goodness_of_fit(
    counts: &BTreeMap<[u8; 4], u64>,
    probs: &BTreeMap<[u8; 4], f64>,
    n: u64,
) -> (f64, usize) {
    let (mut chi, mut bins) = (0.0, 0);
    let (mut rare_obs, mut rare_exp) = (0.0, 0.0);
    for (pat, &p) in probs {
        let obs = *counts.get(pat).unwrap_or(&0) as f64;
        let exp = p * n as f64;
        if exp < 5.0 {
            rare_obs += obs;
            rare_exp += exp;
        } else {
            chi += (obs - exp).powi(2) / exp;
            bins += 1;
        }
    }
    if rare_exp > 0.0 {
        chi += (rare_obs - rare_exp).powi(2) / rare_exp;
        bins += 1;
    }
    (chi, bins - 1)
}

fn check_patterns(kind: RngKind, seed: u64, n: u64) {
    let probs = pattern_probabilities();
    assert_eq!(probs.len(), 39);
    let mut g = Generator::new(kind, seed, &Predeal::new());
    let mut counts: [BTreeMap<[u8; 4], u64>; 4] = Default::default();
    for _ in 0..n {
        let d = g.next_deal();
        for seat in Seat::ALL {
            *counts[seat.index()]
                .entry(pattern(d.hand(seat)))
                .or_insert(0) += 1;
        }
    }
    for seat in Seat::ALL {
        let (chi, df) = goodness_of_fit(&counts[seat.index()], &probs, n);
        assert!(
            chi < critical(df),
            "{kind:?} {seat}: chi-square {chi:.1} with {df} degrees of freedom"
        );
    }
}

#[test]
fn counter_patterns_have_the_exact_frequencies() {
    check_patterns(RngKind::Counter, 2026, 400_000);
}

#[test]
fn dealer_patterns_have_the_exact_frequencies() {
    check_patterns(RngKind::Dealer, 2026, 400_000);
}

/// Two-sample chi-square test of homogeneity: are `a` and `b` drawn from the same
/// distribution? Bins where both samples together hold fewer than 10 are pooled.
fn homogeneous(name: &str, a: &BTreeMap<i64, u64>, b: &BTreeMap<i64, u64>) {
    let na: u64 = a.values().sum();
    let nb: u64 = b.values().sum();
    let keys: Vec<i64> = a
        .keys()
        .chain(b.keys())
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let mut pool = (0.0, 0.0);
    for k in keys {
        let (x, y) = (
            *a.get(&k).unwrap_or(&0) as f64,
            *b.get(&k).unwrap_or(&0) as f64,
        );
        if x + y < 10.0 {
            pool.0 += x;
            pool.1 += y;
        } else {
            bins.push((x, y));
        }
    }
    if pool.0 + pool.1 > 0.0 {
        bins.push(pool);
    }
    let (na, nb) = (na as f64, nb as f64);
    let mut chi = 0.0;
    for &(x, y) in &bins {
        let t = x + y;
        let ea = t * na / (na + nb);
        let eb = t * nb / (na + nb);
        chi += (x - ea).powi(2) / ea + (y - eb).powi(2) / eb;
    }
    let df = bins.len() - 1;
    assert!(df >= 1, "{name}: a single bin");
    assert!(
        chi < critical(df),
        "{name}: chi-square {chi:.1} with {df} degrees of freedom"
    );
}

/// Features of a deal whose distributions the two samplers must share.
fn features(d: &Deal) -> Vec<(&'static str, i64)> {
    let n = d.hand(Seat::North);
    let e = d.hand(Seat::East);
    let w = d.hand(Seat::West);
    let p = pattern(n);
    vec![
        ("north hcp", n.high_card_points() as i64),
        (
            "north pattern",
            p.iter().fold(0i64, |a, &l| a * 14 + l as i64),
        ),
        ("north spades", n.suit(Suit::Spades).len() as i64),
        (
            "north clubs hcp",
            n.suit(Suit::Clubs).high_card_points() as i64,
        ),
        (
            "north holds the king of spades",
            n.contains(card("SK")) as i64,
        ),
        (
            "north holds the two of clubs",
            n.contains(card("C2")) as i64,
        ),
        ("east hcp", e.high_card_points() as i64),
        ("east hearts", e.suit(Suit::Hearts).len() as i64),
        ("west spades", w.suit(Suit::Spades).len() as i64),
        (
            "west holds the ace of diamonds",
            w.contains(card("DA")) as i64,
        ),
    ]
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// North 15-17 and balanced (4333, 4432, 5332) with one card of its own predealt and South's
/// hand partly predealt: stacked dealing and plain rejection give the same distributions.
#[test]
fn stacking_matches_rejection() {
    let mut predeal = Predeal::new();
    for c in ["SA", "SQ", "S5", "HK", "D3", "CA"] {
        predeal.add(Seat::South, card(c)).unwrap();
    }
    predeal.add(Seat::North, card("DK")).unwrap();
    let balanced = ShapeSet::from_pattern_any(&[Some(4), Some(3), Some(3), Some(3)])
        | ShapeSet::from_pattern_any(&[Some(4), Some(4), Some(3), Some(2)])
        | ShapeSet::from_pattern_any(&[Some(5), Some(3), Some(3), Some(2)]);
    let range = 15..=17;
    let accept = |d: &Deal| {
        let n = d.hand(Seat::North);
        balanced.contains_hand(n) && range.contains(&n.high_card_points())
    };
    let stacking = Stacking::new(Seat::North, &balanced, HCP, range.clone(), &predeal)
        .expect("a rare enough constraint to stack");
    assert!(stacking.fraction() < 0.2);
    let n = 60_000;
    let mut stacked = Generator::new(RngKind::Counter, 7, &predeal).with_stacking(stacking);
    let mut plain = Generator::new(RngKind::Counter, 8, &predeal);
    let mut a: BTreeMap<&str, BTreeMap<i64, u64>> = BTreeMap::new();
    let mut b: BTreeMap<&str, BTreeMap<i64, u64>> = BTreeMap::new();
    for _ in 0..n {
        let d = stacked.next_deal();
        assert!(accept(&d), "a stacked deal fails the constraint: {d}");
        assert!(predeal.hand(Seat::South).0 & !d.hand(Seat::South).0 == 0);
        assert!(d.hand(Seat::North).contains(card("DK")));
        for (k, v) in features(&d) {
            *a.entry(k).or_default().entry(v).or_insert(0) += 1;
        }
    }
    let mut produced = 0;
    while produced < n {
        let d = plain.next_deal();
        if accept(&d) {
            produced += 1;
            for (k, v) in features(&d) {
                *b.entry(k).or_default().entry(v).or_insert(0) += 1;
            }
        }
    }
    for (name, dist) in &a {
        homogeneous(name, dist, &b[name]);
    }
}

/// A biased sampler fails the same test: the check has teeth.
#[test]
#[should_panic(expected = "chi-square")]
fn the_homogeneity_test_catches_a_bias() {
    let mut g = Generator::new(RngKind::Counter, 3, &Predeal::new());
    let mut a: BTreeMap<i64, u64> = BTreeMap::new();
    let mut b: BTreeMap<i64, u64> = BTreeMap::new();
    for _ in 0..40_000 {
        let d = g.next_deal();
        let hcp = d.hand(Seat::North).high_card_points() as i64;
        *a.entry(hcp).or_insert(0) += 1;
        // Skew: drop a tenth of North's 10-point hands from the second sample.
        let d2 = g.next_deal();
        let h2 = d2.hand(Seat::North).high_card_points() as i64;
        if h2 != 10 || g.generated() % 10 != 0 {
            *b.entry(h2).or_insert(0) += 1;
        }
    }
    homogeneous("skewed north hcp", &a, &b);
}

/// Shapes alone (no points: zero weights), as for dealer's `predeal spades(north)==1`
/// turned into a condition: stacked dealing and rejection agree, with the dealer generator
/// driving the stacked deals.
#[test]
fn shape_only_stacking_matches_rejection() {
    let mut predeal = Predeal::new();
    predeal
        .require_length(Seat::North, Suit::Spades, 1)
        .unwrap();
    predeal.add(Seat::East, card("S9")).unwrap();
    let shapes = predeal.length_shapes(Seat::North);
    let st = Stacking::new(Seat::North, &shapes, [0; 13], 0..=0, &predeal).expect("stackable");
    let accept = |d: &Deal| shapes.contains_hand(d.hand(Seat::North));
    let n = 40_000;
    let mut stacked = Generator::new(RngKind::Dealer, 21, &predeal).with_stacking(st);
    let mut plain = Generator::new(RngKind::Counter, 22, &predeal);
    let mut a: BTreeMap<&str, BTreeMap<i64, u64>> = BTreeMap::new();
    let mut b: BTreeMap<&str, BTreeMap<i64, u64>> = BTreeMap::new();
    for _ in 0..n {
        let d = stacked.next_deal();
        assert!(accept(&d) && d.hand(Seat::East).contains(card("S9")));
        for (k, v) in features(&d) {
            *a.entry(k).or_default().entry(v).or_insert(0) += 1;
        }
    }
    let mut produced = 0;
    while produced < n {
        let d = plain.next_deal();
        if accept(&d) {
            produced += 1;
            for (k, v) in features(&d) {
                *b.entry(k).or_default().entry(v).or_insert(0) += 1;
            }
        }
    }
    for (name, dist) in &a {
        if name != &"north spades" {
            homogeneous(name, dist, &b[name]);
        }
    }
}
