/// An AVIF image sequence's frames as libavif 0.11 finds them, read from the file's boxes (ISO/IEC
/// 14496-12) without decoding: the first track (`trak` in `moov`) that has a track header with an
/// id, chunks, an `av01` sample description and no `auxl` reference (an alpha track refers to its
/// colour track so). Its size is its track header's, which libavif gives its frames; its frames
/// are its `stsz` count. libheif 1.15 reads such a file's still image (its primary item) only.
struct AVIFSequence: Equatable {
    /// The frames' size, as the track header says (the still image's `irot` is not theirs).
    var size: PixelSize
    /// The samples the track lists.
    var frameCount: Int
    /// The sizes the AV1 sequence headers in its `av1C` say (nil: one that cannot be read).
    var coded: [PixelSize?]

    /// The colour track of `raw`, or nil when it has none (a still AVIF, any other file).
    static func read(_ raw: UnsafeRawBufferPointer) -> AVIFSequence? {
        let reader = HEIFBoxes.Reader(raw)
        guard let moov = reader.box("moov", in: 0..<raw.count) else { return nil }
        for trak in reader.boxes(in: moov) where trak.type == "trak" {
            let boxes = reader.boxes(in: trak.contents)
            func child(_ type: String, of range: Range<Int>?, isFull: Bool = false) -> Range<Int>? {
                range.flatMap { reader.box(type, in: $0, isFull: isFull) }
            }
            // An alpha (or any auxiliary) track is not the colour one.
            if let tref = boxes.first(where: { $0.type == "tref" }), reader.boxes(in: tref.contents).contains(where: { $0.type == "auxl" })
            {
                continue
            }
            guard let tkhd = child("tkhd", of: trak.contents, isFull: true), let version = reader.version(ofFullBoxAt: tkhd) else {
                continue
            }
            // Version 1 has 64-bit times: the id after two of them, the size 84 bytes in (72 in version 0).
            let idAt = tkhd.lowerBound + (version == 1 ? 16 : 8)
            let sizeAt = tkhd.lowerBound + (version == 1 ? 84 : 72)
            guard let id = reader.number(at: idAt, size: 4), id != 0, sizeAt + 8 <= tkhd.upperBound,
                let width = reader.number(at: sizeAt, size: 4), let height = reader.number(at: sizeAt + 4, size: 4)
            else { continue }
            let stbl = child("stbl", of: child("minf", of: child("mdia", of: trak.contents)))
            guard let stbl, let stsd = child("stsd", of: stbl, isFull: true), stsd.count >= 4,
                let entry = reader.boxes(in: stsd.lowerBound + 4..<stsd.upperBound).first(where: { $0.type == "av01" }),
                let stsz = child("stsz", of: stbl, isFull: true), let sampleSize = reader.number(at: stsz.lowerBound, size: 4),
                let count = reader.number(at: stsz.lowerBound + 4, size: 4)
            else { continue }
            // A count its table cannot hold (4 bytes a sample's size), or whose samples of one size
            // the file cannot, is a claim libavif refuses: no frames are said to be there.
            guard sampleSize == 0 ? stsz.count >= 8 + 4 * count : count <= raw.count / sampleSize else { continue }
            // Chunks: libavif skips a track whose chunk offsets list none.
            let chunks = (child("stco", of: stbl, isFull: true) ?? child("co64", of: stbl, isFull: true)).flatMap {
                reader.number(at: $0.lowerBound, size: 4)
            }
            guard let chunks, chunks > 0 else { continue }
            // The visual sample entry: 78 bytes (its width and height among them), then its boxes.
            var coded: [PixelSize?] = []
            if entry.contents.count > 78, let av1C = reader.box("av1C", in: entry.contents.lowerBound + 78..<entry.contents.upperBound) {
                coded = CodedSize.av1(obus: Array(UnsafeRawBufferPointer(rebasing: raw[av1C]).dropFirst(4)))
            }
            // 16.16 fixed point.
            return AVIFSequence(size: PixelSize(width: width >> 16, height: height >> 16), frameCount: count, coded: coded)
        }
        return nil
    }

    /// Throws when the frames cannot be decoded within `limits`: a track larger than they allow, or
    /// an AV1 sequence header that says a larger frame than the track (dav1d is told to decode
    /// nothing larger than the track; another AV1 decoder would decode it).
    func check(_ limits: ImageLimits) throws(ImageFailure) {
        guard size.width > 0, size.height > 0 else { throw ImageFailure("corrupt AVIF: its image sequence claims a size of \(size)") }
        try limits.check(size)
        for size in coded {
            guard let size else { throw ImageFailure("corrupt AVIF: its image sequence's AV1 stream's size cannot be read") }
            try limits.check(size)
            if size.width > self.size.width + HEIFBoxes.codingPadding || size.height > self.size.height + HEIFBoxes.codingPadding {
                throw ImageFailure("corrupt AVIF: its image sequence's AV1 stream is \(size) pixels, though its track says \(self.size)")
            }
        }
    }
}
