//! `--for print-shop`: a PDF/X-4 in CMYK with the die line in the CutContour
//! separation, checked structurally: colour operators, page boxes, output
//! intent, PDF/X keys and metadata, the non-printing cut layer, fonts.

use crate::common;

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object};

fn resolve<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(r) => doc.get_object(*r).unwrap(),
        _ => o,
    }
}

fn dict<'a>(doc: &'a Document, d: &'a Dictionary, key: &[u8]) -> &'a Dictionary {
    resolve(doc, d.get(key).unwrap()).as_dict().unwrap()
}

fn num(o: &Object) -> f64 {
    match o {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => *r as f64,
        _ => panic!("not a number: {o:?}"),
    }
}

fn rect(doc: &Document, page: &Dictionary, key: &[u8]) -> [f64; 4] {
    let a = resolve(doc, page.get(key).unwrap()).as_array().unwrap();
    [num(&a[0]), num(&a[1]), num(&a[2]), num(&a[3])]
}

/// Every colour a page paints with, and which layer it is in.
#[derive(Debug, Default)]
struct Colours {
    /// (operator, operands, layer) of every colour operator.
    ops: Vec<(String, Vec<f64>, String)>,
    /// (operator, colour space name, layer) of every `cs`/`CS`.
    spaces: Vec<(String, String, String)>,
}

fn colours(doc: &Document, page_id: lopdf::ObjectId) -> Colours {
    let content = Content::decode(&doc.get_page_content(page_id)).unwrap();
    let mut layers: Vec<String> = Vec::new();
    let mut out = Colours::default();
    for op in content.operations {
        let layer = layers.last().cloned().unwrap_or_default();
        match op.operator.as_str() {
            "BDC" => layers.push(
                op.operands
                    .get(1)
                    .and_then(|o| o.as_name().ok())
                    .map(|n| String::from_utf8_lossy(n).into_owned())
                    .unwrap_or_default(),
            ),
            "EMC" => {
                layers.pop();
            }
            "cs" | "CS" => out.spaces.push((
                op.operator.clone(),
                String::from_utf8_lossy(op.operands[0].as_name().unwrap()).into_owned(),
                layer,
            )),
            "rg" | "RG" | "g" | "G" | "k" | "K" | "sc" | "SC" | "scn" | "SCN" => out.ops.push((
                op.operator.clone(),
                op.operands.iter().map(num).collect(),
                layer,
            )),
            _ => {}
        }
    }
    out
}

/// A set for a print shop: CMYK and the two separations only, ink ≤ 300 %,
/// the spot colours only where they belong.
#[test]
fn every_colour_is_cmyk_or_a_separation() {
    for args in [
        &["set", "--for", "print-shop", "--bleed", "3"][..],
        &[
            "counters",
            "--for",
            "print-shop",
            "--bleed",
            "3",
            "--crop-marks",
            "--sides",
            "duplex",
        ],
        &[
            "board",
            "--for",
            "print-shop",
            "--tile",
            "a5",
            "--lang",
            "zh-Hant",
        ],
    ] {
        let bytes = common::cli_pdf(args);
        let doc = Document::load_mem(&bytes).unwrap();
        let mut used = std::collections::BTreeSet::new();
        for (_, id) in doc.get_pages() {
            let page = doc.get_dictionary(id).unwrap();
            let res = dict(&doc, page, b"Resources");
            let c = colours(&doc, id);
            for (op, v, _) in &c.ops {
                match op.as_str() {
                    "k" | "K" => {
                        assert_eq!(v.len(), 4);
                        assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
                        let total: f64 = v.iter().sum();
                        assert!(total <= 3.0 + 1e-6, "{args:?}: ink {total} > 300 %");
                    }
                    "scn" | "SCN" => assert_eq!(v, &vec![1.0], "spots at full tint"),
                    other => panic!("{args:?}: colour operator `{other}` is not CMYK"),
                }
            }
            let spaces = dict(&doc, res, b"ColorSpace");
            for (_, name, layer) in &c.spaces {
                let cs = resolve(&doc, spaces.get(name.as_bytes()).unwrap())
                    .as_array()
                    .unwrap();
                assert_eq!(cs[0].as_name().unwrap(), b"Separation");
                assert_eq!(cs[2].as_name().unwrap(), b"DeviceCMYK");
                let spot = String::from_utf8_lossy(cs[1].as_name().unwrap()).into_owned();
                match spot.as_str() {
                    "CutContour" => assert_eq!(layer, "OC-cut", "the die line is on the cut layer"),
                    "All" => assert_eq!(layer, "OC-marks", "registration colour only on marks"),
                    other => panic!("unexpected separation {other}"),
                }
                used.insert(spot);
            }
            // Spot colours overprint: they never knock out the artwork below.
            let gs = dict(&doc, dict(&doc, res, b"ExtGState"), b"GS-overprint");
            assert_eq!(gs.get(b"OP").unwrap(), &Object::Boolean(true));
            assert_eq!(gs.get(b"op").unwrap(), &Object::Boolean(true));
            // No transparency anywhere.
            for (_, g) in dict(&doc, res, b"ExtGState").iter() {
                let g = resolve(&doc, g).as_dict().unwrap();
                for key in [&b"CA"[..], b"ca"] {
                    if let Ok(a) = g.get(key) {
                        assert_eq!(num(a), 1.0);
                    }
                }
                assert!(g.get(b"SMask").is_err());
            }
        }
        if args[0] == "set" {
            assert!(
                used.contains("CutContour"),
                "the set's counters and box have die lines"
            );
        }
        if args[0] == "counters" {
            assert_eq!(used.len(), 2, "die line and crop marks: {used:?}");
        }
    }
}

