//! Every limit on input, in one place: the caps that keep a hostile or
//! mistaken file, option or folder from taking unbounded time, memory or
//! pages. Each constant says its unit and why it has its value; the modules
//! that enforce them use them from here.
//!
//! [`TABLE`] is the README's "Limits on input" table, row by row; a test
//! checks that the two agree and that each row prints its constants. An
//! option is named in braces (`{copies}`), as in the options' help lines:
//! the README writes it as the command line's flag (`--copies`).
//!
//! Bounds that are not limits on input stay with their code: the line
//! breaker's `MAX_PULLED` (how far it looks back for a better break, a
//! property of the algorithm), the print shop's `MAX_INK` (a rule of
//! printing that colours are converted to, not a cap that refuses anything)
//! and `MAX_KNOWN_COLOURS` (how many colours its memo keeps: it forgets,
//! never refuses), the atomic writer's `MAX_LINKS` (the kernel's own bound on
//! following symbolic links, mirrored), how many names a font message lists
//! (`MAX_LISTED`), and the designer's thresholds, which warn and refuse
//! nothing (`MIN_TEXT_CONTRAST`, `MIN_MARK_CONTRAST`, `MIN_KIND_DELTA_E`) or
//! size what is drawn (`MIN_FIT`, `MIN_SYMBOL`, `MIN_FRAME`, the box's
//! `MIN_HEIGHT`, …).

// ------------------------------------------------------------ data files

/// Largest TOML file (theme, language pack, ruleset), in bytes: 1 MiB, over a
/// hundred times the largest built-in one (a 6 KB language pack).
pub const MAX_TOML_BYTES: u64 = 1 << 20;

/// Longest string in a TOML file, in characters: 2,000, about ten times the
/// longest sentence of the built-in language packs, and about a page of text.
pub const MAX_STRING_CHARS: usize = 2_000;

/// Longest sentence of a language pack once its animal placeholders are
/// filled in, in characters: 4,000, twice what one string may hold (the
/// longest built-in sentence is under 400). Bounds what a pack whose
/// sentences repeat a long name costs to lay out.
pub const MAX_FILLED_CHARS: usize = 4_000;

/// Most typesetting work in a language pack's printable text: 60,000
/// characters, a Chinese character printed with its reading (Zhuyin or
/// pinyin throughout) counted [`READING_WEIGHT`] times. About 3.5 × the
/// largest built-in pack (the French one, 17,000 characters; the Chinese
/// ones 5,800 characters, 17,500 with their readings). Checked when the pack
/// is loaded, before anything is laid out: the worst pack under it makes a
/// handout in about a second, where 300 strings of 2,000 characters with
/// their readings took 3 s and 130 MB before the page cap refused them.
pub const MAX_TEXT_WORK: usize = 60_000;

/// How many characters of [`MAX_TEXT_WORK`] a Chinese character with a
/// printed reading counts for: its own glyph, the reading's one to four
/// symbols set beside or above it, and their placement.
pub const READING_WEIGHT: usize = 3;

/// Most steps in a list of instructions (`tiles.steps`,
/// `tiles.poster_steps`, `box.steps`), a
/// count: 12. The built-in packs use 4 and 5; the cap keeps the pages they
/// fill, and the time to draw them, bounded.
pub const MAX_STEPS: usize = 12;

/// Most themes in an `extends` chain, a count: 16. Real chains are 2–3 deep
/// (a theme, a house style, `classic`); loops are found separately.
pub const MAX_EXTENDS_DEPTH: usize = 16;

/// Longest font fallback list of one theme key, in faces: 8. Real lists hold
/// 2–4 faces (Latin, CJK, symbols); every face is searched for every character.
pub const MAX_FONTS_PER_KEY: usize = 8;

// ------------------------------------------------------------ icons (SVG)

/// Largest icon file, in bytes: 1 MiB; the built-in icons are 0.5–4.5 KB and
/// typical icon sets stay under 50 KB.
pub const MAX_ICON_BYTES: u64 = 1 << 20;

/// Deepest nesting of elements in an icon file, in levels: 32. Drawing
/// programs nest a few groups (layers, groups, clip groups); the built-in
/// icons nest 2 deep.
pub const MAX_ICON_DEPTH: usize = 32;

/// Most elements (and other nodes) in an icon file, elements drawn with
/// `<use>` counted again for each copy: 10,000; the built-in drawings have
/// fewer than 20.
pub const MAX_ICON_NODES: usize = 10_000;

/// Most path segments in an icon once shapes are turned into paths: 1,500,
/// about 9 times the built-in tiger (about 170) and above detailed icons of
/// common sets. An icon is drawn on every counter of every copy and on the
/// board: 16 copies of 1,500-segment icons stay under 400 MB while printing.
pub const MAX_ICON_SEGMENTS: usize = 1_500;

