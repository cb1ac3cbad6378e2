#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ScreenFailure {
    /// Says in plain words what failed and what to do, from the error's `LocalizedError`
    /// description and recovery suggestion when it has them. Retry is offered unless the
    /// error is a `RetryAwareError` that says retrying cannot help.
    public init(_ error: any Error, whileTrying action: String) {
        let recovery = (error as? any LocalizedError)?.recoverySuggestion
        let canRetry = (error as? any RetryAwareError)?.canRetry ?? true
        self.init(message: "Couldn't \(action): \(error.inWords)", recovery: recovery, canRetry: canRetry)
    }
}

/// An error that knows whether trying again can help: a missing recipe stays missing,
/// a timeout may pass. Errors that do not adopt it are treated as worth retrying.
public protocol RetryAwareError: Error {
    var canRetry: Bool { get }
}
