//! Forms: a page whose drawing another page shows (a cover thumbnail) is
//! written once, as a Form XObject that both place.

use rustc_hash::FxHashMap as HashMap;

use super::document::{add_resources, mm_to_pt, to_pdf};
use crate::scene::{walk, Document, PageRef, Path, TextRun, Transform, Visitor};

/// A page drawn as a Form XObject: its index, the form's resource name, and the
/// map from the form's space (the page's PDF space, pt) to the page's scene
/// space (mm).
pub(super) struct Form {
    pub(super) page: usize,
    pub(super) name: String,
    pub(super) from_pdf: Transform,
}

/// The pages that some [`Item::Page`] in `doc` refers to, by their drawing id. A reference to a drawing that is no page of `doc` is drawn in
/// place instead.
pub(super) fn shared_pages(doc: &Document) -> HashMap<usize, Form> {
    struct Used(rustc_hash::FxHashSet<usize>);
    impl Visitor<'_> for Used {
        fn picture(&mut self, _: &crate::scene::Placed, _: Transform) {}
        fn path(&mut self, _: &Path, _: Transform) {}
        fn text(&mut self, _: &TextRun, _: Transform) {}
        fn page(&mut self, r: &PageRef, _: Transform) -> bool {
            self.0.insert(r.drawing_id());
            true
        }
    }
    let mut used = Used(Default::default());
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            walk(items, Transform::IDENTITY, &mut used);
        }
    }
    let used = used.0;
    let mut forms = HashMap::default();
    for (n, page) in doc.pages.iter().enumerate() {
        let key = page.drawing_id();
        if !used.contains(&key) || forms.contains_key(&key) {
            continue;
        }
        let Some(from_pdf) = to_pdf(page).inverse() else {
            continue;
        };
        let name = format!("Pg{}", n + 1);
        forms.insert(
            key,
            Form {
                page: n,
                name,
                from_pdf,
            },
        );
    }
    forms
}

/// A new Form XObject holding `content`, the content stream of `page` (object
/// `page_id`): its bounding box is the page's media box, its resources the page's own.
pub(super) fn add_form(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    page: &crate::scene::Page,
    content: Vec<u8>,
) -> lopdf::ObjectId {
    use lopdf::{dictionary, Object};
    let (_, _, w, h) = page.media_box();
    let resources = lo
        .get_dictionary(page_id)
        .and_then(|d| d.get(b"Resources"))
        .cloned()
        .unwrap_or_else(|_| Object::Dictionary(lopdf::Dictionary::new()));
    let dict = dictionary! {
        "Type" => "XObject",
        "Subtype" => "Form",
        "BBox" => vec![0.into(), 0.into(), mm_to_pt(w), mm_to_pt(h)],
        "Resources" => resources,
    };
    lo.add_object(lopdf::Stream::new(dict, content))
}

/// Names every form in the XObject resources of the page `page_id`.
pub(super) fn name_forms(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    forms: &[(String, lopdf::ObjectId)],
) {
    if forms.is_empty() {
        return;
    }
    let entries: Vec<(Vec<u8>, lopdf::Object)> = forms
        .iter()
        .map(|(name, id)| (name.as_bytes().to_vec(), lopdf::Object::Reference(*id)))
        .collect();
    add_resources(lo, page_id, b"XObject", &entries);
}
