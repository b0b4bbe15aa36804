// traverse.cu — bit-parallel multi-source BFS / reachability with direction
// switching (MS-BFS: Then et al., VLDB 2014; direction optimization: Beamer et
// al., SC 2012), the GPU twin of crates/dwell/src/analysis/frontier.rs.
//
// Encoding (one sweep = up to 64 queries, lane q = query base+q):
//   visited[v] bit q : lane q reached v at a level already committed;
//   F[L % 3][v] bit q: lane q reaches v at level L exactly (three rotating
//                      frontier word arrays: current, next, and the previous
//                      one being cleared);
//   Q[L % 3]         : the vertices v with F[L % 3][v] != 0, each once;
//                      "light" ones (out-degree < heavy) from index 0 up,
//                      "heavy" ones from index n-1 down;
//   ctrl sizes/alive/scout of level L at index L & 3 (rotating: level L resets
//                      index (L + 2) & 3, which no thread reads in that phase).
// Invariants at the start of the phase of level L: F[(L+1)%3] is all zero;
// F[L%3] holds exactly the level-L lanes; visited holds every lane of levels
// < L. A vertex w gets lane q at level L+1 iff q is in F[L%3][u] for some
// followed arc u->w and q is not in visited[w] | F[L%3][w].
//
// One phase per level does: clear F[(L-1)%3] over Q[(L-1)%3]; commit
// visited |= F[L%3] over Q[L%3] and count lanes (reached, level sum, max
// level); expand top-down or bottom-up (bottom-up when scout * alpha > arcs):
//   top-down, light vertices (out-degree < heavy): a warp takes 32 of them,
//     scans their degrees and expands the concatenated arc ranges 32 arcs
//     at a time (edge-balanced within the warp), so degree-4 grids keep
//     every lane busy instead of 4 of 32;
//   top-down, heavy vertices: a group of grid / (heavy count) blocks splits
//     each one's arcs (warps take 32-arc chunks), so a lone hub gets the
//     whole grid instead of keeping one block busy while the rest waits at
//     the barrier, and many hubs still get a block each;
//   bottom-up: one unvisited vertex per lane ORs its in-neighbours'
//     frontier words until every missing lane is found; a ballot skips
//     warps with nothing missing.
// The thread whose atomicOr turns a next-frontier word non-zero enqueues the
// vertex: warps append to a per-block buffer in shared memory, and each
// block flushes it with one global atomicAdd per class at the end of the
// phase (warp-aggregated global pushes only when the buffer is full).
// Lanes never interact, so every lane's result equals a plain BFS from its
// source.
//
// The same phase runs in two ways: traverse_resident loops over levels inside
// one cooperative launch with grid_barrier between phases and stops when the
// next queue is empty (decided on the device); the host-orchestrated kernels
// (trav_clear, trav_seed, trav_level, trav_finish) run one phase per launch.

struct Trav {
    const u64* out_off; const u32* out_tgt; const u32* out_lab;
    const u64* in_off; const u32* in_tgt; const u32* in_lab;
    u64 n; u64 m; u64 mask; u64 use_mask;
    u64* visited; u64* frontier; u32* queue; u64* ctrl;
    const u32* sources; u64 num_sources;
    const u32* sinks; u64 num_sinks;
    u64* summary; u32* levels; u64* sets; u32* sink_hits;
    u64 alpha; u64 heavy;
};

// Per-thread lane counters: this thread holds lanes lane_id() and lane_id()+32
// of its warp's counts.
struct Acc {
    u64 cnt0, cnt1, sum0, sum1;
    u32 mx0, mx1;
};

__device__ __forceinline__ u64* frontier_of(const Trav& p, u32 level) {
    return p.frontier + (u64)(level % 3) * p.n;
}
__device__ __forceinline__ u32* queue_of(const Trav& p, u32 level) {
    return p.queue + (u64)(level % 3) * p.n;
}
__device__ __forceinline__ u64 out_degree(const Trav& p, u32 v) {
    return p.out_off[v + 1] - p.out_off[v];
}
__device__ __forceinline__ bool out_passes(const Trav& p, u64 i) {
    return !p.use_mask || (p.out_lab[i] & (u32)p.mask) != 0;
}
__device__ __forceinline__ bool in_passes(const Trav& p, u64 i) {
    return !p.use_mask || (p.in_lab[i] & (u32)p.mask) != 0;
}
__device__ __forceinline__ u64 lanes_mask(u64 lanes) {
    return lanes >= 64 ? ~0ULL : ((1ULL << lanes) - 1);
}

