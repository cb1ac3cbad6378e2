import WorkspaceBase

/// `workspace graph`: the module graph, in Mermaid or Graphviz.
struct GraphCommand: Subcommand {
    static let name = "graph"
    static let summary = """
        print the module graph (Mermaid by default); --tests adds the test targets
        """
    enum Option {
        static let format = CommandLineOption.value("--format", "mermaid|dot", help: "the graph's language (default mermaid)")
        static let tests = CommandLineOption.flag("--tests", help: "add the test targets")
    }
    static let options = CommandLineSyntax(options: [Option.format, Option.tests])

    var format: GraphRenderer.Format
    var includeTests: Bool
    var package: PackageOptions

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let formatName = arguments.value(Option.format) ?? GraphRenderer.Format.mermaid.rawValue
        guard let format = GraphRenderer.Format(rawValue: formatName) else {
            throw CommandLineError("unknown graph format “\(formatName)”; formats: mermaid, dot")
        }
        self.format = format
        includeTests = arguments.has(Option.tests)
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let manifest = try environment.workspace(package).manifest()
        environment.write(String(GraphRenderer(manifest: manifest, includeTests: includeTests).render(format).dropLast()))
        return .success
    }
}
