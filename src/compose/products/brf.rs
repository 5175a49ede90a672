//! The rules in braille as a BRF file (`rules --format brf`), for a braille
//! embosser or display: the handout's text ([`handout::plain_text`]), each
//! paragraph in the pack's braille ([`crate::lang::braille`], liblouis's
//! translation), in lines of at most [`CELLS`] cells and pages of
//! [`LINES`] lines, written in North American ASCII braille.
//!
//! Pages are laid out as braille books are: the title centred on the first
//! line of page 1; on every later page, the title again as a running head,
//! centred on line 1 (shortened at a word when it is long); on every page
//! the braille page number at the right end of the last line, in the pack's
//! braille for numbers (liblouis's, [`crate::lang::braille::labels`]), and
//! nothing else on that line. Each paragraph starts on a new line, indented
//! two cells (it begins in the third cell); lines break at blank cells, and
//! a word longer than a line is cut at the line's end. Lines end with CR LF,
//! and a form feed ends every page but the last.

use crate::compose::products::handout;
use crate::compose::products::tactile::pack_braille;
use crate::error::{Error, Opt};
use crate::lang::braille::{ascii, dots};
use crate::resolve::Resources;

/// Cells in a line.
pub const CELLS: usize = 40;
/// Lines in a page.
pub const LINES: usize = 25;
/// Cells before a paragraph's first word.
const INDENT: usize = 2;

/// The rules of `res` as a BRF file's bytes, with the liblouis table they
/// were translated with, or the refusal of a pack or ruleset whose words
/// have no braille.
pub fn brf(res: &Resources) -> Result<(Vec<u8>, String), Error> {
    let b = pack_braille(res)?;
    let braille = |text: &str| -> Result<Vec<u8>, Error> {
        let cells = b.text(text).map_err(|m| Error::usage(Opt::Ruleset, m))?;
        Ok(cells.chars().filter_map(dots).collect())
    };
    let paragraphs = handout::plain_text(res);
    let Some((title, rest)) = paragraphs.split_first() else {
        return Ok((Vec::new(), format!("liblouis {}", b.meta.text)));
    };
    let title = braille(title)?;
    let mut lines: Vec<Vec<u8>> = match centred(&title) {
        Some(line) => vec![line],
        None => wrap_cells(&title, 0),
    };
    for paragraph in rest {
        lines.extend(wrap_cells(&braille(paragraph)?, INDENT));
    }
    let head = centred(&running_head(&title));
    let pages = paginate(lines, head);
    let mut out = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let number = (i + 1).to_string();
        let number: Vec<u8> = b
            .word(&number)
            .map_err(|m| Error::usage(Opt::Ruleset, m))?
            .chars()
            .filter_map(dots)
            .collect();
        if i > 0 {
            out.push(0x0c);
        }
        let mut page = page.clone();
        page.resize(LINES - 1, Vec::new());
        let mut last = vec![0; CELLS - number.len()];
        last.extend(number);
        page.push(last);
        for line in &page {
            let end = line.iter().rposition(|&d| d != 0).map_or(0, |e| e + 1);
            out.extend(line[..end].iter().map(|&d| ascii(d) as u8));
            out.extend(b"\r\n");
        }
    }
    Ok((out, format!("liblouis {}", b.meta.text)))
}

/// The lines of text in pages: page 1 from its first line, every later page
/// under the running head `head` (when there is one); the last line of
/// every page is left for its number. A page never starts with a blank line.
fn paginate(lines: Vec<Vec<u8>>, head: Option<Vec<u8>>) -> Vec<Vec<Vec<u8>>> {
    let mut pages: Vec<Vec<Vec<u8>>> = vec![Vec::new()];
    for line in lines {
        let page = pages.last_mut().expect("a page");
        if page.len() == LINES - 1 {
            pages.push(head.iter().cloned().collect());
        }
        pages.last_mut().expect("a page").push(line);
    }
    pages
}

/// `cells` centred in a line, or `None` when they do not fit on one.
fn centred(cells: &[u8]) -> Option<Vec<u8>> {
    (!cells.is_empty() && cells.len() <= CELLS).then(|| {
        let mut line = vec![0; (CELLS - cells.len()) / 2];
        line.extend_from_slice(cells);
        line
    })
}

/// The title shortened, at a blank cell, to fit a running head's line
/// (whole when it fits).
fn running_head(title: &[u8]) -> Vec<u8> {
    if title.len() <= CELLS {
        return title.to_vec();
    }
    let cut = title[..=CELLS]
        .iter()
        .rposition(|&c| c == 0)
        .unwrap_or(CELLS);
    title[..cut].to_vec()
}

/// One paragraph (Unicode braille) as lines of cells (dot patterns), the
/// first indented.
pub fn wrap(text: &str) -> Vec<Vec<u8>> {
    let cells: Vec<u8> = text.chars().filter_map(dots).collect();
    wrap_cells(&cells, INDENT)
}

/// One paragraph's cells (dot patterns) as lines, the first indented by
/// `indent` cells.
fn wrap_cells(cells: &[u8], indent: usize) -> Vec<Vec<u8>> {
    let words = cells.split(|&c| c == 0).filter(|w| !w.is_empty());
    let mut lines = Vec::new();
    let mut line: Vec<u8> = vec![0; indent];
    for word in words {
        let mut word = word;
        loop {
            let room = CELLS - line.len();
            let gap = usize::from(line.iter().any(|&c| c != 0));
            if word.len() + gap <= room {
                if gap == 1 {
                    line.push(0);
                }
                line.extend_from_slice(word);
                break;
            }
            if gap == 1 && (word.len() <= CELLS || room < 2) {
                // The word goes whole onto the next line.
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // Longer than a line: cut at the line's end.
            let take = room - gap;
            if gap == 1 {
                line.push(0);
            }
            line.extend_from_slice(&word[..take]);
            lines.push(std::mem::take(&mut line));
            word = &word[take..];
        }
    }
    if line.iter().any(|&c| c != 0) {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_hold_forty_cells_and_keep_every_cell() {
        let word = "⠁⠃⠉⠙⠑⠋⠛";
        let text = vec![word; 20].join("⠀");
        let lines = wrap(&text);
        assert!(lines.iter().all(|l| l.len() <= CELLS));
        assert_eq!(&lines[0][..INDENT], &[0, 0]);
        let kept: usize = lines.iter().flatten().filter(|&&c| c != 0).count();
        assert_eq!(kept, 7 * 20);
        let long = "⠿".repeat(100);
        let lines = wrap(&long);
        assert_eq!(lines.len(), 3);
        assert!(lines.iter().all(|l| l.len() <= CELLS));
    }
}
