//! Bit-vector dataflow: textbook CFGs with hand-computed answers, random CFGs
//! against a naive round-robin solver, the equations at every node, and the
//! gen/kill file parser.

use dwell::analysis::dataflow::{self, FactsError};
use dwell::analysis::{
    DataflowProblem, DataflowSolution, Direction, FactSets, Meet, Output, Query, QueryError,
};
use dwell::backend::{Backend, Cpu, CpuReference};
use dwell::graph::{Graph, GraphBuilder};
use dwell::session::SessionError;
use proptest::prelude::*;

fn graph(nodes: u64, arcs: &[(u64, u64)]) -> Graph {
    let mut b = GraphBuilder::new(true);
    b.set_nodes(nodes).unwrap();
    for &(u, v) in arcs {
        b.push(u, v).unwrap();
    }
    b.build().unwrap()
}

fn solve(backend: &dyn Backend, g: &Graph, p: &DataflowProblem) -> DataflowSolution {
    match dwell::session::run_once(backend, g, &Query::Dataflow(p.clone())).unwrap() {
        Output::Dataflow(s) => s,
        other => panic!("unexpected output {other:?}"),
    }
}

/// Both backends, checked equal, verified, and returned.
fn solve_both(g: &Graph, p: &DataflowProblem) -> DataflowSolution {
    let r = solve(&CpuReference, g, p);
    let c = solve(&Cpu, g, p);
    assert_eq!(r.input, c.input, "reference and cpu disagree on IN");
    assert_eq!(r.output, c.output, "reference and cpu disagree on OUT");
    dataflow::verify(g, p, &r).unwrap();
    r
}

fn sets(s: &FactSets, nodes: usize) -> Vec<Vec<u32>> {
    (0..nodes as u32).map(|v| s.iter(v).collect()).collect()
}

fn lists(rows: &[&[u32]]) -> Vec<(u32, Vec<u32>)> {
    rows.iter()
        .enumerate()
        .map(|(v, fs)| (v as u32, fs.to_vec()))
        .collect()
}

/// Liveness: Appel, *Modern Compiler Implementation in ML/Java/C*, §10.1,
/// Graph 10.1 and the final table of Table 10.6:
///
/// ```text
/// 1: a := 0
/// 2: L1: b := a + 1
/// 3: c := c + b
/// 4: a := b * 2
/// 5: if a < N goto L1
/// 6: return c
/// ```
/// Backward, union, gen = use, kill = def. IN (meet over successors) is
/// live-out, OUT is live-in.
#[test]
fn liveness_appel_graph_10_1() {
    let (a, b, c) = (0u32, 1u32, 2u32);
    // Statements 1..6 are nodes 0..5.
    let g = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 1), (4, 5)]);
    let uses: &[&[u32]] = &[&[], &[a], &[b, c], &[b], &[a], &[c]];
    let defs: &[&[u32]] = &[&[a], &[b], &[c], &[a], &[], &[]];
    let p = DataflowProblem {
        direction: Direction::Backward,
        meet: Meet::Union,
        gen: FactSets::from_lists(6, 3, &lists(uses)),
        kill: FactSets::from_lists(6, 3, &lists(defs)),
    };
    let s = solve_both(&g, &p);
    let live_in = vec![
        vec![c],
        vec![a, c],
        vec![b, c],
        vec![b, c],
        vec![a, c],
        vec![c],
    ];
    let live_out = vec![
        vec![a, c],
        vec![b, c],
        vec![b, c],
        vec![a, c],
        vec![a, c],
        vec![],
    ];
    assert_eq!(sets(&s.output, 6), live_in);
    assert_eq!(sets(&s.input, 6), live_out);
}

