import WorkspaceBase

/// Where `new-feature` declares a screen: the parts of `Screens`, files beside the one declaring
/// `enum Screens` (`Screens+Part01.swift` to `Screens+Part20.swift`), each holding the screens whose
/// names hash to it and everything they need: their names in `Screens` (`typealias Pantry =
/// ScreensPart07.Pantry`), their builders (`ScreensPart07.Builders`), their descriptors (each a tag,
/// which is its kind) and the list of their tags (`ScreensPart07Slot.tags`).
///
/// Why a part holds all of it: inside a module, the Swift driver recompiles every file that reads a
/// declaration whose body changed. When each descriptor named a `ScreenKind` case and a `Resolver`
/// requirement, a new screen changed both, and every part compiled again (at 305 features, 13
/// files of Core against 2). Now a screen changes its own part's declarations, which no other part
/// reads.
///
/// Why a fixed number of parts, chosen by a hash of the name: a new part is a new file and new
/// top-level names in Core and changes what lists the parts (`Resolver`'s slots, the app resolver's conformances,
/// `ScreenKind.allCases`), and then every module that imports Core compiles again: 283 s for the
/// app at 305 features, where a screen added to an existing part costs it 2 s of compiling. So every
/// part exists from the start and no screen ever starts one; about 50 screens a part at 1,000
/// features. A name's part never depends on the other names, so two branches that each add a
/// feature put it where the merged list would.
package enum ScreensParts {
    /// How many parts there are, all of them from the start.
    static let count = Conventions.partCount
    static let prefix = "Screens+Part"

    /// The part a screen named `name` goes into, 1 through `count` (`Conventions.part(of:)`).
    static func number(of name: String) -> Int { Conventions.part(of: name) }

    /// One part's names: `Screens+Part07.swift` declares `enum ScreensPart07`, its slot type
    /// `ScreensPart07Slot` and `Resolver`'s requirement `part07`.
    struct Part: Equatable {
        var number: Int
        var path: String

        var digits: String { Conventions.partDigits(number) }

        var namespace: String { "\(Conventions.screensNamespace)Part\(digits)" }
        var slotType: String { "\(namespace)Slot" }
        var slot: String { "part\(digits)" }
    }

    static func part(_ number: Int, in folder: String) -> Part {
        let name = "\(prefix)\(Conventions.partDigits(number)).swift"
        return Part(number: number, path: folder.isEmpty ? name : "\(folder)/\(name)")
    }

    /// The top-level declarations a part adds to Core (its lines in `Core/top-level-declarations.txt`).
    static func topLevelDeclarations(_ part: Part) -> [String] {
        [
            "extension \(Conventions.screensNamespace)", "enum \(part.namespace)", "enum \(part.slotType)",
            "extension \(part.namespace).Builders", "extension PlaceholderBuilding",
        ]
    }
}