// Per-block queue buffer: pushes of a phase land here first (shared-memory
// atomics), and the block appends them to the global queue once at the end.
#define BQ_LIGHT 4096
#define BQ_HEAVY 256
struct BlockQueue {
    u32 light[BQ_LIGHT];
    u32 heavy[BQ_HEAVY];
    u32 nl, nh;
    u64 gl, gh;
};
__shared__ BlockQueue s_bq;

// Append w to queue q of level slot s when `want`; all 32 lanes of the warp
// must call it together. Goes to the block buffer; lanes that find it full
// push to the global queue, one atomicAdd per class per warp.
__device__ void push_warp(const Trav& p, u32* q, u32 s, bool want, u32 w) {
    bool heavy = want && out_degree(p, w) >= p.heavy;
    unsigned lm = __ballot_sync(FULL_MASK, want && !heavy);
    unsigned hm = __ballot_sync(FULL_MASK, heavy);
    if ((lm | hm) == 0) return;  // warp-uniform
    u32 lbase = 0, hbase = 0;
    if (lane_id() == 0) {
        if (lm) lbase = atomicAdd(&s_bq.nl, (u32)__popc(lm));
        if (hm) hbase = atomicAdd(&s_bq.nh, (u32)__popc(hm));
    }
    lbase = __shfl_sync(FULL_MASK, lbase, 0);
    hbase = __shfl_sync(FULL_MASK, hbase, 0);
    unsigned below = (1u << lane_id()) - 1u;
    u32 r = heavy ? hbase + __popc(hm & below) : lbase + __popc(lm & below);
    bool spill = want && r >= (heavy ? BQ_HEAVY : BQ_LIGHT);
    if (want && !spill) {
        if (heavy) s_bq.heavy[r] = w;
        else s_bq.light[r] = w;
    }
    unsigned ol = __ballot_sync(FULL_MASK, spill && !heavy);
    unsigned oh = __ballot_sync(FULL_MASK, spill && heavy);
    if ((ol | oh) == 0) return;  // warp-uniform
    u64 gl = 0, gh = 0;
    if (lane_id() == 0) {
        if (ol) { gl = atomicAdd(p.ctrl + C_QLIGHT + s, (u64)__popc(ol)); DWELL_PROBE(queue_global_atomic); DWELL_PROBE(queue_spill); }
        if (oh) { gh = atomicAdd(p.ctrl + C_QHEAVY + s, (u64)__popc(oh)); DWELL_PROBE(queue_global_atomic); DWELL_PROBE(queue_spill); }
    }
    gl = __shfl_sync(FULL_MASK, gl, 0);
    gh = __shfl_sync(FULL_MASK, gh, 0);
    if (spill) {
        if (heavy) q[p.n - 1 - (gh + __popc(oh & below))] = w;
        else q[gl + __popc(ol & below)] = w;
    }
}

// Append the block buffer to global queue q (slot s): one atomicAdd per
// class. Block-uniform call.
__device__ void flush_block_queue(const Trav& p, u32* q, u32 s) {
    __syncthreads();
    const u32 nl = s_bq.nl < BQ_LIGHT ? s_bq.nl : BQ_LIGHT;
    const u32 nh = s_bq.nh < BQ_HEAVY ? s_bq.nh : BQ_HEAVY;
    if (threadIdx.x == 0) {
        s_bq.gl = nl ? atomicAdd(p.ctrl + C_QLIGHT + s, (u64)nl) : 0;
        s_bq.gh = nh ? atomicAdd(p.ctrl + C_QHEAVY + s, (u64)nh) : 0;
        if (nl) DWELL_PROBE(queue_global_atomic);
        if (nh) DWELL_PROBE(queue_global_atomic);
    }
    __syncthreads();
    for (u32 i = threadIdx.x; i < nl; i += blockDim.x) q[s_bq.gl + i] = s_bq.light[i];
    for (u32 i = threadIdx.x; i < nh; i += blockDim.x) q[p.n - 1 - (s_bq.gh + i)] = s_bq.heavy[i];
}

