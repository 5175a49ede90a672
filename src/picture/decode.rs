//! Reading PNG and JPEG files into [`Raster`]s, within [`Limits`].
//!
//! The format is told by the file's first bytes, never by its name, so a JPEG
//! named `.png` is read as a JPEG. Anything else (GIF, WebP, HEIC, BMP, TIFF,
//! text, …) is refused with a message that names the file, what it is and the
//! formats that are read.
//!
//! - **PNG** (any bit depth, grey, grey and alpha, RGB, RGBA, palette with
//!   `tRNS`, interlaced; an animated PNG's default image, the one viewers
//!   without animation show) is decoded at once into 8-bit samples: 16-bit
//!   samples are rounded to 8 bits, a palette is expanded, and an alpha plane
//!   is kept only when some pixel is not opaque. Colour-space chunks (`gAMA`,
//!   `iCCP`, `sRGB`) are ignored: samples are taken as sRGB. An `eXIf` chunk's
//!   orientation is honoured as a JPEG's is.
//! - **JPEG** (baseline or progressive, 8-bit, 1, 3 or 4 components) is not
//!   decoded when read: its markers are checked from the first byte to the end
//!   of the picture (a file cut short or damaged is refused here, not later in
//!   a renderer), its size, colour model, Adobe `APP14` transform and EXIF
//!   orientation are read, and its bytes are kept without the metadata:
//!   `APP1` (EXIF, XMP), `APP2` (ICC profiles: every output then shows the same
//!   colours, since the decoder behind [`Raster::rgba`] ignores them, and a
//!   print profile can weigh half a megabyte), `APP13`, comments, other `APPn`
//!   and anything after the end marker. `APP0` (JFIF) and `APP14` (Adobe) stay:
//!   decoders read the colour transform from them. [`Raster::rgba`] decodes
//!   the pixels where a renderer needs them.
//!
//! Costs are bounded before anything large is allocated: the file's size, and
//! the pixels its header declares (a few bytes can declare 100,000 × 100,000
//! pixels), are checked against [`Limits`] first.

use std::sync::Arc;

use zune_jpeg::zune_core::bytestream::ZCursor;
use zune_jpeg::zune_core::colorspace::ColorSpace;
use zune_jpeg::zune_core::options::DecoderOptions;
use zune_jpeg::JpegDecoder;

use crate::limits::{MAX_JPEG_SCANS, MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS, MAX_PNG_DECODER_BYTES};

use super::Rgba;
use crate::error::caught;
use crate::scene::{JpegColor, Raster, RasterData, Samples};

/// The formats, as a message lists them.
const SUPPORTED: &str = "pictures may be PNG, JPEG or SVG files";

/// Bounds on what one picture may cost to decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most pixels in one picture (width × height as declared by the file).
    pub max_pixels: u64,
    /// Largest file, in bytes.
    pub max_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_pixels: MAX_PICTURE_PIXELS,
            max_bytes: MAX_PICTURE_BYTES,
        }
    }
}

/// What a file's first bytes say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A PNG picture.
    Png,
    /// A JPEG picture.
    Jpeg,
    /// An SVG drawing (XML text with an `<svg` element near its start).
    Svg,
    /// Anything else, described for a message (`"a GIF picture"`, `"a text
    /// file"`, `"an empty file"`, …).
    Other(&'static str),
}

