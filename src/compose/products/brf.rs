//! The rules in braille as a BRF file (`rules --format brf`), for a braille
//! embosser or display: the handout's text ([`handout::plain_text`]), each
//! paragraph in the pack's braille ([`crate::lang::braille`], liblouis's
//! translation), in lines of at most [`CELLS`] cells and pages of
//! [`LINES`] lines, written in North American ASCII braille.
//!
//! Each paragraph starts on a new line, indented two cells (it begins in
//! the third cell, as braille books do); lines break at blank cells, and a
//! word longer than a line is cut at the line's end. Lines end with CR LF,
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
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for paragraph in handout::plain_text(res) {
        let cells = b
            .text(&paragraph)
            .map_err(|m| Error::usage(Opt::Ruleset, m))?;
        lines.extend(wrap(cells));
    }
    let mut out = Vec::new();
    for (i, page) in lines.chunks(LINES).enumerate() {
        if i > 0 {
            out.push(0x0c);
        }
        for line in page {
            out.extend(line.iter().map(|&d| ascii(d) as u8));
            out.extend(b"\r\n");
        }
    }
    Ok((out, format!("liblouis {}", b.meta.text)))
}

/// One paragraph (Unicode braille) as lines of cells (dot patterns), the
/// first indented.
pub fn wrap(text: &str) -> Vec<Vec<u8>> {
    let cells: Vec<u8> = text.chars().filter_map(dots).collect();
    let words = cells.split(|&c| c == 0).filter(|w| !w.is_empty());
    let mut lines = Vec::new();
    let mut line: Vec<u8> = vec![0; INDENT];
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
