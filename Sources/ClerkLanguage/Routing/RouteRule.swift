/// The rule that decided how a line is read: one case per sentence shape the classifier
/// knows. Readers switch over it — exhaustively, so a new shape cannot be missed by one —
/// and `name` is only for showing (`clerk parse`, `Understanding.rule`).
enum RouteRule: Hashable, Sendable {
    /// Nothing but wake words, politeness or marks.
    case empty
    /// A whole line that is a fixed command ("help", "log in", "list calendars"), with its words.
    case fixed(FixedCommand, String)
    /// "new calendar Family".
    case newCalendar
    /// "delete the Family calendar", "rename calendar Work to Job", "make Work my default
    /// calendar": the calendar itself, not what is on it.
    case calendar(CalendarRule)
    /// A head word one typo away from a command verb ("shedule …").
    case misspeltCommand
    case file(FileRule)
    /// An edit of the event on screen ("make it 13:30", "add Bob").
    case followUp(FollowUpRule)
    /// A topic clerk does not handle (alarms, weather, music …).
    case topic(OutOfScopeTopic)
    /// Adding or changing a contact; removing one.
    case contactEditing, deleteContact
    /// A place or notes given to a named event, or to the one on screen ("set the location of
    /// the dentist to 12 High St", "add a note to lunch: bring the contract").
    case eventField(EventFields.Field)
    /// A reminder given to a named event ("remind me 30 minutes before the review", "add a
    /// reminder to the dentist 1 hour before").
    case eventReminder
    /// People put on or taken off a named event ("add Ana to the review", "take Bob off the
    /// review on Friday").
    case eventPeople(PeopleChange)
    /// A move reported in the past or passive ("lunch was moved to Friday", "the standup has
    /// been pushed to 10").
    case reportedMove
    /// A delete verb at the head; one later in a sentence about events; "clear my calendar";
    /// "take lunch off my calendar".
    case deleteVerb, deleteInSentence, clearCalendar, takeOff
    /// "no meeting with Bob on Friday": a denial, read as a question about that time.
    case negatedEvent
    case updateVerb
    /// "swap lunch and the dentist": two events exchange their times.
    case swapEvents
    case contact(ContactRule)
    /// A question or a show verb about the agenda; one about something else.
    case question, showVerb, showUnknown, questionUnknown
    case remind, createVerb
    /// A noun phrase naming the agenda ("upcoming events"); a statement about the past; a
    /// statement of an event; one that gives an event's details; a date and nothing else.
    case nounPhrase, pastStatement, eventStatement, eventDetails, dateOnly
    case unknown

    /// The topic of a line clerk does not handle, when the rule names one.
    var topic: OutOfScopeTopic? {
        switch self {
        case .topic(let topic): topic
        case .contactEditing, .deleteContact: .contactEditing
        case .showUnknown, .questionUnknown: .question
        default: nil
        }
    }

    var name: String {
        switch self {
        case .empty: "empty"
        case .fixed(_, let words): "fixed:" + words
        case .newCalendar: "new-calendar"
        case .calendar(let rule): "calendar:" + rule.name
        case .misspeltCommand: "misspelt-command"
        case .file(let rule): "file:" + rule.name
        case .followUp(let rule): "follow-up:" + rule.name
        case .topic(let topic): "topic:" + topic.rawValue
        case .contactEditing: "contact-editing"
        case .deleteContact: "delete-contact"
        case .eventPeople(let change): change == .add ? "event-people:add" : "event-people:remove"
        case .eventField(let field): field == .location ? "event-field:location" : field == .notes ? "event-field:notes" : "event-field:add-note"
        case .eventReminder: "event-reminder"
        case .reportedMove: "reported-move"
        case .deleteVerb: "delete-verb"
        case .deleteInSentence: "delete-in-sentence"
        case .clearCalendar: "clear-calendar"
        case .takeOff: "take-off"
        case .negatedEvent: "negated-event"
        case .updateVerb: "update-verb"
        case .swapEvents: "swap-events"
        case .contact(let rule): rule.name
        case .question: "question"
        case .showVerb: "show-verb"
        case .showUnknown: "show-unknown"
        case .questionUnknown: "question-unknown"
        case .remind: "remind"
        case .createVerb: "create-verb"
        case .nounPhrase: "noun-phrase"
        case .pastStatement: "past-statement"
        case .eventStatement: "event-statement"
        case .eventDetails: "event-details"
        case .dateOnly: "date-only"
        case .unknown: "unknown"
        }
    }
}

/// The commands said in a few fixed ways (`FixedCommands`).
enum FixedCommand: Hashable, Sendable {
    case help, login, logout, status, undo, lastChange, quit, calendars
    /// "redo": out of scope, said so with what to do instead.
    case redo

