import CSQLite
import Core

/// `cookbook_search_words(text)` in SQL: the words of `text` as `StoredWords` stores them, for
/// the migration that folded the rows' stored words (they were lowercased text before).
enum SearchWordsFunction {
    static let name = "cookbook_search_words"

    static func register(on connection: OpaquePointer) {
        sqlite3_create_function_v2(
            connection, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, _, arguments in
                guard let argument = arguments?[0], let bytes = sqlite3_value_text(argument) else {
                    sqlite3_result_null(context)
                    return
                }
                let text = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(argument))), as: UTF8.self)
                var words = StoredWords.text(SearchableWords(title: "", text: text).all)
                words.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { characters in
                        if let start = characters.baseAddress {
                            sqlite3_result_text64(context, start, UInt64(characters.count), sqliteTransient, UInt8(SQLITE_UTF8))
                        } else {
                            sqlite3_result_text(context, "", 0, nil)
                        }
                    }
                }
            }, nil, nil, nil)
    }
}
