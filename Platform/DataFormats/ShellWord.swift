/// A value put into a command the app prints for a person to paste into a shell (`swift run
/// cookbook --api-url URL --record FILE`, `chmod u+w DIR`): the value as one word that the shell
/// reads back exactly, never as code. A path or an address from outside (a cassette's server, a
/// data directory) could hold `$(…)`, a backtick, `;` or a space.
public enum ShellWord {
    /// Bytes a word may hold without quotes in any POSIX shell.
    private static let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./_-".utf8)

    /// `text` as is when it is only plain characters, else in single quotes, inside which the
    /// shell expands nothing; a single quote in it is written `'\''`.
    public static func quoted(_ text: String) -> String {
        guard text.isEmpty || !text.utf8.allSatisfy(plain.contains) else { return text }
        return "'" + text.replacing("'", with: #"'\''"#) + "'"
    }
}
