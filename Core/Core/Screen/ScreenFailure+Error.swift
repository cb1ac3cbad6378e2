import Foundation

extension ScreenFailure {
    /// Says in plain words what failed and what to do, from the error's `LocalizedError`
    /// description and recovery suggestion when it has them.
    public init(_ error: any Error, whileTrying action: String, canRetry: Bool = true) {
        let recovery = (error as? any LocalizedError)?.recoverySuggestion
        self.init(message: "Couldn't \(action): \(error.localizedDescription)", recovery: recovery, canRetry: canRetry)
    }
}
