//! Variadic arguments carry data (data/c/varargs.c): what a call passes
//! through `...` is what the callee's `va_arg` reads, directly and through
//! a `va_list` handed to another function and through a `va_copy` of one,
//! at -O0 and -O2.

use dwell::program::flow;
use dwell::program::models::Models;
use dwell::program::points_to;
use dwell::program::read_llvm;
use dwell::progress::Stop;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/c")
        .join(name)
}

#[test]
fn va_arg_reads_what_the_calls_pass() {
    for level in ["O0", "O2"] {
        let p = read_llvm(&data(&format!("varargs.{level}.ll"))).unwrap();
        let pts = points_to::solve(&p, &Models::libc(), u64::MAX, Stop::never()).unwrap();
        let reference = points_to::reference(&p, &Models::libc());
        assert_eq!(
            pts.named_pointers(&p),
            reference.named_pointers(&p),
            "{level}: solver and oracle differ"
        );
        let cmd_of = |f: &str| -> Vec<String> {
            pts.named_pointers(&p)
                .into_iter()
                .filter(|n| n.function.as_deref() == Some(f) && n.name == "cmd")
                .flat_map(|n| n.targets.to_vec())
                .map(|t| t.to_string())
                .collect()
        };
        // run_fmt's one caller passes getenv's string.
        let run_fmt = cmd_of("run_fmt");
        assert!(
            run_fmt.iter().any(|t| t.starts_with("getenv@from_env")),
            "{level}: {run_fmt:?}"
        );
        // run_all's caller passes a literal and getenv's string; at -O0
        // vrun reads them through the va_list it is given.
        let reader = if level == "O0" { "vrun" } else { "run_all" };
        let all = cmd_of(reader);
        assert!(
            all.iter().any(|t| t.starts_with("getenv@from_env_list"))
                && all.iter().any(|t| t == "constant data"),
            "{level}: {all:?}"
        );

        let run = flow::taint(&p, &Models::libc(), u64::MAX, Stop::never()).unwrap();
        let mut found: Vec<(String, String, Vec<String>)> = run
            .findings
            .iter()
            .map(|f| {
                let mut sources: Vec<String> =
                    f.sources.iter().map(|s| s.at.function.clone()).collect();
                sources.sort();
                (f.rule.clone(), f.sink.clone(), sources)
            })
            .collect();
        found.sort();
        let both = |s: &str| {
            (
                "command-injection".to_string(),
                "system".to_string(),
                vec![s.to_string()],
            )
        };
        // run_copy reads its command through a `va_copy` of its list. At
        // -O2 clang 14 drops run_copy's `va_start` (the copy reads an
        // unset list) and inlines it: getenv's result is used by nothing.
        let expected = if level == "O0" {
            vec![
                both("from_env"),
                both("from_env_copy"),
                both("from_env_list"),
            ]
        } else {
            vec![both("from_env"), both("from_env_list")]
        };
        assert_eq!(found, expected, "{level}: {found:?}");
    }
}

#[test]
fn a_budget_too_small_for_any_phase_is_an_error_with_a_fix() {
    let p = read_llvm(&data("varargs.O0.ll")).unwrap();
    let mut refused = 0;
    for budget in [1u64, 1 << 10, 1 << 14, 1 << 16, 1 << 18, 1 << 20, u64::MAX] {
        match flow::taint(&p, &Models::libc(), budget, Stop::never()) {
            Ok(run) => assert_eq!(run.findings.len(), 3, "budget {budget}"),
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.contains("budget") && msg.contains("Fix: allow it more memory"),
                    "budget {budget}: {msg}"
                );
                refused += 1;
            }
        }
    }
    assert!(refused >= 1, "no budget was too small");
}
