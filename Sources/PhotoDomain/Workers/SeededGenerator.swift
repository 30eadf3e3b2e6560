/// A random number generator of our own (SplitMix64), so that the same seed picks the same photos on
/// every machine and Swift version. The standard library's shuffles and `random(in:using:)` are not
/// promised to stay the same, so the bounded draw below is ours too.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in 0..<bound (Lemire's multiply-and-reject).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let n = UInt64(bound)
        while true {
            let product = next().multipliedFullWidth(by: n)
            if product.low >= (0 &- n) % n { return Int(product.high) }
        }
    }

    /// `count` distinct indices of 0..<total, in the order drawn (a partial Fisher–Yates shuffle).
    public mutating func distinctIndices(_ count: Int, of total: Int) -> [Int] {
        precondition(count <= total, "cannot draw \(count) distinct values from \(total)")
        var pool = Array(0..<total)
        for i in 0..<count {
            pool.swapAt(i, i + next(below: total - i))
        }
        return Array(pool[0..<count])
    }
}
