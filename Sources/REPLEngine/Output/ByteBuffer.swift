/// The Console's output buffer: bytes appended with a bounds check and a copy, and nothing else (an
/// `[UInt8]` also checks on every append that it is not shared, and copies a `String` through a
/// generic sequence loop). It grows when a picture is larger than the flush threshold.
///
/// Its state (where the bytes are, the room, the count) lives in memory of its own, and every method
/// is non-mutating: the Console holds it in a `let`, so appending is no change to a stored property
/// of the Console's. Swift checks each such change at run time (exclusivity), and the Console appends
/// a dozen times a row: with the checks on, they took a fifth of a command's instructions.
struct ByteBuffer: ~Copyable {
    private struct State {
        var base: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var count: Int
    }

    private let state: UnsafeMutablePointer<State>

    init(capacity: Int) {
        let capacity = max(capacity, 16)
        state = .allocate(capacity: 1)
        state.initialize(to: State(base: .allocate(capacity: capacity), capacity: capacity, count: 0))
    }

    deinit {
        state.pointee.base.deallocate()
        state.deallocate()
    }

    var count: Int { state.pointee.count }

    var isEmpty: Bool { state.pointee.count == 0 }

    /// Room for `more` bytes after the ones there; where they go.
    @inline(__always)
    private func reserve(_ more: Int) -> UnsafeMutablePointer<UInt8> {
        if state.pointee.count + more > state.pointee.capacity { grow(to: state.pointee.count + more) }
        return state.pointee.base + state.pointee.count
    }

    private func grow(to needed: Int) {
        var newCapacity = state.pointee.capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: state.pointee.base, count: state.pointee.count)
        state.pointee.base.deallocate()
        state.pointee.base = bigger
        state.pointee.capacity = newCapacity
    }

    func append(_ byte: UInt8) {
        reserve(1).initialize(to: byte)
        state.pointee.count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count).update(from: source, count: bytes.count)
        state.pointee.count += bytes.count
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The UTF-8 bytes of `text`, copied at once.
    func append(utf8 text: String) {
        TerminalText.withBytes(of: text) { append($0) }
    }

    /// `byte`, `times` times.
    func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        reserve(times).initialize(repeating: byte, count: times)
        state.pointee.count += times
    }

    /// The bytes from `start` to the end (valid until the next change).
    func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: state.pointee.base + start, count: state.pointee.count - start)
    }

    func removeAll() { state.pointee.count = 0 }

    /// Forgets the bytes from `start` on.
    func removeLast(from start: Int) { state.pointee.count = min(state.pointee.count, max(0, start)) }
}
