import DataFormats

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sends every request to the live web API and records each exchange, with the typed call
/// that made it, into a cassette (`--record FILE`).
public struct RecordingTransport: HTTPTransport {
    public let live: any HTTPTransport
    public let recorder: CassetteRecorder

    public init(live: any HTTPTransport, recorder: CassetteRecorder) {
        self.live = live
        self.recorder = recorder
    }

    public func address(of request: HTTPRequest) -> String {
        live.address(of: request)
    }

    public func send(_ request: HTTPRequest, for call: RecipeCall) async throws(TransportError) -> HTTPResponse {
        let response = try await live.send(request, for: call)
        do {
            try await recorder.record(
                call: call, request: RecordedRequest(request),
                response: RecordedResponse(
                    status: response.status, headers: CassetteHeaders.kept(response.headers, allowed: CassetteHeaders.response),
                    body: response.body))
        } catch {
            throw .recordingFailed(error)
        }
        return response
    }
}

/// The cassette being recorded, written whole to its file after every exchange.
///
/// Recording into an existing cassette adds to it: the first answer this run records for a
/// request replaces what earlier runs recorded for it, later ones are added after it (so a
/// retry's second answer is kept). Everything else in the file stays.
public actor CassetteRecorder {
    public let file: String
    private var cassette: Cassette
    /// Requests answered in this run.
    private var recordedNow: Set<String> = []

    /// Opens `file` for recording from `server`: an existing cassette is read (and refused if
    /// it is not one), a new one is written at once, so a path that cannot be written is said
    /// before anything is recorded.
    public init(file: String, server: String, recordedWith: String) throws(CassetteError) {
        var cassette: Cassette
        let target: String
        do {
            // What a recording writes: through a link, its target; anything but a file is refused now.
            target = try FileReplacement.regularFile(at: file)
        } catch {
            throw CassetteError(file: file, problem: error.reason, recovery: "Record to a cassette file, or a new path.")
        }
        // A recording killed mid-write left its temporary file: its writer is gone, so it goes.
        FileReplacement.removeLeftovers(of: target)
        if FileManager.default.fileExists(atPath: target) {
            cassette = try Cassette.load(from: file)
            cassette.server = server
            cassette.recordedWith = recordedWith
        } else {
            cassette = Cassette(server: server, recordedWith: recordedWith)
        }
        try cassette.write(to: file)
        self.file = file
        self.cassette = cassette
    }

    public func record(call: RecipeCall, request: RecordedRequest, response: RecordedResponse) throws(CassetteError) {
        if recordedNow.insert(request.line).inserted {
            cassette.interactions.removeAll { $0.request.line == request.line }
        }
        cassette.interactions.append(Cassette.Interaction(call: call, request: request, response: response))
        try cassette.write(to: file)
    }

    /// What has been recorded so far.
    public var recorded: Cassette { cassette }
}
