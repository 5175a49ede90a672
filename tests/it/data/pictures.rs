//! The picture reader (`picture::decode`): PNG of every colour type and bit
//! depth, interlaced and animated; JPEG baseline, progressive, grey and CMYK,
//! EXIF orientation in both byte orders, metadata stripped; hostile files
//! (bombs, cut and damaged files, other formats) refused with the file's name,
//! what is wrong and what is supported.
//!
//! PNGs are made here with the `png` crate; the JPEGs and the interlaced PNG
//! are in `tests/fixtures/pictures/` (made by `make.py` there).

use jungle_print::limits::MAX_PICTURE_PIXELS;
use jungle_print::picture::decode::{sniff, Format};
use jungle_print::picture::{decode, Limits};
use jungle_print::scene::{JpegColor, Raster, RasterData, Samples};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/pictures/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(bytes: &[u8]) -> Raster {
    decode(bytes, "pic.png", Limits::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn refused(bytes: &[u8], origin: &str) -> String {
    let e = decode(bytes, origin, Limits::default()).expect_err("the picture is refused");
    assert!(e.starts_with(&format!("{origin}: ")), "{e}");
    e
}

/// A PNG made by the png crate; `setup` may add a palette, tRNS, animation.
fn png_file(
    (width, height): (u32, u32),
    color: png::ColorType,
    depth: png::BitDepth,
    data: &[u8],
    setup: impl FnOnce(&mut png::Encoder<&mut Vec<u8>>),
) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, width, height);
        enc.set_color(color);
        enc.set_depth(depth);
        setup(&mut enc);
        let mut w = enc.write_header().unwrap();
        w.write_image_data(data).unwrap();
    }
    out
}

fn pixels(r: &Raster) -> (&[u8], Option<&[u8]>, bool) {
    match &r.data {
        RasterData::Pixels { color, alpha } => {
            let (s, grey) = match color {
                Samples::Gray(s) => (s, true),
                Samples::Rgb(s) => (s, false),
                Samples::Cmyk(_) => panic!("a decoder never makes CMYK samples"),
            };
            (&s[..], alpha.as_deref(), grey)
        }
        RasterData::Jpeg { .. } => panic!("a PNG was read as a JPEG"),
    }
}

fn jpeg(r: &Raster) -> (&[u8], JpegColor) {
    match &r.data {
        RasterData::Jpeg { bytes, color } => (&bytes[..], *color),
        RasterData::Pixels { .. } => panic!("a JPEG was decoded at load"),
    }
}

#[test]
fn png_rgb_opaque_has_no_alpha_plane() {
    let data: Vec<u8> = (0..2 * 3 * 3).map(|i| i as u8 * 10).collect();
    let r = read(&png_file(
        (3, 2),
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        &data,
        |_| {},
    ));
    assert_eq!((r.width, r.height, r.orientation), (3, 2, 1));
    let (color, alpha, grey) = pixels(&r);
    assert_eq!((color, alpha, grey), (&data[..], None, false));
    let rgba = r.rgba().unwrap();
    assert_eq!(&rgba.pixels[..8], &[0, 10, 20, 255, 30, 40, 50, 255]);
    assert_eq!(r.pixel_count(), 6);
    assert_eq!(r.held_bytes(), 18);
}

#[test]
fn png_alpha_is_kept_only_when_some_pixel_is_not_opaque() {
    let opaque = [10, 20, 30, 255, 40, 50, 60, 255];
    let r = read(&png_file(
        (2, 1),
        png::ColorType::Rgba,
        png::BitDepth::Eight,
        &opaque,
        |_| {},
    ));
    assert_eq!(pixels(&r), (&[10, 20, 30, 40, 50, 60][..], None, false));

    // Straight alpha: a transparent pixel keeps its colour.
    let clear = [10, 20, 30, 0, 40, 50, 60, 128];
    let r = read(&png_file(
        (2, 1),
        png::ColorType::Rgba,
        png::BitDepth::Eight,
        &clear,
        |_| {},
    ));
    assert_eq!(
        pixels(&r),
        (&[10, 20, 30, 40, 50, 60][..], Some(&[0, 128][..]), false)
    );
    assert_eq!(r.rgba().unwrap().pixels, clear);
}

