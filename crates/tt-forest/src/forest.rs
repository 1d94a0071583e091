//! [`TtForest`]: the paper's forest of winning-cards nodes (chapter 7).

use crate::budget::{self, Clock, Histogram, MapSize, FOREST_SWEEP_DIVISOR};
use ahash::AHashMap;
use ddsolve_cards::{Card, Hand, SeatMap};
use ddsolve_tt::Counters;
use ddsolve_tt::{TranspositionTable, TrickStart, TtEntry, TtHit, TtStats};
use ddsolve_tt_key::{absolute_win_ranks, relative_counts};
use ddsolve_tt_key::{Pattern, PatternKey, RankOwners, ShapeKey};

const NONE: u32 = u32::MAX;

/// A "winning cards node" (paper, 7.3): the owners of the top relative ranks of one suit.
/// A free node is chained to the next free one through `alt`.
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
/// relative ranks that count per suit, the best move, the generation stamp and the tricks
/// left (`FREE` for a slot on the free list, `DOOMED` for one a sweep is evicting).
#[derive(Clone, Copy, Debug)]
struct Leaf {
    lower: u8,
    upper: u8,
    counts: [u8; 4],
    /// The best move's bit index in a `Hand`, or `NO_BEST`.
    best: u8,
    stamp: u8,
    tricks_left: u8,
}

const NO_BEST: u8 = u8::MAX;
const FREE: u8 = u8::MAX;
const DOOMED: u8 = u8::MAX - 1;

impl Leaf {
    /// A free slot whose successor on the free list is `next`.
    fn free(next: u32) -> Leaf {
        Leaf {
            lower: 0,
            upper: 0,
            counts: next.to_le_bytes(),
            best: NO_BEST,
            stamp: 0,
            tricks_left: FREE,
        }
    }

    /// The next free slot after this free one.
    fn next_free(&self) -> u32 {
        debug_assert_eq!(self.tricks_left, FREE);
        u32::from_le_bytes(self.counts)
    }
}

/// The winning-rank transposition-table forest of Haglund's paper (chapter 7).
///
/// Roots per (tricks left, hand on lead); below each, a hash map from the suit-lengths key to
/// a tree of winning-cards nodes, one level per suit with alternatives, ending in
/// set-of-positions nodes that hold the bounds.
///
/// Memory is a budget: the arenas' and maps' capacities never pass it. When a store needs
/// room that the budget does not give, the table evicts the least valuable quarter of its
/// entries (stalest first, most specific first; see `budget.rs`), unlinks what no longer
/// leads to an entry, and reuses the freed slots; it never wipes itself.
/// The per-deal key accelerator ([`ddsolve_tt_key::RankOwners`], built by
/// [`TranspositionTable::prepare`]) is outside the budget.
#[derive(Debug)]
pub struct TtForest {
    /// The per-deal accelerator of the keys.
    owners: RankOwners,
    roots: Vec<AHashMap<u64, u32>>,
    nodes: Vec<WinNode>,
    leaves: Vec<Leaf>,
    /// The first free node (chained through `alt`), and how many there are.
    free_node: u32,
    free_nodes: usize,
    /// The first free leaf (chained through its `counts`, see [`Leaf::free`]), and how
    /// many there are.
    free_leaf: u32,
    free_leaves: usize,
    /// The roots' maps' sizes, and their sum in bytes.
    map_sizes: Vec<MapSize>,
    map_bytes: usize,
    limit_bytes: usize,
    clock: Clock,
    counters: Counters,
}

const NODE_BYTES: usize = std::mem::size_of::<WinNode>();
const LEAF_BYTES: usize = std::mem::size_of::<Leaf>();
/// A map bucket: key, head node, one control byte.
const BUCKET_BYTES: usize = std::mem::size_of::<(u64, u32)>() + 1;
/// A store needs at most this many new nodes (one per suit) and one leaf.
const NODES_PER_STORE: usize = 4;

impl TtForest {
    /// An empty table that never uses more than `limit_mb` megabytes (at least 1).
    pub fn new(limit_mb: usize) -> TtForest {
        TtForest {
            owners: RankOwners::new(),
            roots: (0..14 * 4).map(|_| AHashMap::default()).collect(),
            nodes: Vec::new(),
            leaves: Vec::new(),
            free_node: NONE,
            free_nodes: 0,
            free_leaf: NONE,
            free_leaves: 0,
            map_sizes: vec![MapSize::default(); 14 * 4],
            map_bytes: 0,
            limit_bytes: ddsolve_tt::Budget::new(limit_mb).limit(),
            clock: Clock::default(),
            counters: Counters::default(),
        }
    }