/// Tells a file's format from its first bytes (its name is not looked at).
pub fn sniff(bytes: &[u8]) -> Format {
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    let at = |offset: usize, magic: &[u8]| bytes.get(offset..offset + magic.len()) == Some(magic);
    if bytes.is_empty() {
        return Format::Other("an empty file");
    }
    if starts(b"\x89PNG\r\n\x1a\n") {
        return Format::Png;
    }
    if starts(b"\x89PNG") {
        return Format::Other("a PNG file whose signature is damaged (was it copied as text?)");
    }
    if starts(&[0xFF, 0xD8, 0xFF]) {
        return Format::Jpeg;
    }
    if starts(b"GIF87a") || starts(b"GIF89a") {
        return Format::Other("a GIF picture");
    }
    if starts(b"RIFF") && at(8, b"WEBP") {
        return Format::Other("a WebP picture");
    }
    if at(4, b"ftyp") {
        // ISO media: the brands name the kind (AVIF is checked first, since
        // its files often list the generic HEIF brand `mif1` too).
        let size = bytes
            .get(0..4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .unwrap_or(0)
            .clamp(12, 256)
            .min(bytes.len());
        let brands = bytes.get(8..size).unwrap_or(&[]);
        let has = |b: &[u8]| brands.chunks(4).any(|c| c == b);
        if has(b"avif") || has(b"avis") {
            return Format::Other("an AVIF picture");
        }
        if [
            &b"heic"[..],
            b"heix",
            b"hevc",
            b"hevx",
            b"heim",
            b"heis",
            b"mif1",
            b"msf1",
        ]
        .iter()
        .any(|b| has(b))
        {
            return Format::Other("a HEIC picture");
        }
        return Format::Other("a video or other ISO media file (MP4, QuickTime)");
    }
    if starts(b"BM") && at(6, &[0, 0, 0, 0]) {
        return Format::Other("a BMP picture");
    }
    if starts(b"II*\0") || starts(b"MM\0*") {
        return Format::Other("a TIFF picture (or a camera's raw file)");
    }
    if starts(b"\0\0\0\x0cjP  ") || starts(&[0xFF, 0x4F, 0xFF, 0x51]) {
        return Format::Other("a JPEG 2000 picture");
    }
    if starts(&[0xFF, 0x0A]) || starts(b"\0\0\0\x0cJXL ") {
        return Format::Other("a JPEG XL picture");
    }
    if starts(b"8BPS") {
        return Format::Other("a Photoshop document");
    }
    if starts(b"%PDF-") {
        return Format::Other("a PDF document");
    }
    if starts(b"PK\x03\x04") {
        return Format::Other("a ZIP archive (or a document saved as one)");
    }
    if starts(&[0x1F, 0x8B]) {
        return Format::Other("a gzip-compressed file (a compressed .svgz drawing?)");
    }
    if starts(&[0, 0, 1, 0]) && bytes.len() > 6 && bytes[4] != 0 {
        return Format::Other("a Windows icon (ICO)");
    }
    if let Some(text) = text_start(bytes) {
        let text = text.trim_start();
        if text.starts_with('<') && text.contains("<svg") {
            return Format::Svg;
        }
        return Format::Other("a text file");
    }
    Format::Other("a file of a kind this program does not know")
}

/// The file's first 4 KB as text, when they are text (UTF-8, with or without
/// a byte order mark, no control characters but tab, line breaks and form
/// feed; a character cut at the end is allowed).
fn text_start(bytes: &[u8]) -> Option<&str> {
    let head = &bytes[..bytes.len().min(4096)];
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) if e.error_len().is_none() && head.len() == 4096 => {
            std::str::from_utf8(&head[..e.valid_up_to()]).ok()?
        }
        Err(_) => return None,
    };
    let plain = text
        .chars()
        .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r' | '\x0c'));
    plain.then_some(text)
}

/// Reads a PNG or JPEG file's bytes; `origin` names it in messages (every
/// message starts with it).
pub fn decode(bytes: &[u8], origin: &str, limits: Limits) -> Result<Raster, String> {
    #[cfg(feature = "web-lite")]
    return Err(format!("{origin}: {}", crate::lite::REFUSAL));
    if bytes.len() as u64 > limits.max_bytes {
        return Err(format!(
            "{origin}: the picture file is {} MB, more than the {} MB a picture may take; \
             save it smaller (fewer pixels, or as JPEG for a photo)",
            mb(bytes.len() as u64),
            mb(limits.max_bytes)
        ));
    }
    let (width, height, orientation, data) = match sniff(bytes) {
        Format::Png => png_raster(bytes, origin, limits)?,
        Format::Jpeg => jpeg_raster(bytes, origin, limits)?,
        Format::Svg => {
            return Err(format!(
                "{origin}: this is an SVG drawing, read as a drawing and not here; \
                 only PNG and JPEG files are read as raster pictures"
            ))
        }
        Format::Other(what) => {
            let advice = match what {
                "an empty file" | "a text file" => "is the path right?",
                "a PDF document" => "export the page as PNG",
                w if w.contains("damaged") => "copy it again as a binary file",
                w if w.ends_with("picture") || w.contains("TIFF") || w.contains("Photoshop") => {
                    "open it in a picture editor and save it as PNG, or as JPEG for a photo"
                }
                _ => "save the picture as PNG, or as JPEG for a photo",
            };
            return Err(format!("{origin}: this is {what}; {SUPPORTED} ({advice})"));
        }
    };
    Ok(Raster {
        width,
        height,
        orientation,
        data,
        digest: digest(bytes),
        memo: Default::default(),
    })
}

