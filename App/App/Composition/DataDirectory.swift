#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the app keeps the user's data: `$XDG_DATA_HOME/cookbook` (else
/// `~/.local/share/cookbook`) on Linux, `~/Library/Application Support/Cookbook` on macOS;
/// `--data-dir DIR` overrides it.
struct DataDirectory: Equatable {
    let url: URL

    var logFile: URL { url.appendingPathComponent("logs/events.jsonl") }
    var exports: URL { url.appendingPathComponent("exports", isDirectory: true) }

    static func resolve(override: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> DataDirectory {
        if let override {
            return DataDirectory(url: URL(fileURLWithPath: override, isDirectory: true).standardizedFileURL)
        }
        #if os(macOS)
            let base =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Application Support")
            return DataDirectory(url: base.appendingPathComponent("Cookbook", isDirectory: true))
        #else
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
                return DataDirectory(
                    url: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("cookbook", isDirectory: true))
            }
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            return DataDirectory(
                url: URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/cookbook", isDirectory: true))
        #endif
    }
}
