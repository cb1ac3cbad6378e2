import Core
import Foundation
import TerminalRunner
import Testing

@Suite("LaunchOptions.parse and ProgramInfo.usage")
struct LaunchOptionsTests {
    static let program = ProgramInfo(
        name: "demo",
        summary: "runs a demo",
        version: "9.9.9",
        options: [
            OptionSpec("--scenario", value: "NAME", help: "start in a scenario"),
            OptionSpec("--verbose", help: "say more"),
        ],
        notes: ["Scenarios:\n  slow  takes long"]
    )

    func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        try LaunchOptions.parse(arguments, for: Self.program)
    }

    @Test("no arguments: no values, no flags")
    func empty() throws {
        let options = try parse([])
        #expect(options.values.isEmpty)
        #expect(options.flags.isEmpty)
        #expect(options.value("--scenario") == nil)
        #expect(!options.has("--help"))
    }

    @Test("--name VALUE")
    func separateValue() throws {
        #expect(try parse(["--scenario", "slow"]).value("--scenario") == "slow")
    }

    @Test("--name=VALUE, keeping any further = in the value")
    func joinedValue() throws {
        #expect(try parse(["--scenario=slow"]).value("--scenario") == "slow")
        #expect(try parse(["--scenario=a=b"]).value("--scenario") == "a=b")
    }

    @Test("--name=VALUE accepts a value that starts with dashes")
    func joinedDashedValue() throws {
        #expect(try parse(["--scenario=--odd"]).value("--scenario") == "--odd")
    }

    @Test("flags, program options and common ones together")
    func flags() throws {
        let options = try parse(["--verbose", "--script", "run.txt", "--version", "--scenario", "empty"])
        #expect(options.has("--verbose"))
        #expect(options.has("--version"))
        #expect(!options.has("--help"))
        #expect(options.value("--script") == "run.txt")
        #expect(options.value("--scenario") == "empty")
        #expect(options.flags == ["--verbose", "--version"])
    }

    @Test("-h is --help", arguments: [["-h"], ["--help"]])
    func shortHelp(arguments: [String]) throws {
        let options = try parse(arguments)
        #expect(options.has("--help"))
        #expect(options.flags == ["--help"])
    }

    @Test(
        "an unknown option is refused by name",
        arguments: [
            (["--bogus"], "unknown option “--bogus”"),
            (["--bogus=1"], "unknown option “--bogus=1”"),
            (["slow"], "unknown option “slow”"),
            (["-v"], "unknown option “-v”"),
            (["--verbose", "--Scenario", "x"], "unknown option “--Scenario”"),
        ])
    func unknownOption(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    @Test(
        "an option that needs a value refuses to go without",
        arguments: [
            ["--scenario"],
            ["--scenario", "--verbose"],
            ["--scenario", ""],
            ["--scenario="],
        ])
    func missingValue(arguments: [String]) {
        #expect(throws: UsageError("--scenario needs a value: --scenario NAME")) { try parse(arguments) }
    }

    @Test(
        "a flag refuses a value",
        arguments: [
            (["--verbose=yes"], "--verbose takes no value"),
            (["--help=1"], "--help takes no value"),
            (["-h=1"], "--help takes no value"),
        ])
    func valueForFlag(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    @Test("an empty argument is refused as an unknown option, not a crash")
    func emptyArgument() {
        #expect(throws: UsageError("unknown option “”")) { try parse([""]) }
    }

    @Test("an empty inline value is refused instead of taking the next argument")
    func emptyInlineValue() {
        #expect(throws: UsageError("--scenario needs a value: --scenario NAME")) { try parse(["--scenario=", "premium"]) }
    }

    @Test("usage lists every option with its help, the notes and the exit statuses")
    func usageSnapshot() {
        #expect(
            Self.program.usage == """
                demo: runs a demo

                Usage: demo [options]

                Options:
                  --scenario NAME       start in a scenario
                  --verbose             say more
                  --script FILE         run the commands in FILE, then exit (default when input is not a terminal)
                  --width COLUMNS       script mode: print screens wrapped to COLUMNS (20–1000); unwrapped by default, the same in any window
                  --open LINK           start on the screen LINK names, e.g. cookbook://recipes/42 (forms below)
                  --report-screen FILE  keep FILE holding the link of the screen on show (for workspace watch)
                  --help                show this help
                  --version             show the version

                Scenarios:
                  slow  takes long

                Links (--open LINK; a parameter a link does not take is refused):
                  cookbook://feed
                  cookbook://search?query={query}                                       query (optional): the words to search for; without it the search starts empty
                  cookbook://recipes/{recipeID}?servings={servings}                     recipeID: the recipe's number, such as 42; servings (optional): how many to cook for, 1 to 100, such as 2
                  cookbook://recipes/{recipeID}/choose-ingredients?servings={servings}  recipeID: the recipe's number, such as 42; servings (optional): how many to cook for, 1 to 100, such as 2
                  cookbook://authors/{authorID}                                         authorID: the author's id, such as aiko-tanaka
                  cookbook://kitchen-preferences
                  cookbook://shopping-list
                  cookbook://favorites
                  cookbook://about

                At a terminal the program runs full screen (press ? for the keys); with --script FILE
                or piped input it runs the commands of the script language (the `help` command lists them).

                Exit status: 0 done, 1 a script command failed, 2 bad command line, 3 could not start,
                4 changes made in the run were not saved, 5 the output could not be written,
                129 the terminal hung up, 130 interrupted (Ctrl-C, SIGINT), 143 terminated (SIGTERM);
                on a signal, a change being saved is finished or rolled back and what was not saved is said.

                """)
    }

    @Test("usage lists every link form --open accepts, with its parameters")
    func usageListsLinks() {
        for line in DeepLinks.help {
            #expect(Self.program.usage.contains("\n  \(line)\n"))
        }
        #expect(Self.program.usage.contains("query (optional): the words to search for"))
    }

    @Test("every exit status in usage is a Runner.ExitCode")
    func exitStatuses() {
        let documented: [(Runner.ExitCode, String)] = [
            (.success, "0 done"), (.scriptFailed, "1 a script command failed"), (.usage, "2 bad command line"),
            (.cannotStart, "3 could not start"), (.unsavedChanges, "4 changes made in the run were not saved"),
            (.outputLost, "5 the output could not be written"), (.hungUp, "129 the terminal hung up"),
            (.interrupted, "130 interrupted (Ctrl-C, SIGINT)"), (.terminated, "143 terminated (SIGTERM)"),
        ]
        for (code, words) in documented {
            #expect(words.hasPrefix("\(code.rawValue) "))
            #expect(Self.program.usage.contains(words))
        }
    }

    @Test("--open takes a link as its value")
    func openOption() throws {
        #expect(try parse(["--open", "cookbook://recipes/42"]).value("--open") == "cookbook://recipes/42")
        #expect(throws: UsageError("--open needs a value: --open LINK")) { try parse(["--open"]) }
    }

    @Test("usage names every option a program accepts")
    func usageListsAllOptions() {
        for option in Self.program.allOptions {
            #expect(Self.program.usage.contains("  \(option.name)"))
        }
        #expect(
            Self.program.allOptions.map(\.name) == [
                "--scenario", "--verbose", "--script", "--width", "--open", "--report-screen", "--help", "--version",
            ])
    }
}