#[test]
fn png_sixteen_bits_are_rounded_not_truncated() {
    // 0x01FF is 1.99 in 8 bits: rounding gives 2, dropping the low byte 1.
    let grey: Vec<u8> = [0x0000u16, 0x01FF, 0x8080, 0xFFFF]
        .iter()
        .flat_map(|v| v.to_be_bytes())
        .collect();
    let r = read(&png_file(
        (4, 1),
        png::ColorType::Grayscale,
        png::BitDepth::Sixteen,
        &grey,
        |_| {},
    ));
    assert_eq!(pixels(&r), (&[0, 2, 128, 255][..], None, true));

    let rgba: Vec<u8> = [0xFFFFu16, 0x01FF, 0, 0x7F7F]
        .iter()
        .flat_map(|v| v.to_be_bytes())
        .collect();
    let r = read(&png_file(
        (1, 1),
        png::ColorType::Rgba,
        png::BitDepth::Sixteen,
        &rgba,
        |_| {},
    ));
    assert_eq!(pixels(&r), (&[255, 2, 0][..], Some(&[127][..]), false));
}

#[test]
fn png_grey_alpha_low_bit_depths_and_grey_key() {
    let r = read(&png_file(
        (2, 1),
        png::ColorType::GrayscaleAlpha,
        png::BitDepth::Eight,
        &[7, 255, 9, 3],
        |_| {},
    ));
    assert_eq!(pixels(&r), (&[7, 9][..], Some(&[255, 3][..]), true));
    assert_eq!(r.rgba().unwrap().pixels, [7, 7, 7, 255, 9, 9, 9, 3]);

    // 1-bit grey: 0b1010_0000 is white, black, white, black (4 pixels).
    let r = read(&png_file(
        (4, 1),
        png::ColorType::Grayscale,
        png::BitDepth::One,
        &[0b1010_0000],
        |_| {},
    ));
    assert_eq!(pixels(&r), (&[255, 0, 255, 0][..], None, true));

    // tRNS on grey: the key value 7 is transparent.
    let r = read(&png_file(
        (2, 1),
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        &[7, 8],
        |e| e.set_trns(vec![0, 7]),
    ));
    assert_eq!(pixels(&r), (&[7, 8][..], Some(&[0, 255][..]), true));
}

#[test]
fn png_palette_is_expanded_with_its_transparency() {
    let palette = vec![255, 0, 0, 0, 255, 0, 0, 0, 255];
    let indices = [0b0001_1000u8]; // 2-bit indices 0, 1, 2, 0
    let r = read(&png_file(
        (4, 1),
        png::ColorType::Indexed,
        png::BitDepth::Two,
        &indices,
        |e| {
            e.set_palette(palette.clone());
            e.set_trns(vec![255, 128]); // shorter than the palette: blue stays opaque
        },
    ));
    let (color, alpha, grey) = pixels(&r);
    assert!(!grey);
    assert_eq!(color, [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0]);
    assert_eq!(alpha, Some(&[255, 128, 255, 255][..]));

    let opaque = read(&png_file(
        (4, 1),
        png::ColorType::Indexed,
        png::BitDepth::Two,
        &indices,
        |e| e.set_palette(palette.clone()),
    ));
    assert_eq!(pixels(&opaque).1, None);
}

#[test]
fn png_interlaced_is_put_back_in_place() {
    let bytes = fixture("interlaced.png");
    assert_eq!(bytes[28], 1, "the fixture is Adam7-interlaced");
    let r = read(&bytes);
    assert_eq!((r.width, r.height), (16, 8));
    let (color, alpha, _) = pixels(&r);
    assert_eq!(alpha, None);
    let expected: Vec<u8> = (0..8)
        .flat_map(|y| (0..16).flat_map(move |x| [x * 16, y * 32, 255 - x * 8]))
        .collect();
    assert_eq!(color, expected);
}

#[test]
fn animated_png_gives_its_default_image() {
    let red = [255u8, 0, 0].repeat(4);
    let green = [0u8, 255, 0].repeat(4);
    let blue = [0u8, 0, 255].repeat(4);
    // The default image is the first frame.
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 2, 2);
        enc.set_color(png::ColorType::Rgb);
        enc.set_animated(2, 0).unwrap();
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&red).unwrap();
        w.write_image_data(&blue).unwrap();
    }
    assert!(out.windows(4).any(|w| w == b"acTL"));
    assert_eq!(pixels(&read(&out)).0, &red[..]);

    // A default image outside the animation (shown by viewers without it).
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 2, 2);
        enc.set_color(png::ColorType::Rgb);
        enc.set_animated(2, 0).unwrap();
        enc.set_sep_def_img(true).unwrap();
        let mut w = enc.write_header().unwrap();
        w.write_image_data(&red).unwrap();
        w.write_image_data(&green).unwrap();
        w.write_image_data(&blue).unwrap();
    }
    assert_eq!(pixels(&read(&out)).0, &red[..]);
}

