// runtime.cpp — the simulated device under dwell's executor (feature `sim`).
//
// Device memory: one anonymous mapping per buffer, zeroed, with the buffer's
// last byte right before a PROT_NONE guard page, so an off-by-one read or
// write past the end faults at once (and the SIGSEGV handler names the
// kernel, block, thread and buffer).
//
// A launch: cooperative launches run every block at once, one OS thread each
// (the grid barrier in common.cu needs all blocks resident, as on the GPU,
// and blocks really race); plain launches run the blocks one after another
// (a legal schedule on a GPU, which shakes out hidden block-order
// dependences). Inside a block each CUDA thread is a fiber with its own
// stack; the scheduler runs a fiber until it reaches __syncthreads, a warp
// intrinsic, __nanosleep or (jitter mode) a random atomic, so barriers and
// warp rendezvous are exact. If every fiber of a block waits and none can be
// released the launch fails with a deadlock report (a divergent barrier or
// warp op); a launch that runs past its timeout (a grid barrier not every
// block reaches) fails too.
//
// Jitter mode (seeded): random fiber order on every pass, random yields
// before atomics, random OS-level sleeps after barriers and in spin loops,
// and a random block order for plain launches.
#include "shim.h"

#include <signal.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

// Fibers switch with a few lines of x86-64 assembly; elsewhere (or with
// -DDWELL_SIM_UCONTEXT, to test that path) with ucontext, which is slower.
#if defined(__x86_64__) && !defined(DWELL_SIM_UCONTEXT)
#define DWELL_SIM_ASM 1
#else
#define DWELL_SIM_ASM 0
#include <ucontext.h>
#endif

#include "entry.h"

extern "C" {
// Defined by the generated kernels file (build.rs).
extern const dwell_sim_entry dwell_sim_entries[];
extern const size_t dwell_sim_entry_count;

struct dwell_sim_config {
    unsigned long long jitter_seed;
    int jitter;
    double timeout_s;
};
}