/// Largest coordinate or transform value in an icon file, in the icon's user
/// units: 1,000,000 (icon sets use boxes of 16 to 1,024 units); larger values,
/// `inf` and `NaN` are refused.
pub const MAX_ICON_NUMBER: f64 = 1e6;

/// How far an icon's drawing may reach outside its viewBox, in box sides:
/// 0.5 (half a box each way); further means a wrong scale or viewBox.
pub const MAX_ICON_OVERHANG: f64 = 0.5;

/// Smallest extent of an icon's drawing fitted to its box, as a fraction of
/// the box: 0.01 (1 %); smaller is a zero scale or a viewBox far too large.
pub const MIN_ICON_EXTENT: f64 = 0.01;

/// Most `<use>` elements followed one inside another, in levels: 8 (drawing
/// programs use one level; a loop of references stops here).
pub const MAX_USE_DEPTH: usize = 8;

/// Most rules in an icon's `<style>` sheets, each selector of a list counted
/// as a rule: 2,000 (an exported drawing has one per colour, a few dozen).
pub const MAX_CSS_RULES: usize = 2_000;

/// Most style text of an icon, in bytes: the `<style>` sheets plus every
/// `style` attribute, counted again for each `<use>` copy: 1 MiB (the file's
/// own limit; an Inkscape drawing of 5,000 shapes carries about 300 KB).
pub const MAX_STYLE_BYTES: usize = 1 << 20;

/// Most declarations an icon's `<style>` rules hand out, each rule's
/// declarations counted once per selector: 20,000 (a rule for `a, b, c` with
/// 5 declarations counts 15; exported drawings count a few hundred). Bounds
/// the CSS reader's memory: it copies a rule's declarations for each selector.
pub const MAX_CSS_DECLARATIONS: usize = 20_000;

/// Most style work in an icon, in declaration × element steps: the elements
/// (`<use>` copies counted again) times the declarations their `<style>`
/// rules hand out: 5,000,000, about a second (10,000 elements may take 500
/// declarations, 1,000 elements 5,000).
pub const MAX_CSS_WORK: usize = 5_000_000;

/// Most style parsing work in an icon, in byte × declaration steps: for each
/// `<style>` text and each `style` attribute (`<use>` copies counted again),
/// its bytes times its declarations, summed: 400,000,000, about half a
/// second. usvg's CSS reader scans the text from its start again after each
/// declaration.
pub const MAX_CSS_PARSE_WORK: usize = 400_000_000;

/// Most steps an icon's selectors may take matching one element: 20,000, a
/// simple selector (`.st0`, `path`, `#a`) counting 1 and each descendant
/// combinator (`g path`) multiplying by [`MAX_ICON_DEPTH`], the ancestors it
/// may try. Bounds the matching over the 10,000 elements.
pub const MAX_CSS_SELECTOR_WORK: usize = 20_000;

/// Most gradient `<stop>` elements in an icon, `<use>` copies counted again:
/// 1,000 (drawings use 2–10 per gradient).
pub const MAX_GRADIENT_STOPS: usize = 1_000;

/// Most gradient stops an icon paints, each shape filled with a gradient
/// counting its gradient's stops: 4,000 (drawings fill a few dozen shapes
/// with 2–10 stops each). Every renderer writes or draws a gradient per
/// shape: 290 shapes sharing one gradient of 990 stops took 30 s and
/// 6.6 GB for a PDF set before this limit.
pub const MAX_PAINTED_STOPS: usize = 4_000;

// ------------------------------------------------------------ pictures

/// Largest picture file (PNG, JPEG), in bytes: 64 MiB. A 50-megapixel photo's
/// JPEG is 10–25 MB; a 600 dpi scan of an A4 page saved as PNG is 20–60 MB.
pub const MAX_PICTURE_BYTES: u64 = 64 << 20;

/// Most pixels in one picture (width × height as its header declares them):
/// 50 million. A 48–50 megapixel phone photo (8,064 × 6,048; 8,160 × 6,120)
/// fits; decoded to RGBA it takes 200 MB. A counter printed at 300 dpi needs
/// less than a tenth of a megapixel, an A4 page about 9 megapixels.
pub const MAX_PICTURE_PIXELS: u64 = 50_000_000;

/// Most pixels in all the different pictures of one document (each distinct
/// picture counted once): 200 million, about nine 20-megapixel photos and a
/// board background. Bounds the decoded pictures held at once to 800 MB
/// (4 bytes a pixel at most).
pub const MAX_DOCUMENT_PIXELS: u64 = 200_000_000;