    /// An empty table that never uses more than `limit` bytes: for tests that must see a
    /// small search fill its table. [`TtForest::new`] takes megabytes.
    pub fn with_limit_bytes(limit: usize) -> TtForest {
        TtForest {
            limit_bytes: ddsolve_tt::Budget::bytes(limit).limit(),
            ..TtForest::new(1)
        }
    }

    /// The memory limit in bytes.
    pub fn limit_bytes(&self) -> usize {
        self.limit_bytes
    }

    /// The per-deal accelerator of this table's keys ([`TranspositionTable::key`] is its
    /// [`RankOwners::key`]): for a caller that dispatches over tables of this key and
    /// wants one key computation.
    #[inline]
    pub fn rank_owners(&self) -> &RankOwners {
        &self.owners
    }

    fn bytes_with(&self, nodes_cap: usize, leaves_cap: usize) -> usize {
        nodes_cap * NODE_BYTES + leaves_cap * LEAF_BYTES + self.map_bytes
    }

    fn bytes(&self) -> usize {
        self.bytes_with(self.nodes.capacity(), self.leaves.capacity())
    }

    fn live_leaves(&self) -> usize {
        self.leaves.len() - self.free_leaves
    }

    #[inline]
    fn root_index(key: &ShapeKey) -> usize {
        usize::from(key.tricks_left) * 4 + key.leader.index()
    }

    /// The first leaf under `node` (a chain of alternatives at `level`) that matches `lanes`
    /// and decides `tricks`, with the decision; counts the nodes compared in `scanned`.
    fn find(
        &self,
        mut node: u32,
        level: usize,
        lanes: &[u32; 4],
        tricks: u8,
        scanned: &mut u64,
    ) -> Option<(u32, bool)> {
        let lane = lanes[level];
        while node != NONE {
            let n = self.nodes[node as usize];
            *scanned += 1;
            if (lane & n.mask) == n.owners {
                if level == 3 {
                    let leaf = &self.leaves[n.next as usize];
                    if leaf.lower >= tricks {
                        return Some((n.next, true));
                    }
                    if leaf.upper < tricks {
                        return Some((n.next, false));
                    }
                } else if let Some(hit) = self.find(n.next, level + 1, lanes, tricks, scanned) {
                    return Some(hit);
                }
            }
            node = n.alt;
        }
        None
    }

    /// Is there room for one more store (a key in root `ri`, nodes and a leaf), growing
    /// the arenas or the root's map within the budget if needed?
    fn room(&mut self, ri: usize, new_key: bool) -> bool {
        // The root's map, if the key is new and the map is full.
        let root = &self.roots[ri];
        let extra_map = if new_key {
            self.map_sizes[ri].growth_bytes(root.len(), root.capacity(), BUCKET_BYTES)
        } else {
            0
        };
        let spare_nodes = self.free_nodes + (self.nodes.capacity() - self.nodes.len());
        let spare_leaves = self.free_leaves + (self.leaves.capacity() - self.leaves.len());
        let (mut nc, mut lc) = (self.nodes.capacity(), self.leaves.capacity());
        if spare_nodes < NODES_PER_STORE {
            nc = (nc * 2).max(1024);
        }
        if spare_leaves < 1 {
            lc = (lc * 2).max(256);
        }
        if self.bytes_with(nc, lc) + extra_map <= self.limit_bytes {
            self.reserve(nc, lc);
            return true;
        }
        // Doubling passes the budget: grow by what fits, if that is enough.
        let budget = self.limit_bytes.saturating_sub(self.bytes() + extra_map);
        let need_nodes = NODES_PER_STORE.saturating_sub(spare_nodes);
        let need_leaves = 1usize.saturating_sub(spare_leaves);
        let need = need_nodes * NODE_BYTES + need_leaves * LEAF_BYTES;
        if need > budget {
            return false;
        }
        // Share what is left between the arenas in the usual proportion.
        let per = NODES_PER_STORE * NODE_BYTES + LEAF_BYTES;
        let stores = (budget / per).clamp(1, 1 << 16);
        let grow_nodes = if need_nodes > 0 {
            (stores * NODES_PER_STORE).max(need_nodes)
        } else {
            0
        };
        let grow_leaves = if need_leaves > 0 { stores.max(1) } else { 0 };
        let (nc, lc) = (
            self.nodes.capacity() + grow_nodes,
            self.leaves.capacity() + grow_leaves,
        );
        if self.bytes_with(nc, lc) + extra_map > self.limit_bytes {
            return false;
        }
        self.reserve(nc, lc);
        true
    }

