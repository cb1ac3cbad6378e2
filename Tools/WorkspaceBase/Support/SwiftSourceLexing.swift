/// How `SwiftSource` tells code from comments and string literals.
extension SwiftSource {
    private enum Context {
        /// Code; `parens` counts open parentheses when inside a string interpolation.
        case code(interpolation: Bool, parens: Int)
        case string(multiline: Bool, hashes: Int)
    }

    /// The text with comments and string literal contents replaced by spaces; newlines and quotes are kept.
    static func blank(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output = bytes
        var stack: [Context] = [.code(interpolation: false, parens: 0)]
        var index = 0
        let quote = UInt8(ascii: "\"")
        let hash = UInt8(ascii: "#")
        let slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*")
        let backslash = UInt8(ascii: "\\")
        let newline = UInt8(ascii: "\n")
        let space = UInt8(ascii: " ")
        let openParen = UInt8(ascii: "(")
        let closeParen = UInt8(ascii: ")")

        func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        func isTripleQuote(_ offset: Int) -> Bool { at(offset) == quote && at(offset + 1) == quote && at(offset + 2) == quote }
        func blankRange(_ range: Range<Int>) {
            for offset in range where output[offset] != newline { output[offset] = space }
        }

        while index < bytes.count {
            guard let context = stack.last else { break }
            let byte = bytes[index]
            switch context {
            case .code(let interpolation, let parens):
                if byte == slash, at(index + 1) == slash {
                    var end = index
                    while end < bytes.count, bytes[end] != newline { end += 1 }
                    blankRange(index..<end)
                    index = end
                } else if byte == slash, at(index + 1) == star {
                    var depth = 0
                    var end = index
                    while end < bytes.count {
                        if bytes[end] == slash, at(end + 1) == star {
                            depth += 1
                            end += 2
                        } else if bytes[end] == star, at(end + 1) == slash {
                            depth -= 1
                            end += 2
                            if depth == 0 { break }
                        } else {
                            end += 1
                        }
                    }
                    blankRange(index..<min(end, bytes.count))
                    index = end
                } else if byte == quote || byte == hash {
                    // A string literal, possibly raw (`#"…"#`) or multi-line (`"""`).
                    var hashes = 0
                    var start = index
                    while at(start) == hash {
                        hashes += 1
                        start += 1
                    }
                    guard at(start) == quote else {
                        index += 1  // `#if`, `#available`, `#expect`: code.
                        continue
                    }
                    let multiline = isTripleQuote(start)
                    let end = start + (multiline ? 3 : 1)
                    stack.append(.string(multiline: multiline, hashes: hashes))
                    index = end
                } else if interpolation, byte == openParen {
                    stack[stack.count - 1] = .code(interpolation: true, parens: parens + 1)
                    index += 1
                } else if interpolation, byte == closeParen {
                    if parens == 0 {
                        stack.removeLast()  // back into the string
                        output[index] = space
                    } else {
                        stack[stack.count - 1] = .code(interpolation: true, parens: parens - 1)
                    }
                    index += 1
                } else {
                    index += 1
                }
            case .string(let multiline, let hashes):
                if byte == backslash {
                    var probe = index + 1
                    var count = 0
                    while count < hashes, at(probe) == hash {
                        count += 1
                        probe += 1
                    }
                    if count == hashes {
                        if at(probe) == openParen {
                            blankRange(index..<(probe + 1))
                            stack.append(.code(interpolation: true, parens: 0))
                            index = probe + 1
                        } else {
                            blankRange(index..<min(probe + 1, bytes.count))
                            index = probe + 1
                        }
                    } else {
                        blankRange(index..<(index + 1))
                        index += 1
                    }
                } else if byte == quote, !multiline || isTripleQuote(index) {
                    let quoteEnd = index + (multiline ? 3 : 1)
                    var probe = quoteEnd
                    var count = 0
                    while count < hashes, at(probe) == hash {
                        count += 1
                        probe += 1
                    }
                    if count == hashes {
                        stack.removeLast()
                        index = probe
                    } else {
                        blankRange(index..<(index + 1))
                        index += 1
                    }
                } else if byte == newline, !multiline {
                    stack.removeLast()  // an unterminated literal ends with its line
                    index += 1
                } else {
                    blankRange(index..<(index + 1))
                    index += 1
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