/// Resolution theme pictures are brought to at their largest printed size
/// (`pictures.dpi`), dots per inch: 100 to 1,200, 300 by default. Below 100
/// a photo prints visibly soft; above 1,200 no home or shop printer shows
/// more (and a picture is never brought above its own resolution).
pub const PICTURE_DPI: (f64, f64) = (100.0, 1200.0);

/// Most zoom of a picture's frame (`zoom` in a picture's table form): 10,
/// which shows a tenth of the picture's width; the least is its inverse,
/// 0.1 (the frame grows to the whole picture at most).
pub const MAX_PICTURE_ZOOM: f64 = 10.0;

/// Smallest crop of a picture (`crop` in a picture's table form), as a
/// fraction of its width and of its height: 0.01. A hundredth of a
/// 12-megapixel photo's width is 40 pixels.
pub const MIN_PICTURE_CROP: f64 = 0.01;

/// Memory the PNG decoder may take for itself (rows, chunk buffers, text and
/// ICC chunks) beside the decoded pixels, in bytes: 64 MiB, its own default.
pub const MAX_PNG_DECODER_BYTES: usize = 64 << 20;

/// Most scans in a progressive JPEG, a count (each scan passes over the whole
/// picture): 100; encoders write about 10, and it is zune-jpeg's own default.
pub const MAX_JPEG_SCANS: usize = 100;

// ------------------------------------------------------------ fonts

/// Largest font file, in bytes: 64 MiB, above the largest common CJK
/// collections (Noto Serif CJK OTC: 26 MB; Noto Sans CJK: 19.5 MB).
pub const MAX_FONT_BYTES: u64 = 64 << 20;

/// Most bytes of font files one document may load: 160 MiB, room for the
/// largest CJK collections (19.5–26 MB) several times over; each file is also
/// capped by [`MAX_FONT_BYTES`].
pub const MAX_FONT_BYTES_TOTAL: usize = 160 << 20;

/// Deepest folder searched below a font folder for a family name, in levels:
/// 8 (system font trees are 2–4 deep).
pub const MAX_FONT_DIR_DEPTH: usize = 8;

/// Most folder entries (files and folders) looked at in one search for a
/// family name: 200,000.
pub const MAX_FONT_DIR_ENTRIES: usize = 200_000;

/// Most font files read in one search for a family name: 20,000 (a desktop
/// with every Noto font installed has about 4,000).
pub const MAX_FONT_FILES_SCANNED: usize = 20_000;

/// Most faces kept from one search for a family name: 40,000 (every Noto
/// font, the CJK collections included, is about 10,000 faces).
pub const MAX_FONT_FACES_SCANNED: usize = 40_000;

/// Most bytes read from font files in one search for a family name: 256 MiB
/// (the search reads only table directories and the `name` and `OS/2`
/// tables: a few KB a face).
pub const MAX_FONT_SCAN_BYTES: u64 = 256 << 20;

/// Most name records read from one face's `name` table while searching for
/// a family name: 2,048 (fonts with names in every language have a few
/// hundred; the table's format allows 65,535).
pub const MAX_NAME_RECORDS: usize = 2_048;

/// Most faces read from one collection file while searching for a family
/// name: 64 (collections hold a few to a few dozen).
pub const MAX_COLLECTION_FACES: u32 = 64;

/// Most tables in one face's directory, while searching for a family name:
/// 512 (fonts have 10–30).
pub const MAX_FONT_TABLES: u16 = 512;

/// Largest `name` table read while searching for a family name, in bytes:
/// 1 MiB (licence texts make some 30 KB).
pub const MAX_NAME_TABLE_BYTES: u32 = 1 << 20;

/// Longest name record read from a font while searching for a family name,
/// in bytes: 512 (UTF-16: 256 characters; family and style names are
/// short). Longer records are passed over.
pub const MAX_NAME_BYTES: usize = 512;

/// Most different names of one kind (families, styles, full names) kept for
/// a face while searching for a family name: 32.
pub const MAX_NAMES_KEPT: usize = 32;

// ------------------------------------------------------------ options and output

/// The smallest board square accepted, in mm: 8, a board 56 × 72 mm, the
/// smallest worth printing.
pub const MIN_SQUARE: f64 = 8.0;

/// The smallest square of the tactile board (`{for} tactile`), in mm: 28,
/// room for a tactile counter and the braille on its start square.
pub const MIN_TACTILE_SQUARE: f64 = 28.0;

/// The largest board square accepted, in mm: 1,000, a board 9 m long.
pub const MAX_SQUARE: f64 = 1000.0;

/// The most sheets a tiled board may take, a count: 100 A4 sheets already
/// make a board 2 m long, and every sheet is a page to compose and print.
pub const MAX_TILES: usize = 100;

/// The largest bleed accepted, in mm: print shops ask for 2–3 mm, 5 is plenty.
pub const MAX_BLEED: f64 = 5.0;

