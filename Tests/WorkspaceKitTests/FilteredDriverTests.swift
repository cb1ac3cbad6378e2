#if os(Linux)
    import Foundation
    import Testing
    import WorkspaceBase

    /// The compiler driver the focus's builds run on Linux: the toolchain's own, its remarks on
    /// declarations without a fingerprint left out of what SwiftPM reads.
    @Suite("the focus's compiler driver")
    struct FilteredDriverTests {
        let disk: FocusOnDisk
        /// A toolchain of scripts: `usr/bin/swiftc` says what it was given and prints remarks.
        let toolchainBin: String

        init() throws {
            disk = try FocusOnDisk()
            toolchainBin = try Self.makeToolchain(in: disk.root.appendingPathComponent("toolchain").path)
        }

        static func makeToolchain(in root: String, status: Int32 = 3) throws -> String {
            let bin = root + "/usr/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/usr/lib", withIntermediateDirectories: true)
            try "an index-store library".write(toFile: root + "/usr/lib/libIndexStore.so", atomically: true, encoding: .utf8)
            let driver = """
                #!/bin/sh
                echo "stdout: $# arguments, the first: $1"
                echo "remark: Incremental compilation: Read dependency graph '/b/Feed.build/primary.priors'" >&2
                echo "\(FilteredDriver.droppedRemark)interface of member 'Pantry' of '4Core7ScreensO' in Modules" >&2
                echo "Sources/Feed/A.swift:3:1: error: cannot find 'x' in scope" >&2
                exit \(status)

                """
            // Written as the filtered driver writes its script: a program another test's child holds
            // open for writing cannot start.
            for name in ["swiftc", "swift", "swift-frontend"] { try FilteredDriver.writeProgram(driver, to: "\(bin)/\(name)") }
            return bin
        }

        @Test("its folder is shaped like the toolchain: the script as usr/bin/swiftc, links to every other file and folder")
        func theFolderIsShapedLikeTheToolchain() throws {
            let driver = disk.focus.filteredDriver
            let files = FileManager.default
            try files.createDirectory(atPath: driver.folder + ".making-1", withIntermediateDirectories: true)
            try driver.prepare(toolchainBin: toolchainBin)
            #expect(driver.program == disk.focus.folder + "/driver/usr/bin/swiftc")
            #expect(try String(contentsOfFile: driver.program, encoding: .utf8).contains("'\(toolchainBin)/swiftc' \"$@\""))
            #expect(files.isExecutableFile(atPath: driver.program))
            #expect(try files.destinationOfSymbolicLink(atPath: driver.folder + "/usr/bin/swift") == toolchainBin + "/swift")
            #expect(
                try files.destinationOfSymbolicLink(atPath: driver.folder + "/usr/bin/swift-frontend") == toolchainBin + "/swift-frontend")
            // Where SwiftPM looks for the library test discovery loads.
            #expect(files.fileExists(atPath: driver.folder + "/usr/lib/libIndexStore.so"))
            #expect(
                try files.contentsOfDirectory(atPath: disk.focus.folder) == ["driver"],
                "a half-made folder left by a stopped command is gone")
        }

        @Test("the script passes the arguments and the status on, and leaves out only the fingerprint remarks")
        func theScriptDropsOnlyTheFingerprintRemarks() throws {
            let driver = disk.focus.filteredDriver
            try driver.prepare(toolchainBin: toolchainBin)
            // `timeout`: a script that hangs fails this test in words instead of stopping the run.
            let result = try ProcessRunner().capture(
                "timeout", ["60", driver.program, "-module-name Feed", "-driver-show-incremental"], in: disk.root.path)
            #expect(result.status != 124, "the driver's script did not finish within 60 s")
            #expect(result.status == 3)
            #expect(result.output == "stdout: 2 arguments, the first: -module-name Feed\n")
            #expect(
                result.errorOutput == """
                    remark: Incremental compilation: Read dependency graph '/b/Feed.build/primary.priors'
                    Sources/Feed/A.swift:3:1: error: cannot find 'x' in scope

                    """)
        }

        @Test("it is made again for another toolchain, and left as it is for the same one")
        func itFollowsTheToolchain() throws {
            let driver = disk.focus.filteredDriver
            try driver.prepare(toolchainBin: toolchainBin)
            let made = try FileManager.default.attributesOfItem(atPath: driver.program)[.modificationDate] as? Date
            Thread.sleep(forTimeInterval: 0.01)
            try driver.prepare(toolchainBin: toolchainBin)
            #expect(try FileManager.default.attributesOfItem(atPath: driver.program)[.modificationDate] as? Date == made)

            let other = try Self.makeToolchain(in: disk.root.appendingPathComponent("other toolchain").path, status: 0)
            try driver.prepare(toolchainBin: other)
            #expect(try String(contentsOfFile: driver.program, encoding: .utf8).contains("'\(other)/swiftc' \"$@\""))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: driver.folder + "/usr/bin/swift") == other + "/swift")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.focus.folder) == ["driver"])
        }

        @Test("a toolchain that cannot be read leaves no folder and says what to do")
        func aMissingToolchainIsAnError() throws {
            let driver = disk.focus.filteredDriver
            #expect {
                try driver.prepare(toolchainBin: disk.root.path + "/no toolchain/usr/bin")
            } throws: { error in
                "\(error)".contains("cannot make the compiler driver's folder") && "\(error)".contains("build again")
            }
            #expect(!FileManager.default.fileExists(atPath: driver.folder))
            #expect((try? FileManager.default.contentsOfDirectory(atPath: disk.focus.folder)) ?? [] == [])
        }

        @Test("builds that ask for the driver's remarks name it in SWIFT_EXEC, unless the caller names a compiler")
        func buildsNameIt() throws {
            let manifest = try Fixtures.manifest()
            let closure = Set(ModuleGraph(manifest: manifest).closure(of: ["FeedSandbox"]))
            let names = manifest.targets.map(\.name).filter(closure.contains).joined(separator: ",")
            // Not there yet: the build runs the driver SwiftPM finds.
            let before = disk.focus.command(["build"] + Focus.driverRemarks, targets: closure, of: manifest)
            #expect(before.arguments.first == "COOKBOOK_FOCUS=" + names)

            try disk.focus.filteredDriver.prepare(toolchainBin: toolchainBin)
            let build = disk.focus.command(
                disk.focus.buildArguments(for: closure), targets: closure, of: manifest, keepingOnlyBuildVariablesOf: ["PATH": "/usr/bin"])
            #expect(
                build.arguments.prefix(4) == [
                    "-i", "PATH=/usr/bin", "SWIFT_EXEC=" + disk.focus.filteredDriver.program, "COOKBOOK_FOCUS=" + names,
                ])
            // A command without the remarks (the app's large closure) has nothing to leave out.
            #expect(!disk.focus.command(["build"], targets: closure, of: manifest).arguments.contains { $0.hasPrefix("SWIFT_EXEC=") })
            let own = disk.focus.command(
                disk.focus.buildArguments(for: closure), targets: closure, of: manifest,
                keepingOnlyBuildVariablesOf: ["PATH": "/usr/bin", "SWIFT_EXEC": "/mine/swiftc"])
            #expect(own.arguments.filter { $0.hasPrefix("SWIFT_EXEC=") } == ["SWIFT_EXEC=/mine/swiftc"])
        }
    }
#endif