#[test]
fn png_exif_orientation_is_read() {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 2, 1);
        enc.set_color(png::ColorType::Grayscale);
        let mut w = enc.write_header().unwrap();
        w.write_chunk(png::chunk::ChunkType(*b"eXIf"), &tiff(true, 8))
            .unwrap();
        w.write_image_data(&[1, 2]).unwrap();
    }
    let r = read(&out);
    assert_eq!((r.orientation, r.shown_size()), (8, (1, 2)));
}

/// EXIF's TIFF structure: IFD0 with a Make entry, then the orientation.
fn tiff(big_endian: bool, orientation: u16) -> Vec<u8> {
    let u16b = |v: u16| {
        if big_endian {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        }
    };
    let u32b = |v: u32| {
        if big_endian {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        }
    };
    let mut t = Vec::new();
    t.extend_from_slice(if big_endian { b"MM" } else { b"II" });
    t.extend_from_slice(&u16b(42));
    t.extend_from_slice(&u32b(8));
    t.extend_from_slice(&u16b(2));
    // Make (ASCII, 4 bytes "Cam\0" stored in place).
    t.extend_from_slice(&u16b(0x010F));
    t.extend_from_slice(&u16b(2));
    t.extend_from_slice(&u32b(4));
    t.extend_from_slice(b"Cam\0");
    // Orientation (SHORT, 1 value, left-justified in the 4-byte field).
    t.extend_from_slice(&u16b(0x0112));
    t.extend_from_slice(&u16b(3));
    t.extend_from_slice(&u32b(1));
    t.extend_from_slice(&u16b(orientation));
    t.extend_from_slice(&[0, 0]);
    t.extend_from_slice(&u32b(0)); // no next IFD
    t
}

