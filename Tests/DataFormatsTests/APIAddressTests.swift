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

@Suite("Addresses as they are shown and used")
struct AddressShownTests {
    @Test(
        "the whole user info is hidden, whatever it holds",
        arguments: [
            ("http://TOKEN@host:8080/feed", "http://***@host:8080/feed"),
            ("https://cook:secret@host", "https://***@host"),
            ("http://a%40b:c%3Ad@[::1]:80/x?y", "http://***@[::1]:80/x?y"),
            ("http://:secret@host", "http://***@host"),
            ("http://user@name@host/", "http://***@host/"),
            ("http://host/a@b", "http://host/a@b"),
            ("not an address", "not an address"),
        ])
    func redacted(text: String, shown: String) {
        #expect(APIAddress.redacted(text) == shown)
    }

    @Test("an endpoint shows its addresses with ***@ where credentials were, and neither the user nor the password")
    func endpoint() throws {
        let endpoint = try APIAddress.endpoint("http://TOKEN:pw@127.0.0.1:8080/api")
        #expect(endpoint.url.absoluteString == "http://127.0.0.1:8080/api")
        #expect(endpoint.shown == "http://***@127.0.0.1:8080/api")
        #expect(endpoint.credentials?.authorization == "Basic " + Data("TOKEN:pw".utf8).base64EncodedString())
        #expect(try APIAddress.endpoint("http://TOKEN@h").shown == "http://***@h")
        #expect(try APIAddress.endpoint("http://h").shown == "http://h")
    }

    @Test("the scheme is read in any case and given in lower case, as URLSession takes it", arguments: ["HTTP", "Http", "HTTPS", "hTtPs"])
    func schemeCase(scheme: String) throws {
        #expect(try APIAddress.parse("\(scheme)://127.0.0.1:8080/v1").absoluteString == "\(scheme.lowercased())://127.0.0.1:8080/v1")
    }
}

/// What the app prints for a shell is pasted as it is: each value must come back as one word,
/// exactly, and run nothing.
@Suite("Words for the shell")
struct ShellWordTests {
    static let words = [
        "$(touch pwned)", "`touch pwned`", "a b", "it's", "x;touch pwned", "*", "~", "!!", "a\nb", "\"", "\\", "-n", "", "Ünïcødé",
        "http://***@127.0.0.1:8080", "$HOME", "a|b&c>d", "${IFS}",
    ]

    @Test("plain words stay as they are")
    func plain() {
        #expect(ShellWord.quoted("http://127.0.0.1:8080/v1") == "http://127.0.0.1:8080/v1")
        #expect(ShellWord.quoted("/tmp/c-1_2.json") == "/tmp/c-1_2.json")
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
    }

    @Test("/bin/sh reads every quoted word back exactly, and runs nothing in it")
    func shellReadsThemBack() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shell-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for word in Self.words {
            let output = folder.appendingPathComponent("out")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "printf '%s' " + ShellWord.quoted(word) + " > out"]
            process.currentDirectoryURL = folder
            try process.run()
            while process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
            #expect(process.terminationStatus == 0)
            #expect(try Data(contentsOf: output) == Data(word.utf8), "\(word)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "\(word) ran a command")
        }
    }
}
