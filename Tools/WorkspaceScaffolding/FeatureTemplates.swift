import WorkspaceBase

/// The files of a new feature, in the shape of the existing ones (see `Features/Favorites`):
/// a working screen that lists the feed's popular recipes through `environment.client`, logs
/// its page view, opens a recipe's details by its descriptor and shows loading,
/// failed (with retry) and empty states; its tests, its sandbox and its descriptor. Its side
/// effects are one call each on `environment`, made by the view model; one that takes several
/// steps (save, then log) becomes a method of the feature's own `extension Environment`, in
/// `<Name>+Environment.swift` (see `Features/RecipeDetails`).
public struct FeatureTemplates: Sendable {
    public let forms: NameForms

    public init(name: String) {
        forms = NameForms(name)
    }

    var name: String { forms.name }

    /// Every new file, by package-relative path, in a stable order.
    public var files: [(path: String, text: String)] {
        let folder = "Features/\(name)"
        return [
            ("\(folder)/\(name)Feature.swift", feature),
            ("\(folder)/\(name)Screen.swift", screen),
            ("\(folder)/\(name)ViewModel.swift", viewModel),
            ("\(folder)/\(name)Translator.swift", translator),
            ("\(folder)/\(name)State.swift", state),
            ("Tests/\(Conventions.testTarget(of: name))/\(name)ScreenTests.swift", tests),
            ("Sandboxes/\(Conventions.sandbox(of: name))/main.swift", sandbox),
            (Conventions.entryFile(of: name), entry),
        ]
    }

    // MARK: Core

    /// The descriptor's own name inside `enum Screens`: `Pantry`.
    public var descriptorName: String { name }

    /// The descriptor as every other module writes it: `Screens.Pantry`.
    public var descriptorType: String { "\(Conventions.screensNamespace).\(descriptorName)" }

    /// The screen's case in `ScreenKind` when it is one of the app's own (`Screens.swift`): `pantry`.
    public var kindCase: String { forms.lowerCamel }

    /// The descriptor, one line for the body of its part's namespace (`enum ScreensPart01`, without
    /// indentation): its tag, which is its kind and builds it through the part's slot (ScreenRegistry):
    /// the resolver's builder of it, or a placeholder, and its name for the generic descriptor of that
    /// tag (`ScreenTag` says why not a struct). Its link path is its name in kebab case
    /// (`DeepLinks.kebabCase`, `forms.kebab` here).
    func descriptor(part: ScreensParts.Part) -> String {
        "public enum \(tagName): ScreenTag { "
            + "public static func build(_ descriptor: \(descriptorName), with resolver: any Resolver, in environment: any Environment) -> any Screen { "
            + "switch resolver.\(part.slot) { case .builders(let builders): builders.\(builderName)(descriptor, in: environment); "
            + "case .placeholders(let placeholders): placeholders.placeholder(for: descriptor, in: environment) } } }; "
            + "public typealias \(descriptorName) = TaggedScreenDescriptor<\(tagName)>"
    }

    /// The screen's tag in its part: `PantryTag`.
    public var tagName: String { "\(descriptorName)\(Conventions.screenTagSuffix)" }

    /// The requirement in the part's `Builders`, without indentation: named after the descriptor,
    /// not an overload of one `build`, since the compiler weighs every overload of a name at every
    /// call and in every conformance (a thousand screens made Core's and CoreTesting's builds minutes).
    public var requirement: String {
        "@MainActor func \(builderName)(_ descriptor: \(descriptorName), in environment: any Environment) -> any Screen"
    }

    /// The name every other module writes, `Screens.Pantry`, for the part's type.
    func name(part: ScreensParts.Part) -> String {
        "public typealias \(descriptorName) = \(part.namespace).\(descriptorName)"
    }

    /// The builder as a resolver in another module declares it: `buildPantry(_ descriptor: Screens.Pantry, …)`.
    public var resolverBuilder: String {
        "@MainActor func \(builderName)(_ descriptor: \(descriptorType), in environment: any Environment) -> any Screen"
    }

    /// The requirement's name: `buildPantry`.
    public var builderName: String { "build\(descriptorName)" }

    // MARK: Feature

    var feature: String {
        #"""
        import Core

        /// The feature's doors: the one way in (the app's resolver and the sandbox build the screen here)
        /// and the way out (a recipe's details, by its descriptor; the coordinator resolves it and decides
        /// where it appears). This is the feature's one file that names `Screens`, which gains a member
        /// whenever a screen is added anywhere: such a change recompiles this file alone.
        public enum \#(name)Feature {
            @MainActor
            public static func makeScreen(_ descriptor: \#(descriptorType), environment: any Environment) -> any Screen {
                \#(name)Screen(viewModel: \#(name)ViewModel(environment: environment))
            }

            static func recipeDetails(_ id: Recipe.ID) -> Navigation {
                .show(Screens.RecipeDetails(recipeID: id))
            }
        }

