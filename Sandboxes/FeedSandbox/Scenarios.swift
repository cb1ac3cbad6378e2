import CoreTesting

// The feed's own scenarios, offered after the shared ones (`--scenario new-user`).
extension Scenario {
    /// The first launch: the service has its recipes, the user has saved nothing yet.
    static let newUser = Scenario("new-user", "first launch: fixture recipes, nothing saved yet")
}
