import Foundation

/// Runs blocking work (a build, a browser) on a thread of its own and waits for it as a task, so
/// the test does not hold one of Swift's cooperative threads, of which a machine of two cores has
/// two for every test running in parallel.
func onItsOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