// Count the lanes of frontier word f at level L (warp-uniform call).
__device__ void acc_count(Acc& a, u64 f, u32 level) {
    if (__ballot_sync(FULL_MASK, f != 0) == 0) return;
    int lane = lane_id();
#pragma unroll
    for (int q = 0; q < 64; ++q) {
        unsigned b = __ballot_sync(FULL_MASK, (f >> q) & 1ULL);
        if (b != 0 && (q & 31) == lane) {
            u64 c = (u64)__popc(b);
            if (q < 32) { a.cnt0 += c; a.sum0 += c * level; a.mx0 = level; }
            else { a.cnt1 += c; a.sum1 += c * level; a.mx1 = level; }
        }
    }
}

// Add this block's lane counters to summary[(base+q)*3 + {0,1,2}]
// (reached, max level, level sum). Block-uniform call.
__device__ void acc_flush(const Trav& p, u64 base, u64 lanes, const Acc& a) {
    __shared__ u64 s_cnt[64], s_sum[64];
    __shared__ unsigned int s_max[64];
    for (int i = threadIdx.x; i < 64; i += blockDim.x) { s_cnt[i] = 0; s_sum[i] = 0; s_max[i] = 0; }
    __syncthreads();
    int lane = lane_id();
    if (a.cnt0) { atomicAdd(&s_cnt[lane], a.cnt0); atomicAdd(&s_sum[lane], a.sum0); atomicMax(&s_max[lane], a.mx0); }
    if (a.cnt1) { atomicAdd(&s_cnt[lane + 32], a.cnt1); atomicAdd(&s_sum[lane + 32], a.sum1); atomicMax(&s_max[lane + 32], a.mx1); }
    __syncthreads();
    for (int q = threadIdx.x; q < (int)lanes; q += blockDim.x) {
        if (s_cnt[q]) {
            u64* out = p.summary + (base + q) * 3;
            atomicAdd(out + 0, s_cnt[q]);
            atomicMax(out + 1, (u64)s_max[q]);
            atomicAdd(out + 2, s_sum[q]);
        }
    }
    __syncthreads();
}

// Sweep start: zero visited and all three frontiers, the queue sizes, this
// sweep's summaries; levels of its lanes to NO_VERTEX.
__device__ void sweep_clear(const Trav& p, u64 base, u64 lanes) {
    u64 t = global_thread(), T = global_threads();
    for (u64 v = t; v < p.n; v += T) {
        p.visited[v] = 0;
        p.frontier[v] = 0;
        p.frontier[p.n + v] = 0;
        p.frontier[2 * p.n + v] = 0;
    }
    for (u64 i = t; i < C_DIR + 1 - C_QLIGHT; i += T) p.ctrl[C_QLIGHT + i] = 0;
    for (u64 i = t; i < lanes * 3; i += T) p.summary[base * 3 + i] = 0;
    if (p.levels)
        for (u64 i = t; i < lanes * p.n; i += T) p.levels[base * p.n + i] = NO_VERTEX;
}

// Level 0: F[0][src] gets the source's lane; each distinct source is queued once.
__device__ void sweep_seed(const Trav& p, u64 base, u64 lanes) {
    // Grid-stride: a grid of fewer than 64 threads must still seed every lane.
    for (u64 t = global_thread(); t < lanes; t += global_threads()) {
        u32 src = p.sources[base + t];
        u64 old = atomicOr(frontier_of(p, 0) + src, 1ULL << t);
        if (old == 0) {
            u64 d = out_degree(p, src);
            u32* q = queue_of(p, 0);
            if (d >= p.heavy) q[p.n - 1 - atomicAdd(p.ctrl + C_QHEAVY, 1ULL)] = src;
            else q[atomicAdd(p.ctrl + C_QLIGHT, 1ULL)] = src;
            atomicAdd(p.ctrl + C_SCOUT, d);
        }
    }
    if (global_thread() == 0) p.ctrl[C_ALIVE] = lanes_mask(lanes);
}

