/// Every sentence clerk says to a person, in one place, so tone and wording stay consistent:
/// short, concrete, and with the next step when something fails.
public enum Renderer {
    /// The answer to `help`: what clerk understands, by example.
    public static let help = """
        Tell me what you mean, in your own words. For example:
          lunch with Ana tomorrow at 13:00 on Work
          what's on this week
          Ana's phone number
          show notes.txt
        Type 'quit' or press Ctrl-D to leave.
        """

    /// The answer when a line could not be read as any request.
    public static func notUnderstood(_ line: String) -> String {
        "I didn't understand '\(line)'. Type 'help' for what I can do."
    }

    /// Said when input ends while a question is still open: nothing was changed.
    public static let questionUnanswered = "No answer, so nothing changed."

    /// Said when Ctrl-C abandons a question.
    public static let questionAbandoned = "Cancelled; nothing changed."
}
