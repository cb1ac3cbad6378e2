import Foundation

extension Focus {
    /// The compiler driver of the focus's builds that ask for the driver's remarks (`FilteredDriver`).
    public var filteredDriver: FilteredDriver { FilteredDriver(folder: folder + "/driver") }

    /// `SWIFT_EXEC=<filteredDriver>` for `swift SWIFTARGUMENTS` run in `environment`, or nothing:
    /// on Linux, when the command asks for the driver's remarks, the caller names no compiler of
    /// its own and the driver is in place (`preparingDriver`). Every command that builds in a
    /// folder names the same one, so switching between `run` and `test` keeps SwiftPM's plan.
    func driverVariable(_ swiftArguments: [String], environment: [String: String]) -> [String] {
        #if os(Linux)
            guard swiftArguments.contains(Self.driverRemarks[1]), environment["SWIFT_EXEC"] == nil,
                FileManager.default.isExecutableFile(atPath: filteredDriver.program)
            else { return [] }
            return ["SWIFT_EXEC=" + filteredDriver.program]
        #else
            return []
        #endif
    }

    /// `lock`, once the driver that builds of `targets` name is in place (unlocked if it cannot be
    /// made). A toolchain not laid out as `usr/bin/swiftc` beside `usr/lib` gets none: its builds
    /// run the driver as SwiftPM finds it.
    func preparingDriver(for targets: Set<String>, held lock: FileLock) throws -> FileLock {
        #if os(Linux)
            let environment = ProcessInfo.processInfo.environment
            guard !driverRemarks(for: targets).isEmpty, environment["SWIFT_EXEC"] == nil else { return lock }
            guard let bin = toolchainPrograms, FileManager.default.isExecutableFile(atPath: bin + "/swiftc"),
                FileManager.default.fileExists(atPath: bin + "/../lib")
            else {
                try? FileManager.default.removeItem(atPath: filteredDriver.folder)
                return lock
            }
            do {
                try filteredDriver.prepare(toolchainBin: bin)
            } catch {
                lock.unlock()
                throw error
            }
        #endif
        return lock
    }
}
