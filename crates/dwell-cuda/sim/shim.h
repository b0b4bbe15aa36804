// shim.h — just enough of CUDA C for g++ to compile dwell's unchanged kernel
// sources (kernels/*.cu) into the simulated device (feature `sim`, tests only).
//
// Model (see runtime.cpp): each block of a launch is one OS thread, so blocks
// run truly in parallel and `__shared__` can be `static thread_local`; each
// CUDA thread is a fiber of its block's OS thread, switched at every
// synchronising point (__syncthreads, warp intrinsics, __nanosleep, and — in
// jitter mode — at random atomics), so barriers and warp rendezvous are
// exact and a missing barrier or a divergent warp op is caught.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

struct dim3 {
    unsigned x, y, z;
};

namespace dwell_sim {
struct Fiber;
extern thread_local Fiber* tls_fiber;
extern thread_local dim3 tls_block_idx, tls_block_dim, tls_grid_dim;
const dim3& thread_idx();
void syncthreads();
// Warp rendezvous: every lane in `mask` must call the same op; returns this
// lane's result. op: 0 ballot, 1 shfl (arg = source lane), 2 shfl_xor
// (arg = lane mask), 3 syncwarp, 4 shfl_up (arg = delta).
unsigned long long warp_op(int op, unsigned mask, unsigned long long v, int arg);
void nanosleep_yield();
void maybe_yield();  // jitter mode: sometimes let another fiber run
int probe_index(const char* name);
void probe_add(int index, unsigned long long add);
void probe_max(int index, unsigned long long v);
}  // namespace dwell_sim

#define __device__
#define __global__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static thread_local
#define __restrict__ __restrict

#define threadIdx (::dwell_sim::thread_idx())
#define blockIdx (::dwell_sim::tls_block_idx)
#define blockDim (::dwell_sim::tls_block_dim)
#define gridDim (::dwell_sim::tls_grid_dim)

// Probes: per-path counters the sim tests read (compiled out under NVRTC).
#define DWELL_SIM 1
#define DWELL_PROBE_ADD(name, v)                                          \
    do {                                                                  \
        static const int dwell_probe_ = ::dwell_sim::probe_index(#name); \
        ::dwell_sim::probe_add(dwell_probe_, (unsigned long long)(v));    \
    } while (0)
#define DWELL_PROBE(name) DWELL_PROBE_ADD(name, 1)
#define DWELL_PROBE_MAX(name, v)                                          \
    do {                                                                  \
        static const int dwell_probe_ = ::dwell_sim::probe_index(#name); \
        ::dwell_sim::probe_max(dwell_probe_, (unsigned long long)(v));    \
    } while (0)

inline void __syncthreads() { ::dwell_sim::syncthreads(); }
inline void __syncwarp(unsigned mask = 0xffffffffu) { ::dwell_sim::warp_op(3, mask, 0, 0); }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __nanosleep(unsigned) { ::dwell_sim::nanosleep_yield(); }

inline unsigned __ballot_sync(unsigned mask, int pred) {
    return (unsigned)::dwell_sim::warp_op(0, mask, pred ? 1 : 0, 0);
}
inline int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
inline int __all_sync(unsigned mask, int pred) {
    return (__ballot_sync(mask, pred) & mask) == (mask & __ballot_sync(mask, 1));
}
template <typename T>
inline T __shfl_sync(unsigned mask, T v, int src, int = 32) {
    static_assert(sizeof(T) <= 8, "shfl of at most 8 bytes");
    unsigned long long x = 0;
    __builtin_memcpy(&x, &v, sizeof(T));
    x = ::dwell_sim::warp_op(1, mask, x, src);
    T r;
    __builtin_memcpy(&r, &x, sizeof(T));
    return r;
}
template <typename T>
inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int = 32) {
    static_assert(sizeof(T) <= 8, "shfl of at most 8 bytes");
    unsigned long long x = 0;
    __builtin_memcpy(&x, &v, sizeof(T));
    x = ::dwell_sim::warp_op(4, mask, x, (int)delta);
    T r;
    __builtin_memcpy(&r, &x, sizeof(T));
    return r;
}
template <typename T>
inline T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int = 32) {
    static_assert(sizeof(T) <= 8, "shfl of at most 8 bytes");
    unsigned long long x = 0;
    __builtin_memcpy(&x, &v, sizeof(T));
    x = ::dwell_sim::warp_op(2, mask, x, lane_mask);
    T r;
    __builtin_memcpy(&r, &x, sizeof(T));
    return r;
}

inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }

// Atomics: GCC builtins on the same memory every block maps (device memory
// is ordinary process memory here). Relaxed like CUDA's, except that jitter
// mode may switch fibers before one.
template <typename T> inline T atomicAdd(T* p, std::type_identity_t<T> v) {
    ::dwell_sim::maybe_yield();
    return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
template <typename T> inline T atomicSub(T* p, std::type_identity_t<T> v) {
    ::dwell_sim::maybe_yield();
    return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED);
}
template <typename T> inline T atomicOr(T* p, std::type_identity_t<T> v) {
    ::dwell_sim::maybe_yield();
    return __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
}
template <typename T> inline T atomicAnd(T* p, std::type_identity_t<T> v) {
    ::dwell_sim::maybe_yield();
    return __atomic_fetch_and(p, v, __ATOMIC_RELAXED);
}
template <typename T> inline T atomicExch(T* p, std::type_identity_t<T> v) {
    ::dwell_sim::maybe_yield();
    return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);
}
template <typename T> inline T atomicCAS(T* p, std::type_identity_t<T> expected, std::type_identity_t<T> desired) {
    ::dwell_sim::maybe_yield();
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return expected;  // the old value, as CUDA returns it
}
template <typename T> inline T atomicMax(T* p, std::type_identity_t<T> v) {
    ::dwell_sim::maybe_yield();
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (old < v && !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
    return old;
}
template <typename T> inline T atomicMin(T* p, std::type_identity_t<T> v) {
    ::dwell_sim::maybe_yield();
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (old > v && !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
    return old;
}
// Coherent (L2) loads: plain atomic loads here.
template <typename T> inline T __ldcg(const T* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
template <typename T> inline T __ldcv(const T* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
