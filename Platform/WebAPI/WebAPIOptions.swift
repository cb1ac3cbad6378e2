import Core
import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The web API options the app and the sandboxes share (`--api-url`, `--api-timeout`,
/// `--record`, `--replay`, `--replay-mode`), read and checked before anything starts, and the
/// client they ask for.
public struct WebAPIOptions: Equatable, Sendable {
    public enum ReplayMode: String, CaseIterable, Sendable {
        /// A request the cassette has no answer for fails, naming itself.
        case strict
        /// Such a request goes to `--api-url`.
        case passthrough
    }

    /// `--api-url`: the address without credentials, which are kept apart.
    public var endpoint: APIEndpoint?
    public var apiURL: URL? { endpoint?.url }
    /// Seconds for a whole answer (`--api-timeout`).
    public var timeout: Double
    public var record: String?
    public var replay: String?
    public var replayMode: ReplayMode

    /// The options as `(name, value, help)`, for a program's `--help`; `recording` adds `--record`.
    public static func help(recording: Bool) -> [(name: String, value: String?, help: String)] {
        [
            ("--api-url", "URL", "load recipes from the web API at URL (instead of the bundled dataset, or a sandbox's fixtures)"),
            ("--api-timeout", "SECONDS", "give the web API this long to answer a request in full (default: 10)"),
        ]
            + (recording ? [("--record", "FILE", "with --api-url: record every web API exchange into the cassette FILE")] : [])
            + [
                ("--replay", "FILE", "answer web API requests from the cassette FILE (recorded with cookbook --record), offline"),
                ("--replay-mode", "MODE", "strict (default: a request not in the cassette fails) or passthrough (it goes to --api-url)"),
            ]
    }

    /// Reads the options through `value` (the parsed command line); nil when none is given, so
    /// the program keeps its own recipe source.
    public static func parse(_ value: (String) -> String?, recording: Bool = true) throws(WebAPIOptionError) -> WebAPIOptions? {
        let names = help(recording: recording).map(\.name)
        guard names.contains(where: { value($0) != nil }) else { return nil }
        var options = WebAPIOptions(endpoint: nil, timeout: LiveTransport.defaultTimeout, record: nil, replay: nil, replayMode: .strict)
        if let address = value("--api-url") {
            do {
                options.endpoint = try APIAddress.endpoint(address)
            } catch {
                throw WebAPIOptionError(error.message)
            }
            #if !canImport(Darwin)
                if let endpoint = options.endpoint, endpoint.url.scheme == "https", endpoint.url.absoluteString.contains("://[") {
                    throw WebAPIOptionError(
                        "--api-url \(endpoint.shown) is an IPv6 address over https://, which URLSession on Linux cannot reach "
                            + "(it fails every such request as a bad URL): give the server's host name, or use http://")
                }
            #endif
        }
        if let text = value("--api-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw WebAPIOptionError("--api-timeout needs a number of seconds between 0 and 3600, not “\(text)”")
            }
            options.timeout = seconds
        }
        options.record = recording ? value("--record") : nil
        options.replay = value("--replay")
        if let mode = value("--replay-mode") {
            guard let known = ReplayMode(rawValue: mode) else {
                throw WebAPIOptionError("--replay-mode is strict or passthrough, not “\(mode)”")
            }
            guard options.replay != nil else { throw WebAPIOptionError("--replay-mode \(mode) needs --replay FILE") }
            options.replayMode = known
        }
        if options.record != nil {
            guard options.apiURL != nil else { throw WebAPIOptionError("--record FILE needs --api-url URL: the web API to record") }
            guard options.replay == nil else { throw WebAPIOptionError("--record and --replay cannot be used together") }
        }
        if options.replayMode == .passthrough, options.apiURL == nil {
            throw WebAPIOptionError("--replay-mode passthrough needs --api-url URL: where requests not in the cassette go")
        }
        if options.replay == nil, options.apiURL == nil {
            throw WebAPIOptionError("--api-timeout needs --api-url URL")
        }
        return options
    }

    /// The client the options ask for.
    public struct Client: Sendable {
        public var client: HTTPRecipeClient
        /// In words, for the About page: `web API at http://…`, `cassette F (replayed, strict)`.
        public var description: String
        /// Whether every answer comes from the live web API as it is now (worth caching);
        /// recording and replaying show exactly the exchanges of the cassette.
        public var isLive: Bool
    }

    /// Builds the client: reads the cassette (`--replay`), opens the one to record
    /// (`--record`), and loads the network code only when a request may go to the network.
    /// `clock` is what `Retry-After` waits on; `onMiss` is told of each request a strict replay
    /// has no answer for.
    public func makeClient(
        recordedWith: String, clock: any WallClock = SystemClock(),
        networking: () throws(NetworkingLibraryError) -> NetworkingLibrary.Exchange = NetworkingLibrary.load,
        onMiss: (@Sendable (CassetteMiss) -> Void)? = nil
    ) throws(WebAPIStartupError) -> Client {
        var live: LiveTransport?
        if let endpoint {
            do {
                live = LiveTransport(baseURL: endpoint.url, credentials: endpoint.credentials, timeout: timeout, exchange: try networking())
            } catch {
                throw WebAPIStartupError(error.message)
            }
        }
        do {
            if let replay {
                let cassette = try Cassette.load(from: replay)
                let transport = CassetteTransport(
                    cassette: cassette, file: replay, passthrough: replayMode == .passthrough ? live : nil, onMiss: onMiss)
                let mode = replayMode == .passthrough ? "passthrough to \(endpoint?.shown ?? "")" : "strict"
                return Client(
                    client: HTTPRecipeClient(transport: transport, clock: clock), description: "cassette \(replay) (replayed, \(mode))",
                    isLive: false)
            }
            if let live, let record {
                // The server as shown: a password given in --api-url never reaches the file.
                let recorder = try CassetteRecorder(file: record, server: live.endpoint.shown, recordedWith: recordedWith)
                return Client(
                    client: HTTPRecipeClient(transport: RecordingTransport(live: live, recorder: recorder), clock: clock),
                    description: "web API at \(live.endpoint.shown), recorded to \(record)", isLive: false)
            }
        } catch {
            throw WebAPIStartupError(error.description)
        }
        guard let live else { throw WebAPIStartupError("no web API was given: use --api-url URL or --replay FILE") }
        return Client(
            client: HTTPRecipeClient(transport: live, clock: clock), description: "web API at \(live.endpoint.shown)", isLive: true)
    }
}

/// A web API option that cannot be used: a bad command line.
public struct WebAPIOptionError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// The web API cannot be started: a cassette or the network code cannot be used.
public struct WebAPIStartupError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
