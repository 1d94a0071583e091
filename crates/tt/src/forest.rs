use crate::pattern::{absolute_win_ranks, relative_counts};
use crate::{Pattern, TranspositionTable, TtHit, TtKey, TtStats};
use ahash::AHashMap;
use ddsolve_cards::{Card, Hand, SeatMap};

const NONE: u32 = u32::MAX;

/// A "winning cards node" (paper, 7.3): the owners of the top relative ranks of one suit.
#[derive(Clone, Copy, Debug)]
struct WinNode {
    /// Which 2-bit owner slots of the suit's lane must match.
    mask: u32,
    /// The owners, already masked.
    owners: u32,
    /// The first node of the next suit's alternatives, or for clubs the set-of-positions node.
    next: u32,
    /// The next alternative node for this suit.
    alt: u32,
}

/// A "set of positions node": bounds on the tricks of the side on lead, the number of top
/// relative ranks that count per suit, and the best move.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    lower: u8,
    upper: u8,
    counts: [u8; 4],
    best: Option<Card>,
}

/// The winning-rank transposition-table forest of Haglund's paper (chapter 7).
///
/// Roots per (tricks left, hand on lead); below each, a hash map from the suit-lengths key to
/// a tree of winning-cards nodes, one level per suit with alternatives, ending in
/// set-of-positions nodes that hold the bounds. Memory is capped: when a store would pass
/// the limit, the table is cleared first.
#[derive(Debug)]
pub struct TtForest {
    roots: Vec<AHashMap<u64, u32>>,
    nodes: Vec<WinNode>,
    leaves: Vec<Leaf>,
    limit_bytes: usize,
    resets: u64,
    map_entries: usize,
}

const MAP_ENTRY_BYTES: usize = 24;

impl TtForest {
    /// An empty table that never uses more than `limit_mb` megabytes (at least 1).
    pub fn new(limit_mb: usize) -> TtForest {
        TtForest {
            roots: (0..14 * 4).map(|_| AHashMap::default()).collect(),
            nodes: Vec::new(),
            leaves: Vec::new(),
            limit_bytes: limit_mb.max(1) << 20,
            resets: 0,
            map_entries: 0,
        }
    }

    /// The memory limit in bytes.
    pub fn limit_bytes(&self) -> usize {
        self.limit_bytes
    }

