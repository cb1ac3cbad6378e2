import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a child process ended.
public enum ProcessExit: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    /// Decodes `waitpid`'s status word (the `WIFEXITED`/`WTERMSIG` macros, which Swift cannot import).
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// The status a shell reports: the exit code, or 128 + the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signalled(let signal): 128 + signal
        }
    }

    public var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "was stopped by signal \(signal) (\(String(cString: strsignal(signal))))"
        }
    }
}

/// A child process started with `posix_spawn`: the one way the tool starts a program. It stays in
/// this process's group (Foundation's `Process` gives each child a group of its own, and a child
/// outside the terminal's foreground group cannot read the keyboard, nor gets the Ctrl-C that
/// stops the tool), with every signal set back to its default and none blocked (Foundation's
/// children start with most signals blocked, SIGINT and SIGTERM among them), and the standard
/// streams chosen per child.
package final class ChildProcess {
    package enum Stream: Equatable {
        /// This process's own stream.
        case inherit
        /// `/dev/null`.
        case null
        /// One end of a pipe: this process keeps the other end (`input` or `output`).
        case pipe
        /// A file, created or emptied (output only).
        case file(String)
    }

    let identifier: pid_t
    /// The writing end of the child's standard input, with `.pipe`.
    private(set) var input: Int32?
    /// The reading end of the child's standard output and error together, with `.pipe`.
    package private(set) var output: Int32?
    private(set) var status: ProcessExit?

    /// Starts `arguments[0]` (looked up on PATH when it has no slash).
    /// - Parameters:
    ///   - errorStream: where standard error goes; nil, with standard output (one pipe for both).
    ///   - directory: the child's working folder; nil, this process's.
    ///   - ownGroup: puts the child in a new process group, so that `kill(group:)`
    ///   reaches everything it starts (a build and its compilers) and Ctrl-C at the terminal does not.
    package init(
        _ arguments: [String], input inputStream: Stream, output outputStream: Stream, errors errorStream: Stream? = nil,
        directory: String? = nil, ownGroup: Bool = false
    ) throws {
        guard let program = arguments.first else { throw CommandError("no program to run") }
        var actions = try SpawnActions()
        defer { actions.destroy() }
        if let directory { try actions.changeDirectory(to: directory) }
        var keep: [Int32] = []
        var give: [Int32] = []
        defer { for descriptor in give { close(descriptor) } }

        switch inputStream {
        case .inherit: break
        case .null: try actions.open("/dev/null", as: STDIN_FILENO, flags: O_RDONLY)
        case .pipe:
            let (read, write) = try Self.pipe()
            try actions.duplicate(read, as: STDIN_FILENO)
            give.append(read)
            keep.append(write)
        case .file(let path): try actions.open(path, as: STDIN_FILENO, flags: O_RDONLY)
        }
        for (stream, descriptor) in [(outputStream, STDOUT_FILENO), (errorStream ?? outputStream, STDERR_FILENO)] {
            switch stream {
            case .inherit: break
            case .null: try actions.open("/dev/null", as: descriptor, flags: O_WRONLY)
            case .pipe:
                // One pipe for standard output and error together, unless each has its own stream.
                if descriptor == STDERR_FILENO, errorStream == nil {
                    try actions.duplicate(STDOUT_FILENO, as: STDERR_FILENO)
                    continue
                }
                let (read, write) = try Self.pipe()
                try actions.duplicate(write, as: descriptor)
                give.append(write)
                keep.append(read)
            case .file(let path): try actions.open(path, as: descriptor, flags: O_WRONLY | O_CREAT | O_TRUNC)
            }
        }
        actions.closeInheritedDescriptors()
        var attributes = try SpawnAttributes(ownGroup: ownGroup)
        defer { attributes.destroy() }

        let argv = arguments.map { strdup($0) }
        defer { for pointer in argv { free(pointer) } }
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let argvArray = argv + [nil]
        let environmentArray = environment + [nil]
        let result =
            program.contains("/")
            ? posix_spawn(&pid, program, &actions.value, &attributes.value, argvArray, environmentArray)
            : posix_spawnp(&pid, program, &actions.value, &attributes.value, argvArray, environmentArray)
        guard result == 0 else {
            for descriptor in keep { close(descriptor) }
            throw CommandError("cannot run \(program): \(String(cString: strerror(result)))")
        }
        identifier = pid
        if inputStream == .pipe { input = keep.first }
        if outputStream == .pipe { output = keep.last }
    }

    /// Waits for the child to end, however long it takes.
    @discardableResult
    func waitForExit() -> ProcessExit {
        if let status { return status }
        var word: Int32 = 0
        while waitpid(identifier, &word, 0) == -1, errno == EINTR {}
        let ended = ProcessExit(waitStatus: word)
        status = ended
        return ended
    }

    deinit {
        closeInput()
        closeOutput()
    }

    /// Sends `signal` to the child, or with `group` to its whole process group.
    package func kill(_ signal: Int32, group: Bool = false) {
        guard status == nil else { return }
        _ = group ? killpg(identifier, signal) : Foundation.kill(identifier, signal)
    }

    /// Waits for the child to end, calling `look` every `interval` meanwhile. The wait blocks in a
    /// thread of its own, so the end is seen when it comes: a poll between looks would add half
    /// its pause to every program the tool waits for, and a build waits for several.
    package func waitForExit(lookingEvery interval: DispatchTimeInterval, _ look: () -> Void) -> ProcessExit {
        if let status { return status }
        let end = EndOfChild(identifier)
        while !end.came(within: interval) { look() }
        status = end.exit
        return end.exit
    }

    /// Whether the child has ended, without waiting.
    package func poll() -> ProcessExit? {
        if let status { return status }
        var word: Int32 = 0
        let result = waitpid(identifier, &word, WNOHANG)
        if result == identifier { status = ProcessExit(waitStatus: word) }
        return status
    }

    /// Waits for the child to end: up to `timeout`, then it is killed.
    @discardableResult
    package func wait(timeout: Duration, killing group: Bool = false) -> ProcessExit {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = poll() { return status }
            usleep(2000)
        }
        kill(SIGKILL, group: group)
        return waitForExit()
    }

    /// Sends `bytes` to the child's standard input; false when it no longer reads (it ended).
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        guard let input else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Ends the child's standard input: a program reading commands finishes.
    package func closeInput() {
        if let input { close(input) }
        input = nil
    }

    package func closeOutput() {
        if let output { close(output) }
        output = nil
    }

    /// A pipe whose ends are closed in every program this one starts.
    package static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Foundation.pipe(&ends) == 0 else { throw CommandError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }
}

