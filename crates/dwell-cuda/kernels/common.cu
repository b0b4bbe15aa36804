// common.cu — types, the control block and the hand-written grid barrier shared
// by every dwell kernel. The Rust side concatenates common.cu in front of each
// kernel file before NVRTC compiles it (no #include, so no header paths).
//
// Grid barrier: hand-written, not cooperative_groups. It is only correct inside
// a cooperative launch (cuLaunchCooperativeKernel), which guarantees that every
// block of the grid is resident at once; the host sizes that grid from the
// occupancy API. It mirrors cooperative_groups' own grid sync: block master
// fences, arrives on a counter, the last arriver resets the counter and bumps a
// generation word, the others spin on the generation; fence, then __syncthreads.
// Needing no headers keeps NVRTC independent of the toolkit's include layout.

typedef unsigned long long u64;
typedef unsigned int u32;

// Threads per block and the blocks per SM the grid is sized for (device.rs
// DEFAULT_BLOCKS_PER_SM): __launch_bounds__(512, 2) caps registers at
// 65536 / (512 * 2) = 64 per thread, so two blocks fit on an SM.
#define BLOCK_THREADS 512
#define MIN_BLOCKS 2

// Probes: per-path counters read by the simulated device's tests (the sim's
// shim.h defines DWELL_SIM and these); under NVRTC they compile to nothing.
#ifndef DWELL_SIM
#define DWELL_PROBE(name) ((void)0)
#define DWELL_PROBE_ADD(name, v) ((void)0)
#define DWELL_PROBE_MAX(name, v) ((void)0)
#endif

#define NO_VERTEX 0xffffffffu
#define FULL_MASK 0xffffffffu

// Control block: CTRL_WORDS u64 words, zeroed at session open.
#define C_BAR_COUNT 0
#define C_BAR_GEN 1
#define C_QLIGHT 2   // [4] light entries of the queue of level L, index L & 3
#define C_QHEAVY 6   // [4] heavy entries (stored from the top of the queue array)
#define C_ALIVE 10   // [4] lanes present in the frontier of level L
#define C_SCOUT 14   // [4] out-arcs leaving the frontier of level L
#define C_LEVELS 18  // levels run by the last sweep (diagnostic)
#define C_DIR 19     // direction of the last level + 1 (sim probes only)
#define CTRL_WORDS 32

__device__ __forceinline__ u64 ld_volatile(const u64* p) {
    return *(const volatile u64*)p;
}
// A load that bypasses the (incoherent) L1: values other blocks store with
// atomics during the same launch.
__device__ __forceinline__ u32 ld_volatile32(const u32* p) {
    return *(const volatile u32*)p;
}

__device__ void grid_barrier(u64* ctrl) {
    __syncthreads();
    if (threadIdx.x == 0) {
        volatile u64* gen = ctrl + C_BAR_GEN;
        u64 g = *gen;  // cannot change before this block arrives
        __threadfence();
        u64 arrived = atomicAdd(ctrl + C_BAR_COUNT, 1ULL);
        if (arrived == (u64)gridDim.x - 1) {
            atomicExch(ctrl + C_BAR_COUNT, 0ULL);
            __threadfence();
            atomicAdd((u64*)gen, 1ULL);
        } else {
            while (*gen == g) {
                __nanosleep(32);
            }
        }
        __threadfence();
    }
    __syncthreads();
}

__device__ __forceinline__ u64 global_thread() {
    return (u64)blockIdx.x * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ u64 global_threads() {
    return (u64)gridDim.x * blockDim.x;
}
__device__ __forceinline__ u64 global_warp() {
    return global_thread() >> 5;
}
__device__ __forceinline__ u64 global_warps() {
    return global_threads() >> 5;
}
__device__ __forceinline__ int lane_id() {
    return threadIdx.x & 31;
}

__device__ __forceinline__ u64 warp_or64(u64 x) {
    for (int d = 16; d > 0; d >>= 1) x |= __shfl_xor_sync(FULL_MASK, x, d);
    return x;
}
__device__ __forceinline__ u64 warp_sum64(u64 x) {
    for (int d = 16; d > 0; d >>= 1) x += __shfl_xor_sync(FULL_MASK, x, d);
    return x;
}