/// Reaching definitions: Aho, Lam, Sethi & Ullman, *Compilers* (2nd ed.),
/// Fig. 9.13 (flow graph) and Fig. 9.15 (final IN/OUT bit vectors).
///
/// ```text
/// ENTRY → B1
/// B1: d1: i = m-1   d2: j = n   d3: a = u1      → B2
/// B2: d4: i = i+1   d5: j = j-1                  → B3, B4
/// B3: d6: a = u2                                 → B4
/// B4: d7: i = u3                                 → B2, EXIT
/// ```
#[test]
fn reaching_definitions_dragon_fig_9_13() {
    // Nodes: ENTRY 0, B1..B4 = 1..4, EXIT 5. Facts d1..d7 = 0..6.
    let g = graph(6, &[(0, 1), (1, 2), (2, 3), (2, 4), (3, 4), (4, 2), (4, 5)]);
    let d = |k: u32| k - 1;
    let gen: &[&[u32]] = &[
        &[],
        &[d(1), d(2), d(3)],
        &[d(4), d(5)],
        &[d(6)],
        &[d(7)],
        &[],
    ];
    let kill: &[&[u32]] = &[
        &[],
        &[d(4), d(5), d(6), d(7)],
        &[d(1), d(2), d(7)],
        &[d(3)],
        &[d(1), d(4)],
        &[],
    ];
    let p = DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Union,
        gen: FactSets::from_lists(6, 7, &lists(gen)),
        kill: FactSets::from_lists(6, 7, &lists(kill)),
    };
    let s = solve_both(&g, &p);
    // Fig. 9.15, bit vectors d1..d7 written as definition numbers.
    let ds = |v: &[u32]| v.iter().map(|&k| d(k)).collect::<Vec<_>>();
    let want_in = vec![
        ds(&[]),                 // ENTRY
        ds(&[]),                 // B1   000 0000
        ds(&[1, 2, 3, 5, 6, 7]), // B2   111 0111
        ds(&[3, 4, 5, 6]),       // B3   001 1110
        ds(&[3, 4, 5, 6]),       // B4   001 1110
        ds(&[3, 5, 6, 7]),       // EXIT 001 0111
    ];
    let want_out = vec![
        ds(&[]),
        ds(&[1, 2, 3]),    // 111 0000
        ds(&[3, 4, 5, 6]), // 001 1110
        ds(&[4, 5, 6]),    // 000 1110
        ds(&[3, 5, 6, 7]), // 001 0111
        ds(&[3, 5, 6, 7]),
    ];
    assert_eq!(sets(&s.input, 6), want_in);
    assert_eq!(sets(&s.output, 6), want_out);
}

/// Available expressions (forward, intersection), worked by hand:
///
/// ```text
/// 0 entry:  x = a+b; w = c+d     gen {a+b, c+d}
/// 1 header: y = a*b              gen {a*b}          → 2, 3
/// 2:        a = 1                kill {a+b, a*b}    → 3
/// 3:        z = a+b              gen {a+b}          → 1 (back arc), 4
/// 4 exit
/// ```
/// `c+d` is computed on entry and killed nowhere, so it is available all
/// around the loop: only the maximal fixpoint (start from the universe) says
/// so; a least fixpoint would lose it at the header. `a*b` is killed on the
/// path through 2, so it is not available at 3.
#[test]
fn available_expressions_loop() {
    let (ab, amulb, cd) = (0u32, 1u32, 2u32);
    let g = graph(5, &[(0, 1), (1, 2), (1, 3), (2, 3), (3, 1), (3, 4)]);
    let gen: &[&[u32]] = &[&[ab, cd], &[amulb], &[], &[ab], &[]];
    let kill: &[&[u32]] = &[&[], &[], &[ab, amulb], &[], &[]];
    let p = DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Intersection,
        gen: FactSets::from_lists(5, 3, &lists(gen)),
        kill: FactSets::from_lists(5, 3, &lists(kill)),
    };
    let s = solve_both(&g, &p);
    let want_in = vec![
        vec![],
        vec![ab, cd],
        vec![ab, amulb, cd],
        vec![cd],
        vec![ab, cd],
    ];
    let want_out = vec![
        vec![ab, cd],
        vec![ab, amulb, cd],
        vec![cd],
        vec![ab, cd],
        vec![ab, cd],
    ];
    assert_eq!(sets(&s.input, 5), want_in);
    assert_eq!(sets(&s.output, 5), want_out);
}

