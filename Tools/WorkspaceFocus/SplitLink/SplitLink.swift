import Foundation
import WorkspaceBase

// The split link is Linux's: SwiftPM links the app everywhere else (docs/macos.md).
#if os(Linux)
    import Dispatch
    import Synchronization

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// Links a program as `SplitLinkPlan` groups it, each unit only when what it is made of changed.
    ///
    /// A unit is linked again when its objects, its command line or the file itself differ from what
    /// its last link recorded: an object compiled again, a file added to a target, or the program
    /// replaced by another command (`swift build` links it whole again, in the same place). A unit is
    /// written under a temporary name and renamed into place, so a failed link leaves the last good
    /// file or none, never half of one; its record is written after it.
    package struct SplitLink {
        let plan: SplitLinkPlan
        /// Where SwiftPM puts the program (`.build/debug`): the libraries go beside it, found through
        /// the `-rpath=$ORIGIN` SwiftPM links it with.
        let programs: String

        package init(plan: SplitLinkPlan, programs: String) {
            self.plan = plan
            self.programs = programs
        }

        /// The folder of the object lists and of the record of the last links: `.build/debug/cookbook.split-link`.
        var folder: String { programs + "/\(plan.program).split-link" }
        var record: String { folder + "/links-done.json" }

        /// The features linked apart from their parts' libraries, oldest first, a name a line.
        var linkedApartRecord: String { folder + "/linked-apart" }
        /// At most this many features are linked apart; a newly edited one sends the oldest back.
        static let mostLinkedApart = 8
        /// A part's library with fewer features than this links about as fast as one feature's
        /// objects, and is not split.
        static let fewestFeaturesToSplit = 4

        /// The units whose file is not what their objects and command would make now, in link order.
        package func outdated() -> [SplitLinkPlan.Unit] { outdated(plan.separating(linkedApart()), after: records.read()) }

        /// The units are stamped on every processor at once: at a thousand features that is 7,000
        /// objects' `lstat`, most of the time between the build and the link.
        private func outdated(_ plan: SplitLinkPlan, after done: [String: Stamps]) -> [SplitLinkPlan.Unit] {
            let units = plan.units
            let current = Mutex<Set<Int>>([])
            DispatchQueue.concurrentPerform(iterations: units.count) { index in
                let unit = units[index]
                guard let last = done[unit.file], let output = FileStatus(path: programs + "/" + unit.file),
                    last == Stamps(inputs: inputs(of: unit), output: output.stamp)
                else { return }
                current.withLock { _ = $0.insert(index) }
            }
            let upToDate = current.withLock { $0 }
            return units.indices.filter { !upToDate.contains($0) }.map { units[$0] }
        }

        /// The wraps whose object is missing or older than the module it wraps, looked at on every
        /// processor at once (a thousand wraps at a thousand features).
        package func outdatedWraps() -> [SplitLinkPlan.Wrap] {
            let wraps = plan.wraps
            let outdated = Mutex<Set<Int>>([])
            DispatchQueue.concurrentPerform(iterations: wraps.count) { index in
                let wrap = wraps[index]
                if let output = FileStatus(path: wrap.output),
                    !wrap.inputs.contains(where: { (FileStatus(path: $0)?.modified ?? .infinity) > output.modified })
                {
                    return
                }
                outdated.withLock { _ = $0.insert(index) }
            }
            let found = outdated.withLock { $0 }
            return wraps.indices.filter(found.contains).map { wraps[$0] }
        }

        /// Wraps the modules and links the units that are outdated, telling `progress` of each
        /// (`[2/3] Linking libcookbook-EntriesPart07.so`), through `runner` (called from several
        /// threads at once). The wraps run side by side; then the base library links, then the
        /// parts' libraries side by side (a change of Core links all twenty), then the program; as
        /// many at once as there are processors. Stops after the first wave with a failed command
        /// and returns its result.
        package func link(runner: any CommandRunning, progress: (String) -> Void) throws -> CommandResult {
            let wraps = outdatedWraps()
            if !wraps.isEmpty {
                let names = wraps.map { URL(fileURLWithPath: $0.output).lastPathComponent }
                progress(
                    "Wrapping \(wraps.count == 1 ? names[0] : "\(wraps.count) modules (\(names[0]), …)") for the debugger")
            }
            let wrapped = Mutex<[Int: CommandResult]>([:])
            let sharedRunner = SharedRunner(runner: runner)
            DispatchQueue.concurrentPerform(iterations: wraps.count) { index in
                let wrap = wraps[index]
                let result: CommandResult
                do {
                    result = try sharedRunner.runner.capture(wrap.arguments[0], Array(wrap.arguments.dropFirst()), in: programs)
                } catch {
                    result = CommandResult(status: 127, errorOutput: "cannot run \(wrap.arguments[0]): \(error)")
                }
                wrapped.withLock { $0[index] = result }
            }
            if let failed = wrapped.withLock({ results in results.keys.sorted().compactMap { results[$0] }.first { !$0.succeeded } }) {
                return failed
            }
            var done = records.read()
            var apart = linkedApart()
            var remaining = outdated(plan.separating(apart), after: done)
            // The feature being edited: from now on its objects link alone, not with its part's fifty.
            let edited = remaining.compactMap(editedAlone)
            if !edited.isEmpty {
                apart = Array((apart.filter { !edited.contains($0) } + edited).suffix(Self.mostLinkedApart))
                // A record that cannot be written only links the feature with its part again.
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try? Data(apart.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: linkedApartRecord), options: .atomic)
                remaining = outdated(plan.separating(apart), after: done)
            }
            guard !remaining.isEmpty else { return CommandResult(status: 0) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let count = remaining.count
            var started = 0
            while !remaining.isEmpty {
                // A unit links once the libraries it links against that are outdated are linked.
                let waiting = Set(remaining.map(\.name))
                let wave = remaining.filter { unit in unit.libraries.allSatisfy { !waiting.contains($0) } }
                guard !wave.isEmpty else { throw CommandError("the split link's libraries link against each other: \(waiting.sorted())") }
                remaining.removeAll { unit in wave.contains { $0.name == unit.name } }
                for unit in wave {
                    started += 1
                    progress("[\(started)/\(count)] Linking \(unit.file) (\(unit.objects.count) objects)")
                    // A failed link must not leave an older success standing for this unit.
                    done[unit.file] = nil
                }
                records.write(done)
                let outcomes = Mutex<[Int: Result<(CommandResult, Stamps?), any Error>]>([:])
                DispatchQueue.concurrentPerform(iterations: wave.count) { index in
                    let outcome = Result { try link(wave[index], runner: sharedRunner.runner) }
                    outcomes.withLock { $0[index] = outcome }
                }
                var failure: CommandResult?
                for (index, unit) in wave.enumerated() {
                    guard let outcome = outcomes.withLock({ $0[index] }) else { continue }
                    let (result, stamps) = try outcome.get()
                    if let stamps { done[unit.file] = stamps } else if failure == nil { failure = result }
                }
                records.write(done)
                if let failure { return failure }
            }
            return CommandResult(status: 0)
        }

        /// The features linked apart (`SplitLinkPlan.separating`), as last recorded.
        private func linkedApart() -> [String] {
            guard let text = try? String(contentsOfFile: linkedApartRecord, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").map(String.init)
        }

        /// The one feature whose objects alone changed in `unit`, a part's library, since the library
        /// was last written: nil for the base library, the program, a feature's own library, a part
        /// of few features, or a change of more than one module (Core's compiles every feature).
        private func editedAlone(_ unit: SplitLinkPlan.Unit) -> String? {
            guard !unit.isProgram, !unit.libraries.isEmpty, let output = FileStatus(path: programs + "/" + unit.file) else { return nil }
            var targets: Set<String> = []
            var changed: Set<String> = []
            for object in unit.objects {
                let target = SplitLinkPlan.target(ofObject: object)
                targets.insert(target)
                if (FileStatus(path: object)?.modified ?? .infinity) > output.modified { changed.insert(target) }
            }
            // One of the targets is the part's Entries module, which is not a feature.
            guard changed.count == 1, let feature = changed.first, targets.count > Self.fewestFeaturesToSplit,
                unit.name != SplitLinkPlan.libraryName(program: plan.program, unit: feature)
            else { return nil }
            return feature
        }

        /// Links one unit under a temporary name and puts it in place: the link's result, and the
        /// unit's stamps when it succeeded.
        private func link(_ unit: SplitLinkPlan.Unit, runner: any CommandRunning) throws -> (CommandResult, Stamps?) {
            let list = folder + "/\(unit.file).objects"
            try (unit.objects.map(Self.quoted).joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
            let output = programs + "/" + unit.file
            let partial = output + ".linking"
            let command = plan.command(linking: unit, objectList: list, output: partial)
            let result = try runner.capture(command[0], Array(command.dropFirst()), in: programs)
            guard result.succeeded else {
                try? FileManager.default.removeItem(atPath: partial)
                return (result, nil)
            }
            // `rename` replaces the last good file in one step: a program starting now finds one or the other.
            guard rename(partial, output) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(atPath: partial)
                throw CommandError("cannot put the linked \(unit.file) in \(programs): \(reason)")
            }
            guard let written = FileStatus(path: output) else { throw CommandError("the linked \(unit.file) is not in \(programs)") }
            return (result, Stamps(inputs: inputs(of: unit), output: written.stamp))
        }

        /// The runner, called from several threads at once: each call starts its own child process
        /// with its own output files (`ProcessRunner`), and the tests' runner records behind a lock.
        private struct SharedRunner: @unchecked Sendable {
            let runner: any CommandRunning
        }

        /// One unit's last link: what it was made of (the command and its objects, stamped) and the
        /// file it wrote.
        struct Stamps: Codable, Equatable, Sendable {
            var inputs: String
            var output: String
        }

        /// Hashed as numbers, without a text: every object of the app is stamped on every build.
        private func inputs(of unit: SplitLinkPlan.Unit) -> String {
            var hasher = StableHasher()
            hasher.combine(plan.command(linking: unit, objectList: "", output: "").joined(separator: " ") + "\n")
            for object in unit.objects {
                hasher.combine(object)
                hasher.combine(FileStatus(path: object))
            }
            return hasher.value
        }

        /// A record that cannot be written only costs the next build a link.
        private var records: StampRecord<Stamps> { StampRecord(record) }

        /// A path as a response file holds it: quoted when it has a space, a quote or a backslash.
        static func quoted(_ path: String) -> String {
            guard path.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "\\" }) else { return path }
            return "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }
#endif
