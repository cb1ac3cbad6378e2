import Core
import Testing

@Suite("Navigation")
@MainActor
struct NavigationTests {
    @Test("a navigation's descriptor is the one .show carries, and nil otherwise")
    func navigationDescriptor() {
        #expect(Navigation.show(Screens.About()).descriptor?.description == "Screens.About()")
        #expect(Navigation.pop.descriptor == nil)
        #expect(Navigation.finish(.cancelled).descriptor == nil)
    }
}
