import Foundation

/// What `swift package dump-package` printed for each target, and for the rest of the package,
/// hashed from its own bytes (`Manifest.targetDeclarations`, `Manifest.packageDeclaration`).
///
/// Why its bytes: SwiftPM prints the same manifest the same way (keys sorted), and writing each
/// of 3,000 targets' parsed objects out again with `JSONSerialization` took 0.9 s at a thousand
/// features; one pass over the 2.9 MB finding the objects of the `targets` list takes milliseconds.
enum ManifestDeclarations {
    /// The hash of the package without its targets, and of each target's object by name; nil when
    /// the text does not hold one object in `targets` for each of `targetNames`, in order.
    static func read(json: Data, targetNames: [String]) -> (package: String, targets: [String: String])? {
        scan(json: json).flatMap { read($0, targetNames: targetNames) }
    }

    /// `read(json:targetNames:)` from a `scan` already made.
    static func read(_ scanned: Scan, targetNames: [String]) -> (package: String, targets: [String: String])? {
        guard scanned.targets.count == targetNames.count else { return nil }
        var targets: [String: String] = [:]
        for (name, target) in zip(targetNames, scanned.targets) where targets[name] == nil { targets[name] = target.hash }
        return (scanned.package, targets)
    }

    /// The hash of the package without its targets, and each target's object in the text with its hash.
    typealias Scan = (package: String, targets: [(range: Range<Int>, hash: String)])

    /// The text's `Scan`; nil when it has no `targets` list.
    static func scan(json: Data) -> Scan? {
        json.withUnsafeBytes { raw -> Scan? in
            guard let found = targetObjects(in: raw) else { return nil }
            var package = StableHasher()
            package.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[..<found.list.lowerBound]))
            package.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[found.list.upperBound...]))
            let targets = found.objects.map { range in
                var target = StableHasher()
                target.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[range]))
                return (range: range, hash: target.value)
            }
            return (package.value, targets)
        }
    }

    /// Where the root object's `targets` list is, and each object in it.
    static func targetObjects(in bytes: UnsafeRawBufferPointer) -> (list: Range<Int>, objects: [Range<Int>])? {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        let targetsKey = Array("targets".utf8)
        var depth = 0
        var inString = false
        var escaped = false
        var stringStart = 0
        var lastRootString: Range<Int> = 0..<0
        var listStart: Int?
        var objectStart = 0
        var objects: [Range<Int>] = []
        for index in bytes.indices {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == backslash {
                    escaped = true
                } else if byte == quote {
                    inString = false
                    if depth == 1 { lastRootString = stringStart..<index }
                }
                continue
            }
            switch byte {
            case quote:
                inString = true
                stringStart = index + 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                // A list opened in the root object right after the key `targets`.
                if depth == 1, byte == UInt8(ascii: "["), listStart == nil, bytes[lastRootString].elementsEqual(targetsKey) {
                    listStart = index
                }
                if listStart != nil, depth == 2, byte == UInt8(ascii: "{") { objectStart = index }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                guard let start = listStart else { continue }
                if depth == 2, byte == UInt8(ascii: "}") { objects.append(objectStart..<(index + 1)) }
                if depth == 1, byte == UInt8(ascii: "]") { return (start..<(index + 1), objects) }
            default:
                continue
            }
        }
        return nil
    }
}