/// FNV-1a, 64 bits: the same on every platform (wasm32 included) and every
/// run, so outputs that name a picture by its digest stay byte-identical.
pub(crate) fn digest(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Megabytes with one decimal for messages.
fn mb(bytes: u64) -> String {
    format!("{:.1}", bytes as f64 / 1_000_000.0)
}

/// Megapixels for messages: whole numbers as they are, others with one
/// decimal below 100.
fn megapixels(pixels: u64) -> String {
    let mp = pixels as f64 / 1_000_000.0;
    if pixels.is_multiple_of(1_000_000) {
        format!("{}", pixels / 1_000_000)
    } else if mp < 100.0 {
        format!("{mp:.1}")
    } else {
        format!("{mp:.0}")
    }
}

/// Checks the declared size against the limits, before anything is allocated.
fn check_size(origin: &str, width: u32, height: u32, limits: Limits) -> Result<(), String> {
    if width == 0 || height == 0 {
        return Err(format!(
            "{origin}: the picture declares a size of {width} × {height} pixels; \
             the file is damaged (open it and save it again)"
        ));
    }
    let pixels = u64::from(width) * u64::from(height);
    if pixels > limits.max_pixels {
        return Err(format!(
            "{origin}: the picture is {width} × {height} pixels ({} megapixels), more than the \
             {} megapixels a picture may have; scale it down (a 22 mm counter printed at \
             300 dpi needs about 260 × 260 pixels, a whole A4 page about 2,500 × 3,500)",
            megapixels(pixels),
            megapixels(limits.max_pixels)
        ));
    }
    Ok(())
}

/// Reserves `n` bytes, or says that memory ran out.
fn vec_with(n: usize, origin: &str) -> Result<Vec<u8>, String> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| format!("{origin}: not enough memory to decode the picture ({n} bytes)"))?;
    Ok(v)
}

type Parts = (u32, u32, u8, RasterData);

// ---------------------------------------------------------------- PNG

fn png_raster(bytes: &[u8], origin: &str, limits: Limits) -> Result<Parts, String> {
    // The header chunk is read here first, so that a bomb's size is refused
    // before the decoder sets up anything.
    if bytes.len() < 33 {
        return Err(format!(
            "{origin}: the PNG file is cut short (it ends before its header); copy it again"
        ));
    }
    if &bytes[12..16] != b"IHDR" {
        return Err(format!(
            "{origin}: the PNG file is damaged (it does not start with a header chunk); \
             open it and save it again"
        ));
    }
    let be32 = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    check_size(origin, be32(16), be32(20), limits)?;
    png_chunks(bytes).map_err(|what| {
        format!("{origin}: the PNG file is damaged ({what}); open it and save it again")
    })?;
    // The chunks were checked above; a refusal the decoder would still make
    // by panicking is caught and reported as a damaged file.
    caught(|| png_pixels(bytes, origin)).unwrap_or_else(|| {
        Err(format!(
            "{origin}: the PNG file is damaged (the decoder could not read it); \
             open it and save it again"
        ))
    })
}

/// Checks the lengths of the chunks before the pixel data, where the
/// decoder reads them at once: within the 2³¹ − 1 bytes PNG allows, a
/// 13-byte header, a palette of 1–256 whole entries (3 bytes each). Walks the
/// chunks once, each bounds-checked; stops at the first `IDAT` or `IEND`,
/// or where the file ends (a file cut short is told by the decoder).
/// Returns what is wrong, for a message.
fn png_chunks(bytes: &[u8]) -> Result<(), String> {
    let mut i = 8;
    while let Some(head) = bytes.get(i..i + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]);
        let kind = &head[4..8];
        if len > 0x7FFF_FFFF {
            return Err(format!(
                "a chunk declares {len} bytes, more than PNG allows"
            ));
        }
        let len = len as usize;
        match kind {
            b"IHDR" if len != 13 => {
                return Err(format!("a header chunk of {len} bytes instead of 13"))
            }
            b"PLTE" if len == 0 || !len.is_multiple_of(3) || len > 3 * 256 => {
                return Err(format!(
                    "a palette of {len} bytes; a palette holds 1 to 256 colours of 3 bytes each"
                ));
            }
            b"IDAT" | b"IEND" => return Ok(()),
            _ => {}
        }
        i = i.saturating_add(12).saturating_add(len);
    }
    Ok(())
}