/// The smallest counters accepted (`{counter-size}`, `{size}`), in mm: 8, a
/// counter still picked up with the fingers and its character legible.
pub const MIN_COUNTER_SIZE: f64 = 8.0;

/// The largest counters a box is made for (`box {size}`), in mm: 200.
pub const MAX_BOX_COUNTER_SIZE: f64 = 200.0;

/// The thickest and thinnest card a box is made of (`{card}`), in mm: 0.1
/// (paper) to 2 (grey board).
pub const CARD_THICKNESS: (f64, f64) = (0.1, 2.0);

/// The widest laser cut (`{kerf}`), in mm: 1; lasers cut 0.1–0.3 mm.
pub const MAX_KERF: f64 = 1.0;

/// The largest correction of a duplex back (`{back-offset}`), in mm each
/// way: 10; printers drift by 1–2 mm.
pub const MAX_BACK_OFFSET: f64 = 10.0;

/// The lowest and highest resolution of a PNG page (`{dpi}`), in dots per
/// inch: 10 (a thumbnail) to 1,200 (more than any printer shows).
pub const PNG_DPI: (f64, f64) = (10.0, 1200.0);

/// The smallest body text a poster shrinks to, its em in mm: 2.8 (about
/// 8 pt); paper on which the rules do not fit at that size is refused.
pub const MIN_POSTER_BODY: f64 = 2.8;
/// The widest page margin, in mm (the theme's `page.margin` and `--margin`):
/// printers need 3 to 10 mm; 50 still leaves room for the rules on A5.
pub const MAX_MARGIN: f64 = 50.0;

/// Most copies of the counters (and of the sets of a set, and of the counters
/// a box holds): 16 sets, 256 counters, enough for a class playing in pairs;
/// with the largest icons allowed each copy costs about 20 MB while printing
/// a PDF.
pub const MAX_COPIES: usize = 16;

/// Most puzzles on one sheet (`{count}`): 48, four pages of twelve and
/// their solutions; each takes a few milliseconds to find and prove.
pub const MAX_PUZZLES: usize = 48;

/// Most positions the puzzle maker's searches may visit for one sheet (each
/// move played in a line of search counts one): 30 million, about 3 s of
/// CPU (10 million a second). 48 hard puzzles under a built-in ruleset take
/// under 0.1 s; a ruleset under which some kind of puzzle is rare or impossible ends
/// with the puzzles found so far (a warning says how many), or none (refused).
pub const MAX_PUZZLE_NODES: u64 = 30_000_000;

/// The largest puzzle seed (`{seed}`): a million sheets are plenty, and a
/// number of six digits is easy to write down to make the same sheet again.
pub const MAX_SEED: usize = 999_999;

/// Most pages one document may have: 200. The longest real documents (32
/// copies of small counters, the rules on A5) stay well below.
pub const MAX_PAGES: usize = 200;

/// Smallest text area of the rules handout (paper less margins), width and
/// height in mm: 80 × 100, about A6; below it the set-up diagrams and lines do
/// not fit.
pub const MIN_HANDOUT_AREA: (f64, f64) = (80.0, 100.0);

/// The largest PNG page made, in pixels: 50 million, an A3 sheet at 500 dpi.
pub const MAX_PNG_PAGE_PIXELS: u64 = 50_000_000;

/// The most pixels one run may make over all its PNG pages: 200 million
/// (about five A4 sheets at 600 dpi, or 90 at 150 dpi), about 4 s of CPU
/// (20 ns a pixel, painting and compressing); more would fill a disk for no
/// print that needs it.
pub const MAX_PNG_RUN_PIXELS: u64 = 200_000_000;

/// The most drawing work one run may do over all its PNG pages, in pixel
/// steps (`render::png::page_work`: 16 for each pixel of a page, one more
/// for each pixel of each clipped area inside another, and each picture's
/// pixels): 3,500 million, about 4.5 s of CPU at the limit. A contact sheet
/// of a set with pictures nests hundreds of clips: at 700 dpi it took 50 s
/// before this limit, and 150 dpi is the most it may have with a tiled A2
/// poster.
pub const MAX_PNG_RUN_WORK: u64 = 3_500_000_000;

/// Longest value the user gave that a message quotes whole, in bytes of
/// UTF-8 once its invisible characters are escaped: 120, two thirds of a
/// terminal line of Latin letters, 40 Chinese characters; a longer one (a
/// label, a path, a font's name) keeps its first and last 59 bytes around
/// `…`, so no value can fill the screen. The one length every quotation in a
/// message is cut to.
pub const MAX_QUOTED_BYTES: usize = 120;

