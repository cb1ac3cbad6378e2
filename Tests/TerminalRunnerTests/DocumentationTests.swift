import Core
import Foundation
import TerminalRunner
import Testing

/// docs/terminal.md documents what the runner does; these keep it from drifting.
@Suite("docs/terminal.md")
struct DocumentationTests {
    let document: String

    init() throws {
        document = try RepositoryFiles(reading: "docs/terminal.md").text("docs/terminal.md")
    }

    @Test("lists every script command")
    func commands() {
        for (form, _) in ScriptCommand.reference {
            #expect(document.contains("| `\(form.replacingOccurrences(of: "|", with: "\\|"))` |"), "missing \(form)")
        }
    }

    @Test("lists every shared option")
    func options() {
        for option in ProgramInfo.commonOptions {
            let form = option.valueName.map { "\(option.name) \($0)" } ?? option.name
            #expect(document.contains("`\(form)`"), "missing \(form)")
        }
    }

    @Test("lists every exit status")
    func exitStatuses() {
        for code: Runner.ExitCode in [.success, .scriptFailed, .usage, .cannotStart, .hungUp, .interrupted, .terminated] {
            #expect(document.contains("| `\(code.rawValue)` |"), "missing \(code)")
        }
    }

    @Test("lists every link form")
    func links() {
        for form in DeepLinks.validForms {
            #expect(document.contains("| `\(form)` |"), "missing \(form)")
        }
    }
}
