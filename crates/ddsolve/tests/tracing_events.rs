//! The search's `tracing` diagnostics, captured by a layer of our own: one `solve` span and
//! one debug event per solve, whose counts add up to the solver's own statistics
//! (`Solver::nodes`, `Solver::trick_nodes`, `Solver::tt_stats`, `Solver::search_stats`);
//! the trace-level events per depth add up to the same totals; a batch item has its span;
//! and logging changes no answer and no node count.

use ddsolve::search::{Counter, SearchStats};
use ddsolve::{
    solve_tables, Deal, Position, Seat, Solutions, Solver, SolverBuilder, Strain, Target, TtKind,
};
use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::{Arc, Mutex};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::Layer;

const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

/// The fields of an event or span: numbers as numbers, everything else as text.
#[derive(Clone, Debug, Default)]
struct Fields {
    numbers: HashMap<String, u64>,
    texts: HashMap<String, String>,
}

impl Visit for Fields {
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.numbers.insert(field.name().to_string(), value);
    }
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.numbers.insert(
            field.name().to_string(),
            u64::try_from(value).expect("a count"),
        );
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.texts
            .insert(field.name().to_string(), value.to_string());
    }
    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        self.texts
            .insert(field.name().to_string(), format!("{value:?}"));
    }
}

/// A captured event: its level, its fields and the spans around it (innermost first, each
/// with its name and fields).
#[derive(Clone, Debug)]
struct Captured {
    level: Level,
    fields: Fields,
    spans: Vec<(String, Fields)>,
}

impl Captured {
    fn message(&self) -> &str {
        self.fields.texts.get("message").map_or("", String::as_str)
    }
    fn n(&self, name: &str) -> u64 {
        *self
            .fields
            .numbers
            .get(name)
            .unwrap_or_else(|| panic!("no field {name} in {self:?}"))
    }
    fn span(&self, name: &str) -> Option<&Fields> {
        self.spans.iter().find(|(n, _)| n == name).map(|(_, f)| f)
    }
}

/// The layer: keeps each span's fields in its extensions and every event with its spans.
#[derive(Clone, Default)]
struct Collect(Arc<Mutex<Vec<Captured>>>);

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Collect {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(fields);
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let spans = ctx
            .event_scope(event)
            .map(|scope| {
                scope
                    .map(|span| {
                        let f = span.extensions().get::<Fields>().cloned();
                        (span.name().to_string(), f.unwrap_or_default())
                    })
                    .collect()
            })
            .unwrap_or_default();
        self.0.lock().unwrap().push(Captured {
            level: *event.metadata().level(),
            fields,
            spans,
        });
    }
}

/// Runs `f` with the layer listening at `level`; returns its result and the events.
fn capture<R>(level: LevelFilter, f: impl FnOnce() -> R) -> (R, Vec<Captured>) {
    let collect = Collect::default();
    let subscriber = tracing_subscriber::registry().with(collect.clone().with_filter(level));
    let r = tracing::subscriber::with_default(subscriber, f);
    let events = collect.0.lock().unwrap().clone();
    (r, events)
}

fn solved(events: &[Captured]) -> Vec<&Captured> {
    events.iter().filter(|e| e.message() == "solved").collect()
}

/// The sum of field `name` over `events`.
fn sum(events: &[&Captured], name: &str) -> u64 {
    events.iter().map(|e| e.n(name)).sum()
}

/// The event fields that repeat a [`Counter`] total.
fn check_counters(events: &[&Captured], stats: &SearchStats) {
    for c in Counter::ALL {
        assert_eq!(sum(events, c.name()), stats.total(c), "{c}");
    }
    assert_eq!(sum(events, "nodes"), stats.nodes);
    assert_eq!(sum(events, "searches"), stats.searches);
}

#[test]
fn the_debug_events_of_a_table_add_up_to_the_solvers_statistics() {
    let deal: Deal = DEAL.parse().unwrap();
    // The flat table counts its own probes, hits and stores: the events must agree.
    let mut solver = SolverBuilder::new().tt(TtKind::Flat).build();
    let (table, events) = capture(LevelFilter::DEBUG, || solver.table(&deal));
    assert_eq!(table, Solver::new().table(&deal));
    let solves = solved(&events);
    assert_eq!(solves.len(), 20, "one event per strain and leader");
    assert!(solves.iter().all(|e| e.level == Level::DEBUG));
    assert!(
        events.iter().all(|e| e.level <= Level::DEBUG),
        "no trace events at debug level"
    );

    let stats = solver.search_stats();
    check_counters(&solves, stats);
    assert_eq!(sum(&solves, "nodes"), solver.nodes());
    assert_eq!(sum(&solves, "trick_nodes"), solver.trick_nodes());
    let tt = solver.tt_stats();
    assert_eq!(sum(&solves, "tt_probes"), tt.total_probes());
    assert_eq!(sum(&solves, "tt_hits"), tt.total_hits());
    assert_eq!(
        sum(&solves, "tt_stores"),
        tt.total_stores() + tt.merges + tt.dropped
    );
    assert_eq!(sum(&solves, "tt_evictions"), tt.evictions);
    // Every table cutoff is a hit; every solve searched and cut off somewhere.
    assert!(stats.total(Counter::Table) <= stats.total(Counter::TtHits));
    assert!(solves
        .iter()
        .all(|e| e.n("searches") >= 1 && e.n("nodes") > 0));
    assert!(stats.total(Counter::QuickTricks) > 0 && stats.total(Counter::LaterTricks) > 0);

    // Each event sits in its solve's span, which names the deal, strain, leader and driver.
    let mut seen = Vec::new();
    for e in &solves {
        let span = e.span("solve").expect("inside a solve span");
        assert_eq!(span.texts["deal"], DEAL);
        assert_eq!(span.texts["driver"], "Mtdf");
        seen.push((span.texts["strain"].clone(), span.texts["leader"].clone()));
    }
    assert_eq!(seen[0], ("NT".to_string(), "N".to_string()));
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 20, "every strain and leader once");
}

