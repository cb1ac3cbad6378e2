import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on a file (`flock`), held until `unlock` or the process ends.
/// Two `workspace test` runs in one checkout take turns instead of rewriting one focused
/// package under each other.
public final class FileLock {
    private var descriptor: Int32

    /// Waits for the lock on `path`, creating the file if needed. `waiting` is called once if
    /// another process holds it.
    public init(path: String, waiting: () -> Void = {}) throws {
        descriptor = open(path, O_CREAT | O_RDWR, 0o644)
        guard descriptor >= 0 else {
            throw CommandError("cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            guard flock(descriptor, LOCK_EX) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw CommandError("cannot lock \(path): \(reason)")
            }
        }
    }

    public func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { unlock() }
}