/// Page boxes, output intent, PDF/X version, trapping, metadata, the
/// non-printing cut layer and embedded fonts.
#[test]
fn the_file_is_pdf_x4() {
    let bytes = common::cli_pdf(&["set", "--for", "print-shop", "--bleed", "3"]);
    assert!(bytes.starts_with(b"%PDF-1.7"));
    let doc = Document::load_mem(&bytes).unwrap();
    let bleed = 3.0 * 72.0 / 25.4;
    for (_, id) in doc.get_pages() {
        let page = doc.get_dictionary(id).unwrap();
        let media = rect(&doc, page, b"MediaBox");
        let bleed_box = rect(&doc, page, b"BleedBox");
        let trim = rect(&doc, page, b"TrimBox");
        assert_eq!(bleed_box, media);
        for i in 0..4 {
            let inward = if i < 2 { 1.0 } else { -1.0 };
            assert!(
                (trim[i] - (bleed_box[i] + inward * bleed)).abs() < 0.01,
                "{trim:?}"
            );
        }
    }

    let catalog = doc.catalog().unwrap();
    let intents = resolve(&doc, catalog.get(b"OutputIntents").unwrap())
        .as_array()
        .unwrap();
    assert_eq!(intents.len(), 1);
    let intent = resolve(&doc, &intents[0]).as_dict().unwrap();
    assert_eq!(intent.get(b"S").unwrap().as_name().unwrap(), b"GTS_PDFX");
    assert_eq!(
        intent
            .get(b"OutputConditionIdentifier")
            .unwrap()
            .as_str()
            .unwrap(),
        b"FOGRA39"
    );
    let profile = resolve(&doc, intent.get(b"DestOutputProfile").unwrap())
        .as_stream()
        .unwrap();
    assert_eq!(profile.dict.get(b"N").unwrap(), &Object::Integer(4));
    let icc = profile.decompressed_content().unwrap();
    assert_eq!(&icc[12..16], b"prtr", "an output profile");
    assert_eq!(&icc[16..20], b"CMYK");
    assert_eq!(
        u32::from_be_bytes(icc[..4].try_into().unwrap()) as usize,
        icc.len()
    );

    let info = resolve(&doc, doc.trailer.get(b"Info").unwrap())
        .as_dict()
        .unwrap();
    assert_eq!(
        info.get(b"GTS_PDFXVersion").unwrap().as_str().unwrap(),
        b"PDF/X-4"
    );
    assert_eq!(info.get(b"Trapped").unwrap().as_name().unwrap(), b"False");
    assert!(info.get(b"Title").is_ok() && info.get(b"CreationDate").is_ok());
    assert!(doc.trailer.get(b"ID").is_ok());

    let meta = resolve(&doc, catalog.get(b"Metadata").unwrap())
        .as_stream()
        .unwrap();
    let xmp = String::from_utf8(meta.content.clone()).unwrap();
    for want in [
        "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>",
        "<pdf:Trapped>False</pdf:Trapped>",
        "<xmp:CreateDate>1970-01-01T00:00:00Z</xmp:CreateDate>",
        "<xmpMM:DocumentID>uuid:",
        "<xmpMM:VersionID>",
        "<xmpMM:RenditionClass>",
    ] {
        assert!(xmp.contains(want), "XMP lacks {want}");
    }
    roxmltree::Document::parse(&xmp).expect("the XMP is well-formed XML");

    // The default layer configuration is named; the cut layer does not print.
    let oc = dict(&doc, catalog, b"OCProperties");
    assert!(dict(&doc, oc, b"D").get(b"Name").is_ok());
    assert!(dict(&doc, oc, b"D").get(b"AS").is_err());
    let mut cut_found = false;
    for g in resolve(&doc, oc.get(b"OCGs").unwrap()).as_array().unwrap() {
        let g = resolve(&doc, g).as_dict().unwrap();
        if g.get(b"Name").unwrap().as_str().unwrap() == b"cut" {
            let usage = dict(&doc, g, b"Usage");
            let print = dict(&doc, usage, b"Print");
            assert_eq!(print.get(b"PrintState").unwrap().as_name().unwrap(), b"OFF");
            cut_found = true;
        }
    }
    assert!(cut_found, "the set has a cut layer");

    // Every font is embedded, as a subset.
    let mut fonts = 0;
    for obj in doc.objects.values() {
        let Ok(d) = obj.as_dict() else { continue };
        if d.get(b"Type").and_then(Object::as_name).ok() == Some(b"FontDescriptor") {
            fonts += 1;
            assert!(
                d.has(b"FontFile2") || d.has(b"FontFile3") || d.has(b"FontFile"),
                "{d:?}"
            );
            let name = d.get(b"FontName").unwrap().as_name().unwrap();
            assert_eq!(name[6], b'+', "subset tag");
        }
    }
    assert!(fonts >= 2);

    // The same input gives the same bytes.
    assert_eq!(
        bytes,
        common::cli_pdf(&["set", "--for", "print-shop", "--bleed", "3"])
    );
}

