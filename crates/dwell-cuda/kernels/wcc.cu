// wcc.cu — weakly connected components by concurrent union-find hooking
// (the `link` and `compress` of Afforest: Sutton, Ben-Nun and Barak, IPDPS
// 2018; GAP cc.cc), the GPU twin of components::wcc_parallel.
//
// Encoding: comp[v] is a parent pointer with comp[v] <= v, so the pointers
// form a forest whose roots are the smallest vertex of each tree. link(u, w)
// hooks the larger of the two roots under the smaller with a compare-and-swap
// and retries until u and w share a root, so after every arc has been linked
// once (any order, concurrently) each tree is exactly one weak component.
// compress then points every vertex at its root. Arcs are treated as
// undirected: linking the forward arcs of a directed graph suffices.
// Load balance: one thread per arc (grid-stride), its source found by binary
// search in the offsets, so a hub's arcs are spread over the whole grid.

struct Wcc {
    const u64* off; const u32* tgt;
    u64 n; u64 m;
    u32* comp;
};

// Parent pointers change under our feet (other threads hook roots), so every
// read of comp[] is a volatile (L2-coherent) load, and a failed CAS reuses
// the value it returns: re-reading comp[high] through L1 could see the stale
// root forever and livelock (a block spinning while its peers wait at the
// grid barrier).
__device__ void link(u32 u, u32 v, u32* comp) {
    u32 p1 = ld_volatile32(comp + u);
    u32 p2 = ld_volatile32(comp + v);
    while (p1 != p2) {
        u32 high = p1 > p2 ? p1 : p2;
        u32 low = p1 + p2 - high;
        u32 p_high = ld_volatile32(comp + high);
        if (p_high == low) break;
        if (p_high == high) {
            u32 prev = atomicCAS(comp + high, high, low);
            if (prev == high) {
                DWELL_PROBE(wcc_hook);
                break;
            }
            DWELL_PROBE(wcc_cas_lost);
            p_high = prev;  // `high` was hooked meanwhile: follow its new parent
        }
        DWELL_PROBE(wcc_link_retry);
        p1 = ld_volatile32(comp + p_high);
        p2 = ld_volatile32(comp + low);
    }
}

// Source of arc i: the largest v with off[v] <= i.
__device__ __forceinline__ u32 arc_source(const u64* off, u64 n, u64 i) {
    u64 lo = 0, hi = n;  // off[lo] <= i < off[hi]
    while (hi - lo > 1) {
        u64 mid = (lo + hi) / 2;
        if (off[mid] <= i) lo = mid; else hi = mid;
    }
    return (u32)lo;
}

__device__ void wcc_init(const Wcc& p) {
    for (u64 v = global_thread(); v < p.n; v += global_threads()) p.comp[v] = (u32)v;
}
__device__ void wcc_link(const Wcc& p) {
    for (u64 i = global_thread(); i < p.m; i += global_threads())
        link(arc_source(p.off, p.n, i), p.tgt[i], p.comp);
}
__device__ void wcc_compress(const Wcc& p) {
    for (u64 v = global_thread(); v < p.n; v += global_threads()) {
        while (p.comp[v] != p.comp[p.comp[v]]) p.comp[v] = p.comp[p.comp[v]];
    }
}

// Resident mode: init, link, compress in one cooperative launch.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) wcc_resident(Wcc p, u64* ctrl) {
    wcc_init(p);
    grid_barrier(ctrl);
    wcc_link(p);
    grid_barrier(ctrl);
    wcc_compress(p);
}

// Host-orchestrated mode: one launch per step.
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) wcc_init_k(Wcc p) { wcc_init(p); }
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) wcc_link_k(Wcc p) { wcc_link(p); }
extern "C" __global__ void __launch_bounds__(BLOCK_THREADS, MIN_BLOCKS) wcc_compress_k(Wcc p) { wcc_compress(p); }