        """#
    }

    var screen: String {
        #"""
        import Core

        /// The screen as runners see it: content from the translator (see `TranslatedScreen`), events to the view model.
        @MainActor
        final class \#(name)Screen: TranslatedScreen {
            let viewModel: \#(name)ViewModel
            let translator = \#(name)Translator()

            init(viewModel: \#(name)ViewModel) {
                self.viewModel = viewModel
            }

            func appear() async {
                await viewModel.appear()
            }

            func handle(_ event: ScreenEvent<\#(name)Row>) async -> Navigation? {
                switch event {
                case .activate(.recipe(let id)):
                    return viewModel.open(id)
                case .retry:
                    await viewModel.load()
                default:
                    break
                }
                return nil
            }
        }

        /// The screen's rows, which its events name: one per recipe.
        enum \#(name)Row: Hashable, Sendable {
            case recipe(Recipe.ID)
        }

        """#
    }

    var viewModel: String {
        #"""
        import Core

        /// The \#(forms.title) screen's logic: load the recipes, open one. Its side effects (the
        /// service call, the logs) go through the environment.
        @MainActor
        final class \#(name)ViewModel: ScreenViewModel {
            private(set) var state = \#(name)State() {
                didSet { onChange?() }
            }
            var onChange: (@MainActor () -> Void)?

            private let environment: any Environment

            init(environment: any Environment) {
                self.environment = environment
            }

            /// Logs the page view each time; loads only until it has loaded once.
            func appear() async {
                environment.pageViewLogger.log(PageView("\#(forms.snake)"))
                if case .loaded = state.phase { return }
                await load()
            }

            /// What the screen lists: for a start, the feed's popular recipes.
            func load() async {
                state.phase = .loading
                do {
                    state.phase = .loaded(try await environment.client.feed().popular)
                } catch {
                    state.phase = .failed(ScreenFailure(error, whileTrying: "load the recipes"))
                }
            }

            func open(_ id: Recipe.ID) -> Navigation {
                environment.activityLogger.log(
                    ActivityEvent("open_recipe", payload: ["recipe_id": String(id), "source": "\#(forms.snake)"]))
                return \#(name)Feature.recipeDetails(id)
            }
        }

        """#
    }

    var translator: String {
        #"""
        import Core

        /// State to content: one link per recipe, or the loading, failed and empty states.
        struct \#(name)Translator: Translator {
            static let title = "\#(forms.title)"

            func translate(_ state: \#(name)State) -> ScreenContent<\#(name)Row> {
                switch state.phase {
                case .loading:
                    return ScreenContent(title: Self.title, status: .loading("Loading recipes…"))
                case .failed(let failure):
                    return ScreenContent(title: Self.title, status: .failed(failure))
                case .loaded(let recipes) where recipes.isEmpty:
                    return ScreenContent(title: Self.title, status: .empty("No recipes yet. Check back soon."))
                case .loaded(let recipes):
                    let rows = recipes.map { recipe in
                        ScreenRow<\#(name)Row>(
                            id: .recipe(recipe.id),
                            .link(title: recipe.title, subtitle: recipe.author.name),
                            detail: "\(recipe.cookingMinutes) min"
                        )
                    }
                    return ScreenContent(title: Self.title, sections: [ScreenSection(id: "recipes", title: "Popular recipes", rows: rows)])
                }
            }
        }

        """#
    }

    var state: String {
        #"""
        import Core

        /// Everything the \#(forms.title) screen knows. The translator turns it into content.
        struct \#(name)State: Equatable {
            enum Phase: Equatable {
                case loading
                case loaded([Recipe])
                case failed(ScreenFailure)
            }

            var phase = Phase.loading
        }

        """#
    }

    // MARK: Tests and sandbox

    var tests: String {
        #"""
        import Core
        import CoreTesting
        import Testing

        @testable import \#(name)

        @MainActor
        @Suite("\#(forms.title) screen")
        struct \#(name)ScreenTests {
            let environment = StubEnvironment()
            var recorder: Recorder { environment.recorder }

            /// The screen through the feature's door, seen with its rows' type, as the feature's tests know it.
            func makeScreen(in environment: StubEnvironment? = nil) -> any Screen<\#(name)Row> {
                \#(name)Feature.makeScreen(\#(descriptorType)(), environment: environment ?? self.environment) as! any Screen<\#(name)Row>
            }

            func appearedScreen(in environment: StubEnvironment? = nil) async -> any Screen<\#(name)Row> {
                let screen = makeScreen(in: environment)
                await screen.appear()
                return screen
            }

            /// What the stub service's feed calls popular: what the screen lists.
            func popularRecipes() async throws -> [Recipe] {
                try await StubRecipeClient().feed().popular
            }

            @Test func beforeAppearingTheScreenSaysItIsLoading() {
                let screen = makeScreen()

                #expect(screen.content.title == "\#(forms.title)")
                #expect(screen.content.status == .loading("Loading recipes…"))
                #expect(recorder.pageViews.isEmpty)
                #expect(recorder.clientCalls.isEmpty)
            }

            @Test func appearLogsThePageViewAndListsThePopularRecipes() async throws {
                let screen = await appearedScreen()
                let popular = try await popularRecipes()

                #expect(recorder.pageViews == [PageView("\#(forms.snake)")])
                #expect(recorder.clientCalls == [.feed])
                #expect(screen.content.status == .ready)
                #expect(!popular.isEmpty)
                #expect(screen.content.numberedRows.map(\.label) == popular.map(\.title))
                #expect(screen.content.numberedRows.map(\.id) == popular.map { .recipe($0.id) })
            }

            @Test func appearingAgainLogsAnotherPageViewWithoutReloading() async {
                let screen = await appearedScreen()
                await screen.appear()

                #expect(recorder.pageViews == [PageView("\#(forms.snake)"), PageView("\#(forms.snake)")])
                #expect(recorder.clientCalls == [.feed])
            }

            @Test func selectingARecipeShowsItsDetails() async throws {
                let screen = await appearedScreen()
                let first = try #require(try await popularRecipes().first)

                let navigation = await screen.handle(.activate(row: .recipe(first.id)))

                #expect(navigation?.descriptor as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: first.id))
                #expect(
                    recorder.events == [ActivityEvent("open_recipe", payload: ["recipe_id": String(first.id), "source": "\#(forms.snake)"])])
            }

            @Test func eventsThatOpenNothingDoNothing() async {
                let screen = await appearedScreen()

                #expect(await screen.handle(.toggle(row: .recipe(1))) == nil)
                #expect(await screen.handle(.delete(row: .recipe(1))) == nil)
                #expect(recorder.events.isEmpty)
            }

            @Test func aFailingServiceShowsARetryableFailure() async {
                let environment = StubEnvironment(scenario: .failure)
                let screen = await appearedScreen(in: environment)

                guard case .failed(let failure) = screen.content.status else {
                    Issue.record("expected a failed status, got \(screen.content.status)")
                    return
                }
                #expect(failure.canRetry)
                #expect(failure.message.hasPrefix("Couldn't load the recipes"))
                #expect(screen.content.plainText().contains("(retry to try again)"))

                _ = await screen.handle(.retry)
                #expect(environment.recorder.clientCalls == [.feed, .feed])
            }

            @Test func anEmptyServiceSaysSo() async {
                let screen = await appearedScreen(in: StubEnvironment(scenario: .empty))

                #expect(screen.content.status == .empty("No recipes yet. Check back soon."))
                #expect(screen.content.numberedRows.isEmpty)
            }

            @Test func theDescriptorOpensFromItsDeepLink() throws {
                let link = DeepLinks.link(for: \#(descriptorType)())

                #expect(link == "\(DeepLinks.scheme)://\#(forms.kebab)")
                #expect(try DeepLinks.descriptor(from: link) as? \#(descriptorType) == \#(descriptorType)())
            }
        }

        """#
    }

    /// How the app builds the feature's screens: `enum PantryEntry`, in its part's module of entries.
    public var entryName: String { Conventions.entry(of: name) }

    var entry: String {
        #"""
        import Core
        internal import \#(name)

        /// How the app builds the screens of \#(name): the only file on the app's side that imports the
        /// feature (docs/architecture.md, "Entries"). Its interface names Core's types only, so an edit
        /// inside the feature recompiles this one file, and the app, which imports the entries' modules and
        /// no feature, is not compiled again.
        public enum \#(entryName) {
            @MainActor public static func makeScreen(_ descriptor: \#(descriptorType), environment: any Environment) -> any Screen {
                \#(name)Feature.makeScreen(descriptor, environment: environment)
            }
        }

        """#
    }

    var sandbox: String {
        #"""
        import Core
        import CoreTesting
        import \#(name)
        import SandboxSupport

        // \#(name) alone, on fixtures; every other feature's screen is a labelled placeholder.
        let status = await Sandbox.main(
            feature: "\#(name)",
            link: { $0.register(\#(descriptorType).self, \#(name)Feature.makeScreen) },
            root: \#(descriptorType)()
        )
        Sandbox.exit(status)

        """#
    }
}
