/// The text of `clerk --help`, made from `CommandLineTable`.
enum Usage {
    static let title = "clerk \u{2014} a calendar, contacts and files assistant for the terminal"

    static var text: String {
        var lines = [title, "", "Usage:"]
        for invocation in CommandLineTable.invocations {
            lines += row(["clerk", invocation.arguments].filter { !$0.isEmpty }.joined(separator: " "), invocation.summary, width: 27)
        }
        for command in CommandLineTable.commands {
            for form in command.forms {
                lines += row("clerk " + CommandLineTable.synopsis(command, form), form.summary, width: 27)
            }
        }
        lines += ["", "Options:"]
        let options = CommandLineTable.visibleOptions
        let width = options.map(\.synopsis.count).max()! + 2
        for option in options {
            lines += row(option.synopsis, option.summary, width: width)
        }
        lines += ["", "Exit codes: " + ExitCode.meanings.map { "\($0.code) \($0.meaning)" }.joined(separator: ", ") + "."]
        return lines.joined(separator: "\n")
    }

    /// `  left   summary`, the summary at column `width + 2`; a left side too long for its
    /// column gets a line of its own.
    private static func row(_ left: String, _ summary: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: width + 2)
        if left.count >= width {
            return ["  " + left, indent + summary]
        }
        return ["  " + left + String(repeating: " ", count: width - left.count) + summary]
    }
}
