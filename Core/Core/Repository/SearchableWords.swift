/// An entity's text as keyword queries search it: its folded words (`TextFolding.words`), each
/// once, in the order SQLite compares text (UTF-8 bytes). Folded once, it can be searched any
/// number of times: a backend that searches in memory keeps one per entity.
public struct SearchableWords: Hashable, Sendable {
    /// The title's words: a keyword with more of its words here ranks first.
    public let title: [String]
    /// Every word: the title's and the rest's.
    public let all: [String]

    public init(title: String, text: String) {
        let titleWords = Self.ordered(TextFolding.words(in: title))
        self.title = titleWords
        all = Self.ordered(titleWords + TextFolding.words(in: text))
    }

    public init(_ entity: some Queryable) {
        self.init(title: entity.searchableTitle, text: entity.searchableText)
    }

    /// Whether some word starts with `prefix`: a query word matches the words it begins, as a
    /// person types ("bru" finds "Brûlée"). Bytes are compared, as SQLite does, not characters.
    public func contains(prefix: String) -> Bool { Self.contains(prefix: prefix, in: all) }

    /// Whether some word of the title starts with `prefix`.
    public func titleContains(prefix: String) -> Bool { Self.contains(prefix: prefix, in: title) }

    /// The words, each once, in UTF-8 byte order.
    private static func ordered(_ words: [String]) -> [String] {
        Set(words).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// A binary search for the first word not before `prefix`: the only one that can start with it.
    private static func contains(prefix: String, in words: [String]) -> Bool {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].utf8.lexicographicallyPrecedes(prefix.utf8) { low = middle + 1 } else { high = middle }
        }
        return low < words.count && words[low].utf8.starts(with: prefix.utf8)
    }

    /// What the keyword conditions of a query look for, folded once (`Query.keywords`).
    public struct Keywords: Hashable, Sendable {
        /// Every word of every keyword, each once, in the order typed: each must begin a word of
        /// the entity's text.
        public var words: [String]
        /// Whether a keyword had something in it but no word (only punctuation or symbols):
        /// nothing matches it.
        public var isUnmatchable: Bool

        /// The words of `keywords`, each the text of one keyword condition.
        public init(_ keywords: [String]) {
            var words: [String] = []
            var isUnmatchable = false
            for keyword in keywords {
                let found = TextFolding.words(in: keyword)
                if found.isEmpty && !TextFolding.isBlank(keyword) { isUnmatchable = true }
                for word in found where !words.contains(word) { words.append(word) }
            }
            self.words = words
            self.isUnmatchable = isUnmatchable
        }

        /// Whether every word begins a word of `text`.
        public func match(_ text: SearchableWords) -> Bool {
            !isUnmatchable && words.allSatisfy(text.contains(prefix:))
        }

        /// How many of the words begin a word of the title: what ranks one match above another.
        public func relevance(of text: SearchableWords) -> Int {
            words.count { text.titleContains(prefix: $0) }
        }

        /// The positions of the texts that match, with each one's relevance, in order.
        public func matches(in texts: [SearchableWords]) -> [(index: Int, relevance: Int)] {
            guard !isUnmatchable else { return [] }
            var matches: [(index: Int, relevance: Int)] = []
            for index in texts.indices where match(texts[index]) {
                matches.append((index, relevance(of: texts[index])))
            }
            return matches
        }
    }
}

extension Query {
    /// What the query's keyword conditions look for, folded.
    public var keywords: SearchableWords.Keywords {
        SearchableWords.Keywords(conditions.compactMap { if case .keyword(let keyword) = $0 { keyword } else { nil } })
    }

    /// The entities that match, in the order every backend gives them: those with more of the
    /// keyword's words in their title first, then by `sort` (the first deciding first), ties in
    /// the order given. The reference the SQL and HTTP backends must agree with.
    ///
    /// Inlinable, so each caller gets a copy specialized for its entity: sorting thousands of
    /// matches through generic code cost twice the search itself.
    @inlinable
    public func results(in entities: some Sequence<Entity>, sortedBy sort: [Sort<Entity>]) -> [Entity] {
        let entities = Array(entities)
        let keywords = self.keywords
        guard !keywords.words.isEmpty || keywords.isUnmatchable else {
            return entities.filter(matchesFields).sorted(by: sort)
        }
        return results(in: entities, words: entities.map(SearchableWords.init), sortedBy: sort)
    }

    /// `results(in:sortedBy:)` over entities whose words were folded before (`words[i]` is
    /// `entities[i]`'s), for backends that keep them: the words are looked at first, and only the
    /// entities they match are read.
    @inlinable
    public func results(in entities: [Entity], words: [SearchableWords], sortedBy sort: [Sort<Entity>]) -> [Entity] {
        var byRelevance: [Int: [Entity]] = [:]
        for (index, relevance) in keywords.matches(in: words) where matchesFields(entities[index]) {
            byRelevance[relevance, default: []].append(entities[index])
        }
        return byRelevance.keys.sorted(by: >).flatMap { (byRelevance[$0] ?? []).sorted(by: sort) }
    }
}
