import SystemCalls

/// The photo files of folders by their stem (`IMG_1.` of `IMG_1.CR2` and of `IMG_1.JPG`), each folder
/// read once: how a RAW+JPEG pair's other half, and the photos a `NAME.xmp` is the sidecar of, are
/// found for many photos of one folder without reading the folder again for each (a plan for a
/// thousand photos read a thousand entries a thousand times).
struct PhotoStems {
    /// Per folder path, each stem's photo names.
    private var folders: [[UInt8]: [[UInt8]: [[UInt8]]]] = [:]

    /// The other photos of `path`'s folder with its name but another extension (`IMG_0001.JPG`
    /// beside `IMG_0001.CR2`; not `IMG_0001.2.JPG`, another photo), sorted.
    mutating func siblings(of path: [UInt8]) -> [[UInt8]] {
        guard let dot = XMPSidecar.extensionDot(path) else { return [] }
        let slash = path.lastIndex(of: UInt8(ascii: "/")) ?? -1
        let folderPath = slash < 0 ? Array(".".utf8) : Array(path[..<max(slash, 1)])
        let stem = Array(path[(slash + 1)...dot])
        let own = Array(path[(slash + 1)...])
        if folders[folderPath] == nil { folders[folderPath] = Self.photosByStem(in: folderPath) }
        let names = folders[folderPath]?[stem] ?? []
        return names.filter { $0 != own }.map { folderPath + [UInt8(ascii: "/")] + $0 }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The photo files of `folder` (not sidecars, not other files) by stem; none when it cannot be read.
    private static func photosByStem(in folder: [UInt8]) -> [[UInt8]: [[UInt8]]] {
        guard
            let directory = (folder + [0]).withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) } })
        else { return [:] }
        defer { closedir(directory) }
        var stems: [[UInt8]: [[UInt8]]] = [:]
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard let dot = XMPSidecar.extensionDot(name), !PhotoFolder.isSidecarName(name), PhotoFolder.format(named: name) != nil else {
                continue
            }
            stems[Array(name[...dot]), default: []].append(name)
        }
        return stems
    }
}
