//! Random endings solved in the verification mode until one fails: prints the first.
use ddsolve::{SearchConfig, SolverBuilder};
use ddsolve_cards::DealRng;
use ddsolve_testkit::oracle;
fn main() {
    let mut rng = DealRng::new(7);
    let cfg = SolverBuilder::new().search(SearchConfig {
        verify_tt_cards: 52,
        ..SearchConfig::default()
    });
    for i in 0..200000 {
        let n = 3 + (i % 4) as u32;
        let pos = oracle::random_ending_of(&mut rng, n);
        let p2 = pos.clone();
        let r = std::panic::catch_unwind(move || {
            let mut s = cfg.build();
            s.tricks(&p2)
        });
        if r.is_err() {
            println!("at {i}: {pos:?}");
            return;
        }
    }
}