    fn reserve(&mut self, nodes_cap: usize, leaves_cap: usize) {
        if nodes_cap > self.nodes.capacity() {
            self.nodes.reserve_exact(nodes_cap - self.nodes.len());
        }
        if leaves_cap > self.leaves.capacity() {
            self.leaves.reserve_exact(leaves_cap - self.leaves.len());
        }
    }

    fn new_node(&mut self, mask: u32, owners: u32, alt: u32) -> u32 {
        let n = WinNode {
            mask,
            owners,
            next: NONE,
            alt,
        };
        if self.free_node != NONE {
            let i = self.free_node;
            self.free_node = self.nodes[i as usize].alt;
            self.free_nodes -= 1;
            self.nodes[i as usize] = n;
            i
        } else {
            self.nodes.push(n);
            (self.nodes.len() - 1) as u32
        }
    }

    fn new_leaf(&mut self, leaf: Leaf) -> u32 {
        if self.free_leaf != NONE {
            let i = self.free_leaf;
            self.free_leaf = self.leaves[i as usize].next_free();
            self.free_leaves -= 1;
            self.leaves[i as usize] = leaf;
            i
        } else {
            self.leaves.push(leaf);
            (self.leaves.len() - 1) as u32
        }
    }

    /// Inserts `key` in root `ri`, keeping the map byte count up to date.
    fn insert_root(&mut self, ri: usize, key: u64, head: u32) {
        let before = self.map_sizes[ri].bytes(BUCKET_BYTES);
        self.roots[ri].insert(key, head);
        self.map_sizes[ri].observe(self.roots[ri].capacity());
        let after = self.map_sizes[ri].bytes(BUCKET_BYTES);
        self.map_bytes = self.map_bytes + after - before;
    }

    /// Evicts the least valuable quarter of the entries, unlinks nodes that no longer lead
    /// to an entry, puts the freed slots on the free lists and starts a new generation.
    fn sweep(&mut self) {
        let clock = self.clock;
        let class = |l: &Leaf| clock.class(l.stamp, budget::generality(l.tricks_left, l.counts));
        let mut histogram = Histogram::new();
        for l in self.leaves.iter().filter(|l| l.tricks_left != FREE) {
            histogram.add(class(l));
        }
        let n = (self.live_leaves() / FOREST_SWEEP_DIVISOR).max(1);
        let mut plan = histogram.plan(n);
        for l in self.leaves.iter_mut().filter(|l| l.tricks_left != FREE) {
            if plan.evicts(class(l)) {
                l.tricks_left = DOOMED;
            }
        }
        let before = self.live_leaves();
        let mut roots = std::mem::take(&mut self.roots);
        for root in &mut roots {
            root.retain(|_, head| {
                *head = self.prune(*head, 0);
                *head != NONE
            });
        }
        self.roots = roots;
        self.counters.sweeps += 1;
        self.counters.evictions += (before - self.live_leaves()) as u64;
        self.tick();
    }

    /// Unlinks, from the chain of alternatives at `level` that starts at `head`, every node
    /// that no longer leads to a live leaf, freeing it and doomed leaves. Returns the new
    /// head.
    fn prune(&mut self, head: u32, level: usize) -> u32 {
        let (mut first, mut last) = (NONE, NONE);
        let mut node = head;
        while node != NONE {
            let n = self.nodes[node as usize];
            let keep = if level == 3 {
                if self.leaves[n.next as usize].tricks_left == DOOMED {
                    self.leaves[n.next as usize] = Leaf::free(self.free_leaf);
                    self.free_leaf = n.next;
                    self.free_leaves += 1;
                    false
                } else {
                    true
                }
            } else {
                let child = self.prune(n.next, level + 1);
                self.nodes[node as usize].next = child;
                child != NONE
            };
            if keep {
                if last == NONE {
                    first = node;
                } else {
                    self.nodes[last as usize].alt = node;
                }
                last = node;
            } else {
                self.nodes[node as usize].alt = self.free_node;
                self.free_node = node;
                self.free_nodes += 1;
            }
            node = n.alt;
        }
        if last != NONE {
            self.nodes[last as usize].alt = NONE;
        }
        first
    }

    /// A new generation; every 64, old stamps are pulled up so that none wraps.
    fn tick(&mut self) {
        if self.clock.tick() {
            let clock = self.clock;
            for l in &mut self.leaves {
                clock.saturate(&mut l.stamp);
            }
        }
    }
}