namespace dwell_sim {

constexpr int MAX_PROBES = 64;
constexpr size_t STACK_BYTES = 64 * 1024;

// ---------------------------------------------------------------- probes
static std::mutex g_probe_mu;
static const char* g_probe_names[MAX_PROBES];
static std::atomic<int> g_probe_count{0};

int probe_index(const char* name) {
    std::lock_guard<std::mutex> lk(g_probe_mu);
    int n = g_probe_count.load();
    for (int i = 0; i < n; ++i)
        if (std::strcmp(g_probe_names[i], name) == 0) return i;
    if (n == MAX_PROBES) {
        std::fprintf(stderr, "dwell sim: more than %d probes\n", MAX_PROBES);
        std::abort();
    }
    g_probe_names[n] = name;
    g_probe_count.store(n + 1);
    return n;
}

// ---------------------------------------------------------------- fibers
struct Block;
struct Launch;

struct Fiber {
    void* sp = nullptr;
    char* stack = nullptr;
#if !DWELL_SIM_ASM
    ucontext_t uc;
#endif
    dim3 idx{0, 0, 0};
    enum State { Ready, AtBarrier, AtWarp, Done } st = Ready;
    int op = 0;
    unsigned mask = 0;
    unsigned long long val = 0, res = 0;
    int arg = 0;
    Block* block = nullptr;
};

struct Launch {
    void (*invoke)(void**) = nullptr;
    void** params = nullptr;
    const char* name = "";
    unsigned grid = 0, threads = 0;
    bool cooperative = false;
    bool jitter = false;
    unsigned long long seed = 0;
    std::atomic<bool> abort{false};
    std::mutex err_mu;
    std::string error;
    std::atomic<unsigned long long> probes[MAX_PROBES];
    void fail(const std::string& why) {
        std::lock_guard<std::mutex> lk(err_mu);
        if (error.empty()) error = why;
        abort.store(true);
    }
};

struct Block {
    Launch* L = nullptr;
    unsigned id = 0;
    std::vector<Fiber> f;
    void* sched_sp = nullptr;
#if !DWELL_SIM_ASM
    ucontext_t sched_uc;
#endif
    unsigned live = 0, at_barrier = 0;
    std::vector<unsigned> warp_arrived;
    std::mt19937_64 rng;
    bool progressed = false;
};

thread_local Fiber* tls_fiber = nullptr;
thread_local Block* tls_block = nullptr;
thread_local dim3 tls_block_idx{0, 0, 0}, tls_block_dim{1, 1, 1}, tls_grid_dim{1, 1, 1};

const dim3& thread_idx() { return tls_fiber->idx; }

void probe_add(int i, unsigned long long v) {
    tls_block->L->probes[i].fetch_add(v, std::memory_order_relaxed);
}
void probe_max(int i, unsigned long long v) {
    auto& p = tls_block->L->probes[i];
    unsigned long long old = p.load(std::memory_order_relaxed);
    while (old < v && !p.compare_exchange_weak(old, v, std::memory_order_relaxed)) {
    }
}

#if DWELL_SIM_ASM
// Callee-saved registers: all a fiber switch must keep (System V ABI; the
// kernels never change the FP control words, so they are not switched).
// Layout at a saved sp, low to high: padding, r15, r14, r13, r12, rbx, rbp,
// return address.
extern "C" void dwell_sim_swap(void** save_sp, void* next_sp);
extern "C" void dwell_sim_fiber_stub();
asm(R"(
.text
.globl dwell_sim_swap
.type dwell_sim_swap,@function
dwell_sim_swap:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $8, %rsp
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    addq $8, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
.size dwell_sim_swap, .-dwell_sim_swap
.globl dwell_sim_fiber_stub
.type dwell_sim_fiber_stub,@function
dwell_sim_fiber_stub:
    movq %rbx, %rdi
    call dwell_sim_fiber_main
    ud2
.size dwell_sim_fiber_stub, .-dwell_sim_fiber_stub
)");
#endif

extern "C" void dwell_sim_fiber_main(Fiber* f);

static void to_scheduler(Fiber& f) {
#if DWELL_SIM_ASM
    dwell_sim_swap(&f.sp, f.block->sched_sp);
#else
    swapcontext(&f.uc, &f.block->sched_uc);
#endif
}

// Hand the core from fiber `f` (now waiting) straight to fiber `g` of the
// same block: a warp rendezvous then costs one switch per lane instead of
// two (fiber → scheduler → fiber).
static void switch_to(Fiber& f, Fiber& g) {
    tls_fiber = &g;
#if DWELL_SIM_ASM
    dwell_sim_swap(&f.sp, g.sp);
#else
    swapcontext(&f.uc, &g.uc);
#endif
    tls_fiber = &f;
}

static void run_fiber(Block& b, Fiber& f) {
    tls_fiber = &f;
#if DWELL_SIM_ASM
    dwell_sim_swap(&b.sched_sp, f.sp);
#else
    swapcontext(&b.sched_uc, &f.uc);
#endif
    tls_fiber = nullptr;
}

// Stacks are pooled: plain launches (one per level in host-orchestrated
// mode) would otherwise map and unmap thousands of stacks per run.
static std::mutex g_stack_mu;
static std::vector<char*> g_stacks;

static char* get_stack() {
    {
        std::lock_guard<std::mutex> lk(g_stack_mu);
        if (!g_stacks.empty()) {
            char* s = g_stacks.back();
            g_stacks.pop_back();
            return s;
        }
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    void* m = mmap(nullptr, STACK_BYTES + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        std::perror("dwell sim: fiber stack");
        std::abort();
    }
    mprotect(m, page, PROT_NONE);  // overflow faults instead of corrupting
    return (char*)m + page;
}
static void put_stack(char* s) {
    std::lock_guard<std::mutex> lk(g_stack_mu);
    g_stacks.push_back(s);
}

static void init_fiber(Fiber& f) {
    f.stack = get_stack();
#if DWELL_SIM_ASM
    uintptr_t top = ((uintptr_t)(f.stack + STACK_BYTES)) & ~(uintptr_t)15;
    unsigned long long* sp = (unsigned long long*)(top - 80);
    sp[0] = 0;
    for (int i = 1; i < 7; ++i) sp[i] = 0;
    sp[5] = (unsigned long long)(uintptr_t)&f;  // rbx: the stub's argument
    sp[7] = (unsigned long long)(uintptr_t)&dwell_sim_fiber_stub;
    f.sp = sp;
#else
    getcontext(&f.uc);
    f.uc.uc_stack.ss_sp = f.stack;
    f.uc.uc_stack.ss_size = STACK_BYTES;
    f.uc.uc_link = nullptr;
    makecontext(&f.uc, (void (*)())dwell_sim_fiber_main, 1, &f);
#endif
}

static void jitter_sleep(Block& b) {
    if (b.L->jitter && (b.rng() & 3) == 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(b.rng() % 200));
    }
}

static void release_barrier(Block& b) {
    for (auto& x : b.f)
        if (x.st == Fiber::AtBarrier) x.st = Fiber::Ready;
    b.at_barrier = 0;
    b.progressed = true;
}

void syncthreads() {
    Fiber& f = *tls_fiber;
    Block& b = *f.block;
    b.at_barrier++;
    if (b.at_barrier == b.live) {
        release_barrier(b);
        jitter_sleep(b);
        if (b.L->jitter) to_scheduler(f);  // let the others go first sometimes
        return;
    }
    f.st = Fiber::AtBarrier;
    to_scheduler(f);
}

static unsigned warp_lanes(const Block& b, unsigned w) {
    unsigned n = b.L->threads - w * 32;
    return n >= 32 ? 0xffffffffu : ((1u << n) - 1u);
}

unsigned long long warp_op(int op, unsigned mask, unsigned long long v, int arg) {
    Fiber& f = *tls_fiber;
    Block& b = *f.block;
    unsigned tid = f.idx.x, w = tid / 32, lane = tid % 32;
    if (!(mask >> lane & 1u)) {
        b.L->fail("warp intrinsic called by lane " + std::to_string(lane) + " of block " + std::to_string(b.id) +
                  " thread " + std::to_string(tid) + " with a mask that excludes it");
        f.st = Fiber::AtWarp;
        to_scheduler(f);  // never resumed: the launch is aborting
    }
    if ((mask & ~warp_lanes(b, w)) != 0) {
        b.L->fail("warp intrinsic mask names lanes past the block's last thread (block size " +
                  std::to_string(b.L->threads) + ")");
        f.st = Fiber::AtWarp;
        to_scheduler(f);
    }
    f.op = op;
    f.mask = mask;
    f.val = v;
    f.arg = arg;
    f.st = Fiber::AtWarp;
    unsigned want = (unsigned)__builtin_popcount(mask);
    if (++b.warp_arrived[w] < want) {
        // Run another lane of this warp that can still arrive, if any.
        Fiber* lanes = &b.f[w * 32];
        unsigned nl = b.L->threads - w * 32 < 32 ? b.L->threads - w * 32 : 32;
        unsigned start = b.L->jitter ? (unsigned)(b.rng() % nl) : lane + 1;
        for (unsigned k = 0; k < nl; ++k) {
            Fiber& g = lanes[(start + k) % nl];
            if (&g != &f && g.st == Fiber::Ready) {
                switch_to(f, g);
                return f.res;
            }
        }
        to_scheduler(f);
        return f.res;
    }
    // Every lane of the mask is here: check they agree, then exchange.
    Fiber* lanes = &b.f[w * 32];
    unsigned ballot = 0;
    for (unsigned l = 0; l < 32; ++l) {
        if (!(mask >> l & 1u)) continue;
        Fiber& x = lanes[l];
        if (x.st != Fiber::AtWarp || x.op != op || x.mask != mask) {
            b.L->fail("divergent warp intrinsic in block " + std::to_string(b.id) + " warp " + std::to_string(w) +
                      ": lanes disagree on the operation or mask (a __shfl_sync/__ballot_sync not reached "
                      "by every lane of its mask)");
            to_scheduler(f);
        }
        if (x.val) ballot |= 1u << l;
    }
    for (unsigned l = 0; l < 32; ++l) {
        if (!(mask >> l & 1u)) continue;
        Fiber& x = lanes[l];
        switch (op) {
            case 0: x.res = ballot & mask; break;
            case 1: x.res = lanes[(unsigned)x.arg & 31u].val; break;
            case 2: x.res = lanes[(l ^ (unsigned)x.arg) & 31u].val; break;
            // Lanes below delta keep their own value, as on the GPU.
            case 4: x.res = l >= (unsigned)x.arg ? lanes[l - (unsigned)x.arg].val : x.val; break;
            default: x.res = 0;
        }
        x.st = Fiber::Ready;
    }
    b.warp_arrived[w] = 0;
    b.progressed = true;
    if (b.L->jitter && (b.rng() & 1)) to_scheduler(f);
    return f.res;
}

void nanosleep_yield() {
    Fiber& f = *tls_fiber;
    to_scheduler(f);  // stays Ready: the scheduler sees a spinning fiber
}

void maybe_yield() {
    Fiber* f = tls_fiber;
    if (f && f->block->L->jitter && (f->block->rng() & 7) == 0) {
        f->block->progressed = true;
        to_scheduler(*f);
    }
}

extern "C" void dwell_sim_fiber_main(Fiber* f) {
    Block& b = *f->block;
    b.L->invoke(b.L->params);
    f->st = Fiber::Done;
    b.live--;
    b.progressed = true;
    // Threads that exit no longer hold a barrier back (as on the GPU).
    if (b.at_barrier > 0 && b.at_barrier == b.live) release_barrier(b);
    to_scheduler(*f);
    std::abort();  // a finished fiber is never resumed
}

static std::string describe_stall(const Block& b) {
    unsigned bar = 0, warp = 0, done = 0;
    std::string warps;
    for (const auto& x : b.f) {
        if (x.st == Fiber::AtBarrier) bar++;
        if (x.st == Fiber::AtWarp) warp++;
        if (x.st == Fiber::Done) done++;
    }
    for (size_t w = 0; w < b.warp_arrived.size(); ++w)
        if (b.warp_arrived[w]) warps += " warp " + std::to_string(w) + ": " + std::to_string(b.warp_arrived[w]) + " lanes;";
    return "deadlock in block " + std::to_string(b.id) + ": " + std::to_string(bar) + " threads wait at __syncthreads, " +
           std::to_string(warp) + " at a warp intrinsic (" + warps + "), " + std::to_string(done) +
           " have exited (a barrier or warp intrinsic not reached by every thread)";
}

// --------------------------------------------------------- fault reports
struct Alloc {
    std::atomic<uintptr_t> data{0};
    std::atomic<size_t> len{0};
};
constexpr int MAX_ALLOCS = 1 << 14;
static Alloc g_allocs[MAX_ALLOCS];
static std::atomic<int> g_alloc_hint{0};
static struct sigaction g_old_segv;
static std::once_flag g_handler_once;

static void on_segv(int sig, siginfo_t* info, void* uctx) {
    uintptr_t a = (uintptr_t)info->si_addr;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    for (int i = 0; i < MAX_ALLOCS; ++i) {
        uintptr_t d = g_allocs[i].data.load(std::memory_order_relaxed);
        size_t len = g_allocs[i].len.load(std::memory_order_relaxed);
        if (!d) continue;
        uintptr_t end = d + len;
        uintptr_t guard = (end + page - 1) & ~(uintptr_t)(page - 1);
        if (a >= end && a < guard + page) {
            char msg[512];
            Block* b = tls_block;
            int n = std::snprintf(msg, sizeof msg,
                                  "\ndwell sim: kernel %s, block %u, thread %u accessed %zu bytes past the end of "
                                  "a %zu-byte device buffer (out of bounds). Fix: the kernel's indexing or the "
                                  "buffer's size in layout.rs\n",
                                  b ? b->L->name : "?", b ? b->id : 0u, tls_fiber ? tls_fiber->idx.x : 0u,
                                  (size_t)(a - end), len);
            if (n > 0) (void)!write(2, msg, (size_t)n);
            break;
        }
    }
    if (tls_fiber) {
        char msg[200];
        int n = std::snprintf(msg, sizeof msg, "dwell sim: SIGSEGV in kernel %s at %p\n", tls_block ? tls_block->L->name : "?",
                              info->si_addr);
        if (n > 0) (void)!write(2, msg, (size_t)n);
    }
    // Hand over to whoever handled SIGSEGV before (Rust's stack-overflow
    // report), or die with the default action.
    if ((g_old_segv.sa_flags & SA_SIGINFO) && g_old_segv.sa_sigaction) {
        g_old_segv.sa_sigaction(sig, info, uctx);
        return;
    }
    sigaction(SIGSEGV, &g_old_segv, nullptr);
}

static void install_handler() {
    std::call_once(g_handler_once, [] {
        struct sigaction sa;
        std::memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_segv;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, &g_old_segv);
    });
}