    var intent: Intent {
        switch self {
        case .help: .help
        case .login: .login
        case .logout: .logout
        case .status: .status
        case .undo: .undo
        case .lastChange: .lastChange
        case .quit: .quit
        case .calendars: .calendars
        case .redo: .outOfScope(OutOfScope(topic: .redo))
        }
    }
}

/// Requests about a calendar itself.
enum CalendarRule: Hashable, Sendable {
    case delete, rename, makeDefault

    var name: String {
        switch self {
        case .delete: "delete"
        case .rename: "rename"
        case .makeDefault: "default"
        }
    }
}

/// People coming to an event or leaving it.
enum PeopleChange: Hashable, Sendable {
    case add, remove
}

/// The shapes of file requests.
enum FileRule: Hashable, Sendable {
    case read, delete, replace, create, append, list
    /// "remove milk from groceries.txt": lines out of a file, never the file.
    case removeLines
    /// "clear todo.txt", "empty the grocery list": every line out, the file kept.
    case clear
    /// "rename groceries.txt to shopping.txt".
    case rename
    /// "jot down buy milk", "note to self: renew passport": a line for the notes file.
    case note
    /// "remove notes.txt", "erase todo.txt": a delete said with a verb that also removes lines;
    /// only "delete" and "trash" delete a file, so clerk asks.
    case deleteWithOtherVerb
    /// "the last 3 lines of todo.txt", "line 2 of todo.txt", "how many lines in todo.txt".
    case lines
    /// "search my files for milk", "which file mentions milk", "does todo.txt mention rent".
    case search
    /// "copy todo.txt to todo-old.txt", "duplicate todo.txt".
    case copy
    /// "insert eggs at the top of shopping.txt".
    case prepend
    /// "delete line 2 of todo.txt", "remove the last line from todo.txt".
    case removeLineNumbers
    /// "tick off eggs", "mark milk as done", "cross milk off my shopping list": an item out
    /// of the list that holds it (the list named, or found by the session).
    case tickOff
    /// "what's in the trash", "show deleted files" (`TrashPhrases`).
    case trash
    /// "empty the trash": the trash shown, with why clerk keeps it.
    case emptyTrash
    /// "restore notes.txt", "take todo.txt out of the trash".
    case restore

    var name: String {
        switch self {
        case .read: "read"
        case .delete: "delete"
        case .replace: "replace"
        case .create: "create"
        case .append: "append"
        case .list: "list"
        case .removeLines: "remove-lines"
        case .clear: "clear"
        case .rename: "rename"
        case .note: "note"
        case .deleteWithOtherVerb: "delete-said-otherwise"
        case .lines: "lines"
        case .search: "search"
        case .copy: "copy"
        case .prepend: "prepend"
        case .removeLineNumbers: "remove-line-numbers"
        case .tickOff: "tick-off"
        case .trash: "trash"
        case .emptyTrash: "empty-trash"
        case .restore: "restore"
        }
    }
}

/// The shapes of follow-up edits.
enum FollowUpRule: Hashable, Sendable {
    /// "call it Team lunch", "rename it to Team lunch".
    case title
    /// "make it 13:30", "move it to Friday", "push it back an hour".
    case changeIt
    /// "add Bob", "remove Carla".
    case addPeople, removePeople
    /// "the location is my office".
    case location
    /// "for 2 hours", "on Personal instead", "tomorrow instead".
    case bare
    /// "actually Thursday", "no, friday", "not 10, 11": a day or time alone that corrects
    /// what is on screen.
    case correction
    /// "invite Carla instead of Bob", "replace Ana with Bob", "swap Ana for Bob": one guest
    /// in another's place.
    case swapPeople

    var name: String {
        switch self {
        case .swapPeople: "swap-people"
        case .title: "title"
        case .changeIt: "change-it"
        case .addPeople: "add-people"
        case .removePeople: "remove-people"
        case .location: "location"
        case .bare: "bare"
        case .correction: "correction"
        }
    }
}

/// The shapes of questions about people.
enum ContactRule: Hashable, Sendable {
    /// "call Ana", "dial mom": the number to call.
    case callPerson
    /// "who is Carla Gomez".
    case whoIs
    /// "my contacts", "list my contacts": the address book.
    case addressBook
    /// "Ana's phone", "email of silvia".
    case field(ContactField)
    /// "where does Ana live", "where does Ana work".
    case whereAbout
    /// "find Bob Stone", "tell me about mary".
    case lookup
    /// "ana perez", "lopez": a contact's name and nothing else.
    case nameAlone
    /// "who works at Acme", "which contacts have an email", "who has no phone number", "how
    /// many contacts do I have".
    case filtered

    var name: String {
        switch self {
        case .callPerson: "call-person"
        case .whoIs: "who-is"
        case .addressBook: "contact-noun"
        case .field(let field): "contact-field:" + field.rawValue
        case .whereAbout: "contact-where"
        case .lookup: "lookup-person"
        case .nameAlone: "name-alone"
        case .filtered: "contacts-filtered"
        }
    }
}
