import DataFormats
import Foundation
import URLSessionHTTP

/// `workspace cassette verify FILE --api-url URL`: asks the live web API every request a
/// cassette recorded and compares the answers' structure (status, content type, and the
/// JSON's fields and their kinds), not their data: recipes change, shapes should not. A
/// cassette gone stale says so instead of replaying answers the server no longer gives.
package struct CassetteVerification: Sendable {
    let cassette: Cassette
    let baseURL: URL
    let timeout: Double
    let exchange: URLSessionHTTP.Exchange

    package init(cassette: Cassette, baseURL: URL, timeout: Double, exchange: @escaping URLSessionHTTP.Exchange) {
        self.cassette = cassette
        self.baseURL = baseURL
        self.timeout = timeout
        self.exchange = exchange
    }

    /// How the live answer to one recorded request differs: a change that makes the bodies
    /// incomparable (another status, another content type), or field changes. A request that got
    /// no answer at all (the server is down, or not at that address) is no difference: nothing
    /// was compared, and recording again would not help.
    package struct Difference: Equatable, Sendable {
        var headline: String?
        var fields: [ShapeDifference] = []
        /// Why the server gave no answer: "the connection was refused".
        var noAnswer: String?

        var isEmpty: Bool { headline == nil && fields.isEmpty && noAnswer == nil }
        var isChange: Bool { headline != nil || !fields.isEmpty }
    }

    package func run() async -> [(request: String, difference: Difference)] {
        var findings: [(request: String, difference: Difference)] = []
        for interaction in cassette.interactions {
            let request = interaction.request
            findings.append((request.line, await difference(for: request, recorded: interaction.response)))
        }
        return findings
    }

    func difference(for request: RecordedRequest, recorded: RecordedResponse) async -> Difference {
        guard let url = url(of: request) else {
            return Difference(headline: "the request cannot be made into a URL under \(baseURL.absoluteString)")
        }
        let live: (status: Int, headers: [String: String], body: Data)
        do {
            live = try await exchange(request.method, url, request.headers, timeout, 64 << 20)
        } catch {
            return Difference(noAnswer: error.localizedDescription)
        }
        return Self.compare(recorded: recorded, live: RecordedResponse(status: live.status, headers: live.headers, body: live.body))
    }

    func url(of request: RecordedRequest) -> URL? {
        var components = URLComponents(url: baseURL.appendingPathComponent(request.path), resolvingAgainstBaseURL: false)
        let items = request.query.map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return URLQueryItem(name: parts[0], value: parts.count == 2 ? parts[1] : nil)
        }
        if !items.isEmpty { components?.queryItems = items }
        return components?.url
    }

    /// The structural changes from a recorded answer to a live one.
    static func compare(recorded: RecordedResponse, live: RecordedResponse) -> Difference {
        if recorded.status != live.status { return Difference(headline: "status \(recorded.status) → \(live.status)") }
        let before = mediaType(recorded.headers)
        let after = mediaType(live.headers)
        if before != after { return Difference(headline: "content type \(before ?? "none") → \(after ?? "none")") }
        switch (recorded.body, live.body) {
        case (.json(let old), .json(let new)): return Difference(fields: JSONShape(of: old).differences(to: JSONShape(of: new)))
        case (.json, _): return Difference(headline: "the answer is no longer JSON")
        case (_, .json): return Difference(headline: "the answer is JSON now")
        default: return Difference()
        }
    }

    /// `application/json` of `application/json; charset=utf-8`, whatever the header's case.
    static func mediaType(_ headers: [String: String]) -> String? {
        headers.first { $0.key.lowercased() == "content-type" }?.value.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// What a verification found, as its exit status says it.
    package enum Outcome: Equatable, Sendable {
        /// Every answer has the recorded shape.
        case matches
        /// The web API answers differently: the cassette is stale.
        case differs
        /// Some requests got no answer, and those that did match: the server is down or elsewhere.
        case unanswered
    }

    /// The report, one line a request and one a change, and what it comes to. A server that does
    /// not answer is told from one that answers differently: only the second needs a new recording.
    package static func report(_ findings: [(request: String, difference: Difference)], file: String, server: URL) -> (
        text: [String], outcome: Outcome
    ) {
        var lines = [
            "cassette verify: \(file), \(findings.count) recorded answer\(findings.count == 1 ? "" : "s"), asked again at \(server.absoluteString)"
        ]
        for (request, difference) in findings {
            if let noAnswer = difference.noAnswer {
                lines.append("  \(request): no answer: \(noAnswer)")
            } else if let headline = difference.headline {
                lines.append("  \(request): \(headline)")
            } else if difference.fields.isEmpty {
                lines.append("  \(request): same shape")
            } else {
                lines.append("  \(request): \(difference.fields.count) difference\(difference.fields.count == 1 ? "" : "s")")
                lines += difference.fields.map { "    \($0)" }
            }
        }
        let differing = findings.filter(\.difference.isChange).count
        let unanswered = findings.filter { $0.difference.noAnswer != nil }.count
        let down =
            "\(unanswered) of \(findings.count) requests got no answer from \(server.absoluteString), so nothing was compared for "
            + (unanswered == 1 ? "it" : "them") + ": is the web API running there? Start it, or give its address with --api-url, "
            + "and verify again"
        if differing > 0 {
            lines.append(
                "\(differing) of \(findings.count) answers differ: record the cassette again (cookbook --api-url URL --record \(file))."
                    + (unanswered > 0 ? " Besides, \(down)." : ""))
            return (lines, .differs)
        }
        if unanswered > 0 {
            lines.append("\(down); the cassette need not be recorded again for what did answer.")
            return (lines, .unanswered)
        }
        lines.append("Every answer has the recorded shape.")
        return (lines, .matches)
    }
}