// ---------------------------------------------------------------- blocks
static void run_block(Launch& L, unsigned id) {
    // Signals on a fiber stack overflow need their own stack.
    static thread_local std::vector<char> alt(64 * 1024);
    stack_t ss;
    ss.ss_sp = alt.data();
    ss.ss_size = alt.size();
    ss.ss_flags = 0;
    sigaltstack(&ss, nullptr);

    Block b;
    b.L = &L;
    b.id = id;
    b.rng.seed(L.seed * 0x9E3779B97F4A7C15ULL + id + 1);
    b.f.resize(L.threads);
    b.live = L.threads;
    b.warp_arrived.assign((L.threads + 31) / 32, 0);
    tls_block = &b;
    tls_block_idx = dim3{id, 0, 0};
    tls_block_dim = dim3{L.threads, 1, 1};
    tls_grid_dim = dim3{L.grid, 1, 1};
    for (unsigned t = 0; t < L.threads; ++t) {
        b.f[t].idx = dim3{t, 0, 0};
        b.f[t].block = &b;
        init_fiber(b.f[t]);
    }
    std::vector<unsigned> order(L.threads);
    for (unsigned t = 0; t < L.threads; ++t) order[t] = t;
    unsigned idle_passes = 0;
    while (b.live > 0 && !L.abort.load(std::memory_order_relaxed)) {
        if (L.jitter) {
            for (unsigned i = L.threads - 1; i > 0; --i) std::swap(order[i], order[b.rng() % (i + 1)]);
        }
        b.progressed = false;
        bool ran = false;
        for (unsigned t : order) {
            if (b.f[t].st != Fiber::Ready) continue;
            ran = true;
            run_fiber(b, b.f[t]);
            if (L.abort.load(std::memory_order_relaxed)) break;
        }
        if (!ran && b.live > 0) {
            L.fail(describe_stall(b));
            break;
        }
        if (!b.progressed) {
            // Only spinning fibers (waiting on another block): give the core away.
            if (++idle_passes > 4) {
                if (L.jitter && (b.rng() & 1))
                    std::this_thread::sleep_for(std::chrono::microseconds(b.rng() % 100));
                else
                    sched_yield();
            }
        } else {
            idle_passes = 0;
        }
    }
    for (auto& x : b.f) put_stack(x.stack);
    tls_block = nullptr;
}

}  // namespace dwell_sim