impl TranspositionTable for TtForest {
    type Key = PatternKey;

    fn prepare(&mut self, root: &SeatMap<Hand>) {
        self.owners.prepare(root);
    }

    #[inline]
    fn key(&mut self, at: &TrickStart) -> PatternKey {
        self.owners.key(at)
    }

    fn probe(&mut self, key: &PatternKey, at: &TrickStart, tricks: u8) -> Option<TtHit> {
        let (pattern, hands) = (&key.pattern, at.hands());
        let key = &key.shape;
        let Some(&root) = self.roots[Self::root_index(key)].get(&key.lengths) else {
            self.counters.probe(key.tricks_left, 0, false);
            return None;
        };
        let lanes = [0, 1, 2, 3].map(|s| (pattern.0 >> (32 * s)) as u32);
        let mut scanned = 0;
        let found = self.find(root, 0, &lanes, tricks, &mut scanned);
        self.counters
            .probe(key.tricks_left, scanned, found.is_some());
        let (leaf, reached) = found?;
        let now = self.clock.now();
        let leaf = &mut self.leaves[leaf as usize];
        leaf.stamp = now;
        Some(TtHit {
            reached,
            bound: if reached { leaf.lower } else { leaf.upper },
            win: absolute_win_ranks(leaf.counts, hands),
            best: Card::from_bit_index(u32::from(leaf.best)),
        })
    }

    fn store(&mut self, key: &PatternKey, at: &TrickStart, entry: TtEntry) {
        let (pattern, hands) = (&key.pattern, at.hands());
        let key = &key.shape;
        let TtEntry {
            lower,
            upper,
            win,
            best,
        } = entry;
        debug_assert!(lower <= upper, "stored bounds {lower}..{upper}");
        let ri = Self::root_index(key);
        let mut room = self.room(ri, !self.roots[ri].contains_key(&key.lengths));
        if !room && self.live_leaves() > 0 {
            self.sweep();
            room = self.room(ri, !self.roots[ri].contains_key(&key.lengths));
        }
        if !room {
            self.counters.dropped += 1;
            return;
        }
        let now = self.clock.now();
        let best = best.map_or(NO_BEST, |c| c.bit_index() as u8);
        let counts = relative_counts(win, hands);
        let mask = Pattern::mask(counts);
        let lanes = [0, 1, 2, 3].map(|s| ((pattern.0 & mask) >> (32 * s)) as u32);
        let masks = [0, 1, 2, 3].map(|s| (mask >> (32 * s)) as u32);
        let head = match self.roots[ri].get(&key.lengths) {
            Some(&h) => h,
            None => {
                let n = self.new_node(masks[0], lanes[0], NONE);
                self.insert_root(ri, key.lengths, n);
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
                    // The key is there: `insert` would reserve room for one more first,
                    // which can grow the map.
                    None => {
                        if let Some(h) = self.roots[ri].get_mut(&key.lengths) {
                            *h = found;
                        }
                    }
                }
            }
            if level == 3 {
                let leaf_idx = self.nodes[found as usize].next;
                if leaf_idx == NONE {
                    let leaf = self.new_leaf(Leaf {
                        lower,
                        upper,
                        counts,
                        best,
                        stamp: now,
                        tricks_left: key.tricks_left,
                    });
                    self.nodes[found as usize].next = leaf;
                    self.counters.store(key.tricks_left);
                } else {
                    let leaf = &mut self.leaves[leaf_idx as usize];
                    leaf.lower = leaf.lower.max(lower);
                    leaf.upper = leaf.upper.min(upper);
                    debug_assert!(leaf.lower <= leaf.upper, "merged bounds crossed");
                    if best != NO_BEST {
                        leaf.best = best;
                    }
                    leaf.stamp = now;
                    self.counters.merges += 1;
                }
            } else {
                level_head = self.nodes[found as usize].next;
                parent = Some(found);
            }
        }
        let b = self.bytes();
        if b > self.counters.peak_bytes {
            self.counters.peak_bytes = b;
        }
    }

    fn clear(&mut self) {
        for r in &mut self.roots {
            r.clear();
        }
        self.nodes.clear();
        self.leaves.clear();
        self.free_node = NONE;
        self.free_nodes = 0;
        self.free_leaf = NONE;
        self.free_leaves = 0;
    }

    #[inline]
    fn new_search(&mut self) {
        self.counters.searches += 1;
        self.tick();
    }

    fn stats(&self) -> TtStats {
        self.counters
            .stats(self.live_leaves(), self.bytes(), self.limit_bytes)
    }
}
