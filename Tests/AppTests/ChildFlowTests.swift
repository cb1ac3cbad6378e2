import Core
import CoreTesting
import Foundation
import TerminalRunner
import Testing

@testable import App

/// A second kind of child flow, beside the ingredient chooser: it shows About on its parent's
/// stack and finishes with whatever its screen asks (here, the test). Its parent knows it only as
/// a `FlowCoordinator`.
@MainActor
private final class AboutFlow: FlowCoordinator {
    let navigator: StackNavigator
    private(set) var baseDepth: Int
    var onFinish: (@MainActor (FlowResult) async -> Void)?

    init(navigator: StackNavigator) {
        self.navigator = navigator
        baseDepth = navigator.depth
    }

    func start() async {
        baseDepth = navigator.depth
        await navigator.show(Screens.About())
    }

    func navigate(_ navigation: Navigation) async {
        guard case .finish(let result) = navigation else { return await navigator.perform(navigation) }
        navigator.close(toDepth: baseDepth)
        let onFinish = self.onFinish
        self.onFinish = nil
        await onFinish?(result)
    }
}

/// A screen that keeps every flow result it is handed.
@MainActor
private final class ResultTakingScreen: Screen {
    var onChange: (@MainActor () -> Void)?
    private(set) var results: [FlowResult] = []
    var content: ScreenContent<Never> { ScreenContent(title: "Asks") }

    func appear() async {}

    func handle(_ event: ScreenEvent<Never>) async -> Navigation? {
        if case .flowFinished(let result) = event { results.append(result) }
        return nil
    }
}

/// Any child coordinator finishes with a result its parent receives: the parent starts, routes
/// and ends flows by the protocol alone, with no check of a concrete coordinator.
@MainActor
@Suite("Child flows of any kind")
struct ChildFlowTests {
    let environment = StubEnvironment()
    private let asker = ResultTakingScreen()
    let rice = FlowResult.ingredients(recipeID: 1, [Ingredient(name: "rice", quantity: 2, unit: .cup)])

    /// The Feed tab's coordinator alone as parent, with the asking screen on top of the feed.
    func parent() async -> FeedCoordinator {
        environment.stubResolver.register(Screens.RecipeDetails.self) { [asker] _, _ in asker }
        let features = AppResolver(
            exportDirectory: FileManager.default.temporaryDirectory,
            about: LegacyAboutPage.Facts(version: "test", dataDirectory: "/tmp", recipeSource: "fixtures"))
        environment.stubResolver.register(Screens.ChooseIngredients.self) { descriptor, environment in
            features.buildChooseIngredients(descriptor, in: environment)
        }
        let parent = FeedCoordinator(environment: environment)
        await parent.navigator.start()
        await parent.showRecipe(1)
        return parent
    }

    @Test func aSecondKindOfFlowFinishesWithAResultItsParentHandsToTheScreenThatAsked() async {
        let parent = await parent()
        let flow = AboutFlow(navigator: parent.navigator)

        await parent.startFlow(flow)

        #expect(parent.navigator.descriptorPath.last == "Screens.About()")
        #expect(parent.activeFlow === flow)
        await flow.navigate(.finish(rice))

        #expect(asker.results == [rice])
        #expect(parent.childCoordinators.isEmpty)
        #expect(parent.navigator.descriptorPath == ["Screens.Feed()", "Screens.RecipeDetails(recipeID: 1)"])
    }

    @Test func flowsOfTwoKindsNestTheNewestIsActiveAndEachAnswersTheScreenThatStartedIt() async throws {
        let parent = await parent()
        await parent.chooseIngredients(Screens.ChooseIngredients(recipeID: 1))
        let chooser = try #require(parent.activeFlow)
        let about = AboutFlow(navigator: parent.navigator)
        await parent.startFlow(about)

        #expect(parent.childCoordinators.count == 2)
        #expect(parent.activeFlow === about)
        await about.navigate(.finish(.cancelled))
        // The chooser's screen got the inner flow's result; the asker has nothing yet.
        #expect(asker.results.isEmpty)
        #expect(parent.activeFlow === chooser)
        #expect(parent.navigator.descriptorPath.last == "Screens.ChooseIngredients(recipeID: 1)")

        await chooser.navigate(.finish(rice))

        #expect(asker.results == [rice])
        #expect(parent.childCoordinators.isEmpty)
    }

    @Test func goingBackPastAFlowsScreensEndsItWithNothing() async {
        let parent = await parent()
        let flow = AboutFlow(navigator: parent.navigator)
        await parent.startFlow(flow)

        await parent.navigator.pop()

        #expect(parent.childCoordinators.isEmpty)
        #expect(parent.activeFlow == nil)
        #expect(asker.results.isEmpty)
    }
}
