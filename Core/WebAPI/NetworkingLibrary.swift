import Foundation
import URLSessionHTTP

/// Where the live HTTP exchange comes from: `URLSessionHTTP`, the only module that uses
/// FoundationNetworking.
public enum NetworkingLibrary {
    /// `URLSessionHTTP.Exchange`, spelled out: the same type, so the compiler checks that
    /// the two agree wherever both are visible.
    public typealias Exchange =
        @Sendable (
            _ method: String, _ url: URL, _ headers: [String: String], _ timeout: Double, _ maximumBodyBytes: Int
        ) async throws -> (status: Int, headers: [String: String], body: Data)

    /// The live exchange.
    public static func load() throws(NetworkingLibraryError) -> Exchange {
        URLSessionHTTP.exchange
    }
}

/// The network code cannot be loaded; the message says what to run.
public struct NetworkingLibraryError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
