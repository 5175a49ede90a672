//! Pages: what printpdf writes of each page (its media and crop boxes, the
//! layers its resources name, and on the first page the fonts' glyph
//! declarations, see `fonts`), and the content streams written here in place
//! of printpdf's, with the pictures and the forms of shared pages they use.
//!
//! The content streams are written by `content`, not through printpdf's
//! operator list: its drawing operations cannot say what the scene's paths
//! do (a polygon always closes, a line only strokes), and every operand
//! becomes an object first. Writing the streams at once took the English
//! set's render from 103.4 M to 87.5 M instructions when it was measured.

use printpdf::{Layer as PLayer, Op, PdfDocument, PdfPage, Rect};

use super::content::{drawing_content, layer_content, page_content, Names};
use super::document::{add_resources, layer_res_id, pt};
use super::fonts::Embedded;
use super::forms::{
    add_drawing_form, add_form, add_layer_form, name_forms, shared_layers, shared_pages,
};
use super::{images, shadings, PdfError};
use crate::scene::{Document, Layer};

/// Gives `pdf` one optional-content group per layer drawn anywhere in `doc`
/// and one page per page of `doc`: its boxes (the printed sheet, pt, origin at
/// its bottom-left; the TrimBox is set right by `adapter`), its layers, and
/// on the first page the `fonts`' declarations.
pub(super) fn add_pages(doc: &Document, pdf: &mut PdfDocument, fonts: &Embedded) {
    for layer in Layer::ALL {
        if doc.pages.iter().any(|p| !p.layer(layer).is_empty()) {
            pdf.resources
                .layers
                .map
                .insert(layer_res_id(layer), PLayer::new(layer.id()));
        }
    }
    let pages = doc
        .pages
        .iter()
        .enumerate()
        .map(|(n, page)| {
            let mut ops = Vec::new();
            for (layer, items) in page.layers.iter() {
                if !items.is_empty() {
                    ops.push(Op::BeginLayer {
                        layer_id: layer_res_id(*layer),
                    });
                    ops.push(Op::EndLayer);
                }
            }
            if n == 0 {
                ops.extend(fonts.declarations.iter().cloned());
            }
            let (_, _, w, h) = page.media_box();
            let sheet = Rect::from_wh(pt(w), pt(h));
            let b = page.bleed;
            PdfPage {
                media_box: sheet.clone(),
                trim_box: Rect::from_xywh(pt(b), pt(b), pt(page.width), pt(page.height)),
                crop_box: sheet,
                ops,
            }
        })
        .collect();
    pdf.with_pages(pages);
}

/// Writes every page's content stream into `lo` (printpdf's document of
/// `doc`), in place of the one printpdf wrote: the pictures once, named in
/// every page's resources; a page that another shows (a cover thumbnail) as a
/// Form XObject that its page and each thumbnail place; a drawing placed
/// more than once that is no page (a tiled poster's) as a Form XObject that
/// each place draws.
pub(super) fn write_contents(
    lo: &mut lopdf::Document,
    doc: &Document,
    fonts: &Embedded,
) -> Result<(), PdfError> {
    let page_ids: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    let contents: Vec<lopdf::ObjectId> = page_ids
        .iter()
        .map(|&id| {
            lo.get_dictionary(id)
                .and_then(|d| d.get(b"Contents"))
                .and_then(lopdf::Object::as_reference)
                .map_err(|e| PdfError(e.to_string()))
        })
        .collect::<Result<_, _>>()?;
    if contents.len() != doc.pages.len() {
        return Err(PdfError(
            "printpdf wrote a different number of pages".into(),
        ));
    }
    let (forms, drawings) = shared_pages(doc);
    let (layer_forms, layer_firsts) = shared_layers(doc);
    // Pictures and shadings go in before any page becomes a form, which
    // takes its page's resources.
    let images = images::collect(doc);
    if !images.list.is_empty() {
        let entries = images::add_images(lo, &images).map_err(PdfError)?;
        for &id in &page_ids {
            add_resources(lo, id, b"XObject", &entries);
        }
    }
    let shadings = shadings::collect(doc);
    let entries = shadings::add_shadings(lo, &shadings);
    if !entries.is_empty() {
        for &id in &page_ids {
            add_resources(lo, id, b"Shading", &entries);
        }
    }
    let names = Names {
        fonts: &fonts.ids,
        codes: &fonts.codes,
        forms: &forms,
        images: &images.names,
        shadings: &shadings.names,
        layers: &layer_forms,
    };
    let mut form_ids = Vec::new();
    // Layers several pages share: forms of their own, in the first showing
    // page's space, with the pages' resources.
    for (name, n, k) in layer_firsts {
        let page = &doc.pages[n];
        let bytes = layer_content(page, &page.layers[k].1, &names);
        let form_id = add_layer_form(lo, page_ids[n], page, bytes);
        form_ids.push((name, form_id));
    }
    for (n, (page, &id)) in doc.pages.iter().zip(&contents).enumerate() {
        let bytes = page_content(page, &names);
        let bytes = match forms.values().find(|f| f.page == Some(n)) {
            Some(form) => {
                let form_id = add_form(lo, page_ids[n], page, bytes);
                form_ids.push((form.name.clone(), form_id));
                format!("/{} Do", form.name).into_bytes()
            }
            None => bytes,
        };
        if let Ok(lopdf::Object::Stream(stream)) = lo.get_object_mut(id) {
            stream.set_content(bytes);
        }
    }
    // Drawings placed more than once that are no page: forms of their own,
    // with the pages' resources.
    for r in &drawings {
        let bytes = drawing_content(r, &names);
        if let (Some(form), Some(&first)) = (forms.get(&r.drawing_id()), page_ids.first()) {
            let form_id = add_drawing_form(lo, first, r, bytes);
            form_ids.push((form.name.clone(), form_id));
        }
    }
    for &id in &page_ids {
        name_forms(lo, id, &form_ids);
    }
    Ok(())
}