#[test]
fn evictions_are_reported_by_the_default_table() {
    // A freak deal (from `freak-seed11-24.tsv`) in the smallest table: entries are evicted
    // within one solve (diamonds, West leading: some 22,000 with 32-byte entries).
    let deal: Deal = "N:.JT962.KT.AQT987 T9765432.K3..J52 KJ.AQ8754.A5432. AQ8..QJ9876.K643"
        .parse()
        .unwrap();
    let mut solver = SolverBuilder::new().tt_memory_mb(1).build();
    let pos = Position::new(deal, Strain::Diamonds, Seat::West);
    let (_, events) = capture(LevelFilter::DEBUG, || solver.tricks(&pos));
    let solves = solved(&events);
    assert_eq!(solves.len(), 1);
    check_counters(&solves, solver.search_stats());
    let evictions = solver.tt_stats().evictions;
    assert!(evictions > 0, "a 1 MB table evicts on this deal");
    assert_eq!(sum(&solves, "tt_evictions"), evictions);
}

#[test]
fn the_trace_events_give_the_counts_per_depth() {
    let deal: Deal = DEAL.parse().unwrap();
    let pos = Position::new(deal, Strain::Spades, Seat::West);
    let mut solver = Solver::new();
    let (tricks, events) = capture(LevelFilter::TRACE, || solver.tricks(&pos));
    assert_eq!(tricks, 8);
    let depths: Vec<&Captured> = events.iter().filter(|e| e.message() == "depth").collect();
    assert!(depths.iter().all(|e| e.level == Level::TRACE));
    let stats = solver.search_stats();
    assert_eq!(
        depths
            .iter()
            .map(|e| e.n("depth") as usize)
            .collect::<Vec<_>>(),
        stats.depths().collect::<Vec<_>>()
    );
    assert_eq!(depths[0].n("depth"), 52, "the root first");
    for c in Counter::ALL {
        assert_eq!(sum(&depths, c.name()), stats.total(c), "{c}");
        for e in &depths {
            assert_eq!(e.n(c.name()), stats.at_depth(c, e.n("depth") as usize));
        }
    }
    assert_eq!(solved(&events).len(), 1);
}

#[test]
fn logging_changes_no_answer_and_no_node_count() {
    let deal: Deal = DEAL.parse().unwrap();
    let pos = Position::new(deal, Strain::NoTrump, Seat::East);
    let run = || {
        let mut solver = Solver::new();
        let table = solver.table(&deal);
        let cards = solver.solve(&pos, Target::Max, Solutions::All).unwrap();
        (table, cards, solver.nodes(), solver.search_stats().clone())
    };
    let (quiet, none) = capture(LevelFilter::INFO, run);
    assert!(none.is_empty(), "nothing at info level: {none:?}");
    let (loud, events) = capture(LevelFilter::TRACE, run);
    assert_eq!(quiet, loud);
    // 20 solves for the table, one for the cards of the position.
    assert_eq!(solved(&events).len(), 21);
    let last = solved(&events)[20];
    let span = last.span("solve").unwrap();
    assert_eq!(
        (span.texts["strain"].as_str(), span.texts["leader"].as_str()),
        ("NT", "E")
    );
    // Solutions::All tests every lead: one driver run per card, several searches each.
    assert!(last.n("searches") >= 11);
}

#[test]
fn a_batch_item_has_its_span() {
    let deals: Vec<Deal> = [DEAL, "N:AKQ.AK.. 432.32.. JT9.QJ.. 876.T9.."]
        .iter()
        .map(|d| d.parse().unwrap())
        .collect();
    let (tables, events) = capture(LevelFilter::DEBUG, || solve_tables(&deals, 1));
    assert_eq!(tables.len(), 2);
    let items: Vec<u64> = solved(&events)
        .iter()
        .map(|e| e.span("item").expect("inside an item span").numbers["index"])
        .collect();
    // The second deal holds no diamond or club: its clubs row is its diamonds row renamed
    // (`table_sources`), so 16 solves.
    assert_eq!(items, [vec![0u64; 20], vec![1; 16]].concat());
}
