import Core

/// The search feature's store operations that the search screen and the kitchen preferences
/// screen share, or that change a store and log it. A one-call use (a search, a page view) is a
/// direct call on the environment in the view model.
extension Environment {
    /// The saved kitchen preferences, by item key: what the search filters start at.
    func savedKitchenPreferences() async throws -> [String: String] {
        let preferences = try await kitchenPreferences.findAll()
        return Dictionary(preferences.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Saves one preference (nil removes it), then logs it as `description` says its value.
    func saveKitchenPreference(key: String, value: String?, description: String) async throws {
        if let value {
            try await kitchenPreferences.save(KitchenPreference(key: key, value: value))
        } else {
            try await kitchenPreferences.delete(id: key)
        }
        activityLogger.log(ActivityEvent("preference", payload: ["preference": key, "value": description]))
    }

    /// Removes the preferences of `keys`, then logs how many.
    func resetKitchenPreferences(keys: [String]) async throws {
        try await kitchenPreferences.delete(ids: keys)
        activityLogger.log(ActivityEvent("preferences_reset", payload: ["count": String(keys.count)]))
    }
}