/// Decodes a PNG file whose header and chunks were checked.
fn png_pixels(bytes: &[u8], origin: &str) -> Result<Parts, String> {
    let mut decoder = png::Decoder::new_with_limits(
        std::io::Cursor::new(bytes),
        png::Limits {
            bytes: MAX_PNG_DECODER_BYTES,
        },
    );
    // Palette to RGB(A), grey below 8 bits to 8, tRNS to an alpha channel;
    // 16-bit samples stay 16-bit and are rounded below.
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(|e| png_error(origin, e))?;
    let info = reader.info();
    let (width, height) = (info.width, info.height);
    let interlaced = info.interlaced;
    let orientation = png_exif(bytes).map(tiff_orientation).unwrap_or(1);
    let (color_type, depth) = reader.output_color_type();
    let (colors, has_alpha) = match color_type {
        png::ColorType::Grayscale => (1, false),
        png::ColorType::GrayscaleAlpha => (1, true),
        png::ColorType::Rgb => (3, false),
        png::ColorType::Rgba => (3, true),
        png::ColorType::Indexed => {
            return Err(format!(
                "{origin}: the PNG file's palette could not be expanded; \
                 open it and save it again"
            ))
        }
    };
    let sixteen = depth == png::BitDepth::Sixteen;
    let pixels = width as usize * height as usize;
    let mut color = vec_with(pixels * colors, origin)?;
    let mut alpha = vec_with(if has_alpha { pixels } else { 0 }, origin)?;
    let mut push =
        |row: &[u8]| push_png_row(row, colors, has_alpha, sixteen, &mut color, &mut alpha);
    if interlaced {
        // Adam7 passes are spread over the whole picture: decode it whole.
        let mut buf = vec_with(reader.output_buffer_size(), origin)?;
        buf.resize(reader.output_buffer_size(), 0);
        let out = reader
            .next_frame(&mut buf)
            .map_err(|e| png_error(origin, e))?;
        for row in buf.chunks_exact(out.line_size).take(out.height as usize) {
            push(row);
        }
    } else {
        for _ in 0..height {
            match reader.next_row().map_err(|e| png_error(origin, e))? {
                Some(row) => push(row.data()),
                None => {
                    return Err(format!(
                        "{origin}: the PNG file is cut short (its pixels end early); copy it again"
                    ))
                }
            }
        }
    }
    if color.len() != pixels * colors {
        return Err(format!(
            "{origin}: the PNG file is damaged (its rows do not fill the picture); \
             open it and save it again"
        ));
    }
    let alpha = (has_alpha && alpha.iter().any(|&a| a != 255)).then(|| Arc::from(alpha));
    let color = if colors == 1 {
        Samples::Gray(Arc::from(color))
    } else {
        Samples::Rgb(Arc::from(color))
    };
    Ok((
        width,
        height,
        orientation,
        RasterData::Pixels { color, alpha },
    ))
}

/// The `eXIf` chunk's data, when one comes before the pixel data (the png
/// crate does not read it). Walks the chunks' lengths only: at most one step
/// per chunk, each bounds-checked.
fn png_exif(bytes: &[u8]) -> Option<&[u8]> {
    let mut i = 8;
    while let Some(head) = bytes.get(i..i + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let data = bytes.get(i + 8..(i + 8).checked_add(len)?)?;
        match &head[4..8] {
            b"eXIf" => return Some(data),
            b"IDAT" | b"IEND" => return None,
            _ => i += 12 + len,
        }
    }
    None
}

/// Appends one expanded PNG row's colour samples and alpha, 8 bits each
/// (16-bit samples rounded to the nearest 8-bit value).
fn push_png_row(
    row: &[u8],
    colors: usize,
    has_alpha: bool,
    sixteen: bool,
    color: &mut Vec<u8>,
    alpha: &mut Vec<u8>,
) {
    let channels = colors + usize::from(has_alpha);
    if sixteen {
        let to8 = |hi: u8, lo: u8| {
            ((u32::from(u16::from_be_bytes([hi, lo])) * 255 + 32767) / 65535) as u8
        };
        for px in row.chunks_exact(channels * 2) {
            for c in 0..colors {
                color.push(to8(px[2 * c], px[2 * c + 1]));
            }
            if has_alpha {
                alpha.push(to8(px[2 * colors], px[2 * colors + 1]));
            }
        }
    } else if has_alpha {
        for px in row.chunks_exact(channels) {
            color.extend_from_slice(&px[..colors]);
            alpha.push(px[colors]);
        }
    } else {
        color.extend_from_slice(row);
    }
}

fn png_error(origin: &str, e: png::DecodingError) -> String {
    match e {
        png::DecodingError::IoError(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            format!(
                "{origin}: the PNG file is cut short (it ends before its pixels do); copy it again"
            )
        }
        png::DecodingError::LimitsExceeded => format!(
            "{origin}: the PNG file needs more than {} MB of memory besides its pixels \
             (very wide rows, or large text or colour-profile chunks); save it again \
             with fewer pixels and without metadata",
            MAX_PNG_DECODER_BYTES >> 20
        ),
        e => format!("{origin}: the PNG file is damaged ({e}); open it and save it again"),
    }
}

// --------------------------------------------------------------- JPEG

/// What the marker walk finds in a JPEG file.
#[derive(Debug, Clone, PartialEq, Eq)]
struct JpegScan {
    width: u32,
    height: u32,
    components: u8,
    /// The Adobe APP14 colour transform (0 none or CMYK, 1 YCbCr, 2 YCCK),
    /// when that segment is present.
    adobe: Option<u8>,
    /// EXIF orientation, 1–8.
    orientation: u8,
    /// The stream without metadata (SOI … EOI).
    kept: Vec<u8>,
}

