import Core
import CoreTesting
import Foundation
import HTTPTestServer
import Testing

@testable import WebAPI

/// 429 with `Retry-After`: the client waits as asked (on the environment's clock, here a test
/// clock that moves when slept on), within bounds, and never sends a retry before its time.
@Suite("429 and Retry-After")
struct RetryAfterTests {
    let feed = RecipeFeed(popular: Array(Fixtures.recipes.prefix(2)), new: [])

    /// A server answering 429 with `retryAfter` the first `busy` times, then the feed.
    func server(busy: Int, retryAfter: String?) -> FakeTransport {
        let count = CallCounter()
        let feed = self.feed
        return FakeTransport { _ in
            guard count.next() <= busy else { return FakeTransport.json(feed) }
            return FakeTransport.json(
                RecipeAPIContract.ErrorBody(error: "slow down"), status: 429, headers: retryAfter.map { ["Retry-After": $0] } ?? [:])
        }
    }

    @Test("a short Retry-After is waited out, then the call is sent again and succeeds")
    func waitsAndRetries() async throws {
        let clock = TestClock()
        let start = clock.now
        let server = server(busy: 1, retryAfter: "2")
        let client = HTTPRecipeClient(transport: server, clock: clock)

        #expect(try await client.feed() == feed)

        #expect(server.requests.count == 2)
        #expect(clock.now.timeIntervalSince(start) >= 2, "the retry went out after the time the server asked for")
    }

    @Test("an HTTP date is read as a time from now")
    func httpDate() async throws {
        let clock = TestClock()
        let start = clock.now
        let date = try #require(RetryAfter.httpDate("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(date.timeIntervalSince1970 == 784_111_777)
        let server = server(busy: 1, retryAfter: Self.imfDate(start.addingTimeInterval(3)))

        #expect(try await HTTPRecipeClient(transport: server, clock: clock).feed() == feed)
        #expect(clock.now.timeIntervalSince(start) >= 2, "about 3 s: the date has whole seconds")
    }

    @Test("a long Retry-After fails the call at once, saying how long; a retry before then does not reach the server")
    func tooLong() async throws {
        let clock = TestClock()
        let server = server(busy: 1, retryAfter: "120")
        let client = HTTPRecipeClient(transport: server, clock: clock)

        let error = try await #require(throws: APIError.self) { try await client.feed() }
        #expect(error == .rateLimited(url: "http://live.test/feed", seconds: 120))
        #expect(error.canRetry)
        #expect(
            error.localizedDescription == "the recipe server is busy and asks to wait 120 s before the next request (http://live.test/feed)"
        )
        #expect(error.recoverySuggestion == "Wait 120 s, then retry.")

        clock.advance(by: .seconds(60))
        await #expect(throws: APIError.rateLimited(url: "http://live.test/feed", seconds: 60)) { try await client.feed() }
        #expect(server.requests.count == 1, "no request before the server's time")

        clock.advance(by: .seconds(61))
        #expect(try await client.feed() == feed)
        #expect(server.requests.count == 2)
    }

    @Test("a server that keeps answering 429 is asked a bounded number of times")
    func bounded() async throws {
        let server = server(busy: 100, retryAfter: "1")
        let client = HTTPRecipeClient(transport: server, clock: TestClock(), retryPolicy: RetryPolicy(longestWait: .seconds(5), retries: 2))

        await #expect(throws: APIError.rateLimited(url: "http://live.test/feed", seconds: 1)) { try await client.feed() }
        #expect(server.requests.count == 3)
    }

    @Test("429 without Retry-After is an HTTP error that may be retried by hand; nothing is sent again by itself")
    func noHeader() async throws {
        let server = server(busy: 1, retryAfter: nil)
        let client = HTTPRecipeClient(transport: server, clock: TestClock())
        let error = try await #require(throws: APIError.self) { try await client.feed() }
        #expect(error == .http(status: 429, url: "http://live.test/feed", message: "slow down"))
        #expect(error.canRetry)
        #expect(server.requests.count == 1)
    }

    @Test("cancelling the task ends the wait")
    func cancelled() async throws {
        // A wait far longer than the test's steps take on any machine: the cancel comes first.
        let server = server(busy: 1, retryAfter: "300")
        let client = HTTPRecipeClient(
            transport: server, clock: TestClock(sleeping: .real), retryPolicy: RetryPolicy(longestWait: .seconds(300)))
        let call = Task { try await client.feed() }
        try await Waiting.until("the first request") { !server.requests.isEmpty }
        call.cancel()

        await #expect(throws: CancellationError.self) { try await call.value }
        #expect(server.requests.count == 1, "the retry was not sent")
    }

    @Test(
        "Retry-After's forms",
        arguments: [("7", 7.0), (" 0 ", 0), ("-3", nil), ("soon", nil), ("", nil), ("1.5", nil)] as [(String, Double?)])
    func forms(_ value: String, seconds: Double?) {
        let delay = RetryAfter.delay(value, now: Date(timeIntervalSince1970: 0))
        #expect(delay.map { Double($0.components.seconds) } == seconds)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` for `date`.
    static func imfDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ number: Int?) -> String { String(format: "%02d", number ?? 0) }
        return "\(days[(parts.weekday ?? 1) - 1]), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 0) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }
}
