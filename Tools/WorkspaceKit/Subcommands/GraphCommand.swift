import WorkspaceBase

/// `workspace graph`: the module graph, in Mermaid or Graphviz.
struct GraphCommand: Subcommand {
    static let name = "graph"
    static let synopsis = "graph [--format mermaid|dot] [--tests]"
    static let summary = """
        print the module graph (Mermaid by default); --tests adds the test targets
        """
    static let options = CommandLineSyntax(flags: ["--tests"], values: ["--format"])

    var format: GraphRenderer.Format
    var includeTests: Bool
    var package: PackageOptions

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let formatName = arguments.values["--format"] ?? GraphRenderer.Format.mermaid.rawValue
        guard let format = GraphRenderer.Format(rawValue: formatName) else {
            throw CommandLineError("unknown graph format “\(formatName)”; formats: mermaid, dot")
        }
        self.format = format
        includeTests = arguments.flags.contains("--tests")
        package = arguments.package
    }

    func run(_ environment: CommandEnvironment) throws -> ExitStatus {
        let manifest = try environment.workspace(package).manifest()
        environment.write(String(GraphRenderer(manifest: manifest, includeTests: includeTests).render(format).dropLast()))
        return .success
    }
}