fn jpeg_raster(bytes: &[u8], origin: &str, limits: Limits) -> Result<Parts, String> {
    let scan = walk_jpeg(bytes, origin, limits)?;
    // The decoder reads the tables and the frame header as it will when the
    // pixels are needed: what it refuses is refused now.
    {
        let mut decoder = JpegDecoder::new_with_options(
            ZCursor::new(&scan.kept[..]),
            jpeg_options(ColorSpace::RGB),
        );
        let headers = caught(|| decoder.decode_headers().map_err(|e| e.to_string()))
            .unwrap_or_else(|| Err("the decoder could not read it".into()));
        headers.map_err(|e| {
            format!("{origin}: the JPEG file cannot be decoded ({e}); open it and save it again")
        })?;
    }
    let color = match (scan.components, scan.adobe) {
        (1, _) => JpegColor::Gray,
        (3, _) => JpegColor::Rgb,
        (_, adobe) => JpegColor::Cmyk {
            inverted: adobe.is_some(),
        },
    };
    Ok((
        scan.width,
        scan.height,
        scan.orientation,
        RasterData::Jpeg {
            bytes: Arc::from(scan.kept),
            color,
        },
    ))
}

fn jpeg_options(out: ColorSpace) -> DecoderOptions {
    DecoderOptions::default()
        .set_max_width(usize::from(u16::MAX))
        .set_max_height(usize::from(u16::MAX))
        .jpeg_set_max_scans(MAX_JPEG_SCANS)
        .jpeg_set_out_colorspace(out)
}

/// Walks a JPEG file's markers from SOI to EOI: checks that every segment is
/// whole and the picture data ends in an EOI marker, reads the frame header,
/// Adobe APP14 and EXIF orientation, and keeps the segments decoders need.
/// Linear in the file's length; the frame's size is checked against `limits`
/// as soon as it is read.
fn walk_jpeg(bytes: &[u8], origin: &str, limits: Limits) -> Result<JpegScan, String> {
    let cut = |what: &str| {
        format!(
            "{origin}: the JPEG file is cut short (it ends {what}); \
             it may not have finished copying or downloading: copy it again"
        )
    };
    let damaged = |what: &str| {
        format!("{origin}: the JPEG file is damaged ({what}); open it and save it again")
    };
    let unsupported = |what: &str| {
        format!(
            "{origin}: the JPEG file uses {what}, which this program does not read; \
             save it again as an ordinary (baseline or progressive) JPEG, or as PNG"
        )
    };

    let mut kept = Vec::new();
    kept.try_reserve_exact(bytes.len())
        .map_err(|_| format!("{origin}: not enough memory to read the picture"))?;
    kept.extend_from_slice(&bytes[..2]);
    let mut frame: Option<(u32, u32, u8)> = None;
    let mut adobe = None;
    let mut orientation = None;
    let mut scans = 0usize;
    let mut i = 2;
    loop {
        // A marker: 0xFF, any number of 0xFF fill bytes, then its code.
        if i >= bytes.len() {
            return Err(cut("before its end marker"));
        }
        if bytes[i] != 0xFF {
            return Err(damaged(&format!(
                "no marker where one was expected, at byte {i}"
            )));
        }
        while i < bytes.len() && bytes[i] == 0xFF {
            i += 1;
        }
        let Some(&code) = bytes.get(i) else {
            return Err(cut("inside a marker"));
        };
        let start = i - 1;
        i += 1;
        match code {
            0xD9 => break,
            0xD8 => return Err(damaged("a second start marker")),
            0xD0..=0xD7 | 0x01 => {
                kept.extend_from_slice(&[0xFF, code]);
                continue;
            }
            0x00 => return Err(damaged(&format!("an empty marker at byte {start}"))),
            _ => {}
        }
        let Some(len) = bytes
            .get(i..i + 2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
        else {
            return Err(cut("inside a segment's length"));
        };
        if len < 2 {
            return Err(damaged(&format!(
                "a segment of length {len} at byte {start}"
            )));
        }
        let Some(data) = bytes.get(i + 2..i + len) else {
            return Err(cut("inside a segment"));
        };
        let end = i + len;
        i = end;
        let keep = match code {
            0xC0..=0xC2 => {
                if frame.is_some() {
                    return Err(damaged("two frame headers"));
                }
                // Sizes in messages as shown: EXIF comes before the frame.
                let turned = orientation.is_some_and(|o| o >= 5);
                frame = Some(frame_header(
                    data,
                    origin,
                    limits,
                    turned,
                    &damaged,
                    &unsupported,
                )?);
                true
            }
            0xC3 => return Err(unsupported("lossless coding")),
            0xC5..=0xC7 => return Err(unsupported("hierarchical coding")),
            0xC9..=0xCB | 0xCD..=0xCF => return Err(unsupported("arithmetic coding")),
            0xDC => return Err(unsupported("a height stated after the picture data (DNL)")),
            0xDA => {
                let Some((_, _, components)) = frame else {
                    return Err(damaged("picture data before the frame header"));
                };
                let ns = data.first().copied().unwrap_or(0);
                if ns == 0 || ns > components || data.len() != 4 + 2 * usize::from(ns) {
                    return Err(damaged("a malformed scan header"));
                }
                scans += 1;
                if scans > MAX_JPEG_SCANS {
                    return Err(unsupported(&format!("more than {MAX_JPEG_SCANS} scans")));
                }
                let Some(data_end) = entropy_end(bytes, i) else {
                    return Err(cut("inside its picture data"));
                };
                i = data_end;
                kept.extend_from_slice(&bytes[start..i]);
                continue;
            }
            0xE0 => data.starts_with(b"JFIF\0"),
            0xEE => {
                if data.starts_with(b"Adobe") && data.len() >= 12 {
                    adobe.get_or_insert(data[11]);
                    true
                } else {
                    false
                }
            }
            0xE1 => {
                if data.starts_with(b"Exif\0") && orientation.is_none() {
                    orientation = Some(tiff_orientation(data.get(6..).unwrap_or(&[])));
                }
                false
            }
            // APP2–APP13, APP15, comments, and the reserved JPGn markers.
            0xE2..=0xFE => false,
            // Tables (DHT, DQT, DAC, DRI) and anything else decoders read.
            _ => true,
        };
        if keep {
            kept.extend_from_slice(&bytes[start..end]);
        }
    }
    kept.extend_from_slice(&[0xFF, 0xD9]);
    let Some((width, height, components)) = frame else {
        return Err(damaged("no frame header"));
    };
    if scans == 0 {
        return Err(damaged("no picture data"));
    }
    Ok(JpegScan {
        width,
        height,
        components,
        adobe,
        orientation: orientation.unwrap_or(1),
        kept,
    })
}

/// Where the entropy-coded data that starts at byte `i` of a JPEG file ends:
/// at the next marker that is not a stuffed 0xFF00 or a restart marker.
/// `None` when the file ends first.
fn entropy_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    loop {
        i += bytes[i..].iter().position(|&b| b == 0xFF)?;
        match bytes.get(i + 1)? {
            0x00 | 0xD0..=0xD7 => i += 2,
            0xFF => i += 1,
            _ => return Some(i),
        }
    }
}