// One expansion step for arc i of a vertex with frontier word f.
__device__ __forceinline__ void expand_arc(const Trav& p, const u64* cur, u64* nxt, u64 i,
                                           bool active, u64 f, u32* nq, u32 s,
                                           u64& alive, u64& scout, u64& arcs) {
    bool want = false;
    u32 w = 0;
    arcs += active;
    if (active && out_passes(p, i)) {
        w = p.out_tgt[i];
        u64 fresh = f & ~(p.visited[w] | cur[w]);
        if (fresh) {
            alive |= fresh;
            want = atomicOr(nxt + w, fresh) == 0;
        }
    }
    push_warp(p, nq, s, want, w);
    if (want) scout += out_degree(p, w);
}

// The phase of level L. Block-uniform call (uses __syncthreads).
__device__ void level_phase(const Trav& p, u32 level, u64 base, Acc& acc) {
    const u64 n = p.n;
    const u64 t = global_thread(), T = global_threads();
    const u64 wid = global_warp(), W = global_warps();
    const int lane = lane_id();
    u64* ctrl = p.ctrl;
    const u32 s_cur = level & 3, s_next = (level + 1) & 3, s_prev = (level + 3) & 3;
    const u64 cl = ld_volatile(ctrl + C_QLIGHT + s_cur), ch = ld_volatile(ctrl + C_QHEAVY + s_cur);
    const u64 pl = level ? ld_volatile(ctrl + C_QLIGHT + s_prev) : 0;
    const u64 ph = level ? ld_volatile(ctrl + C_QHEAVY + s_prev) : 0;
    const u64 alive_now = ld_volatile(ctrl + C_ALIVE + s_cur);
    const u64 scout_now = ld_volatile(ctrl + C_SCOUT + s_cur);
    const u64* cur = frontier_of(p, level);
    u64* nxt = frontier_of(p, level + 1);
    u64* old = frontier_of(p, level + 2);  // level - 1
    const u32* cq = queue_of(p, level);
    u32* nq = queue_of(p, level + 1);
    const u32* oq = queue_of(p, level + 2);

    __shared__ u64 s_alive, s_scout, s_arcs;
    if (threadIdx.x == 0) { s_alive = 0; s_scout = 0; s_arcs = 0; s_bq.nl = 0; s_bq.nh = 0; }
    if (t == 0) {  // index (L+2)&3 is next used as "next" by level L+1
        u32 r = (level + 2) & 3;
        ctrl[C_QLIGHT + r] = 0; ctrl[C_QHEAVY + r] = 0;
        ctrl[C_ALIVE + r] = 0; ctrl[C_SCOUT + r] = 0;
        ctrl[C_LEVELS] = level;
    }
    __syncthreads();

    // 1. Clear the frontier of level L-1 so it can be level L+2's "next".
    for (u64 i = t; i < pl + ph; i += T) {
        u32 v = i < pl ? oq[i] : oq[n - 1 - (i - pl)];
        old[v] = 0;
    }
    // 2. Commit and count level L.
    const u64 total = cl + ch;
    for (u64 j0 = wid * 32; j0 < total; j0 += W * 32) {
        u64 j = j0 + lane;
        u64 f = 0;
        if (j < total) {
            u32 v = j < cl ? cq[j] : cq[n - 1 - (j - cl)];
            f = cur[v];
            atomicOr(p.visited + v, f);
            if (p.levels) {
                for (u64 b = f; b; b &= b - 1) {
                    u64 q = __ffsll((long long)b) - 1;
                    p.levels[(base + q) * n + v] = level;
                }
            }
        }
        acc_count(acc, f, level);
    }
    // 3. Expand.
    u64 alive = 0, scout = 0, arcs = 0, slots = 0;
    const bool bottom_up = scout_now * p.alpha > p.m;
#ifdef DWELL_SIM
    if (t == 0) {
        if (bottom_up) DWELL_PROBE(level_bottom_up);
        else DWELL_PROBE(level_top_down);
        u64 prev = ctrl[C_DIR];
        if (prev && prev != (u64)bottom_up + 1) DWELL_PROBE(direction_switch);
        ctrl[C_DIR] = (u64)bottom_up + 1;
    }
#endif
    if (!bottom_up) {
        // Light vertices: each warp takes 32 frontier vertices (one per
        // lane), scans their out-degrees, and expands the concatenation of
        // their arc ranges 32 arcs at a time (each lane finds the vertex of
        // its arc by binary search over the warp's scan), so lanes stay busy
        // whatever the degrees: a degree-4 grid fills every lane, and one
        // long row among short ones no longer idles the other 31 lanes.
        __shared__ u64 s_excl[BLOCK_THREADS], s_arc[BLOCK_THREADS], s_fw[BLOCK_THREADS];
        const u32 wbase = threadIdx.x & ~31u;
        for (u64 j0 = wid * 32; j0 < cl; j0 += W * 32) {  // warp-uniform
            const u64 j = j0 + lane;
            const bool has = j < cl;
            const u32 v = has ? cq[j] : 0;
            const u64 a = has ? p.out_off[v] : 0;
            const u64 d = has ? p.out_off[v + 1] - a : 0;
            if (has) DWELL_PROBE(td_light_vertex);
            u64 incl = d;
            for (int k = 1; k < 32; k <<= 1) {
                const u64 y = __shfl_up_sync(FULL_MASK, incl, k);
                if (lane >= k) incl += y;
            }
            const u64 total = __shfl_sync(FULL_MASK, incl, 31);
            __syncwarp();  // the previous round's readers are done
            s_excl[threadIdx.x] = incl - d;
            s_arc[threadIdx.x] = a;
            s_fw[threadIdx.x] = has ? cur[v] : 0;
            __syncwarp();
            for (u64 k0 = 0; k0 < total; k0 += 32) {  // warp-uniform
                const u64 k = k0 + lane;
                const bool act = k < total;
                // The owner: the last lane whose range starts at or before k
                // (empty ranges share their start with the next lane's).
                u32 lo = 0, hi = 31;
                while (act && lo < hi) {
                    const u32 mid = (lo + hi + 1) / 2;
                    if (s_excl[wbase + mid] <= k) lo = mid;
                    else hi = mid - 1;
                }
                const u64 i = act ? s_arc[wbase + lo] + (k - s_excl[wbase + lo]) : 0;
                const u64 f = act ? s_fw[wbase + lo] : 0;
                slots++;
                expand_arc(p, cur, nxt, i, act, f, nq, s_next, alive, scout, arcs);
            }
        }
        DWELL_PROBE_ADD(td_light_slots, slots);
        DWELL_PROBE_ADD(td_light_arcs, arcs);
        // Heavy vertices: groups of bpv = grid / ch blocks (at least one)
        // split each one's arcs, so a lone hub gets the whole grid and many
        // hubs get a block each; warps of a group take 32-arc chunks.
        const u64 bpv = ch && ch < gridDim.x ? gridDim.x / ch : 1;
        const u64 groups = gridDim.x / bpv;
        const u64 gwarps = bpv * (blockDim.x / 32);
        const u64 gwarp = (blockIdx.x % bpv) * (blockDim.x / 32) + threadIdx.x / 32;
        for (u64 j = blockIdx.x / bpv; j < ch; j += groups) {
            const u32 v = cq[n - 1 - j];
            const u64 f = cur[v];
            const u64 a = p.out_off[v], e = p.out_off[v + 1];
            if (blockIdx.x % bpv == 0 && threadIdx.x == 0) DWELL_PROBE(td_heavy_vertex);
            for (u64 i0 = a + gwarp * 32; i0 < e; i0 += gwarps * 32) {  // warp-uniform
                const u64 i = i0 + lane;
                expand_arc(p, cur, nxt, i, i < e, f, nq, s_next, alive, scout, arcs);
            }
        }
    } else {
        // Bottom-up: one vertex per lane; skip warps with nothing missing.
        for (u64 w0 = wid * 32; w0 < n; w0 += W * 32) {  // warp-uniform
            const u64 w = w0 + lane;
            u64 missing = w < n ? alive_now & ~(p.visited[w] | cur[w]) : 0;
            if (lane == 0) DWELL_PROBE(bu_warp_step);
            if (__ballot_sync(FULL_MASK, missing != 0) == 0) continue;
            u64 got = 0;
            if (missing) {
                for (u64 i = p.in_off[w], e = p.in_off[w + 1]; i < e; ++i) {
                    if (in_passes(p, i)) {
                        got |= cur[p.in_tgt[i]] & missing;
                        if (got == missing) break;
                    }
                }
            }
            const bool want = got != 0;
            if (want) {
                nxt[w] = got;
                alive |= got;
            }
            push_warp(p, nq, s_next, want, (u32)w);
            if (want) scout += out_degree(p, (u32)w);
        }
    }
    // 4. Publish the next level's queue, live lanes and out-arcs.
    flush_block_queue(p, nq, s_next);
    alive = warp_or64(alive);
    scout = warp_sum64(scout);
    if (lane == 0) {
        if (alive) atomicOr(&s_alive, alive);
        if (scout) atomicAdd(&s_scout, scout);
    }
#ifdef DWELL_SIM
    if (arcs) atomicAdd(&s_arcs, arcs);
#endif
    __syncthreads();
    if (threadIdx.x == 0) {
        if (s_alive) atomicOr(ctrl + C_ALIVE + s_next, s_alive);
        if (s_scout) atomicAdd(ctrl + C_SCOUT + s_next, s_scout);
        DWELL_PROBE_MAX(td_block_arcs_max, s_arcs);
        DWELL_PROBE_ADD(td_arcs, s_arcs);
    }
}

