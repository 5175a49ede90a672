//! House rules read from the source text: no import circles between the
//! files of `src/`, no import pointing up the layers listed in `src/lib.rs`,
//! and the README's "Limits on input" table in step with `src/limits.rs`.
//!
//! The import graph is a plain text scan (no parser): every path that starts
//! with `crate::`, `super::` or (in the binary) `jungle_print::` in code —
//! `use` lines, groups `{…}` across lines, and paths in expressions — is an
//! edge from the file it is in to the file module it names (the longest
//! prefix that is a file: `crate::compose::products::board::X` is
//! `compose/products/board.rs`, `crate::scene::Item` is `scene/mod.rs`).
//! Comments are skipped, and so are `#[cfg(test)]` modules, which may reach
//! any layer to build their fixtures. A parent's `mod`/`pub use child::…` lines declare its own parts
//! and are not edges; a child's `super::` is.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::rust_sources;
use jungle_print::limits::{Shown, TABLE};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One import: from a file module to a file module, with where it is written.
#[derive(Debug, Clone)]
struct Edge {
    from: String,
    to: String,
    /// `src/x.rs:12: the line`.
    at: String,
}

/// A file of `src/`: its module path (`compose::products::board`; `` for lib.rs) and text.
struct File {
    module: String,
    path: String,
    text: String,
    /// In the binary crate (`main.rs`, `cli/`), where `crate::` is the binary.
    bin: bool,
}

/// The module path of a file relative to `src/`: `compose/mod.rs` is
/// `compose`, `lang/zhuyin.rs` is `lang::zhuyin`, `lib.rs` is the root (``).
fn module_of(rel: &str) -> String {
    let stem = rel.trim_end_matches(".rs");
    let mut parts: Vec<&str> = stem.split('/').collect();
    if parts.last() == Some(&"mod") {
        parts.pop();
    }
    if parts == ["lib"] {
        parts.clear();
    }
    parts.join("::")
}

fn files(list: &[(String, String)]) -> Vec<File> {
    list.iter()
        .map(|(rel, text)| File {
            module: module_of(rel),
            path: format!("src/{rel}"),
            text: text.clone(),
            bin: rel == "main.rs" || rel.starts_with("cli/"),
        })
        .collect()
}

/// The code of a file, line by line, each with the inline modules it is in
/// (`mod shapes { … }`); comments blanked, `#[cfg(test)]` modules dropped.
/// rustfmt's indentation tells where an inline module ends.
fn code_lines(text: &str) -> Vec<(usize, String, Vec<String>)> {
    let mut out = Vec::new();
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut skip_to: Option<usize> = None;
    let mut test_next = false;
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        let indent = line.len() - line.trim_start().len();
        if let Some(i) = skip_to {
            if indent == i && t == "}" {
                skip_to = None;
            }
            continue;
        }
        if t == "#[cfg(test)]" {
            test_next = true;
            continue;
        }
        let opens = t
            .strip_prefix("pub ")
            .or_else(|| t.strip_prefix("pub(crate) "))
            .unwrap_or(t)
            .strip_prefix("mod ")
            .and_then(|r| r.strip_suffix(" {"));
        if let Some(name) = opens {
            if test_next {
                skip_to = Some(indent);
                test_next = false;
                continue;
            }
            inline.push((indent, name.to_string()));
        }
        if !t.starts_with("#[") {
            test_next = false;
        }
        if t == "}" && inline.last().is_some_and(|(i, _)| *i == indent) {
            inline.pop();
        }
        let code = if t.starts_with("//") {
            ""
        } else {
            line.split(" //").next().unwrap_or("")
        };
        let names = inline.iter().map(|(_, n)| n.clone()).collect();
        out.push((n + 1, code.to_string(), names));
    }
    out
}

/// The paths written from `s` on: `a::b::c`, or a group `a::{b, c::{d, e}}`
/// expanded to each path, as lists of segments.
fn paths(s: &str) -> Vec<Vec<String>> {
    let mut segs = Vec::new();
    let mut rest = s.trim_start();
    loop {
        if let Some(inner) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut end = inner.len();
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = i;
                    break;
                }
            }
            let mut out = Vec::new();
            let (mut depth, mut start) = (0, 0);
            let body = &inner[..end];
            for (i, c) in body.char_indices().chain([(body.len(), ',')]) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let item = body[start..i].trim();
                        if !item.is_empty() {
                            for p in paths(item) {
                                out.push(segs.iter().cloned().chain(p).collect());
                            }
                        }
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            return out;
        }
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if len == 0 {
            break;
        }
        segs.push(rest[..len].to_string());
        match rest[len..].trim_start().strip_prefix("::") {
            Some(r) => rest = r.trim_start(),
            None => break,
        }
    }
    vec![segs]
}