/// Reads a SOF0–SOF2 frame header: width, height and components. `turned`:
/// the picture is shown turned a quarter (EXIF 5–8), so a message gives its
/// size the other way round.
fn frame_header(
    data: &[u8],
    origin: &str,
    limits: Limits,
    turned: bool,
    damaged: &dyn Fn(&str) -> String,
    unsupported: &dyn Fn(&str) -> String,
) -> Result<(u32, u32, u8), String> {
    if data.len() < 6 {
        return Err(damaged("a frame header too short"));
    }
    let precision = data[0];
    let height = u32::from(u16::from_be_bytes([data[1], data[2]]));
    let width = u32::from(u16::from_be_bytes([data[3], data[4]]));
    let components = data[5];
    if data.len() != 6 + 3 * usize::from(components) {
        return Err(damaged("a frame header of the wrong length"));
    }
    if precision != 8 {
        return Err(unsupported(&format!("{precision}-bit samples")));
    }
    if height == 0 {
        return Err(unsupported("a height stated after the picture data (DNL)"));
    }
    if !matches!(components, 1 | 3 | 4) {
        return Err(unsupported(&format!(
            "{components} colour components (1 grey, 3 colour and 4 CMYK are read)"
        )));
    }
    match turned {
        true => check_size(origin, height, width, limits)?,
        false => check_size(origin, width, height, limits)?,
    }
    Ok((width, height, components))
}