/// Intersection with a cycle no boundary node reaches: nothing flows in, so
/// the maximal fixpoint keeps every fact (bits past `facts` stay clear).
#[test]
fn intersection_unreachable_cycle_keeps_universe() {
    let g = graph(3, &[(0, 1), (1, 0), (2, 2)]);
    let p = DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Intersection,
        gen: FactSets::new(3, 70),
        kill: FactSets::from_lists(3, 70, &[(0, vec![5])]),
    };
    let s = solve_both(&g, &p);
    let all: Vec<u32> = (0..70).collect();
    let no5: Vec<u32> = all.iter().copied().filter(|&f| f != 5).collect();
    assert_eq!(
        sets(&s.input, 3),
        vec![no5.clone(), no5.clone(), all.clone()]
    );
    assert_eq!(sets(&s.output, 3), vec![no5.clone(), no5, all]);
}

/// Many small CFGs (components of different shapes) solved together: the
/// parallel solver's component split must not change the answer.
#[test]
fn many_components_agree() {
    let mut arcs = Vec::new();
    let mut gen = Vec::new();
    let mut kill = Vec::new();
    let mut base = 0u64;
    for k in 0..300u64 {
        let size = 1 + k % 17;
        for i in 0..size {
            let v = base + i;
            if i + 1 < size {
                arcs.push((v, v + 1));
            }
            if i >= 2 && (k + i) % 3 == 0 {
                arcs.push((v, base + i / 2)); // back arc: a loop
            }
            gen.push((v as u32, vec![((k * 7 + i) % 100) as u32]));
            kill.push((v as u32, vec![((k + i * 3) % 100) as u32, 99]));
        }
        base += size;
    }
    let g = graph(base, &arcs);
    for direction in [Direction::Forward, Direction::Backward] {
        for meet in [Meet::Union, Meet::Intersection] {
            let p = DataflowProblem {
                direction,
                meet,
                gen: FactSets::from_lists(base as usize, 100, &gen),
                kill: FactSets::from_lists(base as usize, 100, &kill),
            };
            let s = solve_both(&g, &p);
            assert_eq!(s, naive(&g, &p).with_evaluations(s.evaluations));
        }
    }
}

#[test]
fn empty_graph_and_no_facts() {
    let g = graph(0, &[]);
    let p = DataflowProblem::new(
        Direction::Forward,
        Meet::Union,
        FactSets::new(0, 0),
        FactSets::new(0, 0),
    );
    let s = solve_both(&g, &p);
    assert_eq!(s.input.bits.len(), 0);

    let g = graph(4, &[(0, 1), (1, 2), (2, 0)]);
    let p = DataflowProblem::new(
        Direction::Backward,
        Meet::Intersection,
        FactSets::new(4, 0),
        FactSets::new(4, 0),
    );
    let s = solve_both(&g, &p);
    assert!(s.output.bits.iter().all(|&w| w == 0));
}

#[test]
fn validate_rejects_mismatched_sizes() {
    let g = graph(3, &[(0, 1)]);
    let err = |p: DataflowProblem| match dwell::session::run_once(&Cpu, &g, &Query::Dataflow(p)) {
        Err(SessionError::Query(QueryError::Dataflow(e))) => e.to_string(),
        other => panic!("expected a dataflow error, got {other:?}"),
    };
    let msg = err(DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Union,
        gen: FactSets::new(2, 4),
        kill: FactSets::new(3, 4),
    });
    assert!(
        msg.contains("gen") && msg.contains("3 nodes") && msg.contains("Fix:"),
        "{msg}"
    );
    let msg = err(DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Union,
        gen: FactSets::new(3, 4),
        kill: FactSets::new(3, 9),
    });
    assert!(msg.contains("4 facts") && msg.contains("Fix:"), "{msg}");
    let mut stray = FactSets::new(3, 4);
    stray.bits[1] = 1 << 10; // fact 10 of a 4-fact universe
    let msg = err(DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Union,
        gen: stray,
        kill: FactSets::new(3, 4),
    });
    assert!(msg.contains("node 1") && msg.contains("Fix:"), "{msg}");
}

// ---------------------------------------------------------------- naive oracle

trait WithEvaluations {
    fn with_evaluations(self, e: u64) -> Self;
}
impl WithEvaluations for DataflowSolution {
    fn with_evaluations(mut self, e: u64) -> Self {
        self.evaluations = e;
        self
    }
}

