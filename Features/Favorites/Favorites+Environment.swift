import Core

/// The favorites' one change: it changes the store, then logs what it did, so the activity log
/// never tells of a removal that did not happen. Reading the favorites is a direct call on the
/// environment in the view model.
extension Environment {
    /// Removes the favorite; false when there was none (another program or screen removed it
    /// first), and then nothing is logged.
    func removeFavorite(_ id: Recipe.ID) async throws -> Bool {
        guard try await favorites.delete(id: id) else { return false }
        activityLogger.log(ActivityEvent("favorite_remove", payload: ["recipe_id": String(id), "source": "favorites"]))
        return true
    }
}
