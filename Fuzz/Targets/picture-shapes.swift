// Every picture style with any shape of picture in any box (a 4000×10 strip in sixel ended
// photorepl with SIGFPE inside libchafa's encoder). The first bytes choose the style, the cell, the
// picture's size and the box; the rest are its pixels, repeated.
import Imaging
@testable import REPLEngine
@testable import TerminalPictures

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 9 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let styles: [PictureStyle] = [
        .sixel, .kitty, .iterm, .symbols(.truecolor), .symbols(.indexed256), .symbols(.indexed16),
        .symbols(.monochrome), .ascii
    ]
    let style = styles[Int(bytes[0]) % styles.count]
    let cell = PixelSize(width: 1 + Int(bytes[1]) % 24, height: 1 + Int(bytes[2]) % 48)
    // Sizes up to 1200 pixels a side, one pixel included; boxes from one cell.
    let width = 1 + (Int(bytes[3]) << 8 | Int(bytes[4])) % 1200
    let height = 1 + (Int(bytes[5]) << 8 | Int(bytes[6])) % 1200
    let box = CellBox(columns: 1 + Int(bytes[7]) % 200, rows: 1 + Int(bytes[8]) % 80)
    let source = Array(bytes[9...])
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    if !source.isEmpty {
        for i in rgba.indices { rgba[i] = source[i % source.count] }
    }
    let pixels = Pixels(width: width, height: height, rgba: rgba)
    let renderer = PictureRenderer(style: style, cellSize: cell)
    let cells = renderer.cells(for: PixelSize(width: width, height: height), in: box)
    precondition(cells.columns >= 1 && cells.columns <= box.columns && cells.rows >= 1 && cells.rows <= box.rows)
    let picture = renderer.render(pixels, in: box)
    precondition(picture.map { !$0.bytes.isEmpty } ?? false)
    return 0
}
