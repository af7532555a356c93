public import ClerkCore
public import ClerkLanguage

/// One answer of the assistant: what a person reads, and the same as a `--json` object.
public struct Reply: Sendable {
    /// The intent of DESIGN.md that this answers (`help`, `create_event`, …).
    public var intent: IntentName
    /// False when the request failed or was not understood; the exit code follows it.
    public var ok: Bool
    /// The text a person reads.
    public var message: String
    /// Further `--json` members by intent (`event`, `events`, `contacts`, …), in order.
    var fields: [(String, JSONValue)]
    /// Members that come before `fields` and are made only when the JSON answer is asked
    /// for: an agenda's events, which a person reading text never needs.
    var deferredFields: (@Sendable () -> [(String, JSONValue)])?
    /// True when the answer ends in a question and the next line answers it.
    public var asksQuestion: Bool
    /// True for long content (a file) that a terminal may show through a pager.
    public var pageable = false

    public init(intent: IntentName, ok: Bool, message: String, fields: [(String, JSONValue)] = [], asksQuestion: Bool = false) {
        self.intent = intent
        self.ok = ok
        self.message = message
        self.fields = fields
        self.asksQuestion = asksQuestion
    }

    /// This question, left unanswered, as one answer with `failure`: its card and members
    /// (the event it would have made), then why nothing changed.
    public func unanswered(_ failure: Reply) -> Reply {
        var reply = self
        reply.ok = false
        reply.asksQuestion = false
        reply.message = message + "\n" + failure.message
        return reply
    }

    /// The `--json` answer: `intent`, `ok`, `message`, then the intent's own members.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("intent", .string(intent.rawValue)), ("ok", .bool(ok)), ("message", .string(message))]
        if asksQuestion { members.append(("question", .bool(true))) }
        if let deferredFields { members += deferredFields() }
        members += fields
        return .object(members)
    }
}