    fn bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<WinNode>()
            + self.leaves.capacity() * std::mem::size_of::<Leaf>()
            + self.map_entries * MAP_ENTRY_BYTES
    }

    #[inline]
    fn root_index(key: &TtKey) -> usize {
        usize::from(key.tricks_left) * 4 + key.leader.index()
    }

    fn find(
        &self,
        mut node: u32,
        level: usize,
        lanes: &[u32; 4],
        tricks: u8,
    ) -> Option<(u32, bool)> {
        let lane = lanes[level];
        while node != NONE {
            let n = self.nodes[node as usize];
            if (lane & n.mask) == n.owners {
                if level == 3 {
                    let leaf = &self.leaves[n.next as usize];
                    if leaf.lower >= tricks {
                        return Some((n.next, true));
                    }
                    if leaf.upper < tricks {
                        return Some((n.next, false));
                    }
                } else if let Some(hit) = self.find(n.next, level + 1, lanes, tricks) {
                    return Some(hit);
                }
            }
            node = n.alt;
        }
        None
    }

    fn new_node(&mut self, mask: u32, owners: u32, alt: u32) -> u32 {
        self.nodes.push(WinNode {
            mask,
            owners,
            next: NONE,
            alt,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Grows the arenas in steps that keep the byte count under the limit; clears the table
    /// when it is full.
    fn make_room(&mut self) {
        let need_nodes = self.nodes.len() + 4;
        let need_leaves = self.leaves.len() + 1;
        let fits = |f: &TtForest, nodes_cap: usize, leaves_cap: usize| {
            nodes_cap * std::mem::size_of::<WinNode>()
                + leaves_cap * std::mem::size_of::<Leaf>()
                + (f.map_entries + 1) * MAP_ENTRY_BYTES
                <= f.limit_bytes
        };
        if need_nodes <= self.nodes.capacity() && need_leaves <= self.leaves.capacity() {
            if fits(self, self.nodes.capacity(), self.leaves.capacity()) {
                return;
            }
        } else {
            let nc = (self.nodes.capacity() * 2).max(need_nodes).max(1024);
            let lc = (self.leaves.capacity() * 2).max(need_leaves).max(256);
            if fits(self, nc, lc) {
                self.nodes.reserve_exact(nc - self.nodes.len());
                self.leaves.reserve_exact(lc - self.leaves.len());
                return;
            }
            // Doubling would pass the limit: grow to exactly what fits, if anything.
            let budget = self
                .limit_bytes
                .saturating_sub((self.map_entries + 1) * MAP_ENTRY_BYTES);
            let per = 4 * std::mem::size_of::<WinNode>() + std::mem::size_of::<Leaf>();
            let room = budget.saturating_sub(
                self.nodes.len() * std::mem::size_of::<WinNode>()
                    + self.leaves.len() * std::mem::size_of::<Leaf>(),
            ) / per;
            if room > 0 {
                self.nodes.reserve_exact(4 * room.clamp(1, 1 << 16) + 4);
                self.leaves.reserve_exact(room.clamp(1, 1 << 16) + 1);
                if fits(self, self.nodes.capacity(), self.leaves.capacity()) {
                    return;
                }
            }
        }
        self.clear_keep_nothing();
    }

    fn clear_keep_nothing(&mut self) {
        self.resets += 1;
        for r in &mut self.roots {
            *r = AHashMap::default();
        }
        self.nodes = Vec::new();
        self.leaves = Vec::new();
        self.map_entries = 0;
    }
}

impl TranspositionTable for TtForest {
    fn probe(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        hands: &SeatMap<Hand>,
        tricks: u8,
    ) -> Option<TtHit> {
        let root = *self.roots[Self::root_index(key)].get(&key.lengths)?;
        let lanes = [0, 1, 2, 3].map(|s| (pattern.0 >> (32 * s)) as u32);
        let (leaf, reached) = self.find(root, 0, &lanes, tricks)?;
        let leaf = self.leaves[leaf as usize];
        Some(TtHit {
            reached,
            bound: if reached { leaf.lower } else { leaf.upper },
            win: absolute_win_ranks(leaf.counts, hands),
            best: leaf.best,
        })
    }

    fn store(
        &mut self,
        key: &TtKey,
        pattern: &Pattern,
        win: Hand,
        hands: &SeatMap<Hand>,
        lower: u8,
        upper: u8,
        best: Option<Card>,
    ) {
        debug_assert!(lower <= upper, "stored bounds {lower}..{upper}");
        self.make_room();
        let counts = relative_counts(win, hands);
        let mask = Pattern::mask(counts);
        let lanes = [0, 1, 2, 3].map(|s| ((pattern.0 & mask) >> (32 * s)) as u32);
        let masks = [0, 1, 2, 3].map(|s| (mask >> (32 * s)) as u32);
        let ri = Self::root_index(key);
        let head = match self.roots[ri].get(&key.lengths) {
            Some(&h) => h,
            None => {
                let n = self.new_node(masks[0], lanes[0], NONE);
                self.roots[ri].insert(key.lengths, n);
                self.map_entries += 1;
                n
            }
        };
        // Walk down, following exact matches, creating what is missing.
        let mut level_head = head;
        let mut parent: Option<u32> = None;
        for level in 0..4 {
            let mut node = level_head;
            let mut found = NONE;
            while node != NONE {
                let n = self.nodes[node as usize];
                if n.mask == masks[level] && n.owners == lanes[level] {
                    found = node;
                    break;
                }
                node = n.alt;
            }
            if found == NONE {
                found = self.new_node(masks[level], lanes[level], level_head);
                match parent {
                    Some(p) => self.nodes[p as usize].next = found,
                    None => {
                        self.roots[ri].insert(key.lengths, found);
                    }
                }
            }
            if level == 3 {
                let leaf_idx = self.nodes[found as usize].next;
                if leaf_idx == NONE {
                    self.leaves.push(Leaf {
                        lower,
                        upper,
                        counts,
                        best,
                    });
                    self.nodes[found as usize].next = (self.leaves.len() - 1) as u32;
                } else {
                    let leaf = &mut self.leaves[leaf_idx as usize];
                    leaf.lower = leaf.lower.max(lower);
                    leaf.upper = leaf.upper.min(upper);
                    debug_assert!(leaf.lower <= leaf.upper, "merged bounds crossed");
                    if best.is_some() {
                        leaf.best = best;
                    }
                }
            } else {
                level_head = self.nodes[found as usize].next;
                parent = Some(found);
            }
        }
    }

    fn clear(&mut self) {
        for r in &mut self.roots {
            r.clear();
        }
        self.nodes.clear();
        self.leaves.clear();
        self.map_entries = 0;
    }

    fn stats(&self) -> TtStats {
        TtStats {
            entries: self.leaves.len(),
            bytes: self.bytes(),
            resets: self.resets,
        }
    }
}