/// Longest message (an error or a warning) in bytes of UTF-8: 400, five
/// lines of a terminal. Values are cut first ([`MAX_QUOTED_BYTES`]); a
/// message still longer is cut in its middle.
pub const MAX_MESSAGE_BYTES: usize = 400;

// ------------------------------------------------------------ the README's table

/// One row of the README's "Limits on input" table (options named in
/// braces, `{copies}`, where the README writes the flag).
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// What is limited: the row's first column.
    pub what: &'static str,
    /// The limit as the README prints it: the second column.
    pub value: &'static str,
    /// Why it is what it is: the third column.
    pub why: &'static str,
    /// The constants behind the row, each of which `value` prints (none for
    /// a rule with no number, such as "no control characters").
    pub bounds: &'static [Bound],
}

/// A constant behind a [`Limit`], for the check that its row prints it.
#[derive(Debug, Clone, Copy)]
pub struct Bound {
    /// The constant's name in this module.
    pub name: &'static str,
    /// Its value, in its own unit.
    pub value: f64,
    /// How the README writes it.
    pub shown: Shown,
}

/// How a [`Bound`] is written in the README.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// A number: `12`, `2,000`, and from a million on `50 million`.
    Count,
    /// A number in full with thousands separators: `1,000,000`.
    Digits,
    /// Bytes in mebibytes: `64 MiB`.
    Mebibytes,
    /// A number with its decimals: `0.1`, `2.8`.
    Decimal,
    /// A fraction as a percentage: `1 %`.
    Percent,
}

impl Shown {
    /// `value` as the README writes it.
    pub fn write(self, value: f64) -> String {
        let digits = |v: f64| {
            let s = format!("{}", v as u64);
            let mut out = String::new();
            for (i, c) in s.chars().enumerate() {
                if i > 0 && (s.len() - i) % 3 == 0 {
                    out.push(',');
                }
                out.push(c);
            }
            out
        };
        match self {
            Shown::Count if value >= 1e6 && value % 1e6 == 0.0 => {
                format!("{} million", digits(value / 1e6))
            }
            Shown::Count | Shown::Digits => digits(value),
            Shown::Mebibytes => format!("{} MiB", digits(value / f64::from(1u32 << 20))),
            Shown::Decimal => format!("{value}"),
            Shown::Percent => format!("{} %", value * 100.0),
        }
    }
}

/// A [`Bound`] of constant `$name`, written as `$shown`.
macro_rules! bound {
    ($name:ident, $shown:ident) => {
        Bound {
            name: stringify!($name),
            value: $name as f64,
            shown: Shown::$shown,
        }
    };
    ($name:ident . $i:tt, $shown:ident) => {
        Bound {
            name: concat!(stringify!($name), ".", stringify!($i)),
            value: $name.$i,
            shown: Shown::$shown,
        }
    };
}

