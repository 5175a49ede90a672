//! Errors: every failure a user can cause, with a message that says where and how to fix it.

use thiserror::Error;

/// Everything that can go wrong. Usage and input errors exit with code 2.
#[derive(Debug, Error)]
pub enum Error {
    /// A command-line option has a bad value.
    #[error("{flag}: {message}")]
    Usage {
        /// The flag to fix, e.g. `--square`.
        flag: String,
        /// What is wrong and what would be right.
        message: String,
    },
    /// A data file (theme, language pack, ruleset) is wrong.
    #[error("{origin}:{line}:{column}: {key}{message}")]
    Input {
        /// The file (or built-in name).
        origin: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// `key `path`: ` prefix, or empty.
        key: String,
        /// What is wrong and what would be right.
        message: String,
    },
    /// Text that the chosen fonts cannot draw.
    #[error("{0}")]
    Glyphs(String),
    /// A font or icon file named by a theme that cannot be used.
    #[error("{0}")]
    Asset(String),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// The renderer failed (a bug, not a user error).
    #[error("{0}")]
    Render(String),
}

impl Error {
    /// Process exit code: 2 for anything the user can fix in their input, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage { .. } | Error::Input { .. } | Error::Glyphs(_) | Error::Asset(_) => 2,
            Error::Io { .. } | Error::Render(_) => 1,
        }
    }

    /// A usage error for `flag`.
    pub fn usage(flag: &str, message: impl Into<String>) -> Error {
        Error::Usage {
            flag: flag.to_string(),
            message: message.into(),
        }
    }

    /// The same usage error, blamed on `flag` (for a value parsed like another
    /// option's, e.g. `--tile a4` parsed as a paper).
    pub fn for_flag(self, flag: &str) -> Error {
        match self {
            Error::Usage { message, .. } => Error::usage(flag, message),
            other => other,
        }
    }
}

/// 1-based line and column of a byte offset.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rsplit('\n')
        .next()
        .map(|l| l.chars().count())
        .unwrap_or(0)
        + 1;
    (line, col)
}

/// The dotted key path at a byte offset: the enclosing `[table]` header plus the key there.
pub fn key_path_at(src: &str, offset: usize) -> Option<String> {
    let offset = offset.min(src.len());
    let mut line_start = src[..offset].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let line = src[line_start..].lines().next().unwrap_or("");
    if line.trim_start().starts_with('[') {
        // On a table header: the table itself.
        line_start += line.len() + 1;
    }
    let key = line.split('=').next().map(str::trim).filter(|k| {
        !k.is_empty() && !k.starts_with('[') && !k.starts_with('#') && looks_like_key(k)
    });
    let line_start = line_start.min(src.len());
    // A header may carry a comment: `[ranks]   # 1 (weakest) …`.
    let header = src[..line_start]
        .lines()
        .rev()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| l.starts_with('[') && l.ends_with(']'))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim().to_string())
        .filter(|h| looks_like_key(h));
    match (header, key) {
        (Some(h), Some(k)) => Some(format!("{h}.{k}")),
        (None, Some(k)) => Some(k.to_string()),
        (Some(h), None) => Some(h),
        (None, None) => None,
    }
}

/// True for text that can be a TOML key path: short, letters, digits, `_`,
/// `-`, `.`, spaces and quotes only. Anything else is not quoted in messages,
/// so an error about a file that is not TOML never shows its contents.
fn looks_like_key(k: &str) -> bool {
    k.len() <= 64
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ' ' | '"'))
}

/// Turns a TOML error into an [`Error::Input`] naming file, line, column and key.
pub fn toml_error(origin: &str, src: &str, e: &toml::de::Error) -> Error {
    let offset = e.span().map(|s| s.start).unwrap_or(0);
    let (line, column) = line_col(src, offset);
    let mut path = key_path_at(src, offset);
    let mut message = e.message().trim().replace('\n', " ");
    // "missing field `den`" in table `board`: name the key that is missing.
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|m| m.split('`').next())
        .map(str::to_string)
    {
        match &path {
            Some(p) => {
                message = "missing; every key is required".into();
                path = Some(format!("{p}.{field}"));
            }
            None => message = format!("section `[{field}]` is missing; every section is required"),
        }
    }
    let key = path.map(|k| format!("key `{k}`: ")).unwrap_or_default();
    Error::Input {
        origin: origin.to_string(),
        line,
        column,
        key,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based() {
        let src = "a = 1\n[board]\nriver = 2\n";
        assert_eq!(line_col(src, 0), (1, 1));
        let off = src.find("river").unwrap();
        assert_eq!(line_col(src, off), (3, 1));
        assert_eq!(key_path_at(src, off).as_deref(), Some("board.river"));
    }

    #[test]

    fn a_comment_on_a_header_or_a_header_itself_still_names_the_table() {
        let src = "[meta]\nname = 1\n[ranks]   # 1 (weakest) to 8\ntiger = 300\n[board]\n";
        let off = src.find("300").unwrap();
        assert_eq!(key_path_at(src, off).as_deref(), Some("ranks.tiger"));
        let off = src.find("[board]").unwrap();
        assert_eq!(key_path_at(src, off).as_deref(), Some("board"));
    }

    #[test]
    fn contents_of_other_files_are_not_quoted() {
        let src = "root:$6$secret:19000:0:99999:7:::\n";
        assert_eq!(key_path_at(src, 3), None);
    }
}