/// `jpeg` with an APP1 segment holding `payload` put right after SOI.
fn with_app1(jpeg: &[u8], payload: &[u8]) -> Vec<u8> {
    let len = u16::try_from(payload.len() + 2).unwrap();
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

fn exif(big_endian: bool, orientation: u16) -> Vec<u8> {
    let mut p = b"Exif\0\0".to_vec();
    p.extend(tiff(big_endian, orientation));
    p
}

/// Mean colour of the stored pixels in columns `x0..x1`.
fn mean(r: &Raster, x0: u32, x1: u32) -> [u8; 3] {
    let rgba = r.rgba().unwrap();
    assert_eq!(rgba.pixels.len(), (r.width * r.height * 4) as usize);
    let mut sum = [0u32; 3];
    let mut n = 0;
    for y in 0..r.height {
        for x in x0..x1 {
            let i = ((y * r.width + x) * 4) as usize;
            for (s, &v) in sum.iter_mut().zip(&rgba.pixels[i..i + 3]) {
                *s += u32::from(v);
            }
            assert_eq!(rgba.pixels[i + 3], 255);
            n += 1;
        }
    }
    sum.map(|s| (s / n) as u8)
}

fn near(got: [u8; 3], want: [u8; 3]) -> bool {
    got.iter().zip(want).all(|(&g, w)| g.abs_diff(w) <= 12)
}

#[test]
fn jpeg_baseline_and_progressive_are_kept_undecoded() {
    for name in ["baseline.jpg", "progressive.jpg"] {
        let bytes = fixture(name);
        let r = read(&bytes);
        assert_eq!((r.width, r.height, r.orientation), (16, 8, 1), "{name}");
        let (kept, color) = jpeg(&r);
        assert_eq!(color, JpegColor::Rgb);
        assert!(kept.starts_with(&[0xFF, 0xD8]) && kept.ends_with(&[0xFF, 0xD9]));
        let sof = if name == "progressive.jpg" {
            0xC2
        } else {
            0xC0
        };
        assert!(kept.windows(2).any(|w| w == [0xFF, sof]), "{name}");
        // Inner 6 columns of each half, away from the chroma edge.
        assert!(
            near(mean(&r, 0, 6), [255, 0, 0]),
            "{name}: {:?}",
            mean(&r, 0, 6)
        );
        assert!(
            near(mean(&r, 10, 16), [0, 0, 255]),
            "{name}: {:?}",
            mean(&r, 10, 16)
        );
    }
}

#[test]
fn jpeg_grey_and_cmyk() {
    let r = read(&fixture("grey.jpg"));
    assert_eq!(jpeg(&r).1, JpegColor::Gray);
    assert!(near(mean(&r, 0, 6), [32; 3]) && near(mean(&r, 10, 16), [224; 3]));

    // Pillow writes CMYK as Photoshop does: inverted, with Adobe APP14, which
    // the stored bytes keep. Left half cyan ink, right half black.
    let bytes = fixture("cmyk-adobe.jpg");
    let r = read(&bytes);
    let (kept, color) = jpeg(&r);
    assert_eq!(color, JpegColor::Cmyk { inverted: true });
    assert!(kept.windows(5).any(|w| w == b"Adobe"));
    // Shown through the FOGRA39 profile, as LittleCMS 2.19 shows the file
    // (PIL.ImageCms, relative colorimetric; make.py's fixtures): full cyan
    // ink is (0, 161, 228), not the naive formula's (0, 255, 255), and full
    // black ink a printed black, (44, 44, 43).
    let close =
        |got: [u8; 3], want: [u8; 3]| got.iter().zip(want).all(|(&g, w)| g.abs_diff(w) <= 4);
    assert!(close(mean(&r, 0, 6), [0, 161, 228]), "{:?}", mean(&r, 0, 6));
    assert!(
        close(mean(&r, 10, 16), [44, 44, 43]),
        "{:?}",
        mean(&r, 10, 16)
    );

    // The same samples marked YCCK (Adobe transform 2) are Y, Cb, Cr and K:
    // LittleCMS (through libjpeg's YCCK reading) shows them so.
    let ycck = read(&fixture("ycck-adobe.jpg"));
    assert!(
        close(mean(&ycck, 0, 6), [86, 177, 81]),
        "{:?}",
        mean(&ycck, 0, 6)
    );
    assert!(
        close(mean(&ycck, 10, 16), [21, 32, 25]),
        "{:?}",
        mean(&ycck, 10, 16)
    );

    // Without APP14 the same samples are ink amounts as stored: the cyan
    // half's stored (0, 255, 255, 255) is then full black ink too.
    let i = bytes.windows(5).position(|w| w == b"Adobe").unwrap() - 4;
    assert_eq!(bytes[i..i + 2], [0xFF, 0xEE]);
    let len = usize::from(u16::from_be_bytes([bytes[i + 2], bytes[i + 3]]));
    let plain = [&bytes[..i], &bytes[i + 2 + len..]].concat();
    let r = read(&plain);
    assert_eq!(jpeg(&r).1, JpegColor::Cmyk { inverted: false });
    assert!(close(mean(&r, 0, 6), [47, 28, 22]), "{:?}", mean(&r, 0, 6));
}

#[test]
fn jpeg_exif_orientation_is_read_and_exif_stripped() {
    let bytes = fixture("exif-6.jpg");
    assert!(bytes.windows(4).any(|w| w == b"Exif"));
    let r = read(&bytes);
    assert_eq!((r.width, r.height, r.orientation), (16, 8, 6));
    assert_eq!(r.shown_size(), (8, 16));
    let (kept, _) = jpeg(&r);
    assert!(!kept.windows(4).any(|w| w == b"Exif"));
    assert!(!kept.windows(2).any(|w| w == [0xFF, 0xE1]));
    // Stripping changes no pixel.
    assert_eq!(
        r.rgba().unwrap(),
        read(&fixture("baseline.jpg")).rgba().unwrap()
    );

    let base = fixture("baseline.jpg");
    for big in [false, true] {
        for o in 1..=8 {
            let r = read(&with_app1(&base, &exif(big, o)));
            assert_eq!(r.orientation, o as u8, "big endian {big}");
            assert_eq!(jpeg(&r).0, jpeg(&read(&base)).0);
        }
        for bad in [0, 9, 300] {
            assert_eq!(read(&with_app1(&base, &exif(big, bad))).orientation, 1);
        }
    }
}

#[test]
fn jpeg_hostile_exif_is_safe() {
    let base = fixture("baseline.jpg");
    // IFD0 claims 65,535 entries in a short block; its offset points past the
    // end; the TIFF header is garbage; the block is empty.
    let mut many = exif(false, 6);
    many[6 + 8..6 + 10].copy_from_slice(&[0xFF, 0xFF]);
    let mut far = exif(true, 6);
    far[6 + 4..6 + 8].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xF0]);
    // The entries that are there are still read; the rest is not looked for.
    assert_eq!(read(&with_app1(&base, &many)).orientation, 6);
    for payload in [far, b"Exif\0\0XXXXXXXXXX".to_vec(), b"Exif\0\0".to_vec()] {
        assert_eq!(read(&with_app1(&base, &payload)).orientation, 1);
    }
    // A hundred full-size EXIF segments (6.5 MB): read, and all dropped.
    let mut huge = base.clone();
    let block = [exif(false, 3), vec![0xAB; 65_533 - exif(false, 3).len()]].concat();
    for _ in 0..100 {
        huge = with_app1(&huge, &block);
    }
    assert!(huge.len() > 6_500_000);
    let r = read(&huge);
    assert_eq!(r.orientation, 3);
    assert_eq!(jpeg(&r).0, jpeg(&read(&base)).0);
}

