import WorkspaceBase

/// Where `new-feature` declares a screen: the parts of `Screens`, files beside the one declaring
/// `enum Screens` (`Screens+Part01.swift`, …), each holding at most `capacity` screens and
/// everything they need: their names in `Screens` (`typealias Pantry = ScreensPart01.Pantry`),
/// their kinds (`ScreensPart01.Kind`), their builders (`ScreensPart01.Builders`), placeholders for
/// a `PlaceholderBuilding` resolver (`ScreensPart01.Placeholders`) and their descriptors.
///
/// Why a part holds all of it: inside a module, the Swift driver recompiles every file that reads a
/// declaration whose body changed. When each descriptor named a `ScreenKind` case and a `Resolver`
/// requirement, a new screen changed both, and every part compiled again (at 305 features, 13
/// files of Core against 2). Now a screen changes its own part's declarations, which no other part
/// reads. A new part changes what lists the parts (`Resolver`'s slots, `PartBuilders`,
/// `ScreenKind.allCases`) and is a new top-level declaration, so parts are few and kept full.
package enum ScreensParts {
    static let capacity = 50
    static let prefix = "Screens+Part"

    /// One part's names: `Screens+Part07.swift` declares `enum ScreensPart07`, its slot type
    /// `ScreensPart07Slot` and `Resolver`'s requirement `part07`.
    struct Part: Equatable {
        var number: Int
        var path: String

        var digits: String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, 2 - digits.count)) + digits
        }

        var namespace: String { "\(Conventions.screensNamespace)Part\(digits)" }
        var slotType: String { "\(namespace)Slot" }
        var slot: String { "part\(digits)" }
    }

    static func part(_ number: Int, in folder: String) -> Part {
        let digits = String(number)
        let name = "\(prefix)\(String(repeating: "0", count: max(0, 2 - digits.count)))\(digits).swift"
        return Part(number: number, path: folder.isEmpty ? name : "\(folder)/\(name)")
    }

    /// The top-level declarations a part adds to Core (its lines in `Core/top-level-declarations.txt`).
    static func topLevelDeclarations(_ part: Part) -> [String] {
        [
            "extension \(Conventions.screensNamespace)", "enum \(part.namespace)", "struct \(part.slotType)",
            "extension \(part.namespace).Builders", "extension PlaceholderBuilding",
        ]
    }
}
