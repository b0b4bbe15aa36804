//! The malformed-input corpus (`tests/data/names/malformed/`, listed in its
//! `EXPECT` file): every file fails with its expected `file:line`, a phrase
//! of the message and a `Fix:` hint, never a panic; `sources=` entries load
//! and then fail to resolve their sources, with the closest names suggested.

use dwell::formats::{load, IdMode, LoadOptions};
use std::path::Path;

#[test]
fn every_malformed_file_fails_where_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/names/malformed");
    let expect = std::fs::read_to_string(dir.join("EXPECT")).unwrap();
    let mut checked = 0;
    for row in expect
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = row.split('\t').collect();
        let (name, line, phrase) = (f[0], f[1].parse::<u64>().unwrap(), f[2]);
        let mut opts = LoadOptions::default();
        let mut sources = None;
        for opt in f.get(3).unwrap_or(&"").split(';').filter(|o| !o.is_empty()) {
            let (k, v) = opt.split_once('=').unwrap();
            match k {
                "ids" => opts.ids = IdMode::from_name(v).unwrap(),
                "columns" => opts.columns = Some(v.to_string()),
                "max_nodes" => opts.max_nodes = Some(v.parse().unwrap()),
                "sources" => sources = Some(v),
                _ => panic!("EXPECT: unknown option {k}"),
            }
        }
        let path = dir.join(name);
        let msg = match (load(&path, &opts), sources) {
            (Ok(g), Some(s)) => {
                let e = dwell::sources::parse_list(&g, s, "--sources").unwrap_err();
                e.to_string()
            }
            (Ok(_), None) => panic!("{name} loaded, but should fail at line {line}"),
            (Err(e), None) => {
                assert_eq!(e.line(), Some(line), "{name}: {e}");
                let s = e.to_string();
                let at = format!("{}:{line}:", path.display());
                assert!(s.starts_with(&at), "{name}: {s}");
                s
            }
            (Err(e), Some(_)) => panic!("{name} should load: {e}"),
        };
        assert!(msg.contains(phrase), "{name}: {msg:?} lacks {phrase:?}");
        assert!(msg.contains("Fix:"), "{name}: {msg}");
        checked += 1;
    }
    assert!(checked >= 50, "the corpus has {checked} files");
}