#[test]
fn format_is_told_by_content_not_name() {
    let r = decode(&fixture("baseline.jpg"), "lion.png", Limits::default()).unwrap();
    assert_eq!(jpeg(&r).1, JpegColor::Rgb);
    let png = png_file(
        (1, 1),
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        &[9],
        |_| {},
    );
    assert!(decode(&png, "lion.jpg", Limits::default()).is_ok());
    assert_eq!(sniff(&png), Format::Png);
    assert_eq!(
        sniff(b"<?xml version=\"1.0\"?>\n<svg xmlns=\"\"/>"),
        Format::Svg
    );
}

#[test]
fn trailing_bytes_after_the_jpeg_are_dropped() {
    let base = fixture("baseline.jpg");
    let r = read(&[&base[..], &[0u8; 1000][..], b"more"].concat());
    assert_eq!(jpeg(&r).0, jpeg(&read(&base)).0);
}

#[test]
fn other_formats_are_refused_naming_what_they_are() {
    let cases: &[(&[u8], &str)] = &[
        (b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "a GIF picture"),
        (b"RIFF\x24\x00\x00\x00WEBPVP8 ", "a WebP picture"),
        (
            b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic",
            "a HEIC picture",
        ),
        (
            b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf",
            "an AVIF picture",
        ),
        (
            b"BM\x3a\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00",
            "a BMP picture",
        ),
        (b"II*\x00\x08\x00\x00\x00", "a TIFF picture"),
        (b"MM\x00*\x00\x00\x00\x08", "a TIFF picture"),
        (b"%PDF-1.7\n", "a PDF document"),
        (b"elephant = 8\n", "a text file"),
        (b"", "an empty file"),
        (b"\x89PNG\n\x1a\n\x00\x00", "signature is damaged"),
        (
            &[0x00, 0x01, 0x02, 0xFE, 0xFF],
            "a kind this program does not know",
        ),
    ];
    for (bytes, what) in cases {
        let e = refused(bytes, "themes/kids/lion.png");
        assert!(e.contains(what), "{what}: {e}");
        assert!(e.contains("PNG, JPEG or SVG"), "{e}");
    }
    let e = refused(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "lion.png");
    assert!(
        e.contains("SVG drawing") && e.contains("PNG and JPEG"),
        "{e}"
    );
}

