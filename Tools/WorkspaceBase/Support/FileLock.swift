import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on a file (`flock`), held until `unlock` or the process ends (so a
/// command that is killed never leaves it held). Two commands building in one checkout's focused
/// package take turns instead of rewriting it under each other.
public final class FileLock {
    private var descriptor: Int32

    /// Waits for the lock on `path`, creating the file if needed. `waiting` is called once if
    /// another process holds it.
    public convenience init(path: String, waiting: () -> Void = {}) throws {
        try self.init(path: path, blocking: true, busy: waiting)
    }

    /// The lock on `path` if no other process holds it, else nil at once.
    public convenience init?(ifFree path: String) throws {
        var busy = false
        try self.init(path: path, blocking: false) { busy = true }
        if busy { return nil }
    }

    private init(path: String, blocking: Bool, busy: () -> Void) throws {
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandError("cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return }
        busy()
        guard blocking else {
            close(descriptor)
            descriptor = -1
            return
        }
        guard flock(descriptor, LOCK_EX) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw CommandError("cannot lock \(path): \(reason)")
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
