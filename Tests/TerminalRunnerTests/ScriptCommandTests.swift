import Testing

@testable import TerminalRunner

@Suite("ScriptCommand.parse")
struct ScriptCommandParseTests {
    @Test(
        "every form and alias",
        arguments: [
            ("tab Favorites", ScriptCommand.tab("Favorites")),
            ("tab 2", .tab("2")),
            ("type green curry", .type("green curry")),
            ("search curry", .type("curry")),
            ("select 3", .select("3")),
            ("select Curry Rice", .select("Curry Rice")),
            ("open Curry Rice", .select("Curry Rice")),
            ("toggle Vegetarian only", .toggle("Vegetarian only")),
            ("set Category Dessert", .set(row: "Category", option: "Dessert")),
            ("set 3 2", .set(row: "3", option: "2")),
            ("back", .back),
            ("retry", .retry),
            ("wait", .wait),
            ("WAIT", .wait),
            ("expect 2 recipes", .expect("2 recipes")),
            ("expect-not Error", .expectNot("Error")),
            ("snapshot", .snapshot),
            ("show", .snapshot),
            ("width 40", .width(40)),
            ("width off", .width(nil)),
            ("Width OFF", .width(nil)),
            ("help", .help),
            ("?", .help),
            ("quit", .quit),
            ("exit", .quit),
        ])
    func forms(line: String, expected: ScriptCommand) throws {
        #expect(try ScriptCommand.parse(line) == expected)
    }

    @Test("verbs ignore case; arguments keep theirs")
    func verbCase() throws {
        #expect(try ScriptCommand.parse("SELECT Curry Rice") == .select("Curry Rice"))
        #expect(try ScriptCommand.parse("Quit") == .quit)
        #expect(try ScriptCommand.parse("Expect-Not Oops") == .expectNot("Oops"))
    }

    @Test("surrounding whitespace is ignored; unquoted words are joined by one space")
    func whitespace() throws {
        #expect(try ScriptCommand.parse("   back  \t") == .back)
        #expect(try ScriptCommand.parse("type  hello   world ") == .type("hello world"))
    }

    @Test("quoted arguments keep spaces, leading numbers and #")
    func quotedArguments() throws {
        #expect(try ScriptCommand.parse(#"set "Sort by" "Newest first""#) == .set(row: "Sort by", option: "Newest first"))
        #expect(try ScriptCommand.parse(#"select "2 eggs""#) == .select("2 eggs"))
        #expect(try ScriptCommand.parse(#"type "a   b""#) == .type("a   b"))
        #expect(try ScriptCommand.parse(##"expect "# Search""##) == .expect("# Search"))
    }

    @Test("# starts a comment only at the start of a word")
    func trailingComments() throws {
        #expect(try ScriptCommand.parse("select 1 # the first recipe") == .select("1"))
        #expect(try ScriptCommand.parse("back #done") == .back)
        #expect(try ScriptCommand.parse("expect C#") == .expect("C#"))
    }

    @Test("blank lines and comments are not commands", arguments: ["", "   ", "\t", "# a comment", "   # indented comment", "#"])
    func nothing(line: String) throws {
        #expect(try ScriptCommand.parse(line) == nil)
    }