using namespace dwell_sim;

extern "C" {

// Zeroed device memory whose last byte sits right before a guard page.
void* dwell_sim_alloc(size_t bytes) {
    install_handler();
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t body = (bytes + page - 1) / page * page;
    if (body == 0) body = page;
    char* m = (char*)mmap(nullptr, body + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    mprotect(m + body, page, PROT_NONE);
    char* data = m + body - bytes;
    int start = g_alloc_hint.load();
    for (int k = 0; k < MAX_ALLOCS; ++k) {
        int i = (start + k) % MAX_ALLOCS;
        uintptr_t zero = 0;
        if (g_allocs[i].data.compare_exchange_strong(zero, (uintptr_t)data)) {
            g_allocs[i].len.store(bytes);
            g_alloc_hint.store(i + 1);
            break;
        }
    }
    return data;
}

void dwell_sim_free(void* p, size_t bytes) {
    if (!p) return;
    for (int i = 0; i < MAX_ALLOCS; ++i) {
        if (g_allocs[i].data.load() == (uintptr_t)p) {
            g_allocs[i].len.store(0);
            g_allocs[i].data.store(0);
            break;
        }
    }
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t body = (bytes + page - 1) / page * page;
    if (body == 0) body = page;
    char* m = (char*)p + bytes - body;
    munmap(m, body + page);
}

// Index of the entry point `name`, its parameter count and sizes; -1 if absent.
int dwell_sim_entry(const char* name, size_t* nparams, const size_t** sizes) {
    for (size_t i = 0; i < dwell_sim_entry_count; ++i) {
        if (std::strcmp(dwell_sim_entries[i].name, name) == 0) {
            *nparams = dwell_sim_entries[i].nparams;
            *sizes = dwell_sim_entries[i].sizes;
            return (int)i;
        }
    }
    return -1;
}

const char* dwell_sim_probe_name(int i) {
    return (i >= 0 && i < g_probe_count.load()) ? g_probe_names[i] : nullptr;
}

// Run one launch to completion. Returns 0, or 1 with a message in `err`.
// `probes` (MAX_PROBES words) receives this launch's probe counts.
int dwell_sim_launch(int entry, unsigned grid, unsigned threads, int cooperative, void** params,
                     const dwell_sim_config* cfg, unsigned long long* probes, char* err, size_t errlen) {
    install_handler();
    auto* L = new Launch();
    L->invoke = dwell_sim_entries[entry].invoke;
    L->params = params;
    L->name = dwell_sim_entries[entry].name;
    L->grid = grid;
    L->threads = threads;
    L->cooperative = cooperative != 0;
    L->jitter = cfg->jitter != 0;
    L->seed = cfg->jitter_seed;
    for (auto& p : L->probes) p.store(0);
    std::mutex mu;
    std::condition_variable cv;
    unsigned finished = 0;
    std::vector<std::thread> ts;
    auto body = [&](std::vector<unsigned> ids) {
        for (unsigned id : ids) {
            if (L->abort.load()) break;
            run_block(*L, id);
        }
        std::lock_guard<std::mutex> lk(mu);
        finished++;
        cv.notify_all();
    };
    unsigned workers;
    if (L->cooperative) {
        workers = grid;
        for (unsigned id = 0; id < grid; ++id) ts.emplace_back(body, std::vector<unsigned>{id});
    } else {
        std::vector<unsigned> ids(grid);
        for (unsigned i = 0; i < grid; ++i) ids[i] = i;
        if (L->jitter) {
            std::mt19937_64 r(L->seed ^ 0xB10C);
            for (unsigned i = grid - 1; i > 0; --i) std::swap(ids[i], ids[r() % (i + 1)]);
        }
        workers = 1;
        ts.emplace_back(body, ids);
    }
    {
        std::unique_lock<std::mutex> lk(mu);
        auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(cfg->timeout_s);
        if (!cv.wait_until(lk, deadline, [&] { return finished == workers; })) {
            L->fail(std::string("launch of ") + L->name + " did not finish within " + std::to_string(cfg->timeout_s) +
                    " s (a grid barrier not every block reaches, or an endless loop); set DWELL_SIM_TIMEOUT_S "
                    "to wait longer");
            // Spinning fibers yield to their scheduler, which sees the abort.
            if (!cv.wait_for(lk, std::chrono::seconds(10), [&] { return finished == workers; })) {
                std::fprintf(stderr, "dwell sim: %s: a block is stuck in a loop with no yield point\n", L->name);
                std::abort();
            }
        }
    }
    for (auto& t : ts) t.join();
    for (int i = 0; i < MAX_PROBES; ++i) probes[i] = L->probes[i].load();
    int rc = 0;
    if (!L->error.empty()) {
        std::snprintf(err, errlen, "%s", L->error.c_str());
        rc = 1;
    }
    delete L;
    return rc;
}
}