/// A theme's own `cmyk()` colour reaches the PDF exactly; an RGB theme's red
/// becomes the documented separation.
#[test]
fn theme_cmyk_is_kept_and_rgb_is_separated() {
    let dir = std::env::temp_dir().join(format!("jp-shop-theme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let theme = dir.join("shop.toml");
    std::fs::write(
        &theme,
        "extends = \"classic\"\n[sides]\nsouth = \"cmyk(13%, 57%, 91%, 5%)\"\n",
    )
    .unwrap();
    let with = |theme: &str| {
        let bytes = common::cli_pdf(&["counters", "--for", "print-shop", "--theme", theme]);
        let doc = Document::load_mem(&bytes).unwrap();
        let mut all = Vec::new();
        for (_, id) in doc.get_pages() {
            all.extend(colours(&doc, id).ops);
        }
        all
    };
    let ops = with(theme.to_str().unwrap());
    let want = [0.13, 0.57, 0.91, 0.05];
    assert!(
        ops.iter()
            .any(|(op, v, _)| op == "k" && v.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-6)),
        "the theme's CMYK south colour is painted as given"
    );
    // classic's south red #b8322a: K = 1 − 184/255, C 0, M 0.728, Y 0.772.
    let ops = with("classic");
    let want = [0.0, 0.728, 0.772, 0.278];
    assert!(
        ops.iter()
            .any(|(op, v, _)| op == "k" && v.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-6)),
        "{:?}",
        &ops[..ops.len().min(8)]
    );
    // Text in the neutral dark ink of the board prints in black ink only.
    assert!(ops
        .iter()
        .any(|(op, v, _)| op == "k" && v[..3] == [0.0, 0.0, 0.0] && v[3] > 0.5));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Only a PDF can go to a print shop.
#[test]
fn print_shop_output_is_a_pdf() {
    let (code, _, err, _) = common::run_cli(&["board", "--for", "print-shop", "--format", "svg"]);
    assert_eq!(code, 2);
    assert!(err.contains("--for") && err.contains("PDF/X"), "{err}");
}

/// The separations a page paints with, each with the layer it is painted in.
fn separations(
    doc: &Document,
    id: lopdf::ObjectId,
) -> std::collections::BTreeSet<(String, String)> {
    let page = doc.get_dictionary(id).unwrap();
    let spaces = dict(doc, dict(doc, page, b"Resources"), b"ColorSpace");
    colours(doc, id)
        .spaces
        .into_iter()
        .map(|(_, name, layer)| {
            let cs = resolve(doc, spaces.get(name.as_bytes()).unwrap())
                .as_array()
                .unwrap();
            (
                String::from_utf8_lossy(cs[1].as_name().unwrap()).into_owned(),
                layer,
            )
        })
        .collect()
}

/// The board in a print-shop set is cut out like the counters and the box:
/// its die line in CutContour on the cut layer, its crop marks in All on
/// the marks layer; a home set's board has neither.
#[test]
fn the_sets_board_has_its_die_line_and_crop_marks() {
    let shop = common::cli_pdf(&["set", "--for", "print-shop", "--bleed", "3"]);
    let doc = Document::load_mem(&shop).unwrap();
    let board = doc.get_pages()[&2];
    let spots = separations(&doc, board);
    assert!(
        spots.contains(&("CutContour".into(), "OC-cut".into())),
        "{spots:?}"
    );
    assert!(
        spots.contains(&("All".into(), "OC-marks".into())),
        "{spots:?}"
    );
    // Page 2 is the board: its title is on it.
    assert!(doc.extract_text(&[2]).unwrap().contains("Jungle"));

    let home = common::cli_pdf(&["set"]);
    let doc = Document::load_mem(&home).unwrap();
    let c = colours(&doc, doc.get_pages()[&2]);
    assert!(
        c.ops
            .iter()
            .all(|(_, _, layer)| layer != "OC-cut" && layer != "OC-marks"),
        "a home set's board keeps no die line nor crop marks"
    );
}

/// `board --for print-shop` alone is cut out as the board of a print-shop
/// set is: its die line in CutContour, its crop marks in All.
#[test]
fn the_board_alone_has_its_die_line_and_crop_marks() {
    let shop = common::cli_pdf(&["board", "--for", "print-shop", "--bleed", "3"]);
    let doc = Document::load_mem(&shop).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 1);
    let spots = separations(&doc, pages[&1]);
    assert!(
        spots.contains(&("CutContour".into(), "OC-cut".into())),
        "{spots:?}"
    );
    assert!(
        spots.contains(&("All".into(), "OC-marks".into())),
        "{spots:?}"
    );
}

