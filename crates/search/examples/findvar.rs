use ddsolve_cards::DealRng;
use ddsolve_search::{Config, Solver};
use ddsolve_testkit::oracle;
fn main() {
    let mut rng = DealRng::new(7);
    let cfg = Config {
        verify_tt_cards: 52,
        ..Config::default()
    };
    for i in 0..200000 {
        let n = 3 + (i % 4) as u32;
        let pos = oracle::random_ending_of(&mut rng, n);
        let p2 = pos.clone();
        let r = std::panic::catch_unwind(move || {
            let mut s = Solver::with_config(cfg);
            s.tricks(&p2)
        });
        if r.is_err() {
            println!("at {i}: {pos:?}");
            return;
        }
    }
}
