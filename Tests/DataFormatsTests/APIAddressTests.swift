import DataFormats
import Foundation
import Testing

@Suite("--api-url checked at the edge")
struct APIAddressTests {
    @Test(
        "a base URL, with a port or a path, is taken as given",
        arguments: ["http://127.0.0.1:8080", "https://api.example.com/v1", "http://[::1]:80"])
    func valid(_ text: String) throws {
        #expect(try APIAddress.parse(text).absoluteString == text)
    }

    @Test(
        "a bad address is refused in words, naming what is wrong",
        arguments: [
            (
                "http://127.0.0.1:99999",
                "--api-url has the port 99999, but a port is a number from 1 to 65535 (for example http://127.0.0.1:8080)"
            ),
            ("http://127.0.0.1:0", "--api-url has the port 0, but a port is a number from 1 to 65535 (for example http://127.0.0.1:8080)"),
            (
                "http://[::1]:70000",
                "--api-url has the port 70000, but a port is a number from 1 to 65535 (for example http://127.0.0.1:8080)"
            ),
            (
                "http://localhost:eighty/",
                "--api-url has the port “eighty”, which is not a number: a port is a number from 1 to 65535, for example http://127.0.0.1:8080"
            ),
            (
                "localhost:8080",
                "--api-url needs an http:// or https:// URL with a host, not “localhost:8080” (for example http://127.0.0.1:8080)"
            ),
            (
                "ftp://example.com",
                "--api-url needs an http:// or https:// URL with a host, not “ftp://example.com” (for example http://127.0.0.1:8080)"
            ),
            (
                "http://h/api?key=1",
                "--api-url is the API's base address and takes no “?…” or “#…”: “http://h/api?key=1” (for example http://127.0.0.1:8080)"
            ),
            ("not a url", "--api-url needs an http:// or https:// URL, not “not a url” (for example http://127.0.0.1:8080)"),
        ])
    func refused(_ text: String, message: String) {
        #expect(throws: APIAddressError(message)) { try APIAddress.parse(text) }
    }
}
