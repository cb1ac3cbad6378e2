import Core

/// Records what a feature did through the stub environment: page views, activity events,
/// service calls and resolved descriptors, in order. Tests assert on it.
public final class Recorder: PageViewLogger, ActivityLogger, Sendable {
    /// A call a feature made to the recipe service.
    public enum ClientCall: Hashable, Sendable {
        case search(Query<Recipe>, sort: [Sort<Recipe>], page: PageRequest)
        case recipe(id: Recipe.ID)
        case feed
    }

    private struct Log {
        var pageViews: [PageView] = []
        var events: [ActivityEvent] = []
        var clientCalls: [ClientCall] = []
        var resolved: [any Descriptor] = []
    }

    private let log = Locked(Log())

    public init() {}

    public func log(_ pageView: PageView) { log.withLock { $0.pageViews.append(pageView) } }
    public func log(_ event: ActivityEvent) { log.withLock { $0.events.append(event) } }
    public func record(_ call: ClientCall) { log.withLock { $0.clientCalls.append(call) } }
    public func record(resolved descriptor: any Descriptor) { log.withLock { $0.resolved.append(descriptor) } }

    public var pageViews: [PageView] { log.withLock { $0.pageViews } }
    public var events: [ActivityEvent] { log.withLock { $0.events } }
    public var clientCalls: [ClientCall] { log.withLock { $0.clientCalls } }
    /// Every descriptor resolved, described as `Type(field: value)`.
    public var resolvedDescriptions: [String] { log.withLock { $0.resolved.map { String(describing: $0) } } }

    /// The resolved descriptors of one type, in order.
    public func resolved<D: Descriptor>(_ type: D.Type) -> [D] {
        log.withLock { $0.resolved.compactMap { $0 as? D } }
    }
}
