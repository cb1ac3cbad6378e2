#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Darwin)
    import URLSessionHTTP
#elseif canImport(Glibc)
    import Glibc
#endif

/// Where the live HTTP exchange comes from: `URLSessionHTTP`, the only module that uses
/// FoundationNetworking.
///
/// On Linux, FoundationNetworking brings libcurl and about 30 more shared libraries, which a
/// linked-in module loads at every launch. So on Linux `URLSessionHTTP` is a dynamic library
/// of its own (`libURLSessionHTTP.so`, next to the program), opened with `dlopen` the first
/// time a web API is used, and the app's default path loads nothing networking-related. On
/// Apple platforms the module is linked normally.
public enum NetworkingLibrary {
    /// `URLSessionHTTP.PortableExchange`, spelled out: the same type, so the compiler checks
    /// that the two agree wherever both are visible (on macOS, and in the tests), and the
    /// conditional cast after `dlopen` checks it on Linux. A failure the exchange cannot name
    /// here (a `URLError`) comes to `failure` as its code and words, and is thrown as the
    /// error `failure` makes.
    public typealias Exchange =
        @Sendable (
            _ method: String, _ url: URL, _ headers: [String: String], _ timeout: Double, _ maximumBodyBytes: Int,
            _ failure: @Sendable (_ urlErrorCode: Int, _ words: String) -> any Error
        ) async throws -> (status: Int, headers: [String: String], body: Data)

    /// The live exchange; on Linux the library is opened once, on first use.
    public static func load() throws(NetworkingLibraryError) -> Exchange {
        try loaded.get()
    }

    #if canImport(Darwin)
        private static let loaded: Result<Exchange, NetworkingLibraryError> = .success(URLSessionHTTP.portableExchange)
    #elseif canImport(Glibc)
        /// The file name SwiftPM gives the `URLSessionHTTP` dynamic-library product.
        static let fileName = "libURLSessionHTTP.so"
        /// `URLSessionHTTP.entryPoint`, which this module cannot see on Linux.
        static let entryPoint = "cookbook_urlsession_http_v2"

        private static let loaded: Result<Exchange, NetworkingLibraryError> = Result { () throws(NetworkingLibraryError) in
            try open(in: programDirectory())
        }

        /// The folder of the running program, where SwiftPM puts the library it builds.
        static func programDirectory() -> String {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            let path =
                count > 0
                ? String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments.first ?? "."
            return URL(fileURLWithPath: path).deletingLastPathComponent().path
        }

        /// Opens `directory/libURLSessionHTTP.so` and takes its exchange, checked by a
        /// conditional cast: a library from another build says so instead of crashing.
        static func open(in directory: String) throws(NetworkingLibraryError) -> Exchange {
            let path = directory + "/" + fileName
            let build = "swift build \(directory.hasSuffix("/release") ? "-c release " : "")--product URLSessionHTTP"
            guard access(path, F_OK) == 0 else {
                throw NetworkingLibraryError(
                    "the web API needs the networking library \(fileName) next to the program, in \(directory), and it is not there."
                        + " Build it with `\(build)` (`swift build` builds it too), then try again.")
            }
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "no reason given"
                throw NetworkingLibraryError(
                    "the networking library \(path) cannot be loaded (\(reason)). It needs libcurl; rebuild it with `\(build)`.")
            }
            let stale = NetworkingLibraryError(
                "the networking library \(path) is from another version of Cookbook. Rebuild it with `\(build)`.")
            guard let symbol = dlsym(handle, entryPoint) else { throw stale }
            // The one unchecked step: dlsym gives an address, and the name promises a C function
            // of this shape (`exportExchange` in URLSessionHTTP). What it hands back is checked.
            let entry = unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer) -> Void).self)
            let slot = UnsafeMutablePointer<Any>.allocate(capacity: 1)
            slot.initialize(to: ())
            defer {
                slot.deinitialize(count: 1)
                slot.deallocate()
            }
            entry(slot)
            guard let exchange = slot.pointee as? Exchange else { throw stale }
            return exchange
        }
    #else
        private static let loaded: Result<Exchange, NetworkingLibraryError> = .failure(
            NetworkingLibraryError("the web API client is not available on this platform"))
    #endif
}

/// The network code cannot be loaded; the message says what to run.
public struct NetworkingLibraryError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