#if canImport(Darwin)
    private typealias SpawnFileActions = posix_spawn_file_actions_t?
#else
    private typealias SpawnFileActions = posix_spawn_file_actions_t
#endif

/// `posix_spawn_file_actions_t`, which is a pointer on Darwin and a struct on Glibc.
private struct SpawnActions {
    #if canImport(Darwin)
        var value: SpawnFileActions = nil
    #else
        var value = SpawnFileActions()
    #endif

    init() throws {
        guard posix_spawn_file_actions_init(&value) == 0 else { throw CommandError("cannot prepare a child process") }
    }

    mutating func duplicate(_ descriptor: Int32, as target: Int32) throws {
        guard posix_spawn_file_actions_adddup2(&value, descriptor, target) == 0 else {
            throw CommandError("cannot prepare a child process's streams")
        }
    }

    mutating func open(_ path: String, as target: Int32, flags: Int32) throws {
        guard posix_spawn_file_actions_addopen(&value, target, path, flags, 0o644) == 0 else {
            throw CommandError("cannot prepare a child process's streams")
        }
    }

    /// The child starts in `directory`: `posix_spawn_file_actions_addchdir` (POSIX 2024), else its
    /// older `_np` name, which every supported libc has but Glibc's headers hide from Swift.
    mutating func changeDirectory(to directory: String) throws {
        typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, UnsafePointer<CChar>) -> Int32
        let library = dlopen(nil, RTLD_NOW)
        guard
            let symbol = dlsym(library, "posix_spawn_file_actions_addchdir") ?? dlsym(library, "posix_spawn_file_actions_addchdir_np")
        else {
            throw CommandError("cannot start a program in \(directory): this C library cannot set a child's folder")
        }
        guard unsafeBitCast(symbol, to: AddChangeDirectory.self)(&value, directory) == 0 else {
            throw CommandError("cannot start a program in \(directory)")
        }
    }

    /// The child gets standard input, output and error only. Without this it inherits every
    /// descriptor this process opened without `O_CLOEXEC`, as Foundation opens a file it writes,
    /// and holds it for its whole life: a program written meanwhile cannot start ("Text file
    /// busy") and a watcher waits for the file's last close. `posix_spawn_file_actions_addclosefrom_np`
    /// (glibc 2.34 and later); a C library without it leaves the descriptors as they are.
    mutating func closeInheritedDescriptors() {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<SpawnFileActions>, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&value, STDERR_FILENO + 1)
    }

    mutating func destroy() {
        posix_spawn_file_actions_destroy(&value)
    }
}

/// `posix_spawnattr_t`: every signal back to its default action (this process ignores some),
/// none blocked, and optionally a process group of the child's own.
private struct SpawnAttributes {
    #if canImport(Darwin)
        var value: posix_spawnattr_t? = nil
    #else
        var value = posix_spawnattr_t()
    #endif

    init(ownGroup: Bool) throws {
        guard posix_spawnattr_init(&value) == 0 else { throw CommandError("cannot prepare a child process") }
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&value, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&value, &none)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        if ownGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&value, 0)
        }
        posix_spawnattr_setflags(&value, Int16(flags))
    }

    mutating func destroy() {
        posix_spawnattr_destroy(&value)
    }
}

/// One blocking `waitpid` for a child, in a thread of its own, and its result for whoever waits.
private final class EndOfChild: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the waiting thread before `done` is signalled, and read only after a wait on
    // `done` succeeded: the semaphore orders the two, so no lock is needed.
    private var word: Int32 = 0

    init(_ identifier: pid_t) {
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(identifier, &status, 0) == -1, errno == EINTR {}
            word = status
            done.signal()
        }
    }

    /// Whether the child has ended, waiting up to `timeout` for it.
    func came(within timeout: DispatchTimeInterval) -> Bool {
        guard done.wait(timeout: .now() + timeout) == .success else { return false }
        done.signal()  // so that another look sees it too
        return true
    }

    /// How the child ended; only once `came(within:)` said it has.
    var exit: ProcessExit { ProcessExit(waitStatus: word) }
}
