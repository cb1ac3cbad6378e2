import Testing

@testable import WorkspaceBase
@testable import WorkspaceRules

/// The side-effects rule reads what code calls, however it is spelt: each test plants the ways
/// of reaching one kind of side effect in a feature's source and expects every one found, at
/// its line, with what it calls.
@Suite("side-effects rule")
struct SideEffectRuleTests {
    /// `line: spelling` for each finding in `source`.
    func findings(_ source: String, aliases: [String: String] = [:]) -> [String] {
        let swift = SwiftSource(source)
        return ArchitectureCheck.sideEffects(in: swift, aliases: aliases).map { call, reference in
            "\(swift.line(ofOffset: reference.offset)): \(reference.spelling) (\(call.effect.verb))"
        }
    }

    @Test func everyWayOfReadingTheTimeIsFound() {
        let found = findings(
            """
            import FoundationEssentials
            typealias Instant = Foundation.Date
            struct Stamps {
                func a() -> Date { Date() }
                func b() -> Date { Date.init() }
                func c() -> Date { Date(timeIntervalSinceNow: 0) }
                func d() -> Date { Foundation.Date.init(timeIntervalSinceNow: -60) }
                func e() -> Date { Date.now }
                func f() -> Date { .now }
                func g() -> Date { .init() }
                func h() -> Date { return .init() }
                var i: Date = .init()
                func j() -> [Date] { [1].map { _ in Instant() } }
                let k: () -> Date = Date.init
                func l(_ date: Date) -> Double { date.timeIntervalSinceNow }
                func m() -> Double { Date.timeIntervalSinceReferenceDate }
                func n() -> Date { Date(timeInterval: 0, since: .now) }
                func o() -> Date { SystemClock().now }
            }
            """)
        #expect(
            found == [
                "4: Date() (reads the time)", "5: Date.init() (reads the time)", "6: Date(timeIntervalSinceNow:) (reads the time)",
                "7: Foundation.Date.init(timeIntervalSinceNow:) (reads the time)", "8: Date.now (reads the time)",
                "9: .now (reads the time)", "10: .init() (reads the time)", "11: .init() (reads the time)", "12: .init() (reads the time)",
                "13: Instant() (reads the time)", "14: Date.init (reads the time)", "15: date.timeIntervalSinceNow (reads the time)",
                "16: Date.timeIntervalSinceReferenceDate (reads the time)", "17: .now (reads the time)",
                "18: SystemClock() (reads the time)",
            ])
    }

    @Test func theMachinesClocksAndEveryWayOfWaitingAreFound() {
        let found = findings(
            """
            func wait() async throws {
                try await ContinuousClock().sleep(for: .seconds(1))
                let start = SuspendingClock.now
                try await Task.sleep(for: .seconds(1), tolerance: .zero, clock: .continuous)
                try await Task<Never, Never>.sleep(nanoseconds: 1)
                Thread.sleep(forTimeInterval: 1)
                usleep(1000)
                Glibc.sleep(1)
                DispatchQueue.main.asyncAfter(deadline: .now() + 1) {}
                queue.asyncAfter(wallDeadline: later) {}
            }
            """)
        #expect(
            found == [
                "2: ContinuousClock() (uses the machine's clock)", "3: SuspendingClock (uses the machine's clock)",
                "4: Task.sleep(for:tolerance:clock:) (waits)", "4: .continuous (uses the machine's clock)",
                "5: Task.sleep(nanoseconds:) (waits)", "6: Thread.sleep(forTimeInterval:) (waits)", "7: usleep(_:) (waits)",
                "8: sleep(_:) (waits)", "9: DispatchQueue.main.asyncAfter(deadline:) (waits)", "9: .now() (reads the time)",
                "10: queue.asyncAfter(wallDeadline:) (waits)",
            ])
    }

    @Test func everyRandomDrawIsFoundButOneFromAGivenGenerator() {
        let found = findings(
            """
            func pick(_ items: [Int], environment: any Environment) -> Int {
                let a = Double.random(in: 0..<1)
                let b: Int = .random(in: 1...6)
                let c = Bool.random()
                let d = items.randomElement()
                let e = items.shuffled()
                var f = items
                f.shuffle()
                var system = SystemRandomNumberGenerator()
                let g = arc4random_uniform(6) + UInt32(random()) + UInt32(drand48())
                var generator = RandomSourceGenerator(environment.random)
                let fine = Int.random(in: 0..<3, using: &generator) + (items.randomElement(using: &generator) ?? 0)
                let alsoFine = environment.random.int(in: 0..<3) + items.shuffled(using: &generator).count
                return a + b
            }
            """)
        #expect(
            found == [
                "2: Double.random(in:) (draws at random)", "3: .random(in:) (draws at random)", "4: Bool.random() (draws at random)",
                "5: items.randomElement() (draws at random)", "6: items.shuffled() (draws at random)", "8: f.shuffle() (draws at random)",
                "9: SystemRandomNumberGenerator() (draws at random)", "10: arc4random_uniform(_:) (draws at random)",
                "10: random() (draws at random)", "10: drand48() (draws at random)",
            ])
    }

    @Test func identifiersTheProcessesEnvironmentFilesProcessesNetworkAndConsoleAreFound() {
        let found = findings(
            """
            func effects() throws {
                let a = UUID()
                let b: UUID = .init()
                let c = getenv("HOME")
                let d = ProcessInfo.processInfo.environment["HOME"]
                let e = CommandLine.arguments
                let f = try Data(contentsOf: url)
                let g = try String(contentsOfFile: "/etc/hosts", encoding: .utf8)
                try data.write(to: url)
                let h = FileManager.default.currentDirectoryPath
                let i = fopen("/tmp/x", "r")
                let j = Process()
                exit(0)
                kill(pid, SIGTERM)
                let k = URLSession.shared
                print("x")
                fputs("x", stderr)
            }
            """)
        #expect(
            found == [
                "2: UUID() (makes an identifier)", "3: .init() (makes an identifier)", "4: getenv(_:) (reads the process's environment)",
                "5: ProcessInfo (reads the process's environment)", "6: CommandLine (reads the process's environment)",
                "7: Data(contentsOf:) (touches files)", "8: String(contentsOfFile:encoding:) (touches files)",
                "9: data.write(to:) (touches files)", "10: FileManager (touches files)", "11: fopen(_:_:) (touches files)",
                "12: Process() (starts, signals or ends a process)", "13: exit(_:) (starts, signals or ends a process)",
                "14: kill(_:_:) (starts, signals or ends a process)", "15: URLSession (talks to the network)",
                "16: print(_:) (uses the console)", "17: fputs(_:_:) (uses the console)", "17: stderr (uses the console)",
            ])
    }

    @Test func whatReachesNoSideEffectIsNotFound() {
        let found = findings(
            """
            // Date() and Task.sleep in a comment, "UUID()" and "\\(Date())" in strings.
            struct Fine {
                let environment: any Environment
                var now: Date { environment.clock.now }
                let epoch = Date(timeIntervalSince1970: 0)
                let parsed = UUID(uuidString: "00000000-0000-4000-8000-000000000001")
                func notice(now: Date) -> String { "" }
                func use(state: State) -> String { notice(now: state.now) + "\\(Date.distantPast.timeIntervalSince(epoch))" }
                func print(_ text: String) {}
                func log() { logger.print("x"); self.print("y") }
                func wait() async throws { try await environment.clock.sleep(for: .seconds(1)) }
                func id() -> UUID { environment.ids.next() }
                func die() -> Int { environment.random.int(in: 1...6) }
                func row(_ row: Row) { row.write(label: "x") }
                enum Sort { case random, newest }
                let sort = Sort.newest
            }
            """)
        #expect(found == [])
    }

    @Test func aTypeAliasDeclaredInAnotherFileOfTheTargetIsFollowed() throws {
        #expect(findings("let stamp = Moment()\n", aliases: ["Moment": "Date"]) == ["1: Moment() (reads the time)"])
        let found = try ArchitectureCheck(
            manifest: Manifest.decode(json: Fixtures.manifestJSON),
            files: {
                let files = Fixtures.files()
                try? files.write("import FoundationEssentials\ntypealias Moment = Date\n", to: "Features/Feed/Moment.swift")
                try? files.write("import Core\nlet stamp = Moment.now\n", to: "Features/Feed/Stamp.swift")
                return files
            }()
        ).sideEffectRule()
        #expect(
            found.map(\.description) == [
                "Features/Feed/Stamp.swift:2: side-effects: Feed reads the time with Moment.now, outside the environment — fix: use environment.clock.now (tests then fix the time with TestClock)"
            ])
    }

    @Test func everyWayOfReadingTheMachinesCalendarTimeZoneAndLocaleIsFound() {
        let found = findings(
            """
            import Foundation
            struct Dates {
                func a() -> Int { Calendar.current.component(.day, from: .distantPast) }
                let b = Calendar.autoupdatingCurrent
                let c: TimeZone = .current
                func d() -> Int { TimeZone.current.secondsFromGMT() }
                func e() -> String { Foundation.Locale.autoupdatingCurrent.identifier }
                func f() -> Any { NSTimeZone.local }
                func g(_ formatter: inout Region) { formatter.locale = .current }
                func h() -> Calendar { Calendar(identifier: .gregorian) }
                func i(_ date: Date) -> String { date.formatted(date: .abbreviated, time: .omitted) }
                func j(_ date: Date) -> String { date.formatted() }
                let k = DateFormatter()
                func l(_ a: String, _ b: String) -> Bool { a.localizedStandardCompare(b) == .orderedSame }
                func m() -> [String] { Locale.preferredLanguages }
                func n() -> Int { NSLocale.current.hashValue }
                func o(_ t: inout time_t, _ parts: inout tm) { localtime_r(&t, &parts) }
                func p(_ parts: inout tm) -> time_t { mktime(&parts) }
                let q = Date.FormatStyle(date: .numeric)
                func r(_ value: Double) -> String { value.formatted(.number) }
            }
            """)
        #expect(
            found == [
                "3: Calendar.current (reads the machine's calendar, time zone or locale)",
                "4: Calendar.autoupdatingCurrent (reads the machine's calendar, time zone or locale)",
                "5: .current (reads the machine's calendar, time zone or locale)",
                "6: TimeZone.current (reads the machine's calendar, time zone or locale)",
                "7: Foundation.Locale.autoupdatingCurrent (reads the machine's calendar, time zone or locale)",
                "8: NSTimeZone (reads the machine's calendar, time zone or locale)",
                "9: .current (reads the machine's calendar, time zone or locale)",
                "10: Calendar(identifier:) (reads the machine's calendar, time zone or locale)",
                "11: date.formatted(date:time:) (reads the machine's calendar, time zone or locale)",
                "12: date.formatted() (reads the machine's calendar, time zone or locale)",
                "13: DateFormatter() (reads the machine's calendar, time zone or locale)",
                "14: a.localizedStandardCompare(_:) (reads the machine's calendar, time zone or locale)",
                "15: Locale.preferredLanguages (reads the machine's calendar, time zone or locale)",
                "16: NSLocale (reads the machine's calendar, time zone or locale)",
                "17: localtime_r(_:_:) (reads the machine's calendar, time zone or locale)",
                "18: mktime(_:) (reads the machine's calendar, time zone or locale)",
                "19: Date.FormatStyle(date:) (reads the machine's calendar, time zone or locale)",
                "20: value.formatted(_:) (reads the machine's calendar, time zone or locale)",
            ])
    }

    @Test func theUsersDefaultsTheBundleAndEveryOtherClockAreFound() {
        let found = findings(
            """
            import Foundation
            struct Elsewhere {
                func a() -> Bool { UserDefaults.standard.bool(forKey: "premium") }
                func b() { NSUserDefaults.standardUserDefaults().synchronize() }
                func c() -> String { Bundle.main.bundlePath }
                func d() -> String { String(localized: "Favorites") }
                func e() -> String { NSLocalizedString("Favorites", comment: "") }
                func f() -> Int { time(nil) }
                func g() -> Int { Glibc.time(nil) }
                func h() -> Any { NSDate() }
                func i() -> Any { NSDate.now }
                func j(_ t: inout timeval) { gettimeofday(&t, nil) }
                func k() -> Double { CACurrentMediaTime() }
            }
            """)
        #expect(
            found == [
                "3: UserDefaults (reads or writes the user's defaults)", "4: NSUserDefaults (reads or writes the user's defaults)",
                "5: Bundle (reads the program's bundle)", "6: String(localized:) (reads the program's bundle)",
                "7: NSLocalizedString(_:comment:) (reads the program's bundle)", "8: time(_:) (reads the time)",
                "9: time(_:) (reads the time)", "10: NSDate() (reads the time)", "11: NSDate.now (reads the time)",
                "12: gettimeofday(_:_:) (reads the time)", "13: CACurrentMediaTime() (reads the time)",
            ])
    }

    @Test func aRegionFromTheEnvironmentIsNoFinding() {
        #expect(
            findings(
                """
                func told(_ environment: any Environment, _ saved: Date, _ now: Date) -> String {
                    let calendar = environment.region.calendar
                    let days = calendar.dateComponents([.day], from: saved, to: now).day ?? 0
                    return RelativeTime.phrase(for: saved, now: now, in: environment.region) + "\\(days) \\(environment.region.timeZone)"
                }
                """
            ).isEmpty)
    }

    @Test func theCallsFiledByNameFindWhatTryingEveryCallFinds() {
        // Every name the catalogue knows, written in each shape a reference can take.
        let names = Set(SideEffectCatalogue.callsByName.keys)
        let code = names.sorted().map { name in
            """
            func use\(name.filter(\.isLetter))() {
                _ = \(name)(); _ = \(name).init(); _ = \(name).init; _ = \(name); _ = Foundation.\(name)(contentsOf: u)
                _ = x.\(name)(to: u); _ = x.\(name)(in: 1...2); _ = x.\(name)(in: r, using: &g); _ = .\(name); _ = .\(name)()
                _ = Date.\(name); _ = URL.\(name); _ = Calendar.\(name)(identifier: i); let v: \(name) = .init(); _ = v
                _ = \(name)(localized: "x"); _ = items.map { $0 }.\(name)(); _ = \(name)(timeIntervalSinceNow: 0)
            }
            """
        }.joined(separator: "\n")
        let references = SwiftSource(code).references()
        var matched = 0
        for reference in references {
            let expected = SideEffectCatalogue.calls.firstIndex { $0.matches(reference) }
            #expect(SideEffectCatalogue.firstCallPosition(matching: reference) == expected, "\(reference.spelling)")
            if expected != nil { matched += 1 }
        }
        #expect(matched > 500, "the names are reached in many ways: \(matched) of \(references.count)")
    }
}
