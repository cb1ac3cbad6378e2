extension StringProtocol {
    /// The text without white space (spaces, tabs, line breaks) at either end: what a person
    /// typed into a field, as the screen should read it.
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
