//! Random bits for dealing: the source trait, a counter-keyed stream, and unbiased bounded
//! draws.

use super::glibc_rand::GlibcRand;

/// A source of random 64-bit words, with unbiased draws below a bound.
pub trait RandomBits {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A uniform integer in `0..n` (`n > 0`) from the 32 bits `x`, by Lemire's
    /// multiply-and-reject method (drawing more bits only when `x` falls in the rejected zone).
    #[inline]
    fn below_from(&mut self, mut x: u32, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = x as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                x = self.next_u64() as u32;
                m = x as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform integer in `0..n` (`n > 0`).
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        let x = self.next_u64() as u32;
        self.below_from(x, n)
    }

    /// A uniform integer in `0..n` (`n > 0`), for 64-bit bounds.
    #[inline]
    fn below_u64(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let mut m = self.next_u64() as u128 * n as u128;
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = self.next_u64() as u128 * n as u128;
            }
        }
        (m >> 64) as u64
    }

    /// Shuffles `cards` uniformly (Fisher-Yates from the last position down), two bounded
    /// draws per 64-bit word.
    #[inline]
    fn shuffle(&mut self, cards: &mut [u8]) {
        self.shuffle_tail(cards, cards.len());
    }

    /// The first steps of [`RandomBits::shuffle`]: enough to fix the last `m` positions,
    /// which then hold what the whole shuffle would put there (the same draws, in the same
    /// order); the other positions are left part-shuffled.
    #[inline]
    fn shuffle_tail(&mut self, cards: &mut [u8], m: usize) {
        let stop = cards.len().saturating_sub(m);
        let mut i = cards.len();
        while i >= 3 && i > stop {
            let x = self.next_u64();
            let j = self.below_from(x as u32, i as u32) as usize;
            cards.swap(i - 1, j);
            let j = self.below_from((x >> 32) as u32, (i - 1) as u32) as usize;
            cards.swap(i - 2, j);
            i -= 2;
        }
        if i == 2 && stop < 2 {
            let j = self.below(2) as usize;
            cards.swap(1, j);
        }
    }
}

/// Stafford's "mix13" finaliser: a bijection of 64-bit words that scrambles every bit.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// A SplitMix64 stream started at a point that depends only on a key and an index: the
/// random bits of one deal of the counter-based generator.
#[derive(Clone, Debug)]
pub struct KeyedStream(u64);

impl KeyedStream {
    /// The stream of `index` under `key` (distinct indices give distinct starting points).
    #[inline]
    pub fn new(key: u64, index: u64) -> KeyedStream {
        KeyedStream(mix64(
            key.wrapping_add(index.wrapping_mul(0xD1B5_4A32_D192_ED03)),
        ))
    }
}

impl RandomBits for KeyedStream {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix64(self.0)
    }
}

impl RandomBits for GlibcRand {
    /// Three `rand()` calls (31 + 31 + 2 bits).
    fn next_u64(&mut self) -> u64 {
        let a = self.next() as u64;
        let b = self.next() as u64;
        let c = self.next() as u64;
        a << 33 ^ b << 2 ^ (c & 3)
    }
}