/// The orientation (tag 0x0112) in IFD0 of TIFF-structured EXIF data, either
/// byte order; 1 when absent, malformed or out of 1–8. Reads at most IFD0's
/// entries, each bounds-checked.
fn tiff_orientation(tiff: &[u8]) -> u8 {
    let big = match tiff.get(0..2) {
        Some(b"MM") => true,
        Some(b"II") => false,
        _ => return 1,
    };
    let u16_at = |i: usize| {
        tiff.get(i..i + 2).map(|b| {
            if big {
                u16::from_be_bytes([b[0], b[1]])
            } else {
                u16::from_le_bytes([b[0], b[1]])
            }
        })
    };
    let u32_at = |i: usize| {
        tiff.get(i..i + 4).map(|b| {
            let b = [b[0], b[1], b[2], b[3]];
            if big {
                u32::from_be_bytes(b)
            } else {
                u32::from_le_bytes(b)
            }
        })
    };
    if u16_at(2) != Some(42) {
        return 1;
    }
    let Some(ifd) = u32_at(4).map(|o| o as usize) else {
        return 1;
    };
    let Some(count) = u16_at(ifd) else {
        return 1;
    };
    for n in 0..usize::from(count) {
        let entry = ifd + 2 + 12 * n;
        let (Some(tag), Some(kind)) = (u16_at(entry), u16_at(entry + 2)) else {
            return 1;
        };
        if tag == 0x0112 {
            // SHORT, one value, stored in the first two bytes of the field.
            return match (kind, u16_at(entry + 8)) {
                (3, Some(v @ 1..=8)) => v as u8,
                _ => 1,
            };
        }
    }
    1
}

// -------------------------------------------------------------- Raster

