/// The files of a new feature, in the shape of the existing ones (see `Features/Favorites`):
/// a working screen that lists the feed's popular recipes through `environment.client`, logs
/// its page view, opens a recipe's details by its descriptor and shows loading,
/// failed (with retry) and empty states; its tests, its sandbox and its descriptor.
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
            ("\(folder)/\(name)Interactor.swift", interactor),
            ("\(folder)/\(name)Translator.swift", translator),
            ("\(folder)/\(name)Router.swift", router),
            ("\(folder)/\(name)State.swift", state),
            ("Tests/\(Conventions.testTarget(of: name))/\(name)ScreenTests.swift", tests),
            ("Sandboxes/\(Conventions.sandbox(of: name))/main.swift", sandbox),
        ]
    }

    // MARK: Core

    /// The descriptor's own name inside `enum Screens`: `Pantry`.
    public var descriptorName: String { name }

    /// The descriptor as every other module writes it: `Screens.Pantry`.
    public var descriptorType: String { "\(Conventions.screensNamespace).\(descriptorName)" }

    /// The screen's case in `enum ScreenKind`: `pantry`.
    public var kindCase: String { forms.lowerCamel }

    /// The descriptor, for the body of `enum Screens` in Core (without indentation): a member
    /// of an existing type, so adding it recompiles no feature that does not name a screen.
    public var descriptor: String {
        #"""
        /// The \#(forms.title) screen (made by `workspace new-feature`).
        public struct \#(descriptorName): PlainScreenDescriptor {
            public static let kind = ScreenKind.\#(kindCase)
            public static let linkPath = "\#(forms.kebab)"

            public init() {}

            public func resolve(with resolver: any Resolver, in environment: any Environment) -> any Screen {
                resolver.build\#(descriptorName)(self, in: environment)
            }
        }
        """#
    }

    /// The `Resolver` requirement, without indentation: named after the descriptor, not an
    /// overload of one `build`, since the compiler weighs every overload of a name at every call
    /// and in every conformance (a thousand screens made Core's and CoreTesting's builds minutes).
    public var requirement: String {
        "@MainActor func \(builderName)(_ descriptor: \(descriptorType), in environment: any Environment) -> any Screen"
    }

    /// The requirement's name: `buildPantry`.
    public var builderName: String { "build\(descriptorName)" }

    // MARK: Feature

    var feature: String {
        #"""
        import Core

        /// The feature's one public door: the app's resolver and the sandbox build the screen here.
        public enum \#(name)Feature {
            @MainActor
            public static func makeScreen(_ descriptor: \#(descriptorType), environment: any Environment) -> any Screen {
                \#(name)Screen(
                    viewModel: \#(name)ViewModel(
                        interactor: \#(name)Interactor(environment: environment),
                        router: \#(name)Router()
                    )
                )
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

            func handle(_ event: ScreenEvent) async -> Navigation? {
                switch event {
                case .activate(let row):
                    return \#(name)Row.recipeID(in: row).map(viewModel.open)
                case .retry:
                    await viewModel.load()
                default:
                    break
                }
                return nil
            }
        }

        """#
    }

    var viewModel: String {
        #"""
        import Core

        /// The \#(forms.title) screen's logic: load the recipes, open one.
        @MainActor
        final class \#(name)ViewModel: ScreenViewModel {
            private(set) var state = \#(name)State() {
                didSet { onChange?() }
            }
            var onChange: (@MainActor () -> Void)?

            private let interactor: \#(name)Interactor
            private let router: \#(name)Router

            init(interactor: \#(name)Interactor, router: \#(name)Router) {
                self.interactor = interactor
                self.router = router
            }

            /// Logs the page view each time; loads only until it has loaded once.
            func appear() async {
                interactor.logPageView()
                if case .loaded = state.phase { return }
                await load()
            }

            func load() async {
                state.phase = .loading
                do {
                    state.phase = .loaded(try await interactor.recipes())
                } catch {
                    state.phase = .failed(ScreenFailure(error, whileTrying: "load the recipes"))
                }
            }

            func open(_ id: Recipe.ID) -> Navigation {
                interactor.logOpen(id)
                return router.recipeDetails(id)
            }
        }

        """#
    }

    var interactor: String {
        #"""
        import Core

        /// Every side effect of the \#(forms.title) screen, all through the environment.
        struct \#(name)Interactor {
            let environment: any Environment

            /// What the screen lists: for a start, the feed's popular recipes.
            func recipes() async throws -> [Recipe] {
                try await environment.client.feed().popular
            }

            func logPageView() {
                environment.pageViewLogger.log(PageView("\#(forms.snake)"))
            }

            func logOpen(_ id: Recipe.ID) {
                environment.activityLogger.log(ActivityEvent("open_recipe", payload: ["recipe_id": String(id), "source": "\#(forms.snake)"]))
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

            func translate(_ state: \#(name)State) -> ScreenContent {
                switch state.phase {
                case .loading:
                    return ScreenContent(title: Self.title, status: .loading("Loading recipes…"))
                case .failed(let failure):
                    return ScreenContent(title: Self.title, status: .failed(failure))
                case .loaded(let recipes) where recipes.isEmpty:
                    return ScreenContent(title: Self.title, status: .empty("No recipes yet. Check back soon."))
                case .loaded(let recipes):
                    let rows = recipes.map { recipe in
                        ScreenRow(
                            id: \#(name)Row.recipe(recipe.id),
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

    var router: String {
        #"""
        import Core

        /// Where the \#(forms.title) screen can go: other features' screens, named by their descriptors.
        /// The coordinator resolves each one (`environment.resolve`) and decides where it appears.
        @MainActor
        struct \#(name)Router {
            func recipeDetails(_ id: Recipe.ID) -> Navigation {
                .show(Screens.RecipeDetails(recipeID: id))
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

        /// Row ids: the screen's events name rows by these.
        enum \#(name)Row {
            static let recipePrefix = "recipe-"

            static func recipe(_ id: Recipe.ID) -> String { recipePrefix + String(id) }

            static func recipeID(in row: String) -> Recipe.ID? {
                row.hasPrefix(recipePrefix) ? Recipe.ID(row.dropFirst(recipePrefix.count)) : nil
            }
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

            func makeScreen(in environment: StubEnvironment? = nil) -> any Screen {
                \#(name)Feature.makeScreen(\#(descriptorType)(), environment: environment ?? self.environment)
            }

            func appearedScreen(in environment: StubEnvironment? = nil) async -> any Screen {
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
                #expect(screen.content.numberedRows.map(\.id) == popular.map { \#(name)Row.recipe($0.id) })
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

                let navigation = await screen.handle(.activate(row: \#(name)Row.recipe(first.id)))

                #expect(navigation?.descriptor as? Screens.RecipeDetails == Screens.RecipeDetails(recipeID: first.id))
                #expect(
                    recorder.events == [ActivityEvent("open_recipe", payload: ["recipe_id": String(first.id), "source": "\#(forms.snake)"])])
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
