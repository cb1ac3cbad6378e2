import Core

/// The resolver of tests and sandboxes: every descriptor gets a labelled placeholder unless a
/// builder is registered for its type. A sandbox registers its own feature's builders
/// (`resolver.register(Screens.Feed.self, FeedFeature.makeScreen)`); everything else stays a
/// placeholder. Every resolution is recorded.
///
/// Every screen comes from `PlaceholderBuilding`: the app's own screens through the placeholders
/// generated beside `Screens.Builders`, the screens of the parts of `Screens` through each part's
/// slot (`.placeholders(self)`), all of them calling `placeholder(for:in:)`, so a new screen adds
/// nothing here.
/// Registered builders are kept by descriptor type, not in one stored property per descriptor: a
/// thousand properties with closure defaults made this module take 9 s to compile after a screen
/// was added, one-line methods under 3 s.
@MainActor
public final class StubResolver: Resolver, PlaceholderBuilding {
    public typealias Builder<D: Descriptor> = @MainActor @Sendable (D, any Environment) -> D.Output

    /// Registered builders by descriptor type; each is a `Builder<D>` for its key's `D`.
    private var builders: [ObjectIdentifier: Any] = [:]
    let recorder: Recorder

    public nonisolated init(recorder: Recorder) {
        self.recorder = recorder
    }

    /// Builds every `D` with `builder` from now on, instead of a placeholder:
    /// `register(Screens.Feed.self, FeedFeature.makeScreen)`, or
    /// `register(Screens.RecipeDetails.self) { descriptor, environment in … }`.
    public func register<D: Descriptor>(_ type: D.Type, _ builder: @escaping Builder<D>) {
        builders[ObjectIdentifier(D.self)] = builder
    }

    /// Records the resolution, then builds with the builder registered for `D`, else `fallback`.
    private func built<D: Descriptor>(_ descriptor: D, _ environment: any Environment, else fallback: Builder<D>) -> D.Output {
        recorder.record(resolved: descriptor)
        // Only `register` writes here, always a `Builder<D>` under `D`'s key.
        guard let builder = builders[ObjectIdentifier(D.self)] as? Builder<D> else { return fallback(descriptor, environment) }
        return builder(descriptor, environment)
    }

    /// The screen of a part: the builder registered for `D`, else a labelled placeholder.
    public func placeholder<D: ScreenDescriptor>(for descriptor: D, in environment: any Environment) -> any Screen {
        screen(descriptor, environment)
    }

    private func screen<D: ScreenDescriptor>(_ descriptor: D, _ environment: any Environment) -> any Screen {
        built(descriptor, environment) { descriptor, _ in PlaceholderScreen(for: descriptor) }
    }

    public func buildRecipeExport(_ descriptor: RecipeExportDescriptor, in environment: any Environment) -> any RecipeExporter {
        built(descriptor, environment) { descriptor, _ in RecordingExporter(format: descriptor.format) }
    }
}
