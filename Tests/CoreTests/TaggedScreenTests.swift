import Core
import Testing

/// Two screens as `workspace new-feature` declares them in a part, declared here: the repository's
/// own parts may hold none.
private enum PullRequestsTag: ScreenTag {
    @MainActor static func build(_ descriptor: PullRequests, with resolver: any Resolver, in environment: any Environment) -> any Screen {
        LabelledScreen("pull requests")
    }
}
private typealias PullRequests = TaggedScreenDescriptor<PullRequestsTag>

private enum HTTPCacheTag: ScreenTag {
    @MainActor static func build(_ descriptor: HTTPCache, with resolver: any Resolver, in environment: any Environment) -> any Screen {
        LabelledScreen("cache")
    }
}
private typealias HTTPCache = TaggedScreenDescriptor<HTTPCacheTag>

@Suite("A screen new-feature made: its tag is its kind, its name its link")
struct TaggedScreenTests {
    @Test("a made screen's kind is its tag: equal to itself, unequal to another tag's and to every own screen's")
    func kindIsTheTag() {
        #expect(PullRequests.kind == .part(PullRequestsTag.self))
        #expect(PullRequests.kind != HTTPCache.kind)
        #expect(Set([PullRequests.kind, HTTPCache.kind, .part(PullRequestsTag.self)]).count == 2)
        #expect(ScreenKind.allCases.allSatisfy { $0 != PullRequests.kind })
        #expect(ObjectIdentifier(PullRequests.kind.descriptorType) == ObjectIdentifier(PullRequests.self))
        #expect(PullRequests.kind.name == "PullRequests")
    }

    @Test("a made screen links to its name in kebab case, and describes itself by its name in Screens")
    func linkAndName() {
        #expect(PullRequests.linkPath == "pull-requests")
        #expect(HTTPCache.linkPath == "http-cache")
        #expect(PullRequests.kind.linkForm == "cookbook://pull-requests")
        #expect(String(describing: PullRequests()) == "Screens.PullRequests()")
    }

    // The same names as the tool's `NameForms` tests (WorkspaceKitTests): `new-feature` checks a new
    // screen's path against the others with that spelling, so the two must agree.
    @Test(
        "a name's link path: a capital starts a word after a small letter or a digit, and before a small letter",
        arguments: [
            ("Pantry", "pantry"), ("ShoppingList", "shopping-list"), ("HTTPCache", "http-cache"), ("Recipe2Go", "recipe2-go"),
            ("Pantry0007", "pantry0007"), ("PullQa", "pull-qa"), ("A", "a"),
        ])
    func kebabCase(name: String, path: String) {
        #expect(DeepLinks.kebabCase(name) == path)
    }

    @Test("resolving a made screen runs its tag's build")
    @MainActor func resolves() {
        let environment = TestEnvironment(resolver: RecordingResolver())
        #expect((environment.resolve(PullRequests()) as? LabelledScreen)?.label == "pull requests")
        #expect((environment.resolve(HTTPCache()) as? LabelledScreen)?.label == "cache")
    }
}
