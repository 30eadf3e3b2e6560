import Dispatch
import Imaging
import SystemCalls
import Synchronization

/// Where pictures are decoded: threads of their own (one a core), not Swift's cooperative pool nor
/// Dispatch's global queues, whose threads the pool shares. A decode inside libjpeg-turbo, libpng or
/// our own PNG reader cannot be interrupted and may take a second; on the pool two of them held
/// every thread, so the cancellation that Ctrl-C starts could not run until they ended: a sheet of
/// large PNGs kept its prompt for seconds. Here they block only their own threads, and a cancelled
/// waiter is answered at once.
final class DecodingExecutor: TaskExecutor, Sendable {
    static let shared = DecodingExecutor(threads: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    /// The thumbnails written for the desktop's cache: a thread of their own, so that a picture asked
    /// for never waits behind one.
    static let thumbnails = DecodingExecutor(threads: 1)

    private let jobs = Mutex<[UnownedJob]>([])
    private let ready = DispatchSemaphore(value: 0)

    private init(threads: Int) {
        DecodingMemory.mapLargeBuffers()
        for _ in 0..<min(max(1, threads), 16) {
            _ = startDetachedThread { self.run() }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        ready.signal()
    }

    /// A decoding thread: runs the jobs as they come, for the life of the process.
    private func run() -> Never {
        let executor = asUnownedTaskExecutor()
        while true {
            ready.wait()
            guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            job.runSynchronously(on: executor)
        }
    }
}
