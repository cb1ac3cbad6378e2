#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock over `pthread_mutex_t`, for state that threads outside Swift
/// concurrency share (the app's log file, the run's notices, the sleep gate, the test clock).
///
/// Why not the standard library's `Mutex`: ThreadSanitizer on Linux cannot see inside it and
/// reports the accesses it guards as races. Why not `NSLock`: it is in Foundation, not in
/// FoundationEssentials, and the app's modules stay off Foundation so that a launch does not
/// load it (docs/benchmarks.md, the launch section).
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock; the lock is released however `body` ends.
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value behind a `Lock`: the standard library's `Mutex` shape (`withLock` hands the value
/// `inout`) on a pthread mutex, for the same reason as `Lock`.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value holding the lock.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}
