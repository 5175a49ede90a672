//! Helpers for a theme editor (the web page's theme panel): a theme's values
//! as flat `key = literal` pairs, colours as `#rrggbb`, and a theme file
//! written from pairs and read back into them.

use super::picture::PictureRef;
use super::{Theme, ThemeColor};
use crate::error::{line_col, Error};

/// Any colour form a theme accepts (`#rgb`, `#rrggbb`, a CSS name,
/// `cmyk(…)`, …) as `#rrggbb`; `None` when the text is not a colour.
pub fn colour_hex(text: &str) -> Option<String> {
    ThemeColor::parse(text.trim()).ok().map(|c| c.0.to_hex())
}

/// Every key of a loaded theme (so after `extends`) with its value as a TOML
/// literal (`"#b8322a"`, `0.09`, `true`), in the order of the theme's
/// structure: sections, then keys.
pub fn values(theme: &Theme) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Ok(toml::Value::Table(t)) = toml::Value::try_from(theme) {
        flatten(&t, "", &mut out);
    }
    out
}

/// The leaves of a TOML table as dotted keys (`board.land`) and literals,
/// in the table's order.
pub fn leaves(t: &toml::Table) -> Vec<(String, String)> {
    let mut out = Vec::new();
    flatten(t, "", &mut out);
    out
}

fn flatten(t: &toml::Table, prefix: &str, out: &mut Vec<(String, String)>) {
    for (k, v) in t {
        let path = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            // A key's table is one value (a picture's table form), written inline.
            toml::Value::Table(inner) if super::schema::spec(&path).is_none() => {
                flatten(inner, &path, out)
            }
            leaf => out.push((path, leaf.to_string())),
        }
    }
}

/// A TOML literal's value; `None` when the text is not one.
fn literal(text: &str) -> Option<toml::Value> {
    let doc: toml::Table = toml::from_str(&format!("v = {text}")).ok()?;
    doc.get("v").cloned()
}

/// A picture key's TOML literal, the plain `"lion.jpg"` or the table
/// `{ file = "lion.jpg", crop = [x, y, w, h], zoom = 1.2, focus = [x, y] }`,
/// as a reference with its framing (fractions of the upright picture);
/// `None` when it is neither form. The values are not checked here (the
/// theme's loading checks them).
pub fn picture_ref(text: &str) -> Option<PictureRef> {
    literal(text)?.try_into().ok()
}

/// A picture reference as the TOML literal a theme file writes: the plain
/// string when its framing is the default, else the inline table.
pub fn picture_literal(p: &PictureRef) -> String {
    toml::Value::try_from(p)
        .map(|v| v.to_string())
        .unwrap_or_default()
}

/// A readable theme file: `header` as comment lines (the front end's words:
/// how to use the file), `extends = "…"` (left out when empty), then one
/// `[section]` per group of `pairs` (dotted key, TOML literal). A literal
/// that is not valid TOML is written as a string. Keys `extends` in `pairs`
/// are ignored (the argument wins).
pub fn write(header: &str, extends: &str, pairs: &[(String, String)]) -> String {
    let mut top = toml::Table::new();
    // A key whose value is a table (a picture's table form) stays on its
    // key's line, inline: a placeholder string is written, then replaced.
    let mut inline: Vec<(String, String)> = Vec::new();
    for (key, lit) in pairs {
        if key == "extends" || key.is_empty() {
            continue;
        }
        let value = match literal(lit) {
            Some(t @ toml::Value::Table(_)) => {
                let placeholder = format!("\u{1}inline {}\u{1}", inline.len());
                inline.push((
                    toml::Value::String(placeholder.clone()).to_string(),
                    t.to_string(),
                ));
                toml::Value::String(placeholder)
            }
            Some(v) => v,
            None => toml::Value::String(lit.clone()),
        };
        let mut parts: Vec<&str> = key.split('.').collect();
        let last = parts.pop().unwrap_or_default();
        let mut table = &mut top;
        for p in parts {
            let entry = table
                .entry(p.to_string())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            if !entry.is_table() {
                *entry = toml::Value::Table(toml::Table::new());
            }
            match entry {
                toml::Value::Table(t) => table = t,
                _ => unreachable!("made a table just above"),
            }
        }
        table.insert(last.to_string(), value);
    }
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    if !header.is_empty() {
        out.push('\n');
    }
    if !extends.is_empty() {
        out.push_str(&format!(
            "extends = {}\n\n",
            toml::Value::String(extends.to_string())
        ));
    }
    let mut body = toml::to_string(&top).unwrap_or_default();
    for (placeholder, table) in inline {
        body = body.replacen(&placeholder, &table, 1);
    }
    out.push_str(&body);
    out
}

