// The autostart entry starts this program again at login. Its Exec= line is read by the
// session as the Desktop Entry Specification says, not by a shell: a path with a space or a
// "%" (a field code) must be quoted and escaped its way, or the reminders never come. And the
// kernel's name for a program whose file was replaced (a package upgrade) ends in
// " (deleted)", which no later login can start: the bare command is used where PATH finds it.
import FoundationEssentials

/// The Exec= line of a desktop entry.
public enum DesktopExec {
  /// The value of Exec= that runs `program` with `arguments`: each quoted and escaped where
  /// the specification asks, percent signs doubled, then escaped as a key file's string.
  public static func line(_ program: String, _ arguments: [String]) -> String {
    ([program] + arguments).map(argument).joined(separator: " ")
  }

  /// The command that starts the program whose file is `executable` (as /proc/self/exe
  /// names it): its name alone when `onPath` finds that name there (an installed copy), else
  /// its path, without the " (deleted)" the kernel adds once the file was replaced.
  public static func command(executable: String, onPath: (String) -> String?) -> String {
    let suffix = " (deleted)"
    let path = executable.hasSuffix(suffix) ? String(executable.dropLast(suffix.count)) : executable
    let name = String(path.split(separator: "/").last ?? Substring(path))
    return onPath(name) == path ? name : path
  }

  private static let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")

  private static func argument(_ text: String) -> String {
    var quoted = ""
    for character in text {
      if "\"`$\\".contains(character) { quoted.append("\\") }
      quoted.append(character == "%" ? "%%" : String(character))
    }
    if text.contains(where: reserved.contains) { quoted = "\"" + quoted + "\"" }
    // A key file's string escapes come on top: a backslash is written twice again.
    return quoted.replacing("\\", with: "\\\\")
  }
}