    @Test("an unknown command is refused with every form listed")
    func unknownCommand() {
        #expect {
            try ScriptCommand.parse("jump 3")
        } throws: { error in
            let message = (error as? ScriptSyntaxError)?.message ?? ""
            return message.hasPrefix("unknown command “jump”; expected one of:\n")
                && ScriptCommand.reference.allSatisfy { message.contains($0.form) && message.contains($0.meaning) }
        }
    }

    @Test("the unknown verb is quoted as written")
    func unknownKeepsCase() {
        #expect {
            try ScriptCommand.parse("Jump")
        } throws: { error in
            (error as? ScriptSyntaxError)?.message.hasPrefix("unknown command “Jump”") == true
        }
    }

    @Test(
        "a missing argument names the form",
        arguments: [
            ("select", "`select` needs an argument: select ROW"),
            ("open", "`open` needs an argument: select ROW"),
            ("type", "`type` needs an argument: type TEXT"),
            ("search   ", "`search` needs an argument: type TEXT"),
            ("tab", "`tab` needs an argument: tab NAME|N"),
            ("toggle", "`toggle` needs an argument: toggle ROW"),
            ("expect", "`expect` needs an argument: expect TEXT"),
            ("expect-not # nothing", "`expect-not` needs an argument: expect-not TEXT"),
        ])
    func missingArgument(line: String, message: String) {
        #expect(throws: ScriptSyntaxError(message)) { try ScriptCommand.parse(line) }
    }

    @Test(
        "commands without arguments refuse extra ones",
        arguments: [
            ("back now", "`back` takes no argument, got “now”"),
            ("retry twice please", "`retry` takes no argument, got “twice please”"),
            ("snapshot all", "`snapshot` takes no argument, got “all”"),
            ("wait 2", "`wait` takes no argument, got “2”"),
            ("show all", "`show` takes no argument, got “all”"),
            ("help me", "`help` takes no argument, got “me”"),
            ("quit 1", "`quit` takes no argument, got “1”"),
            ("exit now", "`exit` takes no argument, got “now”"),
        ])
    func extraArgument(line: String, message: String) {
        #expect(throws: ScriptSyntaxError(message)) { try ScriptCommand.parse(line) }
    }

    @Test(
        "width takes a number of columns from 20 to 1000, or off",
        arguments: [
            ("width", "`width` needs one argument: width N (columns) or width off"),
            ("width 40 80", "`width` needs one argument: width N (columns) or width off"),
            ("width 19", "`width`: “19” is not a width: give a number of columns from 20 to 1000, or off"),
            ("width wide", "`width`: “wide” is not a width: give a number of columns from 20 to 1000, or off"),
            ("width 1001", "`width`: “1001” is not a width: give a number of columns from 20 to 1000, or off"),
        ])
    func widthArgument(line: String, message: String) {
        #expect(throws: ScriptSyntaxError(message)) { try ScriptCommand.parse(line) }
    }

    @Test("an unclosed quote is refused", arguments: [#"select "Curry Rice"#, #"type ""#, #"set "Sort by" "New"#])
    func unclosedQuote(line: String) {
        #expect(throws: ScriptSyntaxError("a quote is not closed")) { try ScriptCommand.parse(line) }
    }

    @Test("set needs exactly a row and an option", arguments: ["set", "set Category", "set Category Main course", #"set "Category""#])
    func setArity(line: String) {
        #expect(throws: ScriptSyntaxError("`set` needs a row and an option: set ROW OPTION (quote labels with spaces)")) {
            try ScriptCommand.parse(line)
        }
    }

    @Test("tokenize splits on whitespace and keeps quoted text together")
    func tokenize() throws {
        #expect(try ScriptCommand.tokenize(#"set "Sort by"  New # comment"#) == ["set", "Sort by", "New"])
        #expect(try ScriptCommand.tokenize(#"a""b"#) == ["ab"])
        #expect(try ScriptCommand.tokenize(#"type """#) == ["type", ""])
    }

    @Test("the reference text lists every form, aligned")
    func referenceText() {
        let lines = ScriptCommand.referenceText.split(separator: "\n")
        #expect(lines.count == ScriptCommand.reference.count)
        #expect(lines.first == "  tab NAME|N       switch to a tab by name or number")
        #expect(lines.contains("  expect-not TEXT  fail if the screen shows TEXT"))
    }
}

@Suite("ScriptCommand escapes")
struct ScriptCommandEscapeTests {
    @Test("a backslash escapes a quote or a backslash")
    func escapes() throws {
        #expect(try ScriptCommand.parse(#"expect "+ Add item: \"milk\"""#) == .expect(#"+ Add item: "milk""#))
        #expect(try ScriptCommand.parse(#"type back\\slash"#) == .type(#"back\slash"#))
        #expect(try ScriptCommand.parse(#"type trailing\"#) == .type(#"trailing\"#))
    }
}