// Sweep end: which sinks each lane reached, and (keep_sets) each lane's set.
__device__ void sweep_finish(const Trav& p, u64 base, u64 lanes) {
    u64 t = global_thread(), T = global_threads();
    for (u64 k = t; k < p.num_sinks * lanes; k += T) {
        u64 j = k / lanes, q = k % lanes;
        p.sink_hits[(base + q) * p.num_sinks + j] = (u32)((p.visited[p.sinks[j]] >> q) & 1ULL);
    }
    if (p.sets) {
        u64 words = (p.n + 63) / 64;
        for (u64 k = t; k < words * lanes; k += T) {
            u64 wi = k % words, q = k / words;
            u64 word = 0;
            for (u64 b = 0; b < 64 && wi * 64 + b < p.n; ++b)
                word |= ((p.visited[wi * 64 + b] >> q) & 1ULL) << b;
            p.sets[(base + q) * words + wi] = word;
        }
    }
}

// Resident mode: every sweep of the run, level after level, in one
// cooperative launch. Convergence is decided here: after each barrier every
// thread reads the size of the next queue and stops the sweep when it is 0.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) traverse_resident(Trav p) {
    for (u64 base = 0; base < p.num_sources; base += 64) {
        u64 lanes = p.num_sources - base < 64 ? p.num_sources - base : 64;
        sweep_clear(p, base, lanes);
        grid_barrier(p.ctrl);
        sweep_seed(p, base, lanes);
        grid_barrier(p.ctrl);
        Acc acc = {0, 0, 0, 0, 0, 0};
        for (u32 level = 0;; ++level) {
            level_phase(p, level, base, acc);
            grid_barrier(p.ctrl);
            u32 s = (level + 1) & 3;
            if (ld_volatile(p.ctrl + C_QLIGHT + s) + ld_volatile(p.ctrl + C_QHEAVY + s) == 0) break;
        }
        acc_flush(p, base, lanes, acc);
        sweep_finish(p, base, lanes);
        grid_barrier(p.ctrl);
    }
}

// Host-orchestrated mode: the same steps, one launch each.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) trav_clear(Trav p, u64 base, u64 lanes) {
    sweep_clear(p, base, lanes);
}
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) trav_seed(Trav p, u64 base, u64 lanes) {
    sweep_seed(p, base, lanes);
}
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) trav_level(Trav p, u64 base, u64 lanes, u32 level) {
    Acc acc = {0, 0, 0, 0, 0, 0};
    level_phase(p, level, base, acc);
    acc_flush(p, base, lanes, acc);
}
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) trav_finish(Trav p, u64 base, u64 lanes) {
    sweep_finish(p, base, lanes);
}
