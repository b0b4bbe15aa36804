//! Named vertices and free-form labels end to end: real files (WordNet's
//! pointers, this Debian's package database), a GO-style TSV sample, CSV,
//! sparse ids; answers in the user's names, checked against independent
//! counts (scripts/*.py) and the cpu-reference oracle.

mod common;
use common::{data, fails_with_fix, ok_json, write};
use std::fs;

fn names_data(rel: &str) -> String {
    format!(
        "{}/../dwell/tests/data/names/{rel}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn reach(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["run", "reach"];
    a.extend_from_slice(args);
    a.push("--json");
    let fast = ok_json(&a);
    a.extend_from_slice(&["--backend", "cpu-reference"]);
    let oracle = ok_json(&a);
    assert_eq!(fast["results"], oracle["results"], "cpu vs cpu-reference");
    fast["results"].clone()
}

#[test]
fn wordnet_pointer_file_as_published() {
    let f = data("names/wordnet-pointers.edges.xz");
    let info = ok_json(&["info", &f, "--json"]);
    // 117,659 synsets; 1,009 have no pointer and so are no vertex of this file.
    assert_eq!(info["nodes"], 116_650);
    assert_eq!(info["names"], true);
    assert_eq!(info["labels"].as_object().unwrap().len(), 26);
    for sym in ["~", "@", "#m", "%p", ";c", "\\", "!", "+", "&"] {
        assert!(info["labels"].get(sym).is_some(), "{sym}");
    }
    // dog's hyponym closure; 190 from scripts/wordnet-pointers.py.
    let r = reach(&[
        &f,
        "--sources",
        "02084071-n",
        "--direction",
        "backward",
        "--labels",
        "@",
    ]);
    assert_eq!(r[0]["reached"], 190);
    assert_eq!(r[0]["name"], "02084071-n");
}

#[test]
fn debian_dependencies_by_name() {
    let f = names_data("debian-deps.tsv");
    // 597 from scripts/debian-deps.py on the same dpkg status file.
    let r = reach(&[
        &f,
        "--sources",
        "libc6",
        "--direction",
        "backward",
        "--labels",
        "Depends,Pre-Depends",
        "--sinks",
        "coreutils,dpkg",
    ]);
    assert_eq!(r[0]["reached"], 597);
    assert_eq!(r[0]["name"], "libc6");
    assert_eq!(
        r[0]["sinks_reached_names"],
        serde_json::json!(["coreutils", "dpkg"])
    );
    let err = fails_with_fix(&["run", "reach", &f, "--sources", "libc7"]);
    assert!(
        err.contains("\"libc7\"") && err.contains("\"libc6\""),
        "{err}"
    );
}

#[test]
fn go_style_tsv_with_spaced_relationships() {
    let f = names_data("go-sample.tsv");
    let info = ok_json(&["info", &f, "--json"]);
    assert_eq!(info["nodes"], 11);
    assert_eq!(info["labels"]["part of"], "0x2");
    // Offspring of GO:0006950 over is a / part of: itself, 0006974, 0006281, 0000725.
    let r = reach(&[
        &f,
        "--sources",
        "GO:0006950",
        "--direction",
        "backward",
        "--labels",
        "is a,part of",
    ]);
    assert_eq!(r[0]["reached"], 4);
    let all = reach(&[&f, "--sources", "GO:0006950", "--direction", "backward"]);
    assert_eq!(all[0]["reached"], 6);
    // Columns by position: parent as source turns the arcs around.
    let swapped = reach(&[
        &f,
        "--columns",
        "2,1,3",
        "--sources",
        "GO:0006950",
        "--labels",
        "is a,part of",
    ]);
    assert_eq!(swapped[0]["reached"], 4);
    // `dwell snapshot` reads the file with the same flags as `dwell run`.
    let dir = tempfile::tempdir().unwrap();
    let snap = dir.path().join("go.dwell");
    let snap = snap.to_str().unwrap();
    ok_json(&[
        "snapshot",
        &f,
        "--columns",
        "2,1,3",
        "--out",
        snap,
        "--json",
    ]);
    let from_snap = reach(&[snap, "--sources", "GO:0006950", "--labels", "is a,part of"]);
    assert_eq!(from_snap, swapped);
}

#[test]
fn csv_sparse_ids_and_named_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(
        dir.path(),
        "e.csv",
        "from,to,kind\n\"Smith, J\",\"O'Neil\",cites\n\"O'Neil\",x,\"is a\"\n",
    );
    let r = reach(&[&csv, "--sources", "Smith, J", "--labels", "cites,is a"]);
    assert_eq!(r[0]["reached"], 3);
    let sparse = write(
        dir.path(),
        "s.edges",
        "0 4294967294\n4294967294 70000000000\n",
    );
    let info = ok_json(&["info", &sparse, "--json"]);
    assert_eq!(info["nodes"], 3);
    let r = reach(&[&sparse, "--sources", "4294967294"]);
    assert_eq!(r[0]["reached"], 2);
    let out = dir.path().join("levels.txt");
    ok_json(&[
        "run",
        "bfs",
        &csv,
        "--sources",
        "Smith, J",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    let text = fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().nth(1), Some("Smith, J\t0"), "{text}");
    assert_eq!(text.lines().nth(3), Some("x\t2"), "{text}");
    let idx = fails_with_fix(&["info", &csv, "--ids", "index"]);
    assert!(idx.contains("e.csv:2"), "{idx}");
}

/// `dwell run dataflow` on the Debian list with gen/kill files by package
/// name answers as its integer twin (ids in first-seen order, written here
/// independently of dwell) with the same sets by id; an unknown name in
/// `--gen` is refused at its line with the closest names.
#[test]
fn dataflow_gen_kill_by_name_matches_the_integer_twin() {
    let dir = tempfile::tempdir().unwrap();
    let tsv = fs::read_to_string(names_data("debian-deps.tsv")).unwrap();
    let mut ids: Vec<String> = Vec::new();
    let mut id = |n: &str| match ids.iter().position(|m| m == n) {
        Some(i) => i,
        None => {
            ids.push(n.to_string());
            ids.len() - 1
        }
    };
    let mut twin = String::new();
    for row in tsv.lines() {
        let f: Vec<&str> = row.split('\t').collect();
        let (u, v) = (id(f[0]), id(f[1]));
        twin.push_str(&format!("{u} {v} {}\n", f[2]));
    }
    let named_g = write(dir.path(), "deps.tsv", &tsv);
    let twin_g = write(dir.path(), "twin.edges", &twin);
    let by_id = |n: &str| ids.iter().position(|m| m == n).unwrap();
    // Facts flow from dependents to dependencies: 0 from adduser, 1 from
    // coreutils, 2 from dpkg; dpkg stops fact 0 (a comment and a name with
    // characters the line format must keep).
    let gen = "# who brings what\nadduser 0\ncoreutils 1 # core\ndpkg 2 0\n";
    let kill = "dpkg 0\n";
    let twin_of = |text: &str| -> String {
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let l = l.split(" #").next().unwrap();
                let (n, rest) = l.split_once(' ').unwrap();
                format!("{} {rest}\n", by_id(n))
            })
            .collect()
    };
    let run = |g: &str, gen: &str, kill: &str, tag: &str| {
        let gen_f = write(dir.path(), &format!("gen-{tag}.txt"), gen);
        let kill_f = write(dir.path(), &format!("kill-{tag}.txt"), kill);
        let out = dir.path().join(format!("out-{tag}.txt"));
        let v = ok_json(&[
            "run",
            "dataflow",
            g,
            "--gen",
            &gen_f,
            "--kill",
            &kill_f,
            "--out",
            out.to_str().unwrap(),
            "--json",
        ]);
        (v["results"].clone(), fs::read_to_string(out).unwrap())
    };
    let (named_json, named_out) = run(&named_g, gen, kill, "named");
    let (twin_json, twin_out) = run(&twin_g, &twin_of(gen), &twin_of(kill), "twin");
    assert_eq!(named_json, twin_json);
    assert!(named_json[0]["output_facts_total"].as_u64().unwrap() > 3);
    // Row by row: the named row's first field is the twin's id's name.
    let rows = |t: &str| -> Vec<(String, String)> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let (v, rest) = l.split_once(['\t', ' ']).unwrap();
                (v.to_string(), rest.trim_start().to_string())
            })
            .collect()
    };
    let (n_rows, t_rows) = (rows(&named_out), rows(&twin_out));
    assert_eq!(n_rows.len(), ids.len());
    assert_eq!(n_rows.len(), t_rows.len());
    for ((name, a), (id, b)) in n_rows.iter().zip(&t_rows) {
        assert_eq!(ids[id.parse::<usize>().unwrap()], *name);
        assert_eq!(a, b, "{name}");
    }

    let bad = write(dir.path(), "bad-gen.txt", "adduser 0\nlibc7 1\n");
    let kill_f = write(dir.path(), "k.txt", kill);
    let err = fails_with_fix(&[
        "run", "dataflow", &named_g, "--gen", &bad, "--kill", &kill_f,
    ]);
    assert!(err.contains("bad-gen.txt:2"), "{err}");
    assert!(
        err.contains("\"libc7\"") && err.contains("\"libc6\""),
        "{err}"
    );
}