/// Counting and decoding a raster's pixels is the decoder's work: the type
/// itself is the drawing model's ([`crate::scene::Raster`]).
impl Raster {
    /// Pixels in the picture (width × height), what [`crate::limits::MAX_DOCUMENT_PIXELS`]
    /// counts.
    pub fn pixel_count(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// Bytes of memory the picture holds: its samples and alpha plane, or its
    /// JPEG stream. [`Raster::rgba`] allocates `4 × pixel_count()` more.
    pub fn held_bytes(&self) -> u64 {
        match &self.data {
            RasterData::Jpeg { bytes, .. } => bytes.len() as u64,
            RasterData::Pixels { color, alpha } => {
                let c = match color {
                    Samples::Gray(s) | Samples::Rgb(s) | Samples::Cmyk(s) => s.len(),
                };
                (c + alpha.as_ref().map_or(0, |a| a.len())) as u64
            }
        }
    }

    /// Straight RGBA pixels in stored orientation (apply
    /// [`Raster::orientation`] to show them upright). A JPEG is decoded here,
    /// a CMYK one shown through the FOGRA39 profile
    /// ([`crate::picture::profile::cmyk_to_rgba`]); CMYK samples made by the print
    /// shop's separation go back by the naive formula `255 × (1 − c) × (1 −
    /// k)` of [`crate::scene::Color::to_rgb`], the inverse of the separation.
    /// Messages do not name the file: the caller adds its name.
    pub fn rgba(&self) -> Result<Rgba, String> {
        #[cfg(feature = "web-lite")]
        return Err(crate::lite::REFUSAL.to_string());
        let n = self.pixel_count() as usize;
        let mut pixels = vec_with(n * 4, "the picture").map_err(|_| {
            format!(
                "not enough memory to decode a {} × {} picture",
                self.width, self.height
            )
        })?;
        match &self.data {
            RasterData::Pixels { color, alpha } => {
                let alpha_at = |i: usize| alpha.as_ref().map_or(255, |a| a[i]);
                match color {
                    Samples::Gray(g) => {
                        for (i, &v) in g.iter().enumerate() {
                            pixels.extend_from_slice(&[v, v, v, alpha_at(i)]);
                        }
                    }
                    Samples::Rgb(rgb) => {
                        for (i, px) in rgb.chunks_exact(3).enumerate() {
                            pixels.extend_from_slice(&[px[0], px[1], px[2], alpha_at(i)]);
                        }
                    }
                    Samples::Cmyk(inks) => {
                        for (i, px) in inks.chunks_exact(4).enumerate() {
                            let ink = |j: usize| f32::from(px[j]) / 255.0;
                            let (r, g, b) =
                                crate::scene::Color::Cmyk(ink(0), ink(1), ink(2), ink(3)).to_rgb();
                            pixels.extend_from_slice(&[r, g, b, alpha_at(i)]);
                        }
                    }
                }
            }
            RasterData::Jpeg { bytes, color } => {
                jpeg_rgba(bytes, *color, n, self.width, self.height, &mut pixels)?;
            }
        }
        Ok(Rgba {
            width: self.width,
            height: self.height,
            pixels,
        })
    }
}

/// Decodes a grey or RGB JPEG stream of `width` × `height` pixels into its
/// samples (1 or 3 a pixel), straight into one shared buffer: the only copy
/// of the decoded picture. CMYK is refused (`None`): such a picture, made for
/// print, is placed as it is.
pub(crate) fn jpeg_samples(
    bytes: &[u8],
    color: JpegColor,
    width: u32,
    height: u32,
) -> Result<Option<Samples>, String> {
    #[cfg(feature = "web-lite")]
    return Err(crate::lite::REFUSAL.to_string());
    let (out, channels) = match color {
        JpegColor::Gray => (ColorSpace::Luma, 1),
        JpegColor::Rgb => (ColorSpace::RGB, 3),
        JpegColor::Cmyk { .. } => return Ok(None),
    };
    let n = width as usize * height as usize * channels;
    let mut buf: Arc<[u8]> = {
        let mut v: Vec<u8> = Vec::new();
        v.try_reserve_exact(n)
            .map_err(|_| format!("not enough memory to decode a {width} × {height} picture"))?;
        drop(v);
        std::iter::repeat_n(0u8, n).collect()
    };
    let target = Arc::get_mut(&mut buf).expect("a new buffer is not shared");
    let mut decoder = JpegDecoder::new_with_options(ZCursor::new(bytes), jpeg_options(out));
    caught(|| {
        decoder.decode_headers().map_err(|e| e.to_string())?;
        match decoder.output_buffer_size() {
            Some(size) if size == n => decoder.decode_into(target).map_err(|e| e.to_string()),
            size => Err(format!(
                "it decodes to {} samples where {width} × {height} × {channels} were expected",
                size.unwrap_or(0)
            )),
        }
    })
    .unwrap_or_else(|| Err("the decoder could not read it".into()))
    .map_err(|e| format!("the JPEG picture cannot be decoded ({e})"))?;
    Ok(Some(match color {
        JpegColor::Gray => Samples::Gray(buf),
        _ => Samples::Rgb(buf),
    }))
}

/// A YCCK pixel (Adobe's transform 2) as inks, 0 none to 255 full: its Y,
/// Cb, Cr (full range, as JFIF) give R, G, B, which are the inks of C, M, Y
/// (the encoder complemented Adobe's inverted C, M, Y before the transform,
/// as libjpeg does); K is stored inverted.
fn ycck_inks(px: &mut [u8]) {
    let (y, cb, cr) = (
        f32::from(px[0]),
        f32::from(px[1]) - 128.0,
        f32::from(px[2]) - 128.0,
    );
    let v = |f: f32| f.round().clamp(0.0, 255.0) as u8;
    px[0] = v(y + 1.402 * cr);
    px[1] = v(y - 0.344_136 * cb - 0.714_136 * cr);
    px[2] = v(y + 1.772 * cb);
    px[3] = 255 - px[3];
}

/// Decodes a JPEG stream into straight RGBA, appended to `pixels` (`n`
/// pixels, `width` × `height`).
fn jpeg_rgba(
    bytes: &[u8],
    color: JpegColor,
    n: usize,
    width: u32,
    height: u32,
    pixels: &mut Vec<u8>,
) -> Result<(), String> {
    let (w, h) = (width, height);

    // CMYK, and YCCK (Adobe transform 2) made CMYK here, are shown
    // through the colour profile (`crate::picture::profile`).
    let ycck = color != JpegColor::Gray
        && color != JpegColor::Rgb
        && walk_jpeg(bytes, "", Limits::default()).is_ok_and(|s| s.adobe == Some(2));
    let out = match color {
        JpegColor::Gray => ColorSpace::Luma,
        JpegColor::Cmyk { .. } if ycck => ColorSpace::YCCK,
        JpegColor::Cmyk { .. } => ColorSpace::CMYK,
        _ => ColorSpace::RGB,
    };
    let mut decoder = JpegDecoder::new_with_options(ZCursor::new(bytes), jpeg_options(out));
    let samples = caught(|| decoder.decode().map_err(|e| e.to_string()))
        .unwrap_or_else(|| Err("the decoder could not read it".into()))
        .map_err(|e| format!("the JPEG picture cannot be decoded ({e})"))?;
    let channels = out.num_components();
    if samples.len() != n * channels {
        return Err(format!(
            "the JPEG picture decoded to {} samples where {} × {} × {channels} were expected",
            samples.len(),
            w,
            h
        ));
    }
    match (out, color) {
        (ColorSpace::Luma, _) => {
            for &v in &samples {
                pixels.extend_from_slice(&[v, v, v, 255]);
            }
        }
        (ColorSpace::CMYK | ColorSpace::YCCK, JpegColor::Cmyk { inverted }) => {
            let mut inks = samples;
            if ycck {
                inks.chunks_exact_mut(4).for_each(ycck_inks);
            } else if inverted {
                inks.iter_mut().for_each(|v| *v = 255 - *v);
            }
            crate::picture::profile::cmyk_to_rgba(&inks, pixels);
        }
        _ => {
            for px in samples.chunks_exact(3) {
                pixels.extend_from_slice(&[px[0], px[1], px[2], 255]);
            }
        }
    }
    Ok(())
}
