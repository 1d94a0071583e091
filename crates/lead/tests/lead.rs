//! The lead and single-dummy analyses: values equal to cold solves, the same samples for any
//! number of threads and any method, the sampler true to what was seen and unbiased.

use ddsolve::SolverBuilder;
use ddsolve_cards::{Card, Deal, Hand, Position, Seat, Side, Suit};
use ddsolve_lead::analysis::card_stats;
use ddsolve_lead::sample::Counts;
use ddsolve_lead::{
    analyse_leads, analyse_single_dummy, parse_contract, parse_seat_hand, Deals, Known,
    LeadProblem, Method, RunOptions, Sampler, SdError, SdProblem,
};

fn problem() -> LeadProblem {
    let (_, hand) = parse_seat_hand("W:KQ3.J92.T8763.A4").unwrap();
    LeadProblem {
        hand,
        contract: parse_contract("3NTS").unwrap(),
        vulnerable: false,
    }
}

fn options(threads: usize, method: Method) -> RunOptions {
    RunOptions {
        threads,
        tt_memory_mb: 16,
        method,
        deadline: None,
    }
}

fn sampled(count: u64, seed: u64) -> Deals<'static> {
    Deals::Sampled {
        count,
        seed,
        filter: None,
        max_tries: 1_000,
    }
}

/// The defence's tricks after `lead` on `deal`, from a fresh solver.
fn cold_value(problem: &LeadProblem, deal: &Deal, lead: Card) -> u8 {
    let mut pos = problem.position(deal);
    pos.play(lead).unwrap();
    let mut solver = SolverBuilder::new().tt_memory_mb(16).build();
    // After the lead declarer's side is to play: the defence takes the rest.
    13 - solver.tricks(&pos)
}

#[test]
fn lead_values_equal_cold_solves() {
    let p = problem();
    let a = analyse_leads(&p, sampled(6, 7), &options(2, Method::Warm), &mut |_| {}).unwrap();
    assert_eq!(a.cards.len(), 13);
    for sample in a.samples.iter().take(3) {
        assert_eq!(sample.deal.hand(Seat::West), p.hand);
        for (card, &tricks) in a.cards.iter().zip(&sample.tricks) {
            assert_eq!(tricks, cold_value(&p, &sample.deal, *card), "{card}");
        }
    }
}

