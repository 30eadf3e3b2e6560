/// What `--preview` asks for.
package enum PreviewMode: String, Sendable, CaseIterable {
    /// The best the terminal can show; `none` when standard output is not a terminal.
    case auto
    /// Unicode block symbols, in as many colours as the terminal has.
    case symbols
    case sixel
    case kitty
    case iterm
    /// Printable ASCII only, no escape sequences, the same bytes everywhere: for scripts and golden files.
    case ascii
    case none
}

/// How pictures are drawn once `auto` is resolved against a terminal.
package enum PictureStyle: Sendable, Equatable {
    package enum Colours: Sendable, Equatable {
        case truecolor, indexed256, indexed16, monochrome
    }

    case symbols(Colours)
    case sixel
    case kitty
    case iterm
    case ascii
    case none

    /// Whether the style draws with pixels, whose size comes from the terminal's cell size.
    package var usesPixels: Bool {
        switch self {
        case .sixel, .kitty, .iterm: true
        default: false
        }
    }
}

/// A box in terminal cells: columns by rows, as `--preview-size 80x40` gives it.
package struct CellBox: Sendable, Equatable, CustomStringConvertible {
    package var columns: Int
    package var rows: Int

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    package var description: String { "\(columns)x\(rows)" }

    /// Largest box accepted: a picture of more cells than this is no preview any more.
    package static let maximum = CellBox(columns: 1000, rows: 500)

    /// Parses `COLSxROWS`, e.g. `80x40`; nil for anything else.
    package init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...Self.maximum.columns).contains(columns), (1...Self.maximum.rows).contains(rows),
            parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII)
        else { return nil }
        self.init(columns: columns, rows: rows)
    }

    /// A smaller box for the collection's pages: half as wide and half as tall, at least 8×4.
    package var page: CellBox { CellBox(columns: max(8, columns / 2), rows: max(4, rows / 2)) }
}
