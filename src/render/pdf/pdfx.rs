//! PDF/X and colour: scene colours as PDF colours, the spot colours'
//! Separation spaces, the overprinting state and the PDF/X-4 output intent
//! and metadata.

use printpdf::{Cmyk, Color as PColor, Rgb};

use super::document::{add_resources, content_hash, info_mut};
use super::OUTPUT_CONDITION;
use crate::scene::{Color, Spot};
use crate::scene::{Document, Layer};

pub(super) fn color(c: Color) -> PColor {
    match c {
        Color::Rgb(r, g, b) => PColor::Rgb(Rgb {
            r: r as f32 / 255.0,
            g: g as f32 / 255.0,
            b: b as f32 / 255.0,
            icc_profile: None,
        }),
        Color::Cmyk(c, m, y, k) => PColor::Cmyk(Cmyk {
            c,
            m,
            y,
            k,
            icc_profile: None,
        }),
        Color::Spot(s) => {
            let [c, m, y, k] = s.alternate();
            color(Color::Cmyk(c, m, y, k))
        }
    }
}

/// The resource name of a spot colour's colour space.
pub(super) fn spot_res(spot: Spot) -> String {
    format!("CS-{}", spot.name())
}

/// The resource name of the overprinting graphics state.
pub(super) const OVERPRINT: &str = "GS-overprint";

/// Makes the file a PDF/X-4 (ISO 15930-7) for a print shop: the output intent
/// with its profile, the version in the info dictionary and in XMP metadata,
/// the Separation colour spaces and the overprinting state on every page, a
/// named default layer configuration, and the cut layer marked non-printing
/// (its die line is for the cutter). The dates stay those printpdf writes
/// (the epoch), so the file is reproducible. `profile` is the output
/// profile's ICC file.
pub(super) fn pdfx(lo: &mut lopdf::Document, doc: &Document, profile: &[u8], created: i64) {
    use lopdf::{dictionary, Object, Stream};
    let version = "PDF/X-4";
    let profile = lo.add_object(Stream::new(dictionary! { "N" => 4 }, profile.to_vec()));
    let intent = dictionary! {
        "Type" => "OutputIntent",
        "S" => "GTS_PDFX",
        "OutputConditionIdentifier" => Object::string_literal(OUTPUT_CONDITION),
        "OutputCondition" => Object::string_literal("Offset printing, coated paper (ISO 12647-2:2004/Amd 1)"),
        "RegistryName" => Object::string_literal("http://www.color.org"),
        "Info" => Object::string_literal("Coated FOGRA39 (ISO 12647-2:2004)"),
        "DestOutputProfile" => profile,
    };
    let mut meta = Stream::new(
        dictionary! { "Type" => "Metadata", "Subtype" => "XML" },
        xmp_metadata(&doc.title, version, created).into_bytes(),
    );
    meta.allows_compression = false;
    let meta = lo.add_object(meta);

    if let Some(info) = info_mut(lo) {
        info.set("GTS_PDFXVersion", Object::string_literal(version));
        info.set("Trapped", "False");
    }

    for obj in lo.objects.values_mut() {
        let Ok(d) = obj.as_dict_mut() else { continue };
        let is_ocg = matches!(d.get(b"Type"), Ok(Object::Name(n)) if n == b"OCG");
        let is_cut =
            matches!(d.get(b"Name"), Ok(Object::String(s, _)) if s == Layer::Cut.id().as_bytes());
        if is_ocg && is_cut {
            d.set(
                "Usage",
                dictionary! {
                    "Print" => dictionary! { "PrintState" => "OFF" },
                    "View" => dictionary! { "ViewState" => "ON" },
                },
            );
        }
    }

    if let Ok(catalog) = lo.catalog_mut() {
        catalog.set("OutputIntents", vec![Object::Dictionary(intent)]);
        catalog.set("Metadata", meta);
        if let Ok(Object::Dictionary(oc)) = catalog.get_mut(b"OCProperties") {
            if let Ok(Object::Dictionary(d)) = oc.get_mut(b"D") {
                d.set("Name", Object::string_literal("Layers"));
            }
        }
    }

    // Every page can paint the spot colours and overprint.
    let separation = |spot: Spot| {
        let [c, m, y, k] = spot.alternate();
        Object::Array(vec![
            "Separation".into(),
            Object::Name(spot.name().as_bytes().to_vec()),
            "DeviceCMYK".into(),
            Object::Dictionary(dictionary! {
                "FunctionType" => 2,
                "Domain" => vec![0.into(), 1.into()],
                "C0" => vec![0.into(), 0.into(), 0.into(), 0.into()],
                "C1" => vec![c.into(), m.into(), y.into(), k.into()],
                "N" => 1,
            }),
        ])
    };
    let spaces: Vec<(Vec<u8>, Object)> = [Spot::CutContour, Spot::All]
        .into_iter()
        .map(|spot| (spot_res(spot).into_bytes(), separation(spot)))
        .collect();
    let overprint = dictionary! { "Type" => "ExtGState", "OP" => true, "op" => true, "OPM" => 1 };
    let states = [(OVERPRINT.as_bytes().to_vec(), Object::Dictionary(overprint))];
    let page_ids: Vec<_> = lo.get_pages().into_values().collect();
    for id in page_ids {
        add_resources(lo, id, b"ExtGState", &states);
        add_resources(lo, id, b"ColorSpace", &spaces);
    }
}

/// The XMP packet PDF/X-4 asks for: title, producer, the dates of the info
/// dictionary (`created`, seconds since 1970, UTC), trapping, the PDF/X
/// version and the document's ids.
pub(super) fn xmp_metadata(title: &str, version: &str, created: i64) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let producer = format!("jungle-print {}", env!("CARGO_PKG_VERSION"));
    let h: String = content_hash(title.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let uuid = format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    );
    let (y, mo, d, h, mi, se) = super::civil(created);
    let date = format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{se:02}Z");
    let title = esc(title);
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>
<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">
<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">
<rdf:Description rdf:about=\"\"
 xmlns:dc=\"http://purl.org/dc/elements/1.1/\"
 xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"
 xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"
 xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\"
 xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>
<xmp:CreatorTool>{producer}</xmp:CreatorTool>
<xmp:CreateDate>{date}</xmp:CreateDate>
<xmp:ModifyDate>{date}</xmp:ModifyDate>
<xmp:MetadataDate>{date}</xmp:MetadataDate>
<pdf:Producer>{producer}</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:{uuid}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:{uuid}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end=\"w\"?>"
    )
}