#[test]
fn every_method_and_thread_count_gives_the_same_samples() {
    let p = problem();
    let base = analyse_leads(&p, sampled(5, 3), &options(1, Method::Warm), &mut |_| {}).unwrap();
    for (threads, method) in [
        (2, Method::Warm),
        (2, Method::WarmEachCard),
        (1, Method::Cold),
    ] {
        let other =
            analyse_leads(&p, sampled(5, 3), &options(threads, method), &mut |_| {}).unwrap();
        let deals = |a: &ddsolve_lead::Analysis| {
            a.samples
                .iter()
                .map(|s| (s.deal, s.tricks.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(deals(&base), deals(&other), "{threads} {method:?}");
        assert_eq!(base.stats, other.stats);
    }
}

#[test]
fn warm_searches_fewer_nodes_than_cold() {
    let p = problem();
    let warm = analyse_leads(
        &p,
        sampled(4, 11),
        &options(1, Method::WarmEachCard),
        &mut |_| {},
    )
    .unwrap();
    let cold = analyse_leads(&p, sampled(4, 11), &options(1, Method::Cold), &mut |_| {}).unwrap();
    assert!(warm.nodes < cold.nodes, "{} {}", warm.nodes, cold.nodes);
}

#[test]
fn given_deals_must_agree_with_the_hand() {
    let p = problem();
    let good = sampled_deals(&p, 2);
    let a = analyse_leads(
        &p,
        Deals::Given(&good),
        &options(1, Method::Warm),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(a.samples.len(), 2);
    assert_eq!(a.tried, 2);
    let other: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
        .parse()
        .unwrap();
    let err = analyse_leads(
        &p,
        Deals::Given(&[good[0], other]),
        &options(1, Method::Warm),
        &mut |_| {},
    )
    .unwrap_err();
    assert!(err.to_string().starts_with("deal 2 ("), "{err}");
    assert!(
        err.to_string()
            .contains("W's hand must hold KQ3.J92.T8763.A4"),
        "{err}"
    );
}

fn sampled_deals(p: &LeadProblem, n: u64) -> Vec<Deal> {
    Sampler::new(&p.known().unwrap(), 99, 1000)
        .unwrap()
        .collect(n, None)
        .unwrap()
}

#[test]
fn the_filter_is_applied_and_progress_comes_in_order() {
    let p = problem();
    let strong = |d: &Deal| d.hand(Seat::South).high_card_points() >= 15;
    let deals = Deals::Sampled {
        count: 4,
        seed: 5,
        filter: Some(&strong),
        max_tries: 100_000,
    };
    let mut seen = Vec::new();
    let a = analyse_leads(&p, deals, &options(2, Method::Warm), &mut |s| {
        seen.push(s.deal)
    })
    .unwrap();
    assert!(a.tried >= 4);
    assert_eq!(seen, a.samples.iter().map(|s| s.deal).collect::<Vec<_>>());
    assert!(a.samples.iter().all(|s| strong(&s.deal)));
}

#[test]
fn groups_and_statistics_of_a_hand_made_matrix() {
    // Three cards over two samples (defence's tricks): SA and SK equal on both, H2 not.
    let cards: Vec<Card> = ["SA", "SK", "H2"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
        .parse()
        .unwrap();
    let samples = vec![
        ddsolve_lead::SampleValues {
            deal,
            tricks: vec![5, 5, 3],
            nodes: 0,
        },
        ddsolve_lead::SampleValues {
            deal,
            tricks: vec![4, 4, 4],
            nodes: 0,
        },
    ];
    let contract = parse_contract("3NTS").unwrap();
    let stats = card_stats(&cards, &samples, Side::EastWest, &contract, false);
    assert_eq!(stats.len(), 2);
    let (a, b) = (&stats[0], &stats[1]);
    assert_eq!(a.cards, cards[..2]);
    // SA/SK: 5 and 4 tricks (mean 4.5, SE 0.5); 3NT one down (+50) then made (-400).
    assert_eq!((a.tricks.mean, a.tricks.se), (4.5, 0.5));
    assert_eq!(a.success.mean, 0.5);
    assert_eq!(a.score.mean, (50.0 - 400.0) / 2.0);
    // Against H2: +50 vs -400 (+450, 10 IMPs), then equal (0): mean 5, SE 5.
    assert_eq!((a.imps.mean, a.imps.se), (5.0, 5.0));
    assert_eq!(a.matchpoints.mean, 0.75);
    assert_eq!(a.best.mean, 1.0);
    assert_eq!(b.cards, cards[2..]);
    assert_eq!(
        (b.imps.mean, b.matchpoints.mean, b.best.mean),
        (-5.0, 0.25, 0.5)
    );
    assert_eq!(b.success.mean, 0.0);
}

/// 4S by South as South sees it, after the cards of `played`.
fn sd_problem(played: &str) -> SdProblem {
    let (_, hand) = parse_seat_hand("S:AQJ94.K32.A52.A4").unwrap();
    let (_, dummy) = parse_seat_hand("N:KT853.A54.K43.73").unwrap();
    SdProblem {
        viewer: Seat::South,
        hand,
        dummy,
        contract: parse_contract("4SS").unwrap(),
        vulnerable: true,
        played: ddsolve_cards::parse_card_list(played).unwrap(),
    }
}

#[test]
fn single_dummy_samples_respect_what_was_seen() {
    // Trick 1: West leads CK, North C3, East C2, South CA. Trick 2: South leads H2 and West
    // shows out with D6; North (dummy) to play.
    let p = sd_problem("CK C3 C2 CA H2 D6");
    let seen = p.seen().unwrap();
    assert_eq!(seen.to_play, Seat::North);
    assert!(seen.known.has_shown_out(Seat::West, Suit::Hearts));
    let a =
        analyse_single_dummy(&p, sampled(6, 2), &options(2, Method::Warm), &mut |_| {}).unwrap();
    // North's hearts are the legal cards: A5 4 -> HA, H5, H4.
    assert_eq!(
        a.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        ["HA", "H5", "H4"]
    );
    for s in &a.samples {
        let west = s.deal.hand(Seat::West);
        assert!(west.suit(Suit::Hearts).is_empty(), "{}", s.deal.to_pbn());
        assert!(west.contains("CK".parse().unwrap()) && west.contains("D6".parse().unwrap()));
        assert!(s.deal.hand(Seat::East).contains("C2".parse().unwrap()));
        assert_eq!(s.deal.hand(Seat::South), p.hand);
        assert_eq!(s.deal.hand(Seat::North), p.dummy);
        // Each card's value is declarer's tricks in all: a cold solve agrees.
        for (card, &t) in a.cards.iter().zip(&s.tricks) {
            let mut pos: Position = p.position(&s.deal);
            pos.play(*card).unwrap();
            let mut solver = SolverBuilder::new().tt_memory_mb(16).build();
            let v = solver.tricks(&pos);
            let ns = if pos.to_play().side() == Side::NorthSouth {
                v
            } else {
                pos.tricks_left() as u8 - v
            };
            assert_eq!(t, pos.tricks_won(Side::NorthSouth) as u8 + ns, "{card}");
        }
    }
}

#[test]
fn single_dummy_errors_name_the_problem() {
    let err = sd_problem("CK C3 C2 S4").seen().unwrap_err();
    assert!(matches!(err, SdError::BadCard { number: 4, .. }), "{err}");
    assert!(
        err.to_string().contains("holds a card of the suit led"),
        "{err}"
    );
    let err = sd_problem("CK C3 C2 CA ST").seen().unwrap_err();
    assert!(err.to_string().contains("it is in N's hand"), "{err}");
    let err = sd_problem("CK C3").seen().unwrap_err();
    assert_eq!(
        err.to_string(),
        "after the cards played it is E's turn, a hand S does not play"
    );
    let mut p = sd_problem("");
    p.viewer = Seat::North;
    assert!(matches!(p.seen(), Err(SdError::ViewerIsDummy(Seat::North))));
}

#[test]
fn the_sampler_is_uniform_over_the_layouts() {
    // North and South known, East and West hold all but four cards known: the four unseen
    // cards split two and two in C(4,2) = 6 equally likely ways.
    let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
        .parse()
        .unwrap();
    let mut known = Known::new();
    known.add_hand(Seat::North, deal.hand(Seat::North)).unwrap();
    known.add_hand(Seat::South, deal.hand(Seat::South)).unwrap();
    let unseen: Vec<Card> = ["S8", "S7", "HA", "SA"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    for seat in [Seat::East, Seat::West] {
        for c in deal.hand(seat).iter().filter(|c| !unseen.contains(c)) {
            known.add_card(seat, c).unwrap();
        }
    }
    let sampler = Sampler::new(&known, 4, 100_000).unwrap();
    let n = 6000u64;
    let counts = Counts::default();
    let mut layouts = std::collections::HashMap::<Hand, u64>::new();
    for d in sampler.deals(n, None, &counts) {
        *layouts
            .entry(d.hand(Seat::East) - known.hands()[Seat::East])
            .or_default() += 1;
    }
    assert_eq!(counts.accepted(), n);
    assert_eq!(layouts.len(), 6);
    // Each layout 1000 times on average, binomial SD sqrt(6000 * 1/6 * 5/6) = 28.9.
    for (hand, count) in layouts {
        assert!(
            (count as f64 - 1000.0).abs() < 4.0 * 28.9,
            "{hand}: {count}"
        );
    }
}

#[test]
fn shown_out_suits_keep_the_other_splits_hypergeometric() {
    // South and North known (26 cards); West showed out of hearts: East holds the unseen
    // hearts; of the 21 other unseen cards East gets 13 - hearts, West 13. The spade split
    // is hypergeometric over those slots.
    let p = sd_problem("");
    let mut known = Known::new();
    known.add_hand(Seat::South, p.hand).unwrap();
    known.add_hand(Seat::North, p.dummy).unwrap();
    known.show_out(Seat::West, Suit::Hearts);
    let sampler = Sampler::new(&known, 8, 100_000).unwrap();
    let n = 20_000u64;
    let hearts = 13 - (p.hand | p.dummy).suit(Suit::Hearts).len() as u64; // 7 unseen
    let spades = 13 - (p.hand | p.dummy).suit(Suit::Spades).len() as u64; // 3 unseen
    let east_slots = 13 - hearts; // 6 other cards for East of 26 - 7 = 19
    let others = 26 - hearts;
    let mut by_k = vec![0u64; spades as usize + 1];
    for d in sampler.collect(n, None).unwrap() {
        assert_eq!(d.hand(Seat::East).suit(Suit::Hearts).len() as u64, hearts);
        by_k[d.hand(Seat::East).suit(Suit::Spades).len() as usize] += 1;
    }
    let choose = |n: u64, k: u64| -> f64 {
        (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
    };
    for k in 0..=spades {
        if k > east_slots {
            continue;
        }
        let prob = choose(spades, k) * choose(others - spades, east_slots - k)
            / choose(others, east_slots);
        let sd = (n as f64 * prob * (1.0 - prob)).sqrt();
        let got = by_k[k as usize] as f64;
        assert!(
            (got - n as f64 * prob).abs() < 4.0 * sd + 1.0,
            "k {k}: {got} vs {}",
            n as f64 * prob
        );
    }
}