/// The README's "Limits on input" table, row by row, in its order.
pub const TABLE: &[Limit] = &[
    Limit {
        what: "TOML file (theme, language pack, ruleset)",
        value: "1 MiB",
        why: "over 100 × the largest built-in one (6 KB)",
        bounds: &[bound!(MAX_TOML_BYTES, Mebibytes)],
    },
    Limit {
        what: "one string in a TOML file",
        value: "2,000 characters",
        why: "about 10 × the longest built-in sentence; about a page",
        bounds: &[bound!(MAX_STRING_CHARS, Count)],
    },
    Limit {
        what: "printable text of a language pack",
        value: "60,000 characters, one with a printed reading (Zhuyin, pinyin) counted 3 times",
        why: "about 3.5 × the largest built-in pack (17,000); checked at load, before any layout",
        bounds: &[bound!(MAX_TEXT_WORK, Count), bound!(READING_WEIGHT, Count)],
    },
    Limit {
        what: "control characters in strings",
        value: "none but tab and newline",
        why: "invalid in XML (SVG), unsafe on a terminal",
        bounds: &[],
    },
    Limit {
        what: "noncharacters in strings (U+FFFE, U+FDD0, …)",
        value: "none",
        why: "invalid in XML or meant never to be printed",
        bounds: &[],
    },
    Limit {
        what: "a sentence with its placeholders filled in",
        value: "4,000 characters",
        why: "twice one string; a pack repeating a long name in a sentence is refused at its line and key",
        bounds: &[bound!(MAX_FILLED_CHARS, Count)],
    },
    Limit {
        what: "steps in `tiles.steps`, `tiles.poster_steps`, `box.steps`",
        value: "12",
        why: "the built-in packs use 4 and 5; bounds the pages they fill",
        bounds: &[bound!(MAX_STEPS, Count)],
    },
    Limit {
        what: "characters no font can draw (the theme's nor the bundled ones)",
        value: "none, in any string that can be printed",
        why: "every label, the ruleset's title and the program's own digits are checked before drawing (file, line, key); a character only the bundled fonts have is drawn by them, with a warning",
        bounds: &[],
    },
    Limit {
        what: "icon file",
        value: "1 MiB",
        why: "built-in icons are 0.5–4.5 KB",
        bounds: &[bound!(MAX_ICON_BYTES, Mebibytes)],
    },
    Limit {
        what: "icon nesting depth",
        value: "32",
        why: "drawing programs nest a few groups; built-ins nest 2",
        bounds: &[bound!(MAX_ICON_DEPTH, Count)],
    },
    Limit {
        what: "icon `<use>` depth",
        value: "8",
        why: "drawing programs use one level; stops loops",
        bounds: &[bound!(MAX_USE_DEPTH, Count)],
    },
    Limit {
        what: "icon `<style>` rules",
        value: "2,000, each selector of a list counted",
        why: "exported drawings have a few dozen",
        bounds: &[bound!(MAX_CSS_RULES, Count)],
    },
    Limit {
        what: "icon style declarations",
        value: "20,000, a rule's counted once per selector",
        why: "exported drawings have a few hundred; a rule of 1,999 selectors × 100,000 declarations took 3.8 GiB",
        bounds: &[bound!(MAX_CSS_DECLARATIONS, Count)],
    },
    Limit {
        what: "icon style work",
        value: "5 million declarations × elements",
        why: "each declaration may reach each element: about a second at the limit",
        bounds: &[bound!(MAX_CSS_WORK, Count)],
    },
    Limit {
        what: "icon style parsing",
        value: "400 million bytes × declarations, per sheet or `style` attribute, summed",
        why: "usvg's CSS reader rescans the text before each declaration: about half a second",
        bounds: &[bound!(MAX_CSS_PARSE_WORK, Count)],
    },
    Limit {
        what: "icon selector work",
        value: "20,000 (a simple selector counts 1, each descendant combinator × 32)",
        why: "nested selectors may try every ancestor of every element",
        bounds: &[bound!(MAX_CSS_SELECTOR_WORK, Count)],
    },
    Limit {
        what: "icon style text",
        value: "1 MiB, `style` attributes counted again for each `<use>` copy",
        why: "the file's own size; stops copies multiplying it",
        bounds: &[bound!(MAX_STYLE_BYTES, Mebibytes)],
    },
    Limit {
        what: "icon gradient stops",
        value: "1,000",
        why: "drawings use 2–10 per gradient; 8,000 stops with 2,000 rules ran past 30 s",
        bounds: &[bound!(MAX_GRADIENT_STOPS, Count)],
    },
    Limit {
        what: "icon gradient stops painted",
        value: "4,000, each shape filled with a gradient counting its stops",
        why: "drawings fill a few dozen shapes with 2–10 each; 290 shapes × 990 stops took 6.6 GB",
        bounds: &[bound!(MAX_PAINTED_STOPS, Count)],
    },
    Limit {
        what: "icon elements (nodes)",
        value: "10,000, `<use>` copies counted again",
        why: "built-ins have fewer than 20",
        bounds: &[bound!(MAX_ICON_NODES, Count)],
    },
    Limit {
        what: "icon path segments",
        value: "1,500",
        why: "9 × the built-in tiger; bounds memory over 16 copies",
        bounds: &[bound!(MAX_ICON_SEGMENTS, Count)],
    },
    Limit {
        what: "icon numbers",
        value: "finite, within ±1,000,000",
        why: "icon boxes are 16–1,024 units; `inf`/`NaN` never reach output",
        bounds: &[bound!(MAX_ICON_NUMBER, Digits)],
    },
    Limit {
        what: "icon drawing",
        value: "within half a box of its viewBox, at least 1 % of it",
        why: "catches zero or huge scales and tiny viewBoxes",
        bounds: &[bound!(MIN_ICON_EXTENT, Percent)],
    },
    Limit {
        what: "picture file (PNG, JPEG)",
        value: "64 MiB",
        why: "a 50-megapixel photo's JPEG is 10–25 MB, a 600 dpi A4 scan saved as PNG 20–60 MB",
        bounds: &[bound!(MAX_PICTURE_BYTES, Mebibytes)],
    },
    Limit {
        what: "pixels of one picture",
        value: "50 million, read from the file's header before anything is decoded",
        why: "a 48–50 megapixel phone photo fits; a 22 mm counter at 300 dpi needs 0.07 million; a tiny file declaring 100,000 × 100,000 pixels is refused at once",
        bounds: &[bound!(MAX_PICTURE_PIXELS, Count)],
    },
    Limit {
        what: "pixels of all the pictures of a document",
        value: "200 million, each different picture counted once",
        why: "the decoded pictures held at once stay under 800 MB (one decoded copy each, scaled to print size once the pages are laid out): four 50-megapixel RGBA pictures in a print-shop set peak at 914 MB and 3.3 s of CPU",
        bounds: &[bound!(MAX_DOCUMENT_PIXELS, Count)],
    },
    Limit {
        what: "picture resolution (`pictures.dpi`)",
        value: "100 to 1,200 dpi",
        why: "300 prints sharp at arm's length; a picture is never brought above its own resolution",
        bounds: &[bound!(PICTURE_DPI.0, Count), bound!(PICTURE_DPI.1, Count)],
    },
    Limit {
        what: "a picture's frame (`crop`, `zoom`)",
        value: "crop at least 0.01 of the picture each way; zoom 0.1 to 10",
        why: "a hundredth of a phone photo is 30–40 pixels; zoom 10 shows a tenth of the picture's width",
        bounds: &[bound!(MAX_PICTURE_ZOOM, Count)],
    },
    Limit {
        what: "scans in a progressive JPEG",
        value: "100",
        why: "encoders write about 10; each scan passes over the whole picture",
        bounds: &[bound!(MAX_JPEG_SCANS, Count)],
    },
    Limit {
        what: "PNG decoder memory besides the pixels",
        value: "64 MiB",
        why: "rows, text and colour-profile chunks; a compressed profile is inflated only up to it",
        bounds: &[bound!(MAX_PNG_DECODER_BYTES, Mebibytes)],
    },
    Limit {
        what: "font file",
        value: "64 MiB",
        why: "above the largest common CJK collections (26 MB)",
        bounds: &[bound!(MAX_FONT_BYTES, Mebibytes)],
    },
    Limit {
        what: "all fonts of a theme",
        value: "160 MiB",
        why: "each file is loaded once, by canonical path",
        bounds: &[bound!(MAX_FONT_BYTES_TOTAL, Mebibytes)],
    },
    Limit {
        what: "fonts in one fallback list",
        value: "8",
        why: "real lists hold 2–4 faces",
        bounds: &[bound!(MAX_FONTS_PER_KEY, Count)],
    },
    Limit {
        what: "font folders searched for a family name",
        value: "8 levels deep, 200,000 entries, 20,000 font files, 40,000 faces, 256 MiB read; each folder and file once",
        why: "a desktop with every Noto font has about 4,000 files; links cannot make the walk loop or read a file twice",
        bounds: &[
            bound!(MAX_FONT_DIR_DEPTH, Count),
            bound!(MAX_FONT_DIR_ENTRIES, Count),
            bound!(MAX_FONT_FILES_SCANNED, Count),
            bound!(MAX_FONT_FACES_SCANNED, Count),
            bound!(MAX_FONT_SCAN_BYTES, Mebibytes),
        ],
    },
    Limit {
        what: "a font file read while searching for a family name",
        value: "64 faces, 512 tables a face, a `name` table of 1 MiB, 2,048 names a face, each read up to 512 bytes, 32 kept of a kind",
        why: "collections hold a few to a few dozen faces, fonts 10–30 tables; licence texts make a `name` table of some 30 KB; fonts named in every language have a few hundred names",
        bounds: &[
            bound!(MAX_COLLECTION_FACES, Count),
            bound!(MAX_FONT_TABLES, Count),
            bound!(MAX_NAME_TABLE_BYTES, Mebibytes),
            bound!(MAX_NAME_RECORDS, Count),
            bound!(MAX_NAME_BYTES, Count),
            bound!(MAX_NAMES_KEPT, Count),
        ],
    },
    Limit {
        what: "`extends` chain",
        value: "16 themes",
        why: "real chains are 2–3 deep (loops are reported as loops)",
        bounds: &[bound!(MAX_EXTENDS_DEPTH, Count)],
    },
    Limit {
        what: "`{copies}`",
        value: "1 to 16",
        why: "256 counters; the largest allowed sheet prints in about 2 s and 300 MB",
        bounds: &[bound!(MAX_COPIES, Count)],
    },
    Limit {
        what: "`{count}` (puzzles)",
        value: "1 to 48",
        why: "eight pages of six puzzles and eight of their solutions, made in well under a second",
        bounds: &[bound!(MAX_PUZZLES, Count)],
    },
    Limit {
        what: "positions searched for one puzzle sheet",
        value: "30 million",
        why: "about 3 s (10 million a second); 48 hard puzzles under a built-in ruleset take under 0.1 s; a ruleset where puzzles are rare gets those found so far, with a warning, or a refusal saying why",
        bounds: &[bound!(MAX_PUZZLE_NODES, Count)],
    },
    Limit {
        what: "pages in one document",
        value: "200",
        why: "real documents have fewer than 20",
        bounds: &[bound!(MAX_PAGES, Count)],
    },
    Limit {
        what: "board square (`{square}`)",
        value: "8 to 1,000 mm",
        why: "8 mm makes a board 56 × 72 mm, the smallest worth printing; 1,000 mm one 9 m long",
        bounds: &[bound!(MIN_SQUARE, Count), bound!(MAX_SQUARE, Count)],
    },
    Limit {
        what: "tactile board square (`{square}` with `{for} tactile`)",
        value: "at least 28 mm",
        why: "a tactile counter and the braille of its start square fit in it",
        bounds: &[bound!(MIN_TACTILE_SQUARE, Count)],
    },
    Limit {
        what: "sheets of a tiled board",
        value: "100",
        why: "100 A4 sheets already make a board 2 m long; each sheet is a page",
        bounds: &[bound!(MAX_TILES, Count)],
    },
    Limit {
        what: "bleed (`{bleed}`)",
        value: "0 to 5 mm",
        why: "print shops ask for 2–3 mm",
        bounds: &[bound!(MAX_BLEED, Count)],
    },
    Limit {
        what: "counter size (`{counter-size}`, `{size}`)",
        value: "at least 8 mm; a box's counters 8 to 200 mm",
        why: "a counter still picked up with the fingers, its character legible",
        bounds: &[
            bound!(MIN_COUNTER_SIZE, Count),
            bound!(MAX_BOX_COUNTER_SIZE, Count),
        ],
    },
    Limit {
        what: "card thickness (`{card}`)",
        value: "0.1 to 2 mm",
        why: "from paper to grey board",
        bounds: &[
            bound!(CARD_THICKNESS.0, Decimal),
            bound!(CARD_THICKNESS.1, Decimal),
        ],
    },
    Limit {
        what: "laser kerf (`{kerf}`)",
        value: "0 to 1 mm",
        why: "lasers cut 0.1–0.3 mm wide",
        bounds: &[bound!(MAX_KERF, Count)],
    },
    Limit {
        what: "duplex back offset (`{back-offset}`)",
        value: "±10 mm each way",
        why: "printers drift by 1–2 mm",
        bounds: &[bound!(MAX_BACK_OFFSET, Count)],
    },
    Limit {
        what: "PNG resolution (`{dpi}`)",
        value: "10 to 1,200 dpi",
        why: "from a thumbnail to more than any printer shows",
        bounds: &[bound!(PNG_DPI.0, Count), bound!(PNG_DPI.1, Count)],
    },
    Limit {
        what: "page margin (`{margin}`, theme key `page.margin`)",
        value: "0 to 50 mm",
        why: "printers need 3 to 10 mm; 50 still leaves room for the rules on A5",
        bounds: &[bound!(MAX_MARGIN, Count)],
    },
    Limit {
        what: "pixels of one PNG page",
        value: "50 million",
        why: "an A3 sheet at 500 dpi",
        bounds: &[bound!(MAX_PNG_PAGE_PIXELS, Count)],
    },
    Limit {
        what: "pixels of all PNG pages of a run",
        value: "200 million",
        why: "about 4 s of drawing; a run over 60 million counts its pages out on standard error (`{quiet}` hides it)",
        bounds: &[bound!(MAX_PNG_RUN_PIXELS, Count)],
    },
    Limit {
        what: "drawing work of all PNG pages of a run",
        value: "3,500 million pixel steps: 16 a pixel, 1 a pixel of each clip inside another and of each picture",
        why: "about 4.5 s; counted before drawing: a contact sheet of a set with pictures nests hundreds of clips (at 700 dpi it took 50 s)",
        bounds: &[bound!(MAX_PNG_RUN_WORK, Count)],
    },
    Limit {
        what: "a value quoted in a message",
        value: "120 bytes, its invisible characters escaped",
        why: "a longer one keeps its first and last 59 bytes around `…`: 300 × 象 is 900 bytes",
        bounds: &[bound!(MAX_QUOTED_BYTES, Count)],
    },
    Limit {
        what: "a message (error or warning)",
        value: "400 bytes",
        why: "five lines of a terminal; a longer one is cut in its middle",
        bounds: &[bound!(MAX_MESSAGE_BYTES, Count)],
    },
    Limit {
        what: "rules handout text area",
        value: "80 × 100 mm",
        why: "smaller paper (less margins) cannot hold the diagrams",
        bounds: &[
            bound!(MIN_HANDOUT_AREA.0, Count),
            bound!(MIN_HANDOUT_AREA.1, Count),
        ],
    },
    Limit {
        what: "poster body text",
        value: "an em of at least 2.8 mm (about 8 pt)",
        why: "smaller type cannot be read from a table's length away; paper on which the rules do not fit at it is refused",
        bounds: &[bound!(MIN_POSTER_BODY, Decimal)],
    },
];
