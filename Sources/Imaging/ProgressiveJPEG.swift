import CImageFormats

/// The preview ladder's third rung: a progressive JPEG drawn from its first scans. Each scan refines
/// the whole picture; a picture at 1/8 of the photo's size needs only the first (the DC values,
/// about 5 % of the file), one at 1/4 the first few. TurboJPEG reads every scan whatever the scale.
enum ProgressiveJPEG {
    /// The photo (stored shape) decoded at `num`/`denom` of its size from as few scans as that scale
    /// needs, turned upright; nil when the full decode should do it: not progressive, full size
    /// wanted, or anything at all unusual about the file (the full decode then says what).
    static func firstScans(_ raw: UnsafeRawBufferPointer, header: ImageHeader, scale: (num: Int, denom: Int)) -> Pixels? {
        let eighths = scale.num * 8 / scale.denom
        // A file cut short (or with bytes after its EOI: a phone's motion-photo video) still has its
        // first scans: a scan counts only once the next one's header is reached, so a picture is
        // drawn from whole scans or left to the full decode, which says the file is truncated.
        guard scale.num * 8 % scale.denom == 0, eighths < 8, raw.count > 4, JPEGSegments.isProgressive(raw) else { return nil }
        let stored = header.storedSize
        // libjpeg's output size: ⌈size × eighths / 8⌉, as TurboJPEG's.
        let size = PixelSize(width: (stored.width * eighths + 7) / 8, height: (stored.height * eighths + 7) / 8)
        var scans: Int32 = 0
        var bytes = 0
        // At 1/8 the DC values are the picture: our own reader keeps only them (libjpeg would hold
        // every coefficient of the image, 54 MB for 18 megapixels); libjpeg for anything it declines.
        var decoded: Pixels?
        if eighths == 1 {
            decoded = try? decodeInto(size, { out in photorepl_jpeg_dc_preview(base(raw), raw.count, &out, &scans, &bytes) })
        }
        if decoded == nil {
            decoded = try? decodeInto(
                size, { out in photorepl_jpeg_first_scans(base(raw), raw.count, Int32(eighths), &out, &scans, &bytes) })
        }
        guard var pixels = decoded?.oriented(header.exif.orientation) else { return nil }
        pixels.source = .firstScans(
            scans: Int(scans), bytes: bytes, fileBytes: raw.count, photo: header.uprightSize,
            decoded: PixelSize(width: pixels.width, height: pixels.height))
        return pixels
    }
}
