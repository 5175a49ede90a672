//! Whether a font face can be embedded in a PDF: the tables that setting text
//! reads are there and readable. A question about the font, asked when a
//! theme's fonts are loaded ([`crate::resolve`]) and again by the PDF writer
//! before it cuts a subset.

/// True when a face has what setting text in a PDF needs: a Unicode
/// character map, and a header, horizontal header (with metrics) and metrics
/// table that read (printpdf's font parser refused faces without them).
pub(crate) fn sets_text(provider: &impl allsorts::tables::FontTableProvider) -> bool {
    use allsorts::binary::read::ReadScope;
    use allsorts::font::read_cmap_subtable;
    use allsorts::tables::cmap::Cmap;
    use allsorts::tables::{HeadTable, HheaTable, HmtxTable, MaxpTable};
    use allsorts::tag as t;
    (|| {
        let cmap_data = provider.read_table_data(t::CMAP).ok()?;
        let cmap = ReadScope::new(&cmap_data).read::<Cmap<'_>>().ok()?;
        read_cmap_subtable(&cmap).ok()??;
        let head_data = provider.read_table_data(t::HEAD).ok()?;
        ReadScope::new(&head_data).read::<HeadTable>().ok()?;
        let hhea_data = provider.read_table_data(t::HHEA).ok()?;
        let hhea = ReadScope::new(&hhea_data).read::<HheaTable>().ok()?;
        let maxp_data = provider.read_table_data(t::MAXP).ok()?;
        let maxp = ReadScope::new(&maxp_data).read::<MaxpTable>().ok()?;
        let hmtx_data = provider.read_table_data(t::HMTX).ok()?;
        ReadScope::new(&hmtx_data)
            .read_dep::<HmtxTable<'_>>((
                usize::from(maxp.num_glyphs),
                usize::from(hhea.num_h_metrics),
            ))
            .ok()?;
        (hhea.num_h_metrics > 0).then_some(())
    })()
    .is_some()
}

/// True when face `index` of font file `data` can be embedded (see [`sets_text`]).
pub fn can_embed(data: &[u8], index: u32) -> bool {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    let Ok(file) = ReadScope::new(data).read::<FontData<'_>>() else {
        return false;
    };
    file.table_provider(index as usize)
        .is_ok_and(|provider| sets_text(&provider))
}
