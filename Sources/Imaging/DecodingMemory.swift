import CImageFormats

/// How the memory of decoded pictures is held.
public enum DecodingMemory {
    /// Buffers of 4 MB and more (decoded pictures, a decoder's planes) are mapped and unmapped on
    /// their own, never kept in a decoding thread's malloc arena. glibc's threshold otherwise grows
    /// with each large free, after which such buffers stayed in each thread's arena: a sheet of
    /// eight 6000×6000 HEICs, decoded one after another on two threads, peaked at 419 MB for one
    /// decode's 244 MB. Called once, by whoever starts decoding threads; it applies to the process.
    public static func mapLargeBuffers() { photorepl_map_large_buffers(4 << 20) }
}