/// The import edges of all files.
fn edges(files: &[File]) -> Vec<Edge> {
    let lib: BTreeSet<&str> = files
        .iter()
        .filter(|f| !f.bin)
        .map(|f| f.module.as_str())
        .collect();
    let bin: BTreeSet<String> = files
        .iter()
        .filter(|f| f.bin && f.module != "main")
        .map(|f| f.module.clone())
        .collect();
    // The longest prefix of `segs` that is a file module of `set`.
    let file_of = |segs: &[String], set: &dyn Fn(&str) -> bool| -> String {
        (0..=segs.len())
            .rev()
            .map(|n| segs[..n].join("::"))
            .find(|m| set(m))
            .unwrap_or_default()
    };
    let mut out = Vec::new();
    for f in files {
        let lines = code_lines(&f.text);
        // All the code as one text, for groups over several lines.
        let mut joined = String::new();
        let mut starts = Vec::new();
        for (_, code, _) in &lines {
            starts.push(joined.len());
            joined.push_str(code);
            joined.push('\n');
        }
        let here: Vec<String> = if f.bin && f.module == "main" {
            Vec::new()
        } else {
            f.module
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        };
        for (k, (n, code, inline)) in lines.iter().enumerate() {
            for root in ["crate::", "super::", "jungle_print::"] {
                for (at, _) in code.match_indices(root) {
                    let before = code[..at].chars().next_back();
                    if before
                        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':')
                    {
                        continue;
                    }
                    let from = starts[k] + at;
                    for segs in paths(&joined[from..]) {
                        let (in_bin, target): (bool, Vec<String>) = match segs[0].as_str() {
                            "crate" => (f.bin, segs[1..].to_vec()),
                            "jungle_print" => (false, segs[1..].to_vec()),
                            _ => {
                                let ups = segs.iter().take_while(|s| *s == "super").count();
                                let mut base: Vec<String> =
                                    here.iter().chain(inline.iter()).cloned().collect();
                                if ups > base.len() {
                                    continue;
                                }
                                base.truncate(base.len() - ups);
                                (
                                    f.bin,
                                    base.into_iter().chain(segs[ups..].to_vec()).collect(),
                                )
                            }
                        };
                        let to = if in_bin {
                            match file_of(&target, &|m| bin.contains(m)) {
                                m if m.is_empty() => "main".to_string(),
                                m => m,
                            }
                        } else {
                            file_of(&target, &|m| lib.contains(m))
                        };
                        if to != f.module {
                            out.push(Edge {
                                from: f.module.clone(),
                                to,
                                at: format!("{}:{n}: {}", f.path, code.trim()),
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

/// The layers listed under "# Layers" in lib.rs's documentation, bottom first.
fn layers(lib: &str) -> Vec<String> {
    lib.lines()
        .skip_while(|l| l.trim() != "//! # Layers")
        .filter_map(|l| l.strip_prefix("//! - `"))
        .map(|l| l.split('`').next().unwrap().to_string())
        .collect()
}

/// What breaks the house rules: circles between files, imports up the layers,
/// and modules in no layer. Each message names the import.
fn violations(files: &[File], order: &[String]) -> Vec<String> {
    let mut bad = Vec::new();
    let layer = |m: &str| -> Option<usize> {
        let top = m.split("::").next().unwrap_or("");
        let top = if top == "main" { "cli" } else { top };
        order.iter().position(|l| l == top)
    };
    let all = edges(files);
    for f in files {
        if !f.module.is_empty() && layer(&f.module).is_none() {
            bad.push(format!(
                "{} (`{}`) is in no layer: add its module to the list under `# Layers` in src/lib.rs",
                f.path, f.module
            ));
        }
    }
    // Upward imports.
    for e in &all {
        match (layer(&e.from), layer(&e.to)) {
            (_, None) if e.to.is_empty() => bad.push(format!(
                "`{}` imports from the crate root (src/lib.rs holds only modules and re-exports): import from the module that defines it\n    {}",
                e.from, e.at
            )),
            (Some(a), Some(b)) if b > a => bad.push(format!(
                "`{}` ({}) imports `{}` ({}), a layer above it: move what it needs down a layer\n    {}",
                e.from, order[a], e.to, order[b], e.at
            )),
            _ => {}
        }
    }
    // Circles: a depth-first search that reports each back edge's cycle.
    let mut graph: BTreeMap<&str, BTreeMap<&str, &Edge>> = BTreeMap::new();
    for e in &all {
        graph.entry(&e.from).or_default().entry(&e.to).or_insert(e);
    }
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark: BTreeMap<&str, Mark> = BTreeMap::new();
    fn visit<'a>(
        v: &'a str,
        graph: &BTreeMap<&'a str, BTreeMap<&'a str, &'a Edge>>,
        mark: &mut BTreeMap<&'a str, Mark>,
        stack: &mut Vec<&'a Edge>,
        bad: &mut Vec<String>,
    ) {
        mark.insert(v, Mark::Open);
        for (&w, &e) in graph.get(v).into_iter().flatten() {
            match mark.get(w).copied().unwrap_or(Mark::New) {
                Mark::New => {
                    stack.push(e);
                    visit(w, graph, mark, stack, bad);
                    stack.pop();
                }
                Mark::Open => {
                    let start = stack
                        .iter()
                        .position(|s| s.from == w)
                        .unwrap_or(stack.len());
                    let cycle: Vec<&Edge> = stack[start..].iter().copied().chain([e]).collect();
                    let names: Vec<&str> =
                        cycle.iter().map(|e| e.from.as_str()).chain([w]).collect();
                    let lines: Vec<String> =
                        cycle.iter().map(|e| format!("    {}", e.at)).collect();
                    bad.push(format!(
                        "import circle {}:\n{}",
                        names.join(" -> "),
                        lines.join("\n")
                    ));
                }
                Mark::Done => {}
            }
        }
        mark.insert(v, Mark::Done);
    }
    let nodes: Vec<&str> = graph.keys().copied().collect();
    for v in nodes {
        if mark.get(v).copied().unwrap_or(Mark::New) == Mark::New {
            visit(v, &graph, &mut mark, &mut Vec::new(), &mut bad);
        }
    }
    bad
}

#[test]
fn no_import_circles_and_nothing_imports_upward() {
    let src = Path::new(ROOT).join("src");
    let mut list = Vec::new();
    rust_sources(&src, &src, &mut list);
    let lib = &list.iter().find(|(p, _)| p == "lib.rs").unwrap().1;
    let order = layers(lib);
    assert!(
        order.len() > 10,
        "no `# Layers` list in src/lib.rs: {order:?}"
    );
    let files = files(&list);
    // The scan sees the imports it should: a sample of known edges.
    let all = edges(&files);
    for (from, to) in [
        ("compose::products::tiles", "compose::products::board"),
        ("scene", "text"),
        ("cli::emit", "job"),
    ] {
        assert!(
            all.iter().any(|e| e.from == from && e.to == to),
            "the scan missed {from} -> {to}"
        );
    }
    let bad = violations(&files, &order);
    assert!(bad.is_empty(), "house rules broken:\n{}", bad.join("\n"));
}

#[test]
fn the_import_check_names_circles_and_upward_imports() {
    let tree = [
        (
            "lib.rs",
            "//! # Layers\n//!\n//! - `low`\n//! - `high`\n\npub mod low;\npub mod high;\n",
        ),
        (
            "low.rs",
            "use crate::high::Thing;\n#[cfg(test)]\nmod tests {\n    use crate::high::Ok;\n}\n",
        ),
        ("high/mod.rs", "pub mod a;\npub mod b;\n"),
        (
            "high/a.rs",
            "use super::b::B;\nuse crate::low::{x, y::{z}};\n// use crate::high::Commented;\n",
        ),
        ("high/b.rs", "fn f() {\n    let _ = crate::high::a::A;\n}\n"),
    ];
    let list: Vec<(String, String)> = tree
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    let order = layers(&list[0].1);
    assert_eq!(order, ["low", "high"]);
    let bad = violations(&files(&list), &order);
    assert_eq!(bad.len(), 2, "{bad:#?}");
    assert!(
        bad[0].contains("`low` (low) imports `high` (high)"),
        "{}",
        bad[0]
    );
    assert!(
        bad[0].contains("src/low.rs:1: use crate::high::Thing;"),
        "{}",
        bad[0]
    );
    assert!(
        bad[1].starts_with("import circle high::a -> high::b -> high::a"),
        "{}",
        bad[1]
    );
    assert!(
        bad[1].contains("src/high/b.rs:2: let _ = crate::high::a::A;"),
        "{}",
        bad[1]
    );
}

/// The rows of the README's "Limits on input" table: (limit, value, why).
fn readme_limits() -> Vec<[String; 3]> {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    readme
        .lines()
        .skip_while(|l| l.trim() != "### Limits on input")
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and the rule under it
        .map(|l| {
            let cells: Vec<String> = l
                .trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect();
            assert_eq!(cells.len(), 3, "a README limits row without 3 cells: {l}");
            [cells[0].clone(), cells[1].clone(), cells[2].clone()]
        })
        .collect()
}

/// True when `text` holds `number` as a whole number (not part of a longer one).
fn shows(text: &str, number: &str) -> bool {
    text.match_indices(number).any(|(i, _)| {
        let joined = |c: char| c.is_ascii_digit() || c == ',' || c == '.';
        let before = text[..i].chars().next_back().is_some_and(joined);
        let mut after = text[i + number.len()..].chars();
        let goes_on = match after.next() {
            Some(c) if c.is_ascii_digit() => true,
            Some(',' | '.') => after.next().is_some_and(|c| c.is_ascii_digit()),
            _ => false,
        };
        !before && !goes_on
    })
}

#[test]
fn the_readme_limits_table_is_the_limits_module() {
    let rows = readme_limits();
    assert!(rows.len() > 20, "the README's limits table was not found");
    // The table names options in braces; the README, as flags.
    let flags = |t: &str| {
        let mut out = t.to_string();
        while let Some(i) = out.find('{') {
            let Some(j) = out[i..].find('}') else { break };
            out.replace_range(i..i + j + 1, &format!("--{}", &out[i + 1..i + j]));
        }
        out
    };
    let table: Vec<jungle_print::limits::Limit> = TABLE
        .iter()
        .map(|l| jungle_print::limits::Limit {
            what: Box::leak(flags(l.what).into_boxed_str()),
            why: Box::leak(flags(l.why).into_boxed_str()),
            ..*l
        })
        .collect();
    let mut bad = Vec::new();
    for row in &rows {
        match table.iter().find(|l| l.what == row[0]) {
            None => bad.push(format!(
                "README row `{}` has no limit in src/limits.rs (TABLE)",
                row[0]
            )),
            Some(l) if l.value != row[1] || l.why != row[2] => bad.push(format!(
                "README row `{}` says `{}` | `{}`, src/limits.rs says `{}` | `{}`",
                row[0], row[1], row[2], l.value, l.why
            )),
            Some(_) => {}
        }
    }
    for l in &table {
        if !rows.iter().any(|r| r[0] == l.what) {
            bad.push(format!(
                "limit `{}` of src/limits.rs has no row in the README's limits table",
                l.what
            ));
        }
        for b in l.bounds {
            let shown = b.shown.write(b.value);
            if !shows(l.value, &shown) {
                bad.push(format!(
                    "limit `{}`: `{}` is {shown}, which its value `{}` does not show",
                    l.what, b.name, l.value
                ));
            }
        }
    }
    let order: Vec<&str> = table.iter().map(|l| l.what).collect();
    let readme_order: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    if bad.is_empty() && order != readme_order {
        bad.push("the README lists the limits in another order than TABLE".into());
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn limits_are_written_as_the_readme_writes_them() {
    assert_eq!(Shown::Count.write(12.0), "12");
    assert_eq!(Shown::Count.write(2000.0), "2,000");
    assert_eq!(Shown::Count.write(200_000.0), "200,000");
    assert_eq!(Shown::Count.write(50_000_000.0), "50 million");
    assert_eq!(Shown::Digits.write(1e6), "1,000,000");
    assert_eq!(Shown::Mebibytes.write(f64::from(64u32 << 20)), "64 MiB");
    assert!(shows("8 to 1,000 mm", "8"));
    assert!(shows("8 to 1,000 mm", "1,000"));
    assert!(!shows("80 × 100 mm", "8"));
    assert!(!shows("1,000", "1"));
}