/// `set --split --for print-shop`: each file is a PDF/X-4 of its own (its
/// output intent, version, TrimBox inside a BleedBox 3 mm larger); every
/// page of the board, the counters and the box has its die line in
/// CutContour on the cut layer (the rules none), the board its crop marks
/// in All.
#[test]
fn each_split_file_is_pdf_x4_with_its_die_lines() {
    let dir = common::tempdir("split-print-shop");
    common::run_in(
        &dir,
        &[
            "set",
            "--split",
            "--for",
            "print-shop",
            "--bleed",
            "3",
            "-q",
        ],
    );
    let bleed = 3.0 * 72.0 / 25.4;
    for piece in ["board", "counters", "box", "rules"] {
        let bytes = std::fs::read(dir.join(format!("jungle-set-{piece}.pdf"))).unwrap();
        assert!(bytes.starts_with(b"%PDF-1.7"), "{piece}");
        let doc = Document::load_mem(&bytes).unwrap();
        let catalog = doc.catalog().unwrap();
        let intents = resolve(&doc, catalog.get(b"OutputIntents").unwrap())
            .as_array()
            .unwrap();
        let intent = resolve(&doc, &intents[0]).as_dict().unwrap();
        assert_eq!(intent.get(b"S").unwrap().as_name().unwrap(), b"GTS_PDFX");
        let info = resolve(&doc, doc.trailer.get(b"Info").unwrap())
            .as_dict()
            .unwrap();
        assert_eq!(
            info.get(b"GTS_PDFXVersion").unwrap().as_str().unwrap(),
            b"PDF/X-4",
            "{piece}"
        );
        for (n, id) in doc.get_pages() {
            let page = doc.get_dictionary(id).unwrap();
            let (bleed_box, trim) = (rect(&doc, page, b"BleedBox"), rect(&doc, page, b"TrimBox"));
            assert_eq!(bleed_box, rect(&doc, page, b"MediaBox"), "{piece} {n}");
            for i in 0..4 {
                let inward = if i < 2 { 1.0 } else { -1.0 };
                assert!(
                    (trim[i] - (bleed_box[i] + inward * bleed)).abs() < 0.01,
                    "{piece} {n}: {trim:?}"
                );
            }
            let spots = separations(&doc, id);
            let cut = spots.contains(&("CutContour".into(), "OC-cut".into()));
            // The counters are duplex for a print shop: the die line is on
            // the fronts (page 1), the backs (page 2) are printed only.
            let backs = piece == "counters" && n == 2;
            assert_eq!(
                cut,
                piece != "rules" && !backs,
                "{piece} page {n}: {spots:?}"
            );
            let marks = spots.contains(&("All".into(), "OC-marks".into()));
            assert!(marks || piece != "board", "{piece} page {n}: {spots:?}");
        }
    }
}
