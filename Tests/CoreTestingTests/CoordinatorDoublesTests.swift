import Core
import CoreTesting
import Testing

@MainActor
@Suite("Coordinator doubles")
struct CoordinatorDoublesTests {
    let environment = StubEnvironment()

    @Test("the recording stack resolves through its environment, logs what was done and keeps its root")
    func recordingStack() async {
        let stack = RecordingScreenStack(environment: environment, root: Screens.Feed())

        await stack.show(Screens.RecipeDetails(recipeID: 1))
        await stack.show(Screens.About())
        stack.close(toDepth: 2)
        await stack.pop()
        await stack.pop()

        #expect(stack.changes == [.show("Screens.RecipeDetails(recipeID: 1)"), .show("Screens.About()"), .close(toDepth: 2), .pop, .pop])
        #expect(stack.path == ["Screens.Feed()"])
        #expect(environment.recorder.resolved(Screens.RecipeDetails.self) == [Screens.RecipeDetails(recipeID: 1)])
        #expect(stack.topScreen?.content.title == "Placeholder")
    }

    @Test("the recording coordinator logs each request, carries it out on its stack and hears of removals")
    func recordingCoordinator() async {
        let coordinator = RecordingCoordinator(environment: environment, root: Screens.Favorites())
        await coordinator.start()

        await coordinator.navigate(.show(Screens.RecipeDetails(recipeID: 4)))
        await coordinator.navigate(.show(Screens.ChooseIngredients(recipeID: 4)))
        await coordinator.navigate(.finish(.cancelled))
        await coordinator.navigate(.pop)

        #expect(coordinator.startCount == 1)
        #expect(
            coordinator.requests == [
                .show("Screens.RecipeDetails(recipeID: 4)"), .show("Screens.ChooseIngredients(recipeID: 4)"), .finish(.cancelled), .pop,
            ])
        #expect(coordinator.navigator.path == ["Screens.Favorites()"])
        #expect(coordinator.removals == [2, 1])
    }
}
