// selftest.cu — deliberately broken kernels (sim builds only, never NVRTC):
// the sim's own tests (src/raw/sim.rs) check that it reports each bug class
// the real kernels could have. Compiled after common.cu like a program.

// Writes one element past the end of `buf` (n elements).
extern "C" __global__ void selftest_oob(u32* buf, u64 n) {
    if (threadIdx.x == 0 && blockIdx.x == 0) buf[n] = 1;
}

// Part of warp 1 waits at __syncthreads, the rest at a full-warp shuffle.
extern "C" __global__ void selftest_deadlock(u32* out) {
    u32 v = threadIdx.x;
    if (threadIdx.x < 48) __syncthreads();
    else v = __shfl_sync(FULL_MASK, v, 0);
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// Lanes of one warp call a full-mask shuffle at different program points.
extern "C" __global__ void selftest_divergent_warp(u32* out) {
    u32 v = threadIdx.x;
    if (threadIdx.x % 2 == 0) v = __ballot_sync(FULL_MASK, 1);
    else v = __shfl_sync(FULL_MASK, v, 0);
    out[threadIdx.x] = v;
}

// Reads a neighbour's shared-memory slot, with or without the barrier.
extern "C" __global__ void selftest_barrier(u32* out, u64 with_barrier) {
    __shared__ u32 s[512];
    s[threadIdx.x] = threadIdx.x + 1;
    if (with_barrier) __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 32) % blockDim.x];
}

// Block `skip` leaves before the grid barrier the others wait at.
extern "C" __global__ void selftest_early_exit(u64* ctrl, u64 skip) {
    if (blockIdx.x == skip) return;
    grid_barrier(ctrl);
}
