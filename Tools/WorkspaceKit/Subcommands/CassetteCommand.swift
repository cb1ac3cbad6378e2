import DataFormats
import Foundation
import URLSessionHTTP
import WorkspaceBase
import WorkspaceData

/// `workspace cassette verify FILE --api-url URL [--timeout SECONDS]`. It needs no package: FILE
/// is read from the current folder, so it runs wherever the cassette is.
struct CassetteCommand: Subcommand {
    static let name = "cassette"
    static let operands = "verify FILE"
    static let summary = """
        ask the live web API every request the cassette FILE recorded and compare the
        answers' structure (status, content type, JSON fields and their kinds); prints
        what was added, removed or changed type, exit status 1 if anything differs, 3
        if the web API did not answer (nothing compared). Needs no package: runs from
        any folder
        """
    static let exitStatus =
        "0 every answer has the recorded shape, 1 one differs, 2 bad command line, 3 the web API\ndid not answer (nothing compared)"
    enum Option {
        static let apiURL = CommandLineOption.value("--api-url", "URL", help: "the live web API to ask", required: true)
        static let timeout = CommandLineOption.value("--timeout", "SECONDS", help: "how long each answer may take (default 10)")
    }
    static let options = CommandLineSyntax(options: [Option.apiURL, Option.timeout], arguments: .list)

    /// As given on the command line (it names the file in the report).
    var file: String
    var server: URL
    var timeout: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard arguments.positional.first == "verify", arguments.positional.count == 2 else {
            throw CommandLineError(
                "cassette needs: verify FILE --api-url URL, such as: workspace cassette verify fixtures/feed.json --api-url http://127.0.0.1:8080"
            )
        }
        file = arguments.positional[1]
        guard let apiURL = arguments.value(Option.apiURL) else {
            throw CommandLineError("cassette verify needs --api-url URL: the live web API to ask")
        }
        do {
            server = try APIAddress.parse(apiURL)
        } catch {
            throw CommandLineError(error.message)
        }
        timeout = 10
        if let given = arguments.value(Option.timeout) {
            guard let value = Double(given), value > 0, value <= 3600 else {
                throw CommandLineError("--timeout needs a number of seconds between 0 and 3600, not “\(given)”")
            }
            timeout = value
        }
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let cassette: Cassette
        do {
            cassette = try Cassette.load(from: environment.absolute(file))
        } catch {
            environment.writeError("workspace: \(error.description)")
            return .failure
        }
        let verification = CassetteVerification(cassette: cassette, baseURL: server, timeout: timeout, exchange: URLSessionHTTP.exchange)
        let findings = waitFor { await verification.run() }
        let (lines, outcome) = CassetteVerification.report(findings, file: file, server: server)
        for line in lines { environment.write(line) }
        switch outcome {
        case .matches: return .success
        case .differs: return .failure
        case .unanswered: return .unreachable
        }
    }
}