/// Round-robin Jacobi iteration over `Vec<bool>` sets, written from the
/// equations alone: initialise, then recompute every node's IN and OUT from
/// the previous values until nothing changes.
fn naive(g: &Graph, p: &DataflowProblem) -> DataflowSolution {
    let n = g.nodes();
    let f = p.gen.facts;
    // pred(n) in the analysis direction, from the forward arc list only.
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for u in 0..n as u32 {
        for &v in g.forward().neighbors(u) {
            match p.direction {
                Direction::Forward => pred[v as usize].push(u as usize),
                Direction::Backward => pred[u as usize].push(v as usize),
            }
        }
    }
    let gen = |v: usize, x: usize| p.gen.get(v as u32, x as u32);
    let kill = |v: usize, x: usize| p.kill.get(v as u32, x as u32);
    let mut inn = vec![vec![false; f]; n];
    let mut out: Vec<Vec<bool>> = (0..n)
        .map(|v| {
            (0..f)
                .map(|x| {
                    if pred[v].is_empty() {
                        gen(v, x)
                    } else {
                        p.meet == Meet::Intersection
                    }
                })
                .collect()
        })
        .collect();
    loop {
        let new_in: Vec<Vec<bool>> = (0..n)
            .map(|v| {
                (0..f)
                    .map(|x| {
                        !pred[v].is_empty()
                            && match p.meet {
                                Meet::Union => pred[v].iter().any(|&q| out[q][x]),
                                Meet::Intersection => pred[v].iter().all(|&q| out[q][x]),
                            }
                    })
                    .collect()
            })
            .collect();
        let new_out: Vec<Vec<bool>> = (0..n)
            .map(|v| {
                (0..f)
                    .map(|x| gen(v, x) || (new_in[v][x] && !kill(v, x)))
                    .collect()
            })
            .collect();
        let done = new_in == inn && new_out == out;
        inn = new_in;
        out = new_out;
        if done {
            break;
        }
    }
    let to_sets = |rows: &[Vec<bool>]| {
        let mut s = FactSets::new(n, f);
        for (v, row) in rows.iter().enumerate() {
            for (x, &b) in row.iter().enumerate() {
                if b {
                    s.set(v as u32, x as u32);
                }
            }
        }
        s
    };
    DataflowSolution {
        input: to_sets(&inn),
        output: to_sets(&out),
        evaluations: 0,
    }
}

/// The equations, checked node by node with `get` (independent of the
/// library's own verifier).
fn check_equations(g: &Graph, p: &DataflowProblem, s: &DataflowSolution) {
    let n = g.nodes();
    let f = p.gen.facts as u32;
    let pred = |v: u32| -> Vec<u32> {
        match p.direction {
            Direction::Forward => (0..n as u32)
                .filter(|&u| g.forward().neighbors(u).contains(&v))
                .collect(),
            Direction::Backward => g.forward().neighbors(v).to_vec(),
        }
    };
    for v in 0..n as u32 {
        let ps = pred(v);
        for x in 0..f {
            let meet = !ps.is_empty()
                && match p.meet {
                    Meet::Union => ps.iter().any(|&q| s.output.get(q, x)),
                    Meet::Intersection => ps.iter().all(|&q| s.output.get(q, x)),
                };
            assert_eq!(s.input.get(v, x), meet, "IN[{v}] fact {x}");
            let out = p.gen.get(v, x) || (s.input.get(v, x) && !p.kill.get(v, x));
            assert_eq!(s.output.get(v, x), out, "OUT[{v}] fact {x}");
        }
        // Bits beyond the universe stay clear.
        let w = s.input.words_per_node;
        let last = |fs: &FactSets| fs.node(v)[w - 1];
        let mask = match (f, f % 64) {
            (0, _) => u64::MAX,
            (_, 0) => 0,
            (_, tail) => !((1u64 << tail) - 1),
        };
        assert_eq!(
            last(&s.input) & mask,
            0,
            "IN[{v}] has bits past the universe"
        );
        assert_eq!(
            last(&s.output) & mask,
            0,
            "OUT[{v}] has bits past the universe"
        );
    }
}

