//! Readable in a day: no function in `src/` is longer than [`MAX_FN_LINES`],
//! and the relative links of `ARCHITECTURE.md` and `README.md` point at files
//! and folders that exist.
//!
//! Functions are found by a plain text scan (no parser): comments, strings
//! and character literals are blanked, then each `fn NAME` with a body is
//! measured from the line of `fn` to the line of its closing brace (doc
//! comments and attributes not counted).

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::rust_sources;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The longest a function in `src/` may be, in lines.
const MAX_FN_LINES: usize = 150;

/// Functions allowed over [`MAX_FN_LINES`] for now, as (file, name), while
/// a branch rewrites them: none left. Add a line only for such a branch; the
/// test fails on a line that is no longer needed.
const NOT_YET: &[(&str, &str)] = &[];

/// `text` with comments, string literals and character literals replaced by
/// spaces (newlines kept), so braces and `fn` inside them are not seen.
fn blank(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let wipe = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let word = |i: usize| i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    while i < b.len() {
        let rest = &b[i..];
        let end = if rest.starts_with(b"//") {
            rest.iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n)
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (1, i + 2);
            while j < b.len() && depth > 0 {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            j
        } else if let Some((open, hashes)) = raw_string_open(rest).filter(|_| !word(i)) {
            // r"…", r#"…"#, br"…": ends at the quote and as many hashes.
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            b[i + open..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |n| i + open + n + close.len())
        } else if rest[0] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            j + 1
        } else if rest[0] == b'\'' {
            // A character literal ('a', '\n', '\u{1F600}', '{'), not a lifetime.
            match char_literal(rest) {
                Some(n) => i + n,
                None => {
                    i += 1;
                    continue;
                }
            }
        } else {
            i += 1;
            continue;
        };
        let end = end.min(b.len());
        wipe(&mut out, i, end);
        i = end;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The length of a raw string's opening (`r#"` is 3) and its number of
/// hashes, when `s` starts with one.
fn raw_string_open(s: &[u8]) -> Option<(usize, usize)> {
    let start = match s {
        [b'r', ..] => 1,
        [b'b', b'r', ..] => 2,
        _ => return None,
    };
    let hashes = s[start..].iter().take_while(|&&c| c == b'#').count();
    (s.get(start + hashes) == Some(&b'"')).then_some((start + hashes + 1, hashes))
}

/// The length of the character literal `s` starts with, if it starts with one.
fn char_literal(s: &[u8]) -> Option<usize> {
    if s.get(1) == Some(&b'\\') {
        let close = s[2..].iter().take(10).position(|&c| c == b'\'')?;
        return Some(close + 3);
    }
    // One character (of up to four UTF-8 bytes), then the closing quote.
    let len = std::str::from_utf8(&s[1..s.len().min(5)])
        .or_else(|e| std::str::from_utf8(&s[1..1 + e.valid_up_to()]))
        .ok()?
        .chars()
        .next()?
        .len_utf8();
    (s.get(1 + len) == Some(&b'\'')).then_some(len + 2)
}

/// Every function with a body in `text`: (name, first line, length in lines).
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank(text);
    let b = code.as_bytes();
    let line_at = |i: usize| 1 + b[..i].iter().filter(|&&c| c == b'\n').count();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut found = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if at > 0 && ident(b[at - 1]) {
            continue;
        }
        let name: String = code[at + 3..]
            .trim_start()
            .chars()
            .take_while(|&c| c.is_alphanumeric() || c == '_')
            .collect();
        if name.is_empty() {
            continue; // a function pointer type, `fn(u8) -> u8`
        }
        // The body's opening brace: the first `{` outside the signature's
        // parentheses and brackets; a `;` first means no body.
        let mut depth = 0i32;
        let mut j = at;
        while j < b.len() {
            match b[j] {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b'{' | b';' if depth == 0 => break,
                _ => {}
            }
            j += 1;
        }
        if j >= b.len() || b[j] == b';' {
            continue;
        }
        let mut braces = 0i32;
        let mut k = j;
        while k < b.len() {
            match b[k] {
                b'{' => braces += 1,
                b'}' => {
                    braces -= 1;
                    if braces == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        let first = line_at(at);
        found.push((name, first, line_at(k.min(b.len() - 1)) - first + 1));
    }
    found
}

#[test]
fn no_function_in_src_is_over_150_lines() {
    let mut files = Vec::new();
    rust_sources(&Path::new(ROOT).join("src"), Path::new(ROOT), &mut files);
    let mut long = Vec::new();
    let mut excused = Vec::new();
    for (path, text) in &files {
        for (name, line, len) in functions(text) {
            if len <= MAX_FN_LINES {
                continue;
            }
            if NOT_YET.contains(&(path.as_str(), name.as_str())) {
                excused.push((path.as_str(), name));
            } else {
                long.push(format!("{path}:{line}: fn {name} is {len} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines (split them into well-named functions):\n{}",
        long.join("\n")
    );
    for (path, name) in NOT_YET {
        assert!(
            excused.iter().any(|(p, n)| p == path && n == name),
            "{path}: fn {name} is no longer over {MAX_FN_LINES} lines (or is gone): remove it from NOT_YET in tests/it/readable.rs"
        );
    }
}

#[test]
fn the_function_scan_measures_what_it_should() {
    let text = r##"
/// fn not_this() { in a comment }
fn short(a: [u8; 2]) -> u8 {
    let s = "fn nor_this() { {";
    let r = r#"}"#;
    let c = '{';
    let l: &'static str = "}";
    a[0]
}

trait T {
    fn declared(&self);
    fn provided(&self) -> Box<dyn Fn(u8) -> u8> {
        /* nested /* } */ } */
        Box::new(|x| x)
    }
}
"##;
    let found = functions(text);
    assert_eq!(
        found,
        vec![("short".to_string(), 3, 7), ("provided".to_string(), 13, 4),]
    );
}

/// The relative link targets of a markdown file: `[text](target)`, without
/// web links, mail links and in-page anchors; a `#fragment` is dropped.
fn relative_links(markdown: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            let path = target.split('#').next().unwrap_or("");
            if !(path.is_empty() || path.contains("://") || path.starts_with("mailto:")) {
                links.push(path.to_string());
            }
            rest = &rest[end..];
        }
    }
    links
}

#[test]
fn architecture_and_readme_links_point_at_files_that_exist() {
    let mut broken = Vec::new();
    for doc in ["ARCHITECTURE.md", "README.md"] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(doc))
            .unwrap_or_else(|e| panic!("{doc}: {e}"));
        let links = relative_links(&text);
        if doc == "ARCHITECTURE.md" {
            assert!(links.len() >= 10, "{doc} links to its source files");
        }
        for link in links {
            if !Path::new(ROOT).join(&link).exists() {
                broken.push(format!("{doc}: ({link}) does not exist"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_link_scan_finds_relative_links_only() {
    let md = "See [a](src/a.rs) and [b](src/b.rs#L3), [web](https://x.org), [top](#top).\n\
              ```\n[not](a link in code)\n```\n![pic](docs/p.png \"title\")";
    assert_eq!(relative_links(md), ["src/a.rs", "src/b.rs", "docs/p.png"]);
}

/// The modules ARCHITECTURE.md lists under "## Modules": one a line,
/// `- \`name\`: …`.
fn architecture_modules(md: &str) -> BTreeSet<String> {
    md.lines()
        .skip_while(|l| l.trim() != "## Modules")
        .skip(1)
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .map(String::from)
        .collect()
}

/// The modules of `dir` as ARCHITECTURE.md lists them: each top-level file
/// but `lib.rs` and `main.rs` (the crate roots), and each folder (a room),
/// as its path (`compose::products`); snapshot folders are not modules.
fn source_modules(dir: &Path, prefix: &str, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name == "snapshots" {
                continue;
            }
            let module = format!("{prefix}{name}");
            source_modules(&path, &format!("{module}::"), out);
            out.insert(module);
        } else if prefix.is_empty() {
            if let Some(stem) = name.strip_suffix(".rs") {
                if stem != "lib" && stem != "main" {
                    out.insert(stem.to_string());
                }
            }
        }
    }
}

#[test]
fn architecture_lists_every_module() {
    let md = std::fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).unwrap();
    let listed = architecture_modules(&md);
    let mut actual = BTreeSet::new();
    source_modules(&Path::new(ROOT).join("src"), "", &mut actual);
    assert!(actual.contains("compose::products") && actual.contains("job"));
    let missing: Vec<&String> = actual.difference(&listed).collect();
    let gone: Vec<&String> = listed.difference(&actual).collect();
    assert!(
        missing.is_empty() && gone.is_empty(),
        "ARCHITECTURE.md's \"## Modules\" list is not src/'s modules: add {missing:?}, remove {gone:?}"
    );
}

#[test]
fn the_module_list_is_read_line_by_line() {
    let md = "## Modules\n\n- `a`: one\n- `b::c`: two\n\n## Tests\n\n- `d`: not a module\n";
    let names: Vec<String> = architecture_modules(md).into_iter().collect();
    assert_eq!(names, ["a", "b::c"]);
}