#[test]
fn decompression_bombs_are_refused_before_decoding() {
    // A 1 × 1 PNG whose header declares 100,000 × 100,000 pixels.
    let mut bomb = png_file(
        (1, 1),
        png::ColorType::Rgba,
        png::BitDepth::Eight,
        &[0; 4],
        |_| {},
    );
    bomb[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    let mut crc = flate2::Crc::new();
    crc.update(&bomb[12..29]);
    bomb[29..33].copy_from_slice(&crc.sum().to_be_bytes());
    let e = refused(&bomb, "bomb.png");
    assert!(
        e.contains("100000 × 100000") && e.contains("10000 megapixels"),
        "{e}"
    );
    assert!(
        e.contains(&format!(
            "{} megapixels a picture",
            MAX_PICTURE_PIXELS / 1_000_000
        )),
        "{e}"
    );

    // A JPEG whose frame header declares 65,535 × 65,535 (the most it can).
    let mut jpeg = fixture("baseline.jpg");
    let sof = jpeg.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    jpeg[sof + 5..sof + 9].copy_from_slice(&[0xFF; 4]);
    let e = refused(&jpeg, "bomb.jpg");
    assert!(
        e.contains("65535 × 65535") && e.contains("4295 megapixels"),
        "{e}"
    );

    // The limit is the caller's: a 16 × 8 picture is over a 100-pixel one.
    let small = Limits {
        max_pixels: 100,
        ..Limits::default()
    };
    let e = decode(&fixture("baseline.jpg"), "x.jpg", small).unwrap_err();
    assert!(e.contains("16 × 8"), "{e}");
    let small = Limits {
        max_bytes: 100,
        ..Limits::default()
    };
    let e = decode(&fixture("baseline.jpg"), "x.jpg", small).unwrap_err();
    assert!(e.starts_with("x.jpg: the picture file is"), "{e}");
}

#[test]
fn cut_short_files_are_refused_at_load() {
    let jpeg = fixture("progressive.jpg");
    for len in 3..jpeg.len() - 1 {
        let e = refused(&jpeg[..len], "cut.jpg");
        assert!(
            e.contains("cut short") || e.contains("damaged"),
            "{len}: {e}"
        );
    }
    assert!(refused(&jpeg[..jpeg.len() / 2], "cut.jpg").contains("cut short"));

    let png = png_file(
        (8, 8),
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        &[7; 192],
        |_| {},
    );
    // A cut file is refused, or, cut in the last bytes after every row was
    // inflated (checksums, IEND), read whole and right.
    let idat = png.windows(4).position(|w| w == b"IDAT").unwrap();
    for len in 8..png.len() {
        match decode(&png[..len], "cut.png", Limits::default()) {
            Err(e) => assert!(e.starts_with("cut.png: the PNG file is"), "{len}: {e}"),
            Ok(r) => {
                assert!(len > idat + 8, "{len}");
                assert_eq!(pixels(&r).0, [7; 192]);
            }
        }
    }
    assert!(refused(&png[..idat + 10], "cut.png").contains("cut short"));
}

#[test]
fn damaged_files_are_refused_with_what_is_wrong() {
    // A PNG whose pixel data has a byte changed (its checksum no longer matches).
    let mut png = png_file(
        (8, 8),
        png::ColorType::Rgb,
        png::BitDepth::Eight,
        &[7; 192],
        |_| {},
    );
    let idat = png.windows(4).position(|w| w == b"IDAT").unwrap();
    png[idat + 6] ^= 0x55;
    assert!(refused(&png, "bad.png").contains("damaged"));

    // JPEGs: lossless and 12-bit frames, an unknown component count, a
    // segment length running past the end, junk where a marker should be.
    let base = fixture("baseline.jpg");
    let sof = base.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    let mut lossless = base.clone();
    lossless[sof + 1] = 0xC3;
    assert!(refused(&lossless, "l.jpg").contains("lossless"));
    let mut twelve = base.clone();
    twelve[sof + 4] = 12;
    assert!(refused(&twelve, "t.jpg").contains("12-bit"));
    let mut junk = base.clone();
    let second = 4 + usize::from(u16::from_be_bytes([base[4], base[5]]));
    assert_eq!(junk[second], 0xFF);
    junk[second] = 0x12;
    assert!(refused(&junk, "j.jpg").contains("damaged"));
    let mut long = base.clone();
    long[4..6].copy_from_slice(&[0xFF, 0xF0]);
    assert!(refused(&long, "s.jpg").contains("cut short"));
}

#[test]
fn digest_is_fixed_by_the_bytes() {
    let a = read(&fixture("baseline.jpg"));
    let b = read(&fixture("progressive.jpg"));
    assert_eq!(a.digest, read(&fixture("baseline.jpg")).digest);
    assert_ne!(a.digest, b.digest);
    // FNV-1a of the file's bytes: the same on every platform.
    let one = png_file(
        (1, 1),
        png::ColorType::Grayscale,
        png::BitDepth::Eight,
        &[0],
        |_| {},
    );
    let r = read(&one);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in &one {
        h = (h ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
    }
    assert_eq!(r.digest, h);
}
