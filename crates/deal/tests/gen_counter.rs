//! The counter-based generator, predeal checks, shape sets and the stacking tables' exact
//! counts.

use ddsolve_cards::{Card, Hand, Seat, Suit};
use ddsolve_deal::gen::{
    Generator, NoStacking, Predeal, PredealError, RngKind, ShapeSet, Stacking, Swapping,
};

const HCP: [u8; 13] = [4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

#[test]
fn counter_deals_depend_only_on_seed_and_index() {
    let p = Predeal::new();
    let mut g = Generator::new(RngKind::Counter, 99, &p);
    let seq: Vec<_> = (0..50).map(|_| g.next_deal()).collect();
    assert_eq!(g.generated(), 50);
    let h = Generator::new(RngKind::Counter, 99, &p);
    // Any order, any thread: deal_at(i) is the i-th deal.
    for i in (0..50).rev() {
        assert_eq!(h.deal_at(i), Some(seq[i as usize]));
    }
    let c = h.counter().unwrap().clone();
    let from_threads: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2u64)
            .map(|t| {
                let c = c.clone();
                s.spawn(move || {
                    (t..50)
                        .step_by(2)
                        .map(|i| (i, c.deal_at(i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    for (i, d) in from_threads {
        assert_eq!(d, seq[i as usize]);
    }
    let other = Generator::new(RngKind::Counter, 100, &p);
    assert_ne!(other.deal_at(0), Some(seq[0]));
    assert_ne!(seq[0], seq[1]);
    assert_eq!(Generator::new(RngKind::Dealer, 99, &p).deal_at(0), None);
}

#[test]
fn counter_keeps_predealt_cards_and_swaps_like_dealer() {
    let mut p = Predeal::new();
    for c in ["SA", "SK", "HQ"] {
        p.add(Seat::North, card(c)).unwrap();
    }
    p.add(Seat::West, card("C2")).unwrap();
    let g = Generator::new(RngKind::Counter, 5, &p);
    for i in 0..1000 {
        let d = g.deal_at(i).unwrap();
        assert_eq!(
            d.hand(Seat::North).0 & p.hand(Seat::North).0,
            p.hand(Seat::North).0
        );
        assert!(d.hand(Seat::West).contains(card("C2")));
    }
    let g = Generator::new(RngKind::Counter, 5, &p).with_swapping(Swapping::EastSouthWest);
    let base = g.deal_at(6).unwrap();
    let (n, e, s, w) = (Seat::North, Seat::East, Seat::South, Seat::West);
    // -3: after the shuffle, E<->W, S<->W, E<->S, E<->W, S<->W, each on the last deal (the
    // hands East, South and West hold, by where they were after the shuffle; as dealer -3).
    let orders = [
        [e, s, w],
        [w, s, e],
        [w, e, s],
        [e, w, s],
        [s, w, e],
        [s, e, w],
    ];
    for (k, order) in orders.iter().enumerate() {
        let d = g.deal_at(6 + k as u64).unwrap();
        assert_eq!(d.hand(n), base.hand(n));
        for (seat, from) in [e, s, w].into_iter().zip(order) {
            assert_eq!(d.hand(seat), base.hand(*from), "step {k}");
        }
    }
}

#[test]
fn rand_and_rnd() {
    let p = Predeal::new();
    let mut g = Generator::new(RngKind::Counter, 1, &p);
    g.next_deal();
    let a = (g.rand(), g.rand());
    let c = g.counter().unwrap();
    assert_eq!(a, (c.rand_at(0, 0), c.rand_at(0, 1)));
    assert_ne!(a.0, a.1);
    for _ in 0..1000 {
        let r = g.rnd(10);
        assert!((0..10).contains(&r));
    }
    assert_eq!(ddsolve_deal::gen::rnd_from(10, 0x7fff_ffff), 9);
    assert_eq!(ddsolve_deal::gen::rnd_from(10, 0), 0);
}

#[test]
fn predeal_errors_are_dealers() {
    let mut p = Predeal::new();
    p.add(Seat::North, card("SA")).unwrap();
    let e = p.add(Seat::South, card("SA")).unwrap_err();
    assert_eq!(
        e,
        PredealError::CardTwice {
            card: card("SA"),
            holder: Seat::North
        }
    );
    assert_eq!(e.to_string(), "Card predealt twice");
    for c in [
        "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2",
    ] {
        p.add(Seat::North, card(c)).unwrap();
    }
    let e = p.add(Seat::North, card("HA")).unwrap_err();
    assert_eq!(e.to_string(), "More than 13 cards for one player");
    assert_eq!(p.cards_in_order().len(), 13);

    let mut p = Predeal::new();
    p.require_length(Seat::North, Suit::Spades, 5).unwrap();
    assert_eq!(
        p.require_length(Seat::North, Suit::Spades, 4)
            .unwrap_err()
            .to_string(),
        "North's Spade suit has length already set to 5"
    );
    p.require_length(Seat::South, Suit::Spades, 8).unwrap();
    assert_eq!(
        p.require_length(Seat::East, Suit::Spades, 1)
            .unwrap_err()
            .to_string(),
        "Too many Spades"
    );
    assert_eq!(
        p.require_length(Seat::West, Suit::Clubs, 14)
            .unwrap_err()
            .to_string(),
        "Suit lengths too long for West"
    );
    assert_eq!(p.length(Seat::North, Suit::Spades), Some(5));
    assert!(p.length_shapes(Seat::North).iter().all(|l| l[0] == 5));
    assert!(p.length_shapes(Seat::East).is_all());
}

#[test]
fn stacking_counts_are_exact() {
    let p = Predeal::new();
    let all = ShapeSet::all();
    let st = Stacking::build(Seat::North, &all, HCP, 0..=40, &p).unwrap();
    assert_eq!(st.hands(), 635_013_559_600); // C(52, 13)
    assert_eq!(st.fraction(), 1.0);
    // Not worth stacking when everything qualifies.
    assert!(Stacking::new(Seat::North, &all, HCP, 0..=40, &p).is_none());
    // Yarboroughs: 13 cards from the 36 spot cards.
    let yarb = Stacking::build(Seat::North, &all, HCP, 0..=0, &p).unwrap();
    assert_eq!(yarb.hands(), 2_310_789_600);
    // 4-4-4-1 with clubs short, any points: C(13,4)^3 * 13.
    let s4441 = ShapeSet::single([4, 4, 4, 1]).unwrap();
    let st = Stacking::build(Seat::North, &s4441, HCP, 0..=40, &p).unwrap();
    assert_eq!(st.hands(), 715u64.pow(3) * 13);
    // 37 points, against a count over the honours held.
    let top = Stacking::build(Seat::North, &all, HCP, 37..=37, &p).unwrap();
    assert_eq!(top.hands(), brute_force_count(37));
    assert_eq!(
        Stacking::build(Seat::North, &all, HCP, 38..=40, &p).unwrap_err(),
        NoStacking::Impossible
    );
}

/// Hands of 13 cards with exactly `points` hcp, counted by the honours held.
fn brute_force_count(points: u32) -> u64 {
    let mut n = 0u64;
    for honours in 0u32..1 << 16 {
        let k = honours.count_ones() as u64;
        if k > 13 {
            continue;
        }
        let hcp: u32 = (0..16)
            .filter(|i| honours >> i & 1 != 0)
            .map(|i| 4 - i % 4)
            .sum();
        if hcp == points {
            n += binomial(36, 13 - k);
        }
    }
    n
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn stacked_deals_satisfy_the_constraint_with_predeal() {
    let mut p = Predeal::new();
    for c in ["SA", "SK", "SQ", "HA", "HK"] {
        p.add(Seat::South, card(c)).unwrap();
    }
    p.add(Seat::West, card("DA")).unwrap();
    p.add(Seat::West, card("CA")).unwrap();
    let shapes = ShapeSet::from_pattern_any(&[Some(4), Some(4), Some(4), Some(1)]);
    let st = Stacking::new(Seat::South, &shapes, HCP, 22..=37, &p).unwrap();
    for kind in [RngKind::Counter, RngKind::Dealer] {
        let mut g = Generator::new(kind, 3, &p).with_stacking(st.clone());
        for _ in 0..2000 {
            let d = g.next_deal();
            let s = d.hand(Seat::South);
            assert!(shapes.contains_hand(s) && s.high_card_points() >= 22, "{d}");
            assert_eq!(s.0 & p.hand(Seat::South).0, p.hand(Seat::South).0);
            assert!(d.hand(Seat::West).contains(card("DA")));
            assert!(d.hand(Seat::West).contains(card("CA")));
        }
    }
    // A seat's own predealt cards count in its points and shape.
    let mut q = Predeal::new();
    for c in ["SA", "SK", "SQ", "SJ", "S2"] {
        q.add(Seat::North, card(c)).unwrap();
    }
    let no_five = ShapeSet::all() - ShapeSet::from_pattern(&[Some(5), None, None, None]);
    let st = Stacking::new(
        Seat::North,
        &ShapeSet::from_pattern(&[Some(5), None, None, None]),
        HCP,
        10..=10,
        &q,
    )
    .unwrap();
    let mut g = Generator::new(RngKind::Counter, 4, &q).with_stacking(st);
    for _ in 0..500 {
        let n: Hand = g.next_deal().hand(Seat::North);
        assert_eq!(n.high_card_points(), 10);
        assert!(!no_five.contains_hand(n));
    }
    assert_eq!(
        Stacking::build(Seat::North, &ShapeSet::EMPTY, HCP, 0..=40, &q).unwrap_err(),
        NoStacking::Impossible
    );
}

#[test]
fn first_seats_alone_are_the_whole_deals_seats() {
    let mut p = Predeal::new();
    p.add(Seat::East, card("SA")).unwrap();
    p.add(Seat::South, card("H2")).unwrap();
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let g = Generator::new(RngKind::Counter, 8, &p).with_deal_order(order);
    let c = g.counter().unwrap();
    for i in 0..300 {
        let d = c.deal_at(i);
        for seats in 0..=4 {
            let part = c.hands_at(i, seats);
            for (k, seat) in order.into_iter().enumerate() {
                let expected = if k < seats {
                    d.hand(seat)
                } else {
                    p.hand(seat)
                };
                assert_eq!(part[seat], expected, "deal {i}, {seats} seats, {seat}");
            }
        }
    }
    // With stacking, the stacked seat is always dealt.
    let shapes = ShapeSet::from_pattern_any(&[Some(4), Some(4), Some(4), Some(1)]);
    let st = Stacking::new(Seat::West, &shapes, HCP, 20..=37, &p).unwrap();
    let g = Generator::new(RngKind::Counter, 8, &p)
        .with_deal_order(order)
        .with_stacking(st);
    let c = g.counter().unwrap();
    for i in 0..300 {
        let d = c.deal_at(i);
        let part = c.hands_at(i, 1);
        assert_eq!(part[Seat::West], d.hand(Seat::West));
        assert_eq!(part[Seat::South], d.hand(Seat::South));
        assert_eq!(part[Seat::North], p.hand(Seat::North));
    }
}

#[test]
fn a_fully_predealt_pack_deals_itself() {
    let d: ddsolve_cards::Deal =
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
            .parse()
            .unwrap();
    let mut p = Predeal::new();
    for seat in Seat::ALL {
        for c in d.hand(seat).iter() {
            p.add(seat, c).unwrap();
        }
    }
    for kind in [RngKind::Dealer, RngKind::Counter] {
        let mut g = Generator::new(kind, 1, &p);
        for _ in 0..3 {
            assert_eq!(g.next_deal(), d);
        }
    }
    assert!(ddsolve_deal::gen::time_seed() > 1_600_000_000);
}
