import Dispatch

extension Array {
    /// `count` elements, element `i` made by `make(i)`, on `threads` threads at once: each thread
    /// makes every `threads`-th element, in place (the work of a folder's files is mostly system
    /// calls, which run in parallel). Returns when all are made.
    static func madeConcurrently(count: Int, threads: Int, _ make: (Int) -> Element) -> [Element] {
        let threads = Swift.max(1, threads)
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each thread writes only its own elements, and concurrentPerform returns when all are
            // done: no element is shared.
            nonisolated(unsafe) let base = buffer.baseAddress
            withoutActuallyEscaping(make) { make in
                nonisolated(unsafe) let make = make
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    for index in stride(from: thread, to: count, by: threads) {
                        (base! + index).initialize(to: make(index))
                    }
                }
            }
            initialized = count
        }
    }
}