fn problem_strategy() -> impl Strategy<Value = (Graph, DataflowProblem)> {
    (
        1usize..150,
        0usize..130,
        any::<bool>(),
        any::<bool>(),
        prop::bool::weighted(0.25),
    )
        .prop_flat_map(|(n, f, backward, intersection, undirected)| {
            let arc = (0..n as u64, 0..n as u64);
            let fact = if f == 0 { 0..1u32 } else { 0..f as u32 };
            let pair = (0..n as u32, fact);
            (
                Just((n, f, backward, intersection, undirected)),
                prop::collection::vec(arc, 0..3 * n),
                prop::collection::vec(pair.clone(), 0..4 * n),
                prop::collection::vec(pair, 0..4 * n),
            )
        })
        .prop_map(
            |((n, f, backward, intersection, undirected), arcs, gen, kill)| {
                let g = if undirected {
                    let mut b = GraphBuilder::new(false);
                    b.set_nodes(n as u64).unwrap();
                    for &(u, v) in &arcs {
                        b.push(u, v).unwrap();
                    }
                    b.build().unwrap()
                } else {
                    graph(n as u64, &arcs)
                };
                let mut gs = FactSets::new(n, f);
                let mut ks = FactSets::new(n, f);
                if f > 0 {
                    for (v, x) in gen {
                        gs.set(v, x);
                    }
                    for (v, x) in kill {
                        ks.set(v, x);
                    }
                }
                let p = DataflowProblem {
                    direction: if backward {
                        Direction::Backward
                    } else {
                        Direction::Forward
                    },
                    meet: if intersection {
                        Meet::Intersection
                    } else {
                        Meet::Union
                    },
                    gen: gs,
                    kill: ks,
                };
                (g, p)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random digraphs (cycles, self loops, unreachable parts, several
    /// components) and some undirected graphs, both directions and meets:
    /// both solvers equal the naive one. On an undirected graph `cpu` runs
    /// the reference's own FIFO schedule, so it evaluates as often.
    #[test]
    fn random_cfgs_match_naive((g, p) in problem_strategy()) {
        let want = naive(&g, &p);
        let mut evaluations = Vec::new();
        for backend in [&CpuReference as &dyn Backend, &Cpu] {
            let got = solve(backend, &g, &p);
            prop_assert_eq!(&got.input, &want.input, "{} IN", backend.name());
            prop_assert_eq!(&got.output, &want.output, "{} OUT", backend.name());
            prop_assert!(got.evaluations >= g.nodes() as u64);
            evaluations.push(got.evaluations);
        }
        if !g.is_directed() {
            prop_assert_eq!(evaluations[0], evaluations[1]);
        }
    }

    /// The solution satisfies IN = meet(pred OUT), OUT = gen ∪ (IN − kill)
    /// at every node, by an independent check and by the library verifier.
    #[test]
    fn equations_hold_at_every_node((g, p) in problem_strategy()) {
        for backend in [&CpuReference as &dyn Backend, &Cpu] {
            let s = solve(backend, &g, &p);
            check_equations(&g, &p, &s);
            prop_assert!(dataflow::verify(&g, &p, &s).is_ok());
        }
    }
}

#[test]
fn verifier_rejects_a_wrong_solution() {
    let g = graph(3, &[(0, 1), (1, 2)]);
    let p = DataflowProblem {
        direction: Direction::Forward,
        meet: Meet::Union,
        gen: FactSets::from_lists(3, 2, &[(0, vec![0])]),
        kill: FactSets::new(3, 2),
    };
    let mut s = solve_both(&g, &p);
    s.output.unset(2, 0);
    let msg = dataflow::verify(&g, &p, &s).unwrap_err().to_string();
    assert!(msg.contains("node 2"), "{msg}");
}

// ---------------------------------------------------------------- parser

fn read(text: &str, nodes: usize) -> Result<FactSets, FactsError> {
    FactSets::read(text.as_bytes(), "gen.txt", nodes)
}

#[test]
fn reader_unites_lines_and_skips_comments() {
    let s = read("# gen\n\n0 1 2\n3 64   # wide\n0 7\n2\n", 4).unwrap();
    assert_eq!(s.facts, 65);
    assert_eq!(s.words_per_node, 2);
    assert_eq!(sets(&s, 4), vec![vec![1, 2, 7], vec![], vec![], vec![64]]);
    let empty = read("# nothing\n1\n", 2).unwrap();
    assert_eq!(empty.facts, 0);
    assert_eq!(empty.nodes(), 2);
}

#[test]
fn reader_errors_name_file_line_and_fix() {
    let e = read("0 1\n1 x2\n", 3).unwrap_err().to_string();
    assert!(
        e.starts_with("gen.txt:2:") && e.contains("\"x2\"") && e.contains("Fix:"),
        "{e}"
    );
    let e = read("0 1\n\n5 1\n", 3).unwrap_err().to_string();
    assert!(
        e.starts_with("gen.txt:3:") && e.contains("node 5") && e.contains("Fix:"),
        "{e}"
    );
    let e = read("-1 2\n", 3).unwrap_err().to_string();
    assert!(e.starts_with("gen.txt:1:") && e.contains("Fix:"), "{e}");
    let e = read("0 99999999999\n", 3).unwrap_err().to_string();
    assert!(e.contains("99999999999") && e.contains("Fix:"), "{e}");
}

#[test]
fn gen_and_kill_files_share_one_universe() {
    let gen = read("0 1\n1 2\n", 2).unwrap();
    let kill = FactSets::read("1 100\n".as_bytes(), "kill.txt", 2).unwrap();
    let p = DataflowProblem::new(Direction::Forward, Meet::Union, gen, kill);
    assert_eq!((p.gen.facts, p.kill.facts), (101, 101));
    assert_eq!(p.gen.words_per_node, p.kill.words_per_node);
    assert!(p.gen.get(1, 2) && p.kill.get(1, 100));
    let g = graph(2, &[(0, 1)]);
    let s = solve_both(&g, &p);
    assert_eq!(sets(&s.output, 2), vec![vec![1], vec![1, 2]]);
}

#[test]
fn a_large_fact_id_is_refused_before_its_sets_are_allocated() {
    // One 13-byte line would ask for 34 × 2^26 words (18 GB): refused
    // against the budget, naming the file and line, before allocating.
    let text = "1 2\n0 4294967295\n";
    let e = FactSets::read_within(text.as_bytes(), "gen.txt", 34, 1 << 20).unwrap_err();
    assert!(
        matches!(
            e,
            FactsError::OverBudget {
                line: 2,
                fact: 4294967295,
                ..
            }
        ),
        "{e:?}"
    );
    let msg = e.to_string();
    assert!(
        msg.starts_with("gen.txt:2: fact 4294967295") && msg.contains("Fix:"),
        "{msg}"
    );
    // A size past a u64 is refused too, not a panic.
    let e = FactSets::read_within(text.as_bytes(), "gen.txt", usize::MAX, u64::MAX).unwrap_err();
    assert!(
        matches!(e, FactsError::OverBudget { bytes: None, .. }),
        "{e:?}"
    );
    // Within the budget, as before.
    let s = FactSets::read_within("0 1\n3 64\n".as_bytes(), "gen.txt", 4, 64).unwrap();
    assert_eq!((s.facts, s.iter(3).collect::<Vec<_>>()), (65, vec![64]));
    let ids = |t: &str| t.parse::<u32>().map_err(|e| e.to_string());
    let e = FactSets::read_named_within("0 99999\n".as_bytes(), "k", 34, 1000, ids).unwrap_err();
    assert!(e.to_string().contains("k:1:"), "{e}");
}

#[test]
fn a_fact_file_without_line_ends_is_bounded_by_the_line_limit() {
    // `--gen /dev/zero` used to read until memory ran out.
    let zeros = std::io::BufReader::new(std::io::Read::take(std::io::repeat(0), 4 << 20));
    let e = FactSets::read(zeros, "zero", 4).unwrap_err().to_string();
    assert!(e.contains("zero:1") && e.contains("Fix:"), "{e}");
    let long = vec![b'1'; (1 << 21) + 1];
    let e = FactSets::read(&long[..], "gen.txt", 4)
        .unwrap_err()
        .to_string();
    assert!(e.contains("gen.txt:1") && e.contains("longer than"), "{e}");
}