/// A theme file's own keys (not those it extends) as dotted keys and TOML
/// literals, `extends` included; `origin` names the file in messages.
pub fn read(text: &str, origin: &str) -> Result<Vec<(String, String)>, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    crate::input::check_toml_strings(text, origin)?;
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        let (line, column) = line_col(text, e.span().map(|s| s.start).unwrap_or(0));
        Error::Input {
            origin: origin.to_string(),
            line,
            column,
            key: String::new(),
            message: format!(
                "this is not valid TOML ({}); fix the line, e.g. key = \"text\"",
                e.message()
            ),
        }
    })?;
    let mut out = Vec::new();
    flatten(&table, "", &mut out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_become_hex() {
        assert_eq!(colour_hex("#B8322A").as_deref(), Some("#b8322a"));
        assert_eq!(colour_hex("#fff").as_deref(), Some("#ffffff"));
        assert_eq!(colour_hex("not a colour"), None);
    }

    #[test]
    fn a_written_theme_reads_back_and_loads_the_same() {
        let classic = Theme::builtin("classic").unwrap();
        let pairs = values(&classic);
        assert!(pairs.len() > 30, "{pairs:?}");
        let text = write("", "classic", &pairs);
        let back = read(&text, "t.toml").unwrap();
        let extends = ("extends".to_string(), "\"classic\"".to_string());
        assert!(back.contains(&extends), "{back:?}");
        let own: Vec<_> = back.into_iter().filter(|p| *p != extends).collect();
        let mut sorted = pairs.clone();
        sorted.sort();
        let mut own_sorted = own.clone();
        own_sorted.sort();
        assert_eq!(own_sorted, sorted);
        // write(read(x)) loads to the same theme as x.
        let small = "extends = \"classic\"\n[board]\nriver = \"#2266aa\"\n";
        let pairs = read(small, "s.toml").unwrap();
        let again = write("", "classic", &pairs);
        let a = Theme::parse(small, "s.toml").unwrap();
        let b = Theme::parse(&again, "s.toml").unwrap();
        assert_eq!(values(&a), values(&b));
        assert_eq!(a.board.river, b.board.river);
    }

    #[test]
    fn picture_literals_read_and_write_back() {
        let p = picture_ref(r#"{ file = "pictures/rat.jpg", crop = [0.1, 0.2, 0.5, 0.5], zoom = 1.5, focus = [0.3, 0.4] }"#)
            .unwrap();
        assert_eq!(p.file, "pictures/rat.jpg");
        assert_eq!(p.frame.crop, Some([0.1, 0.2, 0.5, 0.5]));
        assert_eq!(p.frame.focus, Some([0.3, 0.4]));
        assert_eq!(picture_ref(&picture_literal(&p)), Some(p.clone()));
        let plain = picture_ref(r#""rat.png""#).unwrap();
        assert_eq!(picture_literal(&plain), r#""rat.png""#);
        assert_eq!(picture_ref("12"), None);
        // Written on its key's line, and read back the same.
        let text = write(
            "",
            "classic",
            &[("pictures.rat".into(), picture_literal(&p))],
        );
        assert!(text.contains("[pictures]\nrat = { "), "{text}");
        let back = read(&text, "t.toml").unwrap();
        assert_eq!(picture_ref(&back[1].1).map(|b| b.frame), Some(p.frame));
    }

    #[test]
    fn bad_toml_names_the_line() {
        let e = read("[board]\nriver = \n", "mine.toml").unwrap_err();
        let m = e.to_string();
        assert!(m.starts_with("mine.toml:2:"), "{m}");
    }
}
