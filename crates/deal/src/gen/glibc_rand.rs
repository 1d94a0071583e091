//! glibc's `srand`/`rand`: the TYPE_3 additive feedback generator that Debian's `dealer`
//! shuffles with, reproduced bit for bit.
//!
//! The state is 34 words: `srand(seed)` fills `r[0..31]` from the seed with the
//! Park-Miller "minimal standard" generator (multiplier 16807, modulus 2^31 - 1, computed with
//! Schrage's method on signed 32-bit words, as glibc does), copies `r[0..3]` after them, and
//! discards 310 outputs. Each output is `r[i] = r[i-3] + r[i-31]` (mod 2^32), returned shifted
//! right by one bit (31 random bits). A seed of 0 is taken as 1, as glibc does.

/// glibc's `rand()` after `srand(seed)`.
#[derive(Clone, Debug)]
pub struct GlibcRand {
    /// The last 34 words of the sequence, as a ring indexed by `pos`.
    r: [u32; 34],
    /// The index (mod 34) of the next word to compute.
    pos: usize,
}

impl GlibcRand {
    /// The generator after `srand(seed)`. `srand` takes an `unsigned int`: only the low 32 bits
    /// of a wider seed count, as when dealer passes its `long` seed.
    pub fn new(seed: u32) -> GlibcRand {
        let seed = if seed == 0 { 1 } else { seed };
        let mut r = [0u32; 34];
        r[0] = seed;
        // glibc keeps the word as int32_t: a seed above 2^31 is negative here, and C's
        // division truncates toward zero, as Rust's does.
        let mut word = seed as i32;
        for slot in r.iter_mut().take(31).skip(1) {
            let hi = word / 127_773;
            let lo = word % 127_773;
            word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            *slot = word as u32;
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut g = GlibcRand { r, pos: 0 };
        for _ in 0..310 {
            g.next_word();
        }
        g
    }

    #[inline]
    fn next_word(&mut self) -> u32 {
        // r[i] = r[i-31] + r[i-3]: in a ring of 34, i-31 is i+3 and i-3 is i+31.
        let i = self.pos;
        let a = self.r[if i + 3 >= 34 { i + 3 - 34 } else { i + 3 }];
        let b = self.r[if i + 31 >= 34 { i + 31 - 34 } else { i + 31 }];
        let v = a.wrapping_add(b);
        self.r[i] = v;
        self.pos = if i + 1 == 34 { 0 } else { i + 1 };
        v
    }

    /// The next `rand()`: 31 random bits, 0..=`RAND_MAX` (2^31 - 1).
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u32 {
        self.next_word() >> 1
    }
}

/// glibc's `RAND_MAX`.
pub const RAND_MAX: u32 = 0x7fff_ffff;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_outputs_of_seed_1_are_glibcs() {
        // glibc: srand(1); rand() x 5.
        let mut g = GlibcRand::new(1);
        let got: Vec<u32> = (0..5).map(|_| g.next()).collect();
        assert_eq!(
            got,
            [
                1_804_289_383,
                846_930_886,
                1_681_692_777,
                1_714_636_915,
                1_957_747_793
            ]
        );
    }

    #[test]
    fn wide_seeds_match_glibc() {
        let first3 = |seed| {
            let mut g = GlibcRand::new(seed);
            [g.next(), g.next(), g.next()]
        };
        assert_eq!(first3(42), [71_876_166, 708_592_740, 1_483_128_881]);
        assert_eq!(first3(u32::MAX), [254_925_627, 1_205_188_300, 366_127_624]);
        assert_eq!(
            first3(1 << 31),
            [1_336_741_213, 1_210_407_648, 1_447_044_896]
        );
    }

    #[test]
    fn seed_zero_is_seed_one() {
        let mut a = GlibcRand::new(0);
        let mut b = GlibcRand::new(1);
        for _ in 0..100 {
            assert_eq!(a.next(), b.next());
        }
    }
}
