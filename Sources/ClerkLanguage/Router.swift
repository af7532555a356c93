internal import ClerkCore
import FoundationEssentials

/// Turns a line a person typed into an `Intent` with its slots.
///
/// Rule-based and pure: the same text, reference time and known names always give the same
/// `Understanding`; it never reads the clock or touches a store. One pipeline, in order:
///
/// 1. **Tokenize** the line (words, numbers, emails, file names, marks; case and accents
///    folded for matching, the text itself kept for slots).
/// 2. **Dates**: the date reader's matches are marked on the tokens they cover.
/// 3. **Normalize**: wake words ("olly", "alexa"), politeness ("can you", "please") and
///    thanks are set aside; what remains is the request's body.
/// 4. **Classify** by ordered sentence-shape rules (`Classifier`): fixed commands, files,
///    follow-up edits, out-of-scope topics, delete, update, contacts, agenda questions,
///    event creation, and the rest.
/// 5. **Read slots** with the reader for that intent; each slot keeps its text span and the
///    rule that made it.
public struct Router: Sendable {
    let reader: DateReader

    public init() {
        reader = DateReader()
    }

    /// A router that reads dates with `reader` (one reader may serve many lines).
    public init(dates reader: DateReader) {
        self.reader = reader
    }

    /// The reader this router reads dates with.
    public var dateReader: DateReader { reader }

    /// Reads `text` at `reference`, using `known` as context (calendar, contact and file
    /// names the backend has).
    ///
    /// With `eventOnScreen`, a line that can be read as a change of the event being shown (a
    /// new event's card) is one: "add maria" adds a person even in lower case, and a
    /// correction ("actually thursday") moves it.
    public func understand(_ text: String, at reference: ReferenceTime, known: KnownNames = .none, eventOnScreen: Bool = false) -> Understanding {
        understand(text, readings: reader.readings(text, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
    }

    /// `understand(_:at:known:eventOnScreen:)` of a line whose dates were already read:
    /// `readings` is `DateReader.readings(text, at: reference)`, made by this router's reader
    /// (`clerk parse --jsonl` reads the dates of one line while another is routed).
    public func understand(_ text: String, readings read: DateReader.Readings, at reference: ReferenceTime,
                           known: KnownNames = .none, eventOnScreen: Bool = false) -> Understanding {
        // "I'm new here. What's on today?", "Hi there! Cancel lunch with Bob": a remark about
        // oneself or a greeting, with no day in it, then the request: the request alone is read
        // (the remark's words were looked for as an event's). A day in the remark is the
        // request's when the request says none ("I'm out on friday. Cancel my meetings"); one
        // of its own is its ("I'm back tomorrow. Move the standup to friday at 10" made an
        // event "Back move the standup" tomorrow; "Hi, I'm off on monday. Cancel the sync on
        // tuesday" offered to cancel Monday's).
        // "Lunch with Ana tomorrow at 1. Add Bob too": a new event, then a guest for it in a
        // sentence of its own: the event with the guest (it was titled "Lunch with Ana Add Bob").
        // (A line with no mark before a space has one sentence, and no label before a colon:
        // `lastSentence` is nil, and so are `guestAdded` and `commandAtEnd`. One pass over the
        // bytes says so; the three scans from the end for them cost ~1,200 instructions a line.)
        // "would you mind moving my 3pm to 4", "do you mind adding lunch on friday": the verb
        // after "mind" read as said plainly ("move", "add").
        if Self.mayAskMind(text), let said = Self.plainVerbAfterMind(text) {
            return understand(said, readings: reader.readings(said, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen).onLine(text)
        }
        let (sentences, colon) = Self.marksBeforeSpace(text)
        if sentences, let both = guestAdded(text, at: reference, known: known) { return both }
        // "hi, im bob, lunch tomorrow at 1": who is speaking after the greeting, then the
        // request after a comma, is the same (it was titled "Bob, lunch").
        if let last = (Self.opensWithRemark(text) ? (sentences ? Self.lastSentence(text) : nil) ?? Self.afterIntroduction(text, dates: read.matches) : nil)
            ?? (sentences || colon ? Self.commandAtEnd(text, files: known.folded) : nil) {
            let cut = last.utf8.prefix { $0 == 32 }.count
            let offsets = read.matches.map { text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound) }
            if !offsets.contains(where: { $0 < cut }) || offsets.contains(where: { $0 >= cut }) {
                let inner = understand(last, readings: reader.readings(last, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
                if case .outOfScope = inner.intent {} else { return inner.moved(onto: text, from: last) }
            }
        }
        // (The line read whole only now: a request read past its remark above needs no second
        // routing of the whole line.)
        let whole = understandWhole(text, readings: read, at: reference, known: known, eventOnScreen: eventOnScreen)
        // "Oh dear, I didn't mean to do that. Could you restore the coffee?": a remark, then
        // the request. The last sentence alone, when the line as a whole asks nothing clerk does.
        guard case .outOfScope(let said) = whole.intent, said.topic == nil || said.topic == .question, said.didYouMean == nil,
              sentences, let last = Self.lastSentence(text) else { return whole }
        let inner = understand(last, readings: reader.readings(last, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
        if case .outOfScope(let alone) = inner.intent, alone.topic == nil || alone.topic == .question || alone.topic == .greeting { return whole }
        return inner.moved(onto: text, from: last)
    }

    /// `text` with the verb in -ing after "would you mind" / "do you mind" at its start written
    /// plainly ("would you mind move my 3pm to 4"), the polite words left for the classifier;
    /// nil for any other line (asked after `mayAskMind`).
    static func plainVerbAfterMind(_ text: String) -> String? {
        let lower = text.lowercased()
        guard let opening = ["would you mind ", "do you mind ", "would u mind "].first(where: { lower.hasPrefix($0) }) else { return nil }
        let rest = lower.dropFirst(opening.count)
        let verb = rest.prefix { $0.isLetter }
        guard let plain = plainVerbs[String(verb)] else { return nil }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: opening.utf8.count)
        let end = text.utf8.index(start, offsetBy: verb.utf8.count)
        return String(text[..<start]) + plain + String(text[end...])
    }
    /// False when `text` opens with neither "would y…" nor "do y…", seen from three bytes where
    /// they lie (`utf8.first` and a call cost ~60 instructions a line).
    @inline(__always) static func mayAskMind(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { b in
            b.count > 12 && (b[0] | 0x20 == UInt8(ascii: "w") && b[6] | 0x20 == UInt8(ascii: "y") || b[0] | 0x20 == UInt8(ascii: "d") && b[3] | 0x20 == UInt8(ascii: "y"))
        } ?? true
    }

    /// Verbs of requests in -ing, and as said plainly.
    static let plainVerbs: [String: String] = [
        "moving": "move", "adding": "add", "telling": "tell", "showing": "show", "checking": "check", "putting": "put",
        "booking": "book", "scheduling": "schedule", "rescheduling": "reschedule", "changing": "change", "setting": "set",
        "creating": "create", "making": "make", "pushing": "push", "shifting": "shift", "deleting": "delete", "removing": "remove",
        "cancelling": "cancel", "canceling": "cancel", "finding": "find", "giving": "give", "looking": "look", "listing": "list",
        "renaming": "rename", "inviting": "invite", "reminding": "remind", "clearing": "clear", "blocking": "block", "writing": "write",
        "appending": "append", "reading": "read", "opening": "open",
    ]

    /// The weekdays whose short forms are words of their own.
    static let wordlikeWeekdays: [String: String] = ["sat": "saturday", "sun": "sunday", "wed": "wednesday"]
    /// Verbs of a move that "to" a day may follow.
    static let moveOpenings: Set<String> = ["move", "push", "shift", "reschedule", "bump", "change", "switch", "put", "can", "could"]

    /// `text` with the short weekday of `wordlikeWeekdays` that ends it after "to" written
    /// whole, the bytes replaced and their new count; nil when the line is no such move.
    /// ("move the dentist to wed same time": the day may have "same time" after it.)
    static func shortWeekdayAfterTo(_ text: String) -> (String, Range<Int>, Int)? {
        // The three tests below first asked of the bytes where they lie (read through the
        // view's indices, they cost ~200 instructions a line): most lines end otherwise.
        let mayEndSo: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var last = bytes.count
            while last > 0, Self.trails(bytes[last - 1]) { last -= 1 }
            if endsSameTime(bytes, last) { last -= sameTimeLength }
            guard last >= 7 else { return false }
            let a = bytes[last - 3] | 0x20, b = bytes[last - 2] | 0x20, c = bytes[last - 1] | 0x20
            return (a == UInt8(ascii: "s") && (b == UInt8(ascii: "a") && c == UInt8(ascii: "t") || b == UInt8(ascii: "u") && c == UInt8(ascii: "n"))
                || a == UInt8(ascii: "w") && b == UInt8(ascii: "e") && c == UInt8(ascii: "d")) && bytes[last - 4] == 32
        }
        if mayEndSo == false { return nil }
        // The last word's bytes read from the end, nothing copied.
        let utf8 = text.utf8
        var last = utf8.endIndex
        while last > utf8.startIndex, Self.trails(utf8[utf8.index(before: last)]) { last = utf8.index(before: last) }
        let sameTimeAfter = endsSameTime(Array(utf8[..<last]), utf8.distance(from: utf8.startIndex, to: last))
        if sameTimeAfter { last = utf8.index(last, offsetBy: -sameTimeLength) }
        guard utf8.distance(from: utf8.startIndex, to: last) >= 7 else { return nil }
        let wordStart = utf8.index(last, offsetBy: -3)
        // (The three bytes compared first: a string made of them, and its look-up in the
        // table, cost ~200 instructions a line.)
        let a = utf8[wordStart] | 0x20, b = utf8[utf8.index(after: wordStart)] | 0x20, c = utf8[utf8.index(wordStart, offsetBy: 2)] | 0x20
        guard a == UInt8(ascii: "s") && (b == UInt8(ascii: "a") && c == UInt8(ascii: "t") || b == UInt8(ascii: "u") && c == UInt8(ascii: "n"))
                || a == UInt8(ascii: "w") && b == UInt8(ascii: "e") && c == UInt8(ascii: "d") else { return nil }
        guard utf8[utf8.index(before: wordStart)] == 32, let day = wordlikeWeekdays[String(decoding: utf8[wordStart..<last].map { $0 | 0x20 }, as: UTF8.self)] else { return nil }
        let start = utf8.distance(from: utf8.startIndex, to: wordStart), end = start + 3
        let words = text.lowercased().split(separator: " ").dropLast(sameTimeAfter ? 2 : 0)
        guard words.count >= 3, words[words.endIndex - 2] == "to", let first = words.first, moveOpenings.contains(String(first)) else { return nil }
        var said = Array(utf8)
        said.replaceSubrange(start..<end, with: Array(day.utf8))
        return (String(decoding: said, as: UTF8.self), start..<end, day.utf8.count)
    }

    /// The bytes of " same time".
    static let sameTimeLength = 10
    /// True when the `count` bytes of `bytes` end with " same time", in any case: its last
    /// byte first, written out (nearly every line ends otherwise; a loop over a table cost ~30
    /// instructions a line).
    @inline(__always) static func endsSameTime<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ count: Int) -> Bool where C.Index == Int {
        let at = bytes.startIndex + count
        return count > 10 && bytes[at - 1] | 0x20 == UInt8(ascii: "e") && bytes[at - 5] == 32 && bytes[at - 10] == 32
            && bytes[at - 4] | 0x20 == UInt8(ascii: "t") && bytes[at - 3] | 0x20 == UInt8(ascii: "i") && bytes[at - 2] | 0x20 == UInt8(ascii: "m")
            && bytes[at - 9] | 0x20 == UInt8(ascii: "s") && bytes[at - 8] | 0x20 == UInt8(ascii: "a") && bytes[at - 7] | 0x20 == UInt8(ascii: "m")
            && bytes[at - 6] | 0x20 == UInt8(ascii: "e")
    }

    /// A byte that may end a line after its last word: a space, "?", "." or "!".
    private static func trails(_ byte: UInt8) -> Bool { byte == 32 || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") }

    /// Verbs of a last sentence that adds people (or a note) to the event the sentence before makes.
    static let guestOpenings: Set<String> = ["add", "invite", "include"]

    /// `text` read as a new event (all but its last sentence) with the people or the note its
    /// last sentence adds ("Dinner friday at 8. Invite Carla and Bob"); nil when the last
    /// sentence opens with no verb of `guestOpenings`, adds neither or changes more, or the sentences
    /// before it make no event with a title and a time.
    func guestAdded(_ text: String, at reference: ReferenceTime, known: KnownNames) -> Understanding? {
        guard let last = Self.lastSentence(text), let verb = last.split(separator: " ").first,
              Self.guestOpenings.contains(verb.lowercased()) else { return nil }
        let cut = last.utf8.prefix { $0 == 32 }.count
        let first = String(decoding: text.utf8.prefix(cut), as: UTF8.self) + String(repeating: " ", count: text.utf8.count - cut)
        let event = understand(first, readings: reader.readings(first, at: reference), at: reference, known: known)
        guard case .createEvent(var request) = event.intent, !request.title.isEmpty, request.when != nil else { return nil }
        let added = understand(last, readings: reader.readings(last, at: reference), at: reference, known: known, eventOnScreen: true)
        // ("Coffee tomorrow at 10. Add a note: bring the contract": its notes.)
        guard case .updateEvent(_, let changes) = added.intent,
              !changes.addAttendees.isEmpty && changes == EventChanges(addAttendees: changes.addAttendees)
                || request.notes == nil && changes.addsNote && changes == EventChanges(notes: changes.notes, addsNote: true) else { return nil }
        request.attendees += changes.addAttendees.filter { !request.attendees.contains($0) }
        if changes.addsNote { request.notes = changes.notes }
        var both = event.moved(onto: text, from: first)
        both.intent = .createEvent(request)
        both.slots += added.moved(onto: text, from: last).slots.filter { $0.kind == .attendee || $0.kind == .notes }
        return both
    }

    /// Verbs a last sentence that is a command opens with ("I was sick yesterday. Move the
    /// standup to tomorrow at 10").
    static let commandOpenings: Set<String> = ["move", "cancel", "delete", "remove", "add", "schedule", "book", "reschedule", "push", "put", "create", "clear", "show"]

    /// The last sentence of `text` when there is one before it and it opens with one of
    /// `commandOpenings`; else
    /// what follows a label before a colon, when that is such a command ("shift swap: move
    /// tuesday's shift to friday") and the label is no file's name nor a kept list's kind
    /// ("todo: cancel the gym" is a line for the todo list); nil otherwise.
    static func commandAtEnd(_ text: String, files: Names) -> String? {
        func opensWithCommand(_ sentence: String) -> Bool {
            sentence.split(separator: " ").first.map { commandOpenings.contains($0.lowercased()) } ?? false
        }
        // (`lastSentence` asks the bytes for a mark first: most lines have none.)
        if let last = lastSentence(text), opensWithCommand(last) { return last }
        guard let last = lastSentence(text, atColon: true), opensWithCommand(last) else { return nil }
        // A label is a few words and no command ("add a note to lunch: move it inside" is one
        // request, its note after the colon).
        var before = Substring(String(decoding: text.utf8.prefix(last.utf8.prefix { $0 == 32 }.count), as: UTF8.self))
        while before.last == " " { before = before.dropLast() }
        guard before.hasSuffix(":") else { return nil }
        let words = before.dropLast().split(separator: " ")
        let isLabel = words.count <= 3 && !words.contains { commandOpenings.contains($0.lowercased()) || noteWords.contains($0.lowercased()) }
        guard isLabel else { return nil }
        let named = words.map { Spelling.fold(String($0)) }.filter { !FilePhrases.listLabelLeads.contains($0) }
        let stem = named.joined(separator: "-")
        return files.file(stem: stem) == nil && !FilePhrases.keptListKinds.contains(stem) ? last : nil
    }

    /// Words that say what follows a colon is a note's text, not a command.
    static let noteWords: Set<String> = ["note", "notes", "description", "details", "agenda", "text", "say", "saying"]

    /// Words a remark about oneself or a greeting opens with ("I'm new here.", "Hi there!").
    static let remarkOpenings: [StaticString] = ["i'm", "im", "i\u{2019}m", "hi", "hello", "hey", "morning", "ok", "okay", "so", "sorry", "oh", "well"]
    /// The first byte of each of `remarkOpenings`, as it is and `| 0x20`, as bits of `byte & 63`:
    /// a line whose first byte (`| 0x20`) is on none opens with none.
    static let remarkOpeningFirsts: UInt64 = remarkOpenings.reduce(0) { bits, opening in
        bits | 1 << UInt64(opening.utf8Start[0] & 63) | 1 << UInt64((opening.utf8Start[0] | 0x20) & 63)
    }

    /// True when `text` opens with one of `remarkOpenings`, as bytes in any case (a lower-cased
    /// copy of the first word cost ~900 instructions a line).
    static func opensWithRemark(_ text: String) -> Bool {
        // The bytes read where they lie: walked through the string's UTF-8 view, the first
        // word and the compares cost ~700 instructions a line.
        if let opens = text.utf8.withContiguousStorageIfAvailable({ opensWithRemark(bytes: $0) }) { return opens }
        return Array(text.utf8).withUnsafeBufferPointer { opensWithRemark(bytes: $0) }
    }

    /// `opensWithRemark` of a line's bytes: its first word (up to a space, ",", "." or "!"),
    /// two to seven bytes long, is an opening in any case.
    private static func opensWithRemark(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = 0
        while count < bytes.count, count <= 7 {
            let byte = bytes[count]
            if byte == 32 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") { break }
            count += 1
        }
        guard (2...7).contains(count) else { return false }
        // (The first byte first, `| 0x20` as compared below: thirteen lengths compared cost ~130
        // instructions a line, most of whose first letters no opening has.)
        guard remarkOpeningFirsts & (1 << UInt64((bytes[0] | 0x20) & 63)) != 0 else { return false }
        // (Lengths first: comparing the bytes of each opening cost ~1,000 instructions a line.)
        return remarkOpenings.contains { opening in
            guard opening.utf8CodeUnitCount == count else { return false }
            let said = UnsafeBufferPointer(start: opening.utf8Start, count: count)
            for k in 0..<count where !(bytes[k] | 0x20 == said[k] || bytes[k] == said[k]) { return false }
            return true
        }
    }

    /// `text` with a greeting and who is speaking made spaces, when a comma ends them and
    /// the request after it has two words or more ("hi, im bob, lunch tomorrow at 1",
    /// "hello i'm the coach, training tuesday 6pm", "hey my name is priya, what's on
    /// tomorrow"); nil otherwise, and when a day is said before the comma ("hi, im off
    /// tomorrow, …" says when).
    static func afterIntroduction(_ text: String, dates: [DateMatch]) -> String? {
        // (Thirteen words at most are looked at: the rest stays one piece.)
        let words = text.split(separator: " ", maxSplits: 12)
        func bare(_ k: Int) -> String {
            guard k < words.count else { return "" }
            return Self.bare(words[k])
        }
        guard words.count >= 4, Vocabulary.greetingWords.contains(bare(0)) else { return nil }
        let at = !words[0].hasSuffix(",") && bare(1) == "there" ? 2 : 1
        // The comma after at least one word of who is speaking, within the words split.
        guard Vocabulary.introducesSpeaker(bare(at), then: bare(at + 1)), let end = words[(at + 1)...].firstIndex(where: { $0.hasSuffix(",") }), end < words.count - 1 else { return nil }
        let cut = words[end].endIndex
        guard text[cut...].split(separator: " ", maxSplits: 2).count >= 2, !dates.contains(where: { $0.range.lowerBound < cut }) else { return nil }
        return String(repeating: " ", count: text.utf8.distance(from: text.startIndex, to: cut)) + text[cut...]
    }

    /// Whether `text` has ".", "!" or "?" before a space (`sentences`), and ":" before one
    /// (`colon`): without them `lastSentence(text)` is nil, and `lastSentence(text, atColon:
    /// true)` too.
    static func marksBeforeSpace(_ text: String) -> (sentences: Bool, colon: Bool) {
        // (Read where the bytes lie: the copy `withUTF8` needs was a retain and a release.)
        if let found = text.utf8.withContiguousStorageIfAvailable({ marksBeforeSpace(bytes: $0) }) { return found }
        var copy = text
        return copy.withUTF8 { marksBeforeSpace(bytes: $0) }
    }

    /// `marksBeforeSpace` of a line's bytes.
    private static func marksBeforeSpace(bytes: UnsafeBufferPointer<UInt8>) -> (sentences: Bool, colon: Bool) {
        var sentences = false, colon = false
        guard bytes.count >= 2 else { return (false, false) }
        for i in 0..<(bytes.count - 1) where bytes[i + 1] == UInt8(ascii: " ") {
            switch bytes[i] {
            case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"): sentences = true
            case UInt8(ascii: ":"): colon = true
            default: break
            }
        }
        return (sentences, colon)
    }

    /// `text` with all before its last sentence made spaces ("I'm new here. What's on
    /// today?" → "              What's on today?"), when it has two and the last has two
    /// words or more; nil otherwise.
    /// With `atColon`, a colon ends a sentence too ("shift swap: move …").
    static func lastSentence(_ text: String, atColon: Bool = false) -> String? {
        // One pass from the end over the bytes where they lie (it is asked up to four times a
        // line, and most lines have no mark before a space): three scans for ". ", "! " and
        // "? ", then an array of the bytes, cost about as much as the cut.
        var copy = text
        let cut: Int? = copy.withUTF8 { bytes in
            guard bytes.count >= 3 else { return nil }
            for i in stride(from: bytes.count - 2, to: 0, by: -1) where bytes[i + 1] == UInt8(ascii: " ") {
                let mark = bytes[i]
                if atColon ? mark == UInt8(ascii: ":") : mark == UInt8(ascii: ".") || mark == UInt8(ascii: "!") || mark == UInt8(ascii: "?") { return i + 1 }
            }
            return nil
        }
        guard let cut else { return nil }
        let rest = String(decoding: text.utf8.dropFirst(cut), as: UTF8.self)
        guard rest.split(separator: " ").count >= 2 else { return nil }
        return String(repeating: " ", count: cut) + rest
    }

    /// The reading of the line as a whole (`understand(_:readings:at:known:eventOnScreen:)`
    /// before its last sentence is tried alone).
    func understandWhole(_ text: String, readings read: DateReader.Readings, at reference: ReferenceTime,
                         known: KnownNames, eventOnScreen: Bool) -> Understanding {
        let line = LineBytes(text)
        // "can you help me keep track of rehearsals", "hi i walk dogs for a living, can u keep
        // track of my walks": what clerk does, asked with no day (the help on events).
        if read.matches.isEmpty, Self.asksToKeepTrack(line) {
            return Understanding(text: text, intent: .help, rule: "keep-track:help")
        }
        // "call with the tokyo client at 9am their time": the place the line names is whose.
        if let said = Self.theirTime(line) {
            return understand(said, readings: reader.readings(said, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
        }
        // "i see patients all day, can you put in mrs kelly at 9 tomorrow", "busy week, could
        // you show me friday": a remark with no day in it, then a request asked politely after
        // the comma: the request alone (the remark's words made the title, its time lost).
        if let asked = Self.politeRequestAfterRemark(line, dates: read.matches) {
            let inner = understand(asked, readings: reader.readings(asked, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            switch inner.intent {
            case .createEvent(let request) where !request.title.isEmpty:
                // "i missed carlas birthday, remind me to call her tonight": "her" is Carla.
                if let (said, replaced, count) = Self.pronounNamed(in: asked, remark: line.text, known: known.folded) {
                    let again = understand(said, readings: reader.readings(said, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
                    if case .createEvent(let named) = again.intent, !named.title.isEmpty { return again.moved(onto: text, from: said, replacing: replaced, by: count) }
                }
                return inner.moved(onto: text, from: asked)
            // ("lunch with bob, can you make it 2pm tomorrow": "it" is what the words before
            // the comma name, and the line is read whole.)
            case .updateEvent(let which, _) where which.isLastShown: break
            case .deleteEvent(let which) where which.isLastShown: break
            case .updateEvent, .deleteEvent, .queryAgenda, .contactLookup: return inner.moved(onto: text, from: asked)
            default: break
            }
        }
        // "move the gig to sat", "push lunch to wed": a weekday's short form that is a word
        // too ("sat", "sun", "wed"), after the "to" of a move at the end of the line, is the
        // day (alone the reader leaves it: "the cat sat", "wed in june").
        if let (said, replaced, count) = Self.shortWeekdayAfterTo(text) {
            let again = understand(said, readings: reader.readings(said, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            if case .updateEvent(_, let changes) = again.intent, changes.when != nil {
                return again.moved(onto: text, from: said, replacing: replaced, by: count)
            }
        }
        // "board meetings first monday of the month": a new event on such a day repeats then.
        if let (said, replaced, count) = Self.everyMonth(line, read.matches) {
            let again = understand(said, readings: reader.readings(said, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            if case .createEvent(let request) = again.intent, request.when?.recurrence != nil, !request.title.isEmpty {
                return again.moved(onto: text, from: said, replacing: replaced, by: count)
            }
        }
        // "hotel check in on the 18th, check out on the 22nd": a stay from one to the other.
        if let said = Self.stayFromCheckIn(line) {
            let again = understand(said, readings: reader.readings(said, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            if case .createEvent(let request) = again.intent, !request.title.isEmpty, let when = request.when,
               when.end.timeIntervalSince(when.start) > 86_400 {
                return again.moved(onto: text, from: said)
            }
        }
        // "cancel tomorrow's 1:1 with sam, he's out sick", "could you cancel the eye test
        // please, I shall go in January instead": a reason after a change or a removal, with
        // a subject of its own, says neither which event nor when.
        // The same with no comma when the remark opens plainly ("no class next monday its a
        // holiday", "cancel lunch because the place is closed"), and after a new event's
        // title ("dinner friday at 8, i'll bring wine" is "Dinner").
        // "lunch tomorrow at 1, bring laptop": a thing to do said after a comma, with no
        // subject and no day of its own, is the new event's notes.
        if let noted = Self.noteRemark(line, dates: read.matches) {
            let inner = understand(noted.kept, readings: reader.readings(noted.kept, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            if case .createEvent(var request) = inner.intent, !request.title.isEmpty, request.when != nil {
                request.notes = noted.note
                var moved = inner.moved(onto: text, from: noted.kept)
                moved.intent = .createEvent(request)
                moved.slots.append(Slot(kind: .notes, ranges: [noted.range], value: noted.note, rule: "remark:note"))
                return moved
            }
        }
        if let remark = Self.withoutRemark(line, dates: read.matches) ?? Self.withoutBareRemark(line) {
            let kept = remark.kept
            let inner = understand(kept, readings: reader.readings(kept, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            switch inner.intent {
            case .deleteEvent, .updateEvent: return inner.moved(onto: text, from: kept)
            // ("no class next monday its a holiday": a denial, read as a look.)
            case .queryAgenda where !remark.afterComma: return inner.moved(onto: text, from: kept)
            // ("remind me tomorrow at 9, i have to call the bank": the remark is what to be
            // reminded of, and the line is read whole. "dinner because of ana's promotion
            // friday at 8": what the event is for, with no comma, names it.)
            case .createEvent(let request) where !request.title.isEmpty && !remark.namesPurpose:
                // ("lunch with Ana since it's her birthday friday at 1": the remark's words go,
                // the day said inside it stays the event's.)
                if request.when == nil, let withDates = Self.keepingDates(of: text, read.matches, in: kept) {
                    let again = understand(withDates, readings: reader.readings(withDates, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
                    if case .createEvent(let found) = again.intent, !found.title.isEmpty, found.when != nil { return again.moved(onto: text, from: withDates) }
                }
                return inner.moved(onto: text, from: kept)
            default: break
            }
        }
        // "he's running late, move it to 8:30", "bob is sick, cancel lunch": a remark before
        // the comma, then the change; the change alone is read.
        if let kept = Self.withoutLeadingRemark(line) {
            let inner = understand(kept, readings: reader.readings(kept, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            switch inner.intent {
            case .updateEvent, .deleteEvent: return inner.moved(onto: text, from: kept)
            default: break
            }
        }
        // "my flight lands at 4:30pm london time", "the review ends at 5": the event named
        // ends then (asked first; its start stays).
        if let (words, verb) = Self.endSaid(line),
           let end = read.matches.first(where: { $0.range.lowerBound >= verb.upperBound && $0.known.contains(.time) && !$0.known.contains(.date) && $0.recurrence == nil }),
           text[verb.upperBound..<end.range.lowerBound].split(separator: " ").allSatisfy({ ["at", "around", "about", "by"].contains($0.lowercased()) }) {
            var changes = EventChanges()
            changes.newEnd = end
            var understood = Understanding(text: text, intent: .updateEvent(EventReference(words: String(text[words]).lowercased()), changes), dates: [end], rule: "event-ends")
            understood.slots = [Slot(kind: .words, ranges: [words], value: String(text[words]).lowercased(), rule: "event-ends"),
                                Slot(kind: .command, ranges: [verb], value: String(text[verb]), rule: "event-ends"),
                                Slot(kind: .when, ranges: [end.range], value: Sentence.interval(end, reference.timeZone), rule: "new-end:" + end.rule)]
            return understood
        }
        // "maria can't make lunch on friday": a guest who will not come is taken off it (asked
        // first, and said when they are not on it).
        if let absent = Self.cannotMake(line) {
            let inner = understand(absent.kept, readings: reader.readings(absent.kept, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            if case .createEvent(let request) = inner.intent, request.attendees.isEmpty, !request.title.isEmpty || request.when == nil {
                var moved = inner.moved(onto: text, from: absent.kept)
                // (The words as typed: "Lunch", the title made of them, is capitalised.)
                var typed = moved.slots.first { $0.kind == .title }.map { $0.ranges.map { String(text[$0]) }.joined(separator: " ") }
                // ("she can't make lunch": the meal names the event, not its hour today.)
                var when = request.when
                if let meal = when?.range, Vocabulary.mealWords.contains(text[meal].lowercased()) {
                    when = nil
                    moved.slots.removeAll { $0.kind == .when }
                    if typed == nil {
                        typed = text[meal].lowercased()
                        moved.slots.append(Slot(kind: .words, ranges: [meal], value: typed!, rule: "cannot-make"))
                    }
                }
                let which = request.title.isEmpty && typed == nil ? EventReference(isLastShown: true) : EventReference(words: typed ?? request.title, when: when)
                // (The new event's title is the words of the one to find.)
                moved.slots = moved.slots.compactMap { slot in
                    var slot = slot
                    if slot.kind == .title { slot.kind = .words; slot.value = typed ?? slot.value }
                    return slot.kind == .when || slot.kind == .words ? slot : nil
                }
                let person = absent.person
                // (The event they were to come to: one with them on it. "she": the session
                // finds which guest.)
                var theirs = which
                let pronoun = Self.thirdPersonPronouns.contains(text[person].lowercased())
                if !which.isLastShown, !pronoun { theirs.attendee = String(text[person]) }
                moved.intent = .updateEvent(theirs, EventChanges(removeAttendees: [Attendee(name: String(text[person]))]))
                moved.slots.append(Slot(kind: .removedAttendee, ranges: [person], value: String(text[person]), rule: "cannot-make"))
                moved.rule = "cannot-make"
                return moved
            }
        }
        // "how do I add Bob to the review", "how can I move the dentist to friday": the change
        // asked how to make is read as asked for (every change is shown, and made after a yes).
        if let asked = Self.howDoI(line) {
            let inner = understand(asked, readings: reader.readings(asked, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            // (Only of an event named, by its words, a guest or its day: "how do I delete an
            // event" is the help.)
            func named(_ which: EventReference) -> Bool {
                which.attendee != nil || which.when != nil || which.words.map { words in
                    !words.lowercased().split(separator: " ").allSatisfy { ["event", "events", "meeting", "meetings", "appointment", "something", "one", "a", "an"].contains(String($0)) }
                } ?? false
            }
            // ("how do I add someone to the review": nobody named to add.)
            func somebody(_ people: [Attendee]) -> Bool {
                people.contains { Self.anyone.contains(($0.name ?? "").lowercased()) }
            }
            switch inner.intent {
            case .deleteEvent(let which) where named(which): return inner.moved(onto: text, from: asked)
            case .updateEvent(let which, let changes) where named(which) && !somebody(changes.addAttendees):
                return inner.moved(onto: text, from: asked)
            default:
                // "how do I add someone to a meeting", "how can I invite people to an event":
                // how it is done, asked of nobody in particular, is the help on events.
                let words = asked.lowercased().split(whereSeparator: { !$0.isLetter })
                if words.contains(where: { Self.anyone.contains(String($0)) }) {
                    return Understanding(text: text, intent: .help, rule: "how-do-i:help")
                }
                // "how do i cancel a meeting", "how do i delete everything", "how do i remove a
                // contact": a change asked how to make, of nothing named, is the help (it
                // offered to cancel every meeting, showed the agenda, looked the contacts up).
                let ofContacts = words.first.map { Self.contactChangeVerbs.contains(String($0)) } ?? false
                    && words.contains { $0 == "contact" || $0 == "contacts" }
                let changesAnEvent = switch inner.intent { case .deleteEvent, .updateEvent: true; default: false }
                if changesAnEvent || ofContacts { return Understanding(text: text, intent: .help, rule: "how-do-i:help") }
            }
        }
        // "cancel lunch, I mean dinner": the words after "I mean" take the place of those
        // they correct.
        if let said = correctedInLine(line, at: reference) {
            let inner = understand(said, readings: reader.readings(said, at: reference), at: reference, known: known, eventOnScreen: eventOnScreen)
            switch inner.intent {
            case .deleteEvent, .updateEvent, .queryAgenda, .createEvent: return inner.moved(onto: text, from: said)
            default: break
            }
        }
        let names = known.folded
        var dates = usable(read.matches, in: text)
        // "the last one on friday", "my second one tomorrow": "one" picks an event, it is no
        // hour; the dates are read again without it.
        if let masked = Self.maskingPickedOne(line, dates) {
            dates = readDates(masked, at: reference).map { Self.moved($0, onto: text, from: masked) }.filter { !Self.picksAnEvent($0, in: text) }
        }
        // "lunch with may on friday at 1", "april's number": a month that is somebody's name
        // there is no date; the dates are read again without it.
        if let masked = Self.maskingMonthsNamingPeople(line, dates, known: names) {
            dates = usable(readDates(masked, at: reference).map { Self.moved($0, onto: text, from: masked) }, in: text)
        }
        // "set a reminder for 9", "alarm for 7 tomorrow": a bare hour after "for" is the
        // reminder's time; the dates are read again with "for" said as "at".
        if let said = Self.hourAfterFor(line, dates) {
            dates = readDates(said, at: reference).map { Self.moved($0, onto: text, from: said) }
        }
        // "make it 9 to 5": two bare hours are a range only when they stand alone; read again
        // with the command's words made spaces, and taken when they make one.
        if dates.isEmpty, let said = Self.afterMakeIt(text) {
            let again = readDates(said, at: reference)
            if again.count == 1, again[0].parts.contains(where: { $0.role == "end" }) { dates = again.map { Self.moved($0, onto: text, from: said) } }
        }
        let terms = Term.split(text)
        // The correction is looked for first so that the terms can then be given up to the
        // sentence, which marks its dates on them in place instead of on a copy.
        let correction = Correction.find(in: text, terms: terms)
        // The correction's reading first, which takes the place of the line's: the line's
        // reading is then handed back as it was made, or changed in place, not copied (a
        // `var` set on one path was copied whole on every line).
        let first = understand(text, terms: consume terms, dates: dates, at: reference, known: names, suggest: true, eventOnScreen: eventOnScreen)
        if let correction, let corrected = reading(correction, of: text, at: reference, known: names, eventOnScreen: eventOnScreen) {
            return corrected
        }
        // A date past the years clerk takes ("in 9999 years") is an amount out of range.
        guard first.amountOutOfRange == nil, Self.isAboutEvents(first.intent), let far = read.outOfRange.first else { return first }
        var tooFar = consume first
        tooFar.amountOutOfRange = String(text[far.parts.first { $0.role == "duration" }?.range ?? far.range])
        return tooFar
    }

    /// The reading of a correction's new request, moved onto the line, when it is one the
    /// correction may make: a day or time alone becomes a change of the event on screen.
    func reading(_ correction: Correction, of text: String, at reference: ReferenceTime, known: Names, eventOnScreen: Bool) -> Understanding? {
        let rest = correction.rest
        let dates = readDates(rest, at: reference)
        var inner = understand(rest, dates: dates, at: reference, known: known, suggest: false, eventOnScreen: eventOnScreen)
        // "actually make it with Carla instead": the correction took "instead", which says the
        // people named take the guests' places.
        if case .updateEvent(let which, var changes) = inner.intent, !changes.addAttendees.isEmpty, !changes.replacesAttendees,
           text.lowercased().split(whereSeparator: { !$0.isLetter }).contains("instead") {
            changes.replacesAttendees = true
            inner.intent = .updateEvent(which, changes)
        }
        if inner.dates.count == 1, let date = inner.dates.first, inner.dates.first?.recurrence == nil,
           rest[..<date.range.lowerBound].allSatisfy({ $0.isWhitespace || $0.isPunctuation }),
           rest[date.range.upperBound...].allSatisfy({ $0.isWhitespace || $0.isPunctuation }) {
            // A day or time alone: "actually thursday", "not 10, 11".
            inner.intent = .updateEvent(.lastShown, EventChanges(when: date))
            inner.slots = [Slot(kind: .when, ranges: [date.range], value: Sentence.interval(date, reference.timeZone), rule: "date:" + date.rule)]
            inner.rule = RouteRule.followUp(.correction).name
        } else if case .updateEvent(let which, let changes) = inner.intent, which.isLastShown, !changes.isEmpty {
            // "no wait make it 11:30", "sorry, on Work": an edit of the event on screen.
        } else if correction.denies, let person = Self.personAlone(rest, denied: correction.denied.map { Self.words(text, $0) }, known: known) {
            // "not bob, carla", "no i meant carla": a guest (or a person asked about) corrected.
            var changes = EventChanges()
            changes.addAttendees = [Attendee(name: String(rest[person]))]
            changes.replacesAttendees = true
            if let denied = correction.denied { changes.removeAttendees = [Attendee(name: Self.words(text, denied))] }
            inner.intent = .updateEvent(.lastShown, changes)
            inner.slots = [Slot(kind: .attendee, ranges: [person], value: String(rest[person]), rule: "corrected-person")]
            inner.rule = RouteRule.followUp(.correction).name
        } else if correction.denies || inner.intent.name == .outOfScope {
            return nil
        }
        var moved = inner.moved(onto: text, from: rest)
        let said = Self.indices(text, correction.said)
        moved.slots.insert(Slot(kind: .command, ranges: [said], value: String(text[said]), rule: "correction"), at: 0)
        return moved
    }

    /// The indices of `text` at the byte offsets `range`.
    static func indices(_ text: String, _ range: Range<Int>) -> Range<String.Index> {
        let utf8 = text.utf8
        return utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)
    }

    /// The text of the bytes `range` of `text`.
    static func words(_ text: String, _ range: Range<Int>) -> String { String(text[indices(text, range)]) }

    /// The range of a correction's new words when they are a person's name alone, one or two
    /// words of letters ("carla", "Ana López"): each a word of a contact's name or capitalised,
    /// or any name when the words denied are one ("not ana, anna"). Nil otherwise.
    static func personAlone(_ rest: String, denied: String?, known: Names) -> Range<String.Index>? {
        let words = rest.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "-" })
        guard let first = words.first, let last = words.last, (1...2).contains(words.count),
              rest.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" || $0 == "-" || $0 == "," || $0 == "." || $0 == "!" }) else { return nil }
        // ("He's not here at present": a pronoun, capitalised at the start, is nobody's name.)
        func isName(_ word: Substring) -> Bool {
            let folded = Spelling.fold(String(word))
            return known.contactWords.contains(folded) || word.first?.isUppercase == true && !remarkSubjects.contains(folded) && !notNames.contains(folded)
        }
        let deniedIsName = denied.map { said in said.split(separator: " ").allSatisfy { isName($0) } } ?? false
        guard words.allSatisfy({ isName($0) && !Vocabulary.correctionWords.contains(Spelling.fold(String($0))) }) || deniedIsName && words.count == 1 else { return nil }
        return first.startIndex..<last.endIndex
    }

    /// Words that open a line capitalised and name no one ("It's", "That's", "There").
    static let notNames: Set<String> = ["it", "it's", "its", "that", "that's", "thats", "this", "there", "there's", "theres", "you", "you're", "here"]

    /// The zone of a place a clock question names after "in" ("what time is it in new
    /// york", "… in Tokyo", "… in Europe/Berlin"), from the reader's tables of places.
    static func placeAsked(_ s: Sentence) -> String? {
        // ("… here", "… for me": the person's own zone.)
        if let last = s.body.last(where: { s.kind($0) != .mark }), s.word(last, is: "here") || s.word(last, is: "me") && s.word(last - 1, is: "for") {
            return s.zone.identifier
        }
        guard let at = s.first(in: ["in"]) ?? s.first(in: ["to"]), at + 1 < s.body.upperBound else { return nil }
        var words = (at + 1..<s.body.upperBound).filter { s.kind($0) != .mark }.map { s.word($0) }
        // ("in new york time", "in tokyo please": the place.)
        while words.count > 1, ["time", "please", "now", "then"].contains(words.last!) { words.removeLast() }
        // ("in my time", "in local time", "to my time zone": the person's own.)
        if words.first == "my" || words == ["local"] || words == ["local", "time"] { return s.zone.identifier }
        return zone(named: words)
    }

    /// The IANA zone of a place said in one or two words ("tokyo", "new york", "PST"), nil
    /// for anything else.
    package static func zone(named words: [String]) -> String? {
        if words.count == 1, let zone = DateRules.zoneCities[words[0]] ?? DateRules.ianaNames[words[0]] ?? DateRules.zoneNames[words[0]] { return zone }
        if words.count == 2, let zone = DateRules.twoWordCities[words[0] + " " + words[1]] { return zone }
        return nil
    }

    /// The places of a question of time difference, in the order said: one or two words
    /// after "with", "to", "in", "and", "between", "from", "is" or at the start
    /// ("the time difference between london and tokyo": both; "how many hours ahead is
    /// tokyo": one).
    static func placesCompared(_ s: Sentence) -> [String] {
        var zones: [String] = []
        var i = s.body.lowerBound
        while i < s.body.upperBound {
            if i == s.body.lowerBound || s.word(i - 1, isIn: Classifier.placeLeads) {
                if i + 1 < s.body.upperBound, let zone = zone(named: [s.word(i), s.word(i + 1)]) { zones.append(zone); i += 2; continue }
                if s.kind(i) == .word, let zone = zone(named: [s.word(i)]) { zones.append(zone) }
            }
            i += 1
        }
        return zones
    }

    /// The side of "the time difference between narnia and tokyo" that names no place the
    /// reader knows ("narnia"; its first two words at most), as typed; nil when both sides
    /// name one, or the line compares no two places. (Answered with the other side alone,
    /// "between kathmandu and new york" told New York against the person's own zone.)
    static func placeNotKnown(_ s: Sentence) -> Substring? {
        guard let between = s.body.first(where: { s.word($0, is: "between") }),
              let and = s.body.first(where: { $0 > between && (s.word($0, is: "and") || s.word($0, is: "vs")) }) else { return nil }
        var end = and + 1
        while end < s.body.upperBound, s.kind(end) != .mark { end += 1 }
        for side in [(between + 1)..<and, (and + 1)..<end] where !side.isEmpty {
            let first = s.word(side.lowerBound)
            let known = zone(named: [first]) != nil || side.count > 1 && zone(named: [first, s.word(side.lowerBound + 1)]) != nil
            if !known { return s.text(of: side.lowerBound..<min(side.upperBound, side.lowerBound + 2)) }
        }
        return nil
    }

    /// Reads `text` with its dates already read by a `DateReader` (the benchmark uses it to
    /// time routing alone). `dates` must be what the reader found in this `text`.
    public func understand(_ text: String, dates: [DateMatch], at reference: ReferenceTime, known: KnownNames = .none) -> Understanding {
        understand(text, dates: usable(dates, in: text), at: reference, known: known.folded, suggest: true, eventOnScreen: false)
    }

    /// The pipeline after the date reader; `terms`, when given, are `Term.split(text)`.
    func understand(_ text: String, terms: consuming [Term]? = nil, dates: [DateMatch], at reference: ReferenceTime, known: Names, suggest: Bool,
                    eventOnScreen: Bool) -> Understanding {
        // The sentence is made straight into the clue the rules read, and read there from
        // now on: a clue holding a copy of it retained and released all of its parts, and
        // destroyed them once more (~400 instructions).
        let clue = Clue(text: text, tokens: terms.take() ?? Term.split(text), dates: dates, reference: reference,
                        joined: joinedDate(dates, in: text, at: reference), eventOnScreen: eventOnScreen, reader: reader, known: known)
        guard !clue.s.body.isEmpty else {
            // Politeness alone ("thank you", "please"): thanks when it says so.
            let words = clue.s.tokens.filter { !$0.isMark }.map(\.word)
            // ("Lovely, thank you.", "perfect, thanks!": an acknowledgement and thanks.)
            let thanked = words.contains { $0 == "thank" || $0 == "thanks" }
            let topic = Vocabulary.smallTalk[words.joined(separator: " ")] ?? (thanked ? .thanks : nil)
            return Understanding(text: text, intent: .outOfScope(OutOfScope(topic: topic)), dates: dates, rule: RouteRule.empty.name)
        }
        let route = Classifier.route(clue)
        var slots: [Slot] = []
        if !route.command.isEmpty {
            slots.append(clue.s.slot(.command, route.command, value: String(clue.s.text(of: route.command)), rule: route.rule.name))
        }
        let intent: Intent
        switch route.rule {
        case .remind, .createVerb, .eventStatement, .eventDetails:
            intent = CreateReader.read(clue.s, route: route, known: known, slots: &slots)
        case .question, .showVerb, .nounPhrase, .dateOnly, .negatedEvent:
            intent = AgendaReader.read(clue.s, route: route, known: known, slots: &slots)
        case .deleteVerb, .deleteInSentence, .clearCalendar, .takeOff:
            intent = DeleteReader.read(clue.s, route: route, known: known, slots: &slots)
        case .updateVerb, .followUp(.changeIt):
            // "move the team meeting on dec 15 to 4pm": one date read across the "to" is
            // the event's day and its new time, each read on its own.
            if let split = splitAtTo(clue.s, at: reference, known: known, eventOnScreen: eventOnScreen) { return split }
            fallthrough
        case .updateVerb, .followUp, .eventPeople, .eventField, .eventReminder, .reportedMove:
            var update: Intent
            switch route.rule {
            case .followUp(let rule): update = FollowUps.read(clue.s, rule: rule, route: route, known: known, slots: &slots)
            case .eventPeople(let change): update = EventPeople.read(clue.s, change: change, route: route, known: known, slots: &slots)
            case .eventField(let field): update = EventFields.read(clue.s, field: field, route: route, known: known, slots: &slots)
            case .eventReminder: update = EventReminders.read(clue.s, route: route, known: known, slots: &slots)
            default: update = UpdateReader.read(clue.s, route: route, known: known, slots: &slots)
            }
            // (The event named by its words, its day, "it" — or only by a noun that names any
            // event: "move the meeting to 2".)
            if case .updateEvent(let which, var changes) = update,
               which.when != nil || which.words != nil || which.isSeries || which.isLastShown
                || clue.s.body.contains(where: { clue.s.word($0, isIn: ReferenceReader.genericEventNouns) && clue.s.word($0) != "one" }),
               changes.isEmpty, let target = bareTimeAfterTo(in: clue.s, after: route.command.upperBound, at: reference) {
                changes.when = target
                slots.append(Slot(kind: .when, ranges: [target.range], value: String(text[target.range]), rule: target.rule))
                update = .updateEvent(which, changes)
            }
            // "(actually) make it 7-14" of the event on screen: its hours, not 14 July.
            if case .updateEvent(let which, var changes) = update, which.isLastShown, let when = changes.when,
               !when.known.contains(.time), when.recurrence == nil, Self.isHourPair(text[when.range]) {
                let phrase = "at " + text[when.range]
                if let read = reader.read(phrase, at: reference).first, read.range == phrase.startIndex..<phrase.endIndex,
                   read.known.contains(.time), !read.known.contains(.date) {
                    var hours = read
                    hours.range = when.range
                    hours.parts = []
                    hours.rule = "hour-pair:" + read.rule
                    changes.when = hours
                    slots.removeAll { $0.kind == .when && $0.ranges == [when.range] }
                    slots.append(Slot(kind: .when, ranges: [when.range], value: Sentence.interval(hours, reference.timeZone), rule: hours.rule))
                    update = .updateEvent(which, changes)
                }
            }
            // "move it to the afternoon", "to monday morning": a part of the day with no clock
            // says where the event starts, not that it fills the part.
            if case .updateEvent(let which, var changes) = update, let when = changes.when, changes.startHint == nil,
               let part = TimeHints.dayPartAlone(when, in: text) {
                changes.startHint = .dayPart(part)
                update = .updateEvent(which, changes)
            }
            // "move gym to after work": its start, the event's length kept (not 17:00–21:00).
            if case .updateEvent(let which, var changes) = update, let when = changes.when, let start = CreateReader.stretchStart(when) {
                changes.when = start
                update = .updateEvent(which, changes)
            }
            intent = update
        case .swapEvents:
            intent = EventSwap.read(clue.s, route: route, known: known, slots: &slots)
        case .contact(let rule):
            intent = ContactPhrases.read(clue.s, rule: rule, route: route, known: known, slots: &slots)
        case .file(let rule):
            intent = FilePhrases.read(clue.s, rule: rule, route: route, known: known, slots: &slots)
        case .fixed(let command, _):
            intent = command.intent
        case .calendar(let rule):
            intent = CalendarPhrases.read(clue.s, rule: rule, route: route, known: known, slots: &slots)
        case .newCalendar:
            var name = route.command.upperBound..<clue.s.body.upperBound
            // ("add a work calendar": the name before "calendar".)
            if let last = name.last(where: { !clue.s.tokens[$0].isMark }), last > name.lowerBound, clue.s.word(last) == "calendar",
               clue.s.word(route.command.upperBound - 1) != "calendar" {
                name = name.lowerBound..<last
            }
            let value = name.isEmpty ? "" : FilePhrases.unquoted(clue.s.text(of: name))
            if !name.isEmpty { slots.append(clue.s.slot(.name, name, value: value, rule: "calendar-name")) }
            intent = .createCalendar(name: value)
        case .empty, .misspeltCommand, .topic, .contactEditing, .deleteContact, .showUnknown, .questionUnknown, .pastStatement, .unknown:
            // ("hello! first time here", "hey there, just installed this": a hello with a remark
            // no rule reads is the hello.)
            let topic = route.rule.topic ?? (route.rule == .unknown && Classifier.opensWithGreeting(clue.s) ? .greeting : nil)
            // (A clock question is answered: "how many hours behind is tokyo" is no misspelt "remind";
            // a hello is answered too: "hello, i run a small shop" is no misspelt "show".)
            let guess = suggest && topic != .clock && topic != .greeting && !Classifier.saysTimeDifference(clue.s)
                ? didYouMean(clue.s, dates: dates, at: reference, known: known) : nil
            if let topic { slots.append(Slot(kind: .topic, ranges: [], value: topic.rawValue, rule: route.rule.name)) }
            var outOfScope = OutOfScope(topic: topic, didYouMean: guess)
            if topic == .clock {
                outOfScope.day = dates.first { $0.known.contains(.date) && !$0.known.contains(.time) && $0.recurrence == nil }
                outOfScope.zone = Self.placeAsked(clue.s)
                outOfScope.asksWeek = Classifier.asksWeek(clue.s)
                if let (kind, asked) = Classifier.dayKindAsked(clue.s) {
                    outOfScope.dayKindAsked = kind
                    outOfScope.day = asked
                }
                // (`Classifier.asksTimeDifference`, its places kept.)
                let places = Classifier.saysTimeDifference(clue.s) ? Self.placesCompared(clue.s) : []
                if !places.isEmpty {
                    outOfScope.asksDifference = true
                    outOfScope.zone = places.last
                    outOfScope.differenceFrom = places.count > 1 ? places[places.count - 2] : nil
                    outOfScope.placeNotKnown = Self.placeNotKnown(clue.s).map(String.init)
                } else if outOfScope.zone != nil {
                    outOfScope.timeToConvert = dates.first { $0.statedTimeZone != nil && $0.known.contains(.time) && $0.recurrence == nil }
                        ?? dates.first { $0.known.contains(.time) && $0.recurrence == nil && !$0.known.contains(.date) }
                }
            }
            // ("set an alarm for 7am tomorrow": the time with its day, and the words of both.)
            if topic == .alarm, var time = clue.s.joined?.match ?? dates.first(where: { $0.known.contains(.time) && $0.recurrence == nil }),
               let first = dates.first, let last = dates.last {
                time.range = first.range.lowerBound..<last.range.upperBound
                outOfScope.day = time
            }
            // "restore the meeting": the event asked back.
            if topic == .restoreEvent, let (range, words) = TrashPhrases.eventWords(clue.s) {
                outOfScope.eventWords = words
                slots.append(clue.s.slot(.words, range, value: words, rule: "event-asked-back"))
            }
            // "how long to drive to the offsite", "put the review on hold": the event named.
            let named = topic == .hold ? EventHold.event(clue.s, head: route.command.lowerBound) : topic == .question ? Classifier.travelDestination(clue.s) : nil
            if let named, let words = EventHold.titleWords(clue.s, named) {
                outOfScope.eventWords = words
                slots.append(clue.s.slot(.words, named, value: words, rule: topic == .hold ? "held-event" : "travel-destination"))
            }
            // "how long is the miller shoot", "where's the gig": the agenda question the words
            // would be if they name an event (the session asks its events).
            if route.rule == .questionUnknown, AgendaReader.aspect(clue.s, saysWhen: false) != nil || AgendaReader.asksHowOften(clue.s) {
                var asked: [Slot] = []
                if case .queryAgenda(let query) = AgendaReader.read(clue.s, route: Route(rule: .question, command: route.command), known: known, slots: &asked),
                   query.words != nil, query.when == nil {
                    outOfScope.eventQuestion = query
                }
            }
            intent = .outOfScope(outOfScope)
        }
        // One slot or none, the usual, is in order: the sort's set-up cost ~300 instructions.
        if slots.count > 1 {
            slots.sort { ($0.ranges.first?.lowerBound ?? text.endIndex) < ($1.ranges.first?.lowerBound ?? text.endIndex) }
        }
        // Worked out from the parts before they are put together: given the whole
        // `Understanding` while it was being set, the function got a copy of it.
        let tooLarge = amountOutOfRange(intent, slots: slots, dates: dates, clue.s)
        // Terms read where they lie (`filter` handed over a copy of each), and only on a
        // line with a corrected word.
        let corrections = clue.s.tokens.withUnsafeBufferPointer { terms in
            guard terms.contains(where: { $0.isCorrected && !$0.isInDate }) else { return [WordCorrection]() }
            return terms.filter { $0.isCorrected && !$0.isInDate }.map { WordCorrection(range: $0.range, word: $0.word) }
        }
        return Understanding(text: text, intent: intent, slots: slots, dates: dates, rule: route.rule.name,
                             amountOutOfRange: tooLarge, noSuchDay: noSuchDay(intent, clue.s), corrections: corrections)
    }

    /// The words of an amount of time too large to use, in a request about events: a length,
    /// reminder or move beyond `Quantity.maximumMinutes` (read, as `tooLong`: the slot holding
    /// it, else the date it came from, "on Friday for 9999 weeks"); or a number with a unit of
    /// time that nothing read because it is past every reader's range ("in 1e19 days", "in
    /// 99999 years": `DateRules.amountLimit` or more). Nil when there is none.
    /// `intent`, `slots` and `dates` are the understanding's, `s` its sentence.
    func amountOutOfRange(_ intent: Intent, slots: [Slot], dates: [DateMatch], _ s: Sentence) -> String? {
        guard Self.isAboutEvents(intent) else { return nil }
        let text = s.text
        func said(_ ranges: [Range<String.Index>]) -> String { ranges.map { String(text[$0]) }.joined(separator: " ") }
        func isLength(_ slot: Slot) -> Bool { slot.kind == .duration || slot.kind == .reminder }
        if intent.saysMinutes(where: { abs($0) > Quantity.maximumMinutes }) {
            if let slot = slots.first(where: { isLength($0) && (Int($0.value).map { abs($0) > Quantity.maximumMinutes } ?? false) }) {
                return said(slot.ranges)
            }
            if let date = dates.first(where: { $0.known.contains(.duration) }) { return said([date.range]) }
            return text
        }
        for i in s.body where i + 1 < s.body.upperBound && !s.isInDate(i) {
            // A count of a repeat past the same limit ("daily for 1000000 times", "repeat it
            // 5000000 times") is too many times, not words of the title.
            guard let amount = Quantity.numeral(s.word(i)), !(amount < DateRules.amountLimit),
                  Lexicon.durationUnits[s.word(i + 1)] != nil || Quantity.units[s.word(i + 1)] != nil
                    || Self.countWords.contains(s.word(i + 1)) else { continue }
            let range = s.tokens[i].range.lowerBound..<s.tokens[i + 1].range.upperBound
            if slots.contains(where: { isLength($0) && $0.ranges.contains { $0.overlaps(range) } }) { continue }
            return String(text[range])
        }
        return nil
    }

    /// What a repeat's count is said in ("10 times", "6 occurrences").
    static let countWords: Set<String> = ["times", "occurrences", "sessions", "repeats", "repetitions"]

    /// A month and a day it does not have, said next to each other in a request about events:
    /// "feb 30", "February the 30th", "31 april", "the 31st of April", "feb 29 2027". The
    /// date reader finds no such day and reads the month alone, or the day in another month.
    func noSuchDay(_ intent: Intent, _ s: Sentence) -> NoSuchDay? {
        // (A line none of whose words' bits a month's has names no month: seen in one test.)
        guard Self.isAboutEvents(intent), Self.months.mayMeet(s.keyBits) else { return nil }
        let body = s.body
        // A month's name is always inside a date, so only those words are looked up, each
        // read where it lies in the tokens and passed over by its key (a month is rare).
        for i in body {
            let month: Int? = s.tokens.withUnsafeBufferPointer { terms in
                guard terms[i].date != nil, Self.months.mayContain(key: terms[i].key) else { return nil }
                return Self.months[terms[i].word, key: terms[i].key]
            }
            guard let month else { continue }
            var day: Int?, next = i + 1
            // "feb 30", "february the 30th", "feb. 30"
            var j = i + 1
            if s.word(j) == "." || s.word(j) == "the" { j += 1 }
            if j < body.upperBound, let d = Self.dayNumber(s.word(j)) { day = d; next = j + 1 }
            // "30 feb", "the 30th of february"
            if day == nil {
                var k = i - 1
                if k >= body.lowerBound, s.word(k) == "of" { k -= 1 }
                if k >= body.lowerBound, let d = Self.dayNumber(s.word(k)) { day = d }
            }
            guard let day else { continue }
            let year = next < body.upperBound && s.word(next).utf8.count == 4 ? Int(s.word(next)) : nil
            if day > CivilCalendar.daysIn(month: month, year: year ?? 2000) { return NoSuchDay(day: day, month: month, year: year) }
        }
        return nil
    }

    /// `Lexicon.months` looked up by the key the split found (`Term.key`): a `Dictionary`
    /// hashed each word of a date with SipHash (~400 instructions a word, on every line).
    static let months = WordMap(Lexicon.months.map { ($0.key, $0.value) })

    /// True for the intents whose dates and amounts are checked before they are carried out.
    static func isAboutEvents(_ intent: Intent) -> Bool {
        switch intent {
        case .createEvent, .queryAgenda, .updateEvent, .deleteEvent: true
        default: false
        }
    }

    /// A day of a month as written: "30", "30th", "31st" (1 to 31), else nil.
    static func dayNumber(_ word: String) -> Int? {
        // Digits, with an ordinal's ending or without, read from the bytes (most words next to
        // a month): the characters, the ending's string and its look-up in a `Set` cost
        // about 200 instructions. Anything else is read as below.
        var bytes = word
        let plain: Int?? = bytes.withUTF8 { b -> Int?? in
            // A word that opens with no digit, "+" or "-" is none `Int` reads, so no day:
            // said at once (the month's neighbours are mostly words: "the", "of", "at").
            guard let lead = b.first, lead &- UInt8(ascii: "0") < 10 || lead == UInt8(ascii: "+") || lead == UInt8(ascii: "-") else { return .some(nil) }
            var n = b.count
            if n > 2 {
                let ending = (b[n - 2], b[n - 1])
                switch ending {
                case (UInt8(ascii: "s"), UInt8(ascii: "t")), (UInt8(ascii: "n"), UInt8(ascii: "d")),
                     (UInt8(ascii: "r"), UInt8(ascii: "d")), (UInt8(ascii: "t"), UInt8(ascii: "h")): n -= 2
                default: break
                }
            }
            guard n == 1 || n == 2, b[0] &- UInt8(ascii: "0") < 10, b[n - 1] &- UInt8(ascii: "0") < 10 else { return .none }
            let value = n == 1 ? Int(b[0] &- UInt8(ascii: "0")) : Int(b[0] &- UInt8(ascii: "0")) * 10 + Int(b[1] &- UInt8(ascii: "0"))
            return .some((1...31).contains(value) ? value : nil)
        }
        if let plain { return plain }
        var digits = Substring(word)
        if digits.count > 2, Lexicon.ordinalSuffixes.contains(String(digits.suffix(2))) { digits = digits.dropLast(2) }
        guard digits.count <= 2, let n = Int(digits), (1...31).contains(n) else { return nil }
        return n
    }

    /// Ordinals of a weekday in a month ("the first monday of the month").
    static let monthOrdinals: Set<String> = ["first", "second", "third", "fourth", "last", "1st", "2nd", "3rd", "4th"]

    /// True for a line that asks clerk to keep track of something or to help organise it
    /// ("keep track of my walks", "can you help me keep track of rehearsals", "help me
    /// organise my shifts"); the caller has seen that it names no day.
    static func asksToKeepTrack(_ line: LineBytes) -> Bool {
        let track = line.mayMention("track")
        guard track || line.mayMention("help") else { return false }
        let words = Spelling.fold(line.text).split(whereSeparator: { !$0.isLetter })
        for (i, word) in words.enumerated() where i + 1 < words.count {
            if track, ["keep", "keeps", "keeping", "kept"].contains(word), words[i + 1] == "track" { return true }
            if word == "help", words[i + 1] == "me", i + 2 < words.count,
               ["organise", "organize", "manage", "track", "sort"].contains(words[i + 2]) { return true }
        }
        return false
    }

    /// "board meetings first monday of the month", "book club on the last friday of the month":
    /// the line with "every" before the ordinal (in place of "the"), the byte range written
    /// over and the length written, when a date of that shape is said with no repeat; nil
    /// for any other line ("the first monday of next month", "every first monday …").
    static func everyMonth(_ line: LineBytes, _ matches: [DateMatch]) -> (String, Range<Int>, Int)? {
        let text = line.text
        guard line.mayMention(" of the month"), let match = matches.first(where: { $0.recurrence == nil && Self.says(text[$0.range], " of the month") }) else { return nil }
        let words = text[match.range].split(separator: " ")
        // ("the last thursday of the month at 7pm": its time after it.)
        guard let ordinal = words.firstIndex(where: { monthOrdinals.contains($0.lowercased()) }),
              words[..<ordinal].allSatisfy({ ["on", "the"].contains($0.lowercased()) }), ordinal + 4 < words.count,
              words[(ordinal + 2)...(ordinal + 4)].map({ $0.lowercased() }) == ["of", "the", "month"] else { return nil }
        // ("what's on the first monday of the month" asks; only a new event repeats.)
        // (From the bytes where the line is ASCII: `String.contains` cost ~7,000 instructions.)
        let before = text[..<match.range.lowerBound]
        guard !Self.says(before, "every") && !Self.says(before, "each") else { return nil }
        let the = words[..<ordinal].last.flatMap { $0.lowercased() == "the" ? $0 : nil }
        let start = the?.startIndex ?? words[ordinal].startIndex
        let offset = text.utf8.distance(from: text.startIndex, to: start)
        let replaced = offset..<(offset + (the == nil ? 0 : 4))
        let said = String(text[..<start]) + "every " + String(text[words[ordinal].startIndex...])
        return (said, replaced, 6)
    }

    /// `said.lowercased().contains(phrase)` of a lower-case ASCII phrase with no line break,
    /// read from the bytes when `said` is ASCII (the string's `contains` cost ~20,000
    /// instructions a match): there a character is a byte, and lower case a capital `| 0x20`.
    static func says(_ said: Substring, _ phrase: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: phrase.utf8Start, count: phrase.utf8CodeUnitCount)
        let read: Bool?? = said.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.count >= pattern.count else { return false }
            for start in 0...(bytes.count - pattern.count) {
                var k = 0
                while k < pattern.count, (bytes[start + k] &- 0x41 < 26 ? bytes[start + k] | 0x20 : bytes[start + k]) == pattern[k] { k += 1 }
                if k == pattern.count { return true }
            }
            return false
        }
        if let found = read ?? nil { return found }
        return said.lowercased().contains(phrase.description)
    }

    /// "hotel check in on the 18th, check out on the 22nd", "check-in dec 18 3pm and
    /// checkout dec 22 11am": the line said as a stay, byte for byte as long ("hotel from
    /// on the 18th, to on the 22nd" with the joining words made spaces), so that what is read
    /// of it lies where the line says it. Nil when the line has no check-in followed by a
    /// check-out with words after each, or nothing before the check-in.
    static func stayFromCheckIn(_ line: LineBytes) -> String? {
        guard line.mayMention("check"), line.mayMention("out") else { return nil }
        var bytes = Array(line.text.utf8)
        let lower = bytes.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
        func find(_ forms: [String], from: Int) -> Range<Int>? {
            forms.compactMap { lower[from...].firstRange(of: Array($0.utf8)) }.min { $0.lowerBound < $1.lowerBound }
        }
        guard let checkIn = find(["check in", "check-in", "checkin"], from: 0), checkIn.lowerBound > 0,
              let checkOut = find(["check out", "check-out", "checkout"], from: checkIn.upperBound) else { return nil }
        /// `word` written over `range`, the rest of it spaces.
        func write(_ word: String, over range: Range<Int>) {
            for i in range { bytes[i] = 32 }
            for (k, b) in word.utf8.enumerated() where range.lowerBound + k < range.upperBound { bytes[range.lowerBound + k] = b }
        }
        /// The words between `from` and `to` that join ("on", "and", ",") made spaces; false
        /// when no other word is left there.
        func blankJoiners(_ from: Int, _ to: Int, _ joiners: Set<String>) -> Bool {
            var said = false, i = from
            while i < to {
                guard bytes[i] != 32 else { i += 1; continue }
                var j = i
                while j < to, bytes[j] != 32, bytes[j] != UInt8(ascii: ",") { j += 1 }
                if j == i { bytes[i] = 32; i += 1; continue }  // a comma alone
                let word = String(decoding: lower[i..<j], as: UTF8.self)
                if joiners.contains(word) { for k in i..<j { bytes[k] = 32 } } else { said = true }
                i = j
            }
            return said
        }
        guard blankJoiners(checkIn.upperBound, checkOut.lowerBound, ["on", "at", "is", "and", "then", "&"]),
              blankJoiners(checkOut.upperBound, bytes.count, ["on", "at", "by", "is"]) else { return nil }
        write("from", over: checkIn)
        write("to", over: checkOut)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with "their time" ("their local time") said as the time of the one place the
    /// line names ("call with the tokyo client 9am their time" → "… 9am tokyo time"); nil
    /// when the line says no such thing or names no place the reader knows, or several.
    static func theirTime(_ line: LineBytes) -> String? {
        let text = line.text
        // (Bytes first: `String.contains` of a string cost 20,000 instructions a line.)
        guard line.mayMention("their") else { return nil }
        let words = text.split(whereSeparator: { !$0.isLetter })
        let lowered = words.map { $0.lowercased() }
        guard let their = lowered.firstIndex(of: "their") else { return nil }
        let last: Int
        if their + 1 < words.count, lowered[their + 1] == "time" { last = their + 1 }
        else if their + 2 < words.count, lowered[their + 1] == "local", lowered[their + 2] == "time" { last = their + 2 }
        else { return nil }
        var places: [Substring] = []
        for (i, w) in lowered.enumerated() {
            if i + 1 < words.count, DateRules.twoWordCities[w + " " + lowered[i + 1]] != nil {
                places.append(text[words[i].startIndex..<words[i + 1].endIndex])
            } else if DateRules.zoneCities[w] != nil, w != "utc", w != "gmt" {
                places.append(words[i])
            }
        }
        guard let place = places.first, places.allSatisfy({ $0.lowercased() == place.lowercased() }) else { return nil }
        return String(text[..<words[their].startIndex]) + place.lowercased() + " time" + String(text[words[last].endIndex...])
    }

    /// `text` with the "one" of "the last one", "the second one", "the friday one" made
    /// another word, when a date was read with that "one" in it ("one on friday" as 13:00,
    /// "last one on friday" as last Friday, "the friday one" as Friday 13:00); nil when none was.
    static func maskingPickedOne(_ line: LineBytes, _ dates: [DateMatch]) -> String? {
        let text = line.text
        // (Bytes first: the words' letters below cost 3,000 instructions a line.)
        guard !dates.isEmpty, line.mayMention("one") else { return nil }
        var masked: [Int] = []
        let words = Self.wordsAtSpacesAndCommas(text)
        func letters(_ word: Substring) -> String { word.lowercased().filter { $0.isLetter || $0.isNumber } }
        for (k, word) in words.enumerated() {
            // Only a word that opens with the letters "one" is read, and then the word before
            // it: every word's letters, by `Character`, cost thousands of instructions a line.
            guard Self.opens(word, with: "one") else { continue }
            let bare = letters(word), previous = k > 0 ? letters(words[k - 1]) : ""
            // ("the last one hour", "the first one day": "one" counts a unit there.)
            let countsAUnit = k + 1 < words.count && Self.unitWords.contains(words[k + 1].lowercased())
            if bare == "one", !countsAUnit, word.count == 3 || !word.dropFirst(3).contains(where: \.isLetter),
               ReferenceReader.ordinals[previous] != nil || AgendaReader.firstWords.contains(previous) || AgendaReader.lastWords.contains(previous)
                || Lexicon.weekdays[previous] != nil && k >= 3 && words[k - 2].lowercased() == "the",
               dates.contains(where: { $0.range.contains(word.startIndex) }) {
                masked.append(text.utf8.distance(from: text.utf8.startIndex, to: word.startIndex))
            }
        }
        guard !masked.isEmpty else { return nil }
        var bytes = Array(text.utf8)
        for offset in masked { for i in offset..<(offset + 3) { bytes[i] = UInt8(ascii: "x") } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Months that are first names too (each asked of a word's first bytes, `opens(_:with:)`).
    static let monthsThatAreNames: Set<String> = ["april", "may", "june", "jan", "august"]

    /// `text` split at each " " and "," (empty words left out), as `split(whereSeparator:)`
    /// by `Character` cuts it; a line of ASCII is cut at its bytes, the same places (each
    /// byte a character, "\r\n" aside, which holds neither), for the split by characters
    /// cost ~7,000 instructions a line.
    static func wordsAtSpacesAndCommas(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        let cut: [Substring]?? = utf8.withContiguousStorageIfAvailable { bytes -> [Substring]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func index(_ k: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: k) }
            var words: [Substring] = [], start = -1
            for k in bytes.indices {
                if bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: ",") {
                    if start >= 0 { words.append(text[index(start)..<index(k)]) }
                    start = -1
                } else if start < 0 {
                    start = k
                }
            }
            if start >= 0 { words.append(text[index(start)..<text.endIndex]) }
            return words
        }
        if let words = cut ?? nil { return words }
        return text.split(whereSeparator: { $0 == " " || $0 == "," })
    }

    /// False when `word`'s first bytes are not `prefix` (lower-case ASCII letters) in either
    /// case: a word whose `lowercased()` starts, character by character, with `prefix` does
    /// open with those bytes (no other character lower-cases to one of these letters alone).
    static func opens(_ word: Substring, with prefix: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        var at = word.utf8.startIndex
        for byte in pattern {
            guard at < word.utf8.endIndex, word.utf8[at] | 0x20 == byte else { return false }
            at = word.utf8.index(after: at)
        }
        return true
    }
    /// Words before a name that make it somebody ("lunch with may", "call april"), and those
    /// of them that do so even for a name the contacts lack.
    static let personLeads: Set<String> = ["with", "w/", "invite", "ask", "tell", "meet", "see", "visit", "and", "&", "call", "ring", "text", "email",
                                           "phone", "message"]
    static let contactingVerbs: Set<String> = ["call", "ring", "text", "email", "phone", "message"]
    /// A contact's details asked by name ("the email of may jones", "april's number"): the
    /// words of `Vocabulary.contactFields` that name nothing but a person's detail ("the
    /// location for may", "a code for june" stay dates).
    static let contactDetailWords: Set<String> = ["number", "phone", "mobile", "cell", "email", "e-mail", "address", "birthday",
                                                  "title", "company", "details", "info", "surname", "contact"]

    /// `text` with each month that names somebody there written as "x"s (the same bytes'
    /// layout), so that the dates are read without it: "lunch with may on friday at 1" with a
    /// contact May (it read Friday 7 May 2027), "april's number", "call june", "the email of
    /// may jones", "who is april"; nil when there is none. A day after the month keeps it a
    /// date ("lunch with ana on may 5", "with may 5th").
    static func maskingMonthsNamingPeople(_ line: LineBytes, _ dates: [DateMatch], known: Names) -> String? {
        guard !dates.isEmpty, line.mayMention("may") || line.mayMention("april") || line.mayMention("june") || line.mayMention("jan")
                || line.mayMention("august") else { return nil }
        let text = line.text
        let words = Self.wordsAtSpacesAndCommas(text)
        var masked: [Range<Int>] = []
        for (k, word) in words.enumerated() {
            // (Only words that open with one of the months are lower-cased: the month is to be
            // a prefix of the word lower-cased.)
            guard Self.opens(word, with: "may") || Self.opens(word, with: "april") || Self.opens(word, with: "june")
                    || Self.opens(word, with: "jan") || Self.opens(word, with: "august") else { continue }
            var bare = word.lowercased()
            let possessive = bare.hasSuffix("'s") || bare.hasSuffix("’s")
            if possessive { bare = String(bare.dropLast(2)) }
            while let last = bare.last, !last.isLetter { bare.removeLast() }
            guard Self.monthsThatAreNames.contains(bare), word.lowercased().hasPrefix(bare),
                  dates.contains(where: { $0.range.contains(word.startIndex) }) else { continue }
            let before = k > 0 ? words[k - 1].lowercased() : ""
            let after = k + 1 < words.count ? words[k + 1].lowercased().filter { $0.isLetter || $0.isNumber } : ""
            if after.first?.isNumber == true || after == "the" || ReferenceReader.ordinals[after] != nil { continue }
            let isContact = known.contactFirstNames.contains(bare)
            let person = possessive && (isContact || Self.contactDetailWords.contains(after))
                || Self.personLeads.contains(before) && (isContact || Self.contactingVerbs.contains(before))
                || ["who's", "whos"].contains(before) || before == "is" && k >= 2 && words[k - 2].lowercased() == "who"
                || ["of", "for"].contains(before) && k >= 2 && Self.contactDetailWords.contains(words[k - 2].lowercased())
                || isContact && !after.isEmpty && known.contactWords.contains(after)
            guard person else { continue }
            let start = text.utf8.distance(from: text.utf8.startIndex, to: word.startIndex)
            masked.append(start..<(start + bare.utf8.count))
        }
        guard !masked.isEmpty else { return nil }
        var bytes = Array(text.utf8)
        for range in masked { for i in range { bytes[i] = UInt8(ascii: "x") } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with the "for" of "reminder for 9", "remind me for 10 tomorrow", "alarm for
    /// six" written "at " (the same bytes' layout), when a reminder or an alarm is named
    /// before it and a bare hour no date took follows it, with nothing after but the line's
    /// end, a mark or a date ("for 10 minutes" is a length, "for the dentist" a subject);
    /// nil otherwise.
    static func hourAfterFor(_ line: LineBytes, _ dates: [DateMatch]) -> String? {
        let text = line.text
        // (Bytes first: most lines name no reminder.)
        guard line.mayMention("remind") || line.mayMention("alarm") else { return nil }
        let words = Self.wordsAtSpacesAndCommas(text)
        func inDate(_ word: Substring) -> Bool { dates.contains { $0.range.contains(word.startIndex) } }
        var named = false
        for (k, word) in words.enumerated() {
            let lower = word.lowercased()
            if lower.hasPrefix("remind") || lower.hasPrefix("alarm") { named = true; continue }
            guard named, lower == "for", k + 1 < words.count, !inDate(words[k + 1]) else { continue }
            let hour = words[k + 1].lowercased().filter { $0 != "." && $0 != "!" && $0 != "?" }
            let value = hour.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) && (1...2).contains(hour.utf8.count) ? Int(hour)
                : Quantity.numberWords[hour].flatMap { $0 <= 12 && hour.utf8.count > 2 && hour != "few" && hour != "couple" ? $0 : nil }
            guard let value, (0...24).contains(value) else { continue }
            // ("reminder for 11 to call the bank": the subject may follow with "to".)
            let after = k + 2 < words.count ? words[k + 2].lowercased() : ""
            guard after.isEmpty || inDate(words[k + 2]) || after.allSatisfy({ $0.isPunctuation })
                    || (after == "to" || after == "about") && k + 3 < words.count && words[k + 3].first?.isLetter == true else { continue }
            var bytes = Array(text.utf8)
            let at = text.utf8.distance(from: text.utf8.startIndex, to: word.startIndex)
            bytes.replaceSubrange(at..<(at + 3), with: Array("at ".utf8))
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }

    /// Words that open a remark of its own after a comma ("…, he's out sick", "…, I shall go
    /// in January"). "it's" is left out: "…, it's at 3 now" says when.
    static let remarkSubjects: Set<String> = [
        "he's", "she's", "he", "she", "they", "they're", "i", "i'll", "i'm", "i've", "i'd", "we", "we're", "we'll", "we've",
        "because", "cause", "cos", "since",
        // (As typed without the apostrophe: "…, hes on holiday".)
        "hes", "shes", "theyre", "im", "ive",
    ]

    /// A line with a remark blanked: `kept` has the remark's bytes made spaces.
    struct Remark {
        var kept: String
        /// True when a comma set it apart.
        var afterComma: Bool
        /// True for "because of …" said with no comma: what an event is for ("dinner
        /// because of ana's promotion"), which a new event's title keeps.
        var namesPurpose = false
    }

    /// `word` made bare, as the remarks compare words: lower case, its letters and apostrophes
    /// alone, a typographic apostrophe made plain. A word of ASCII is made from its bytes,
    /// where a character is a byte and a letter `A`–`Z` or `a`–`z`: character by character,
    /// lower-cased, mapped and filtered, it cost ~1,500 instructions a word.
    static func bare(_ word: Substring) -> String {
        let made: String?? = word.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var count = 0
                for byte in bytes {
                    let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
                    if lower &- 0x61 < 26 || lower == UInt8(ascii: "'") {
                        out[count] = lower
                        count += 1
                    }
                }
                return count
            }
        }
        if let made = made ?? nil { return made }
        return String(word.lowercased().map { $0 == "\u{2019}" ? "'" : $0 }.filter { $0.isLetter || $0 == "'" })
    }

    /// `text` with the remark after its first comma that opens one blanked (the bytes made
    /// spaces, so every offset stays the line's own); nil when it has none. "…, I mean
    /// Friday" is a correction, no remark; "…, it's a holiday" is one, "…, it's at 3 now"
    /// says when.
    static func withoutRemark(_ line: LineBytes, dates: [DateMatch] = []) -> Remark? {
        let text = line.text
        guard line.mayMention(",") else { return nil }
        var at = text.startIndex
        while let comma = text[at...].firstIndex(of: ",") {
            at = text.index(after: comma)
            // (Split no further than the three words looked at: the whole rest, split at each
            // comma, made a line of thousands of commas take minutes.)
            let next = text[at...].split(separator: " ", maxSplits: 3).prefix(3).map(Self.bare)
            guard let first = next.first else { continue }
            let second = next.count > 1 ? next[1] : ""
            // ("…, pool is closed", "…, bob has flu", "…, who is coming": a noun or a question
            // word, and a verb of its own, with no day after them.)
            let opens = remarkSubjects.contains(first) || opensItIsA(next) || first == "as" && remarkSubjects.contains(second)
                || remarkVerbs.contains(second) && !remarkSubjects.contains(first) && !dates.contains(where: { $0.range.lowerBound > comma })
            guard opens else { continue }
            if first == "i", ["mean", "meant", "think"].contains(second) { continue }
            // ("…, since friday", "…, as well": no remark of its own.)
            if first == "since", !remarkSubjects.contains(second) && !opensItIsA(Array(next.dropFirst())) && !["it's", "its"].contains(second) { continue }
            let before = text[..<comma]
            guard before.split(separator: " ").count >= 2 else { return nil }
            // ("call mom, she's sick, tomorrow at 5": the remark ends at a comma a date follows.)
            if let next = text[at...].firstIndex(of: ","), dates.contains(where: { $0.range.lowerBound > next }) {
                let blank = text.utf8.distance(from: comma, to: text.index(after: next))
                return Remark(kept: String(before) + String(repeating: " ", count: blank) + text[text.index(after: next)...], afterComma: true)
            }
            return Remark(kept: String(before) + String(repeating: " ", count: text.utf8.count - before.utf8.count), afterComma: true)
        }
        return nil
    }

    /// Verbs of a change said after a remark ("he's late, move it to 8:30").
    static let changeVerbsAfterRemark: Set<String> = [
        "move", "push", "pull", "cancel", "delete", "skip", "make", "change", "reschedule", "shift", "bump", "drop", "remove", "take", "put",
    ]
    /// Words that make the words before a comma a remark of their own ("bob is sick").
    static let remarkVerbs: Set<String> = ["is", "was", "are", "were", "has", "had", "can't", "cant", "cannot", "won't", "wont", "isn't", "isnt", "got", "just"]

    /// `text` with a remark before its first comma blanked, when the words after the comma
    /// open with a change verb ("he's running late, move it to 8:30", "Ana is sick, cancel
    /// lunch"): the remark has a subject ("he's", "she", "bob is …") and two to seven words.
    /// How a request asked politely, or a reminder ("i missed carlas birthday, remind me to
    /// call her …"), opens after a remark and a comma.
    static let politeOpenings: [[String]] = [["can", "you"], ["could", "you"], ["would", "you"], ["can", "u"], ["could", "u"], ["pls"], ["please"],
                                             ["remind", "me"]]

    /// The line with its first comma and all before it made spaces, when the words before
    /// it are a remark of two words or more with no date of `dates` ("all day" is a remark's:
    /// "i see patients all day, …"), and those after open
    /// with one of `politeOpenings`; nil otherwise.
    static func politeRequestAfterRemark(_ line: LineBytes, dates: [DateMatch]) -> String? {
        let text = line.text
        guard line.mayMention(","), let comma = text.firstIndex(of: ",") else { return nil }
        guard text[..<comma].split(separator: " ").count >= 2, !dates.contains(where: { $0.range.lowerBound < comma && $0.rule != "all-day" }) else { return nil }
        let after = text[text.index(after: comma)...].split(separator: " ").prefix(2).map { $0.lowercased() }
        guard politeOpenings.contains(where: { after.starts(with: $0) }) else { return nil }
        let blank = text.utf8.distance(from: text.startIndex, to: text.index(after: comma))
        return String(repeating: " ", count: blank) + text[text.index(after: comma)...]
    }

    /// `asked` (a request after a remark blanked in `remark`, the whole line) with "her" or
    /// "him" after a verb of meeting ("call her", "text him") written as the one contact the
    /// remark names ("i missed carlas birthday, …" names Carla): the text, the bytes replaced
    /// and their new count. Nil when the request has no such pronoun or the remark names no
    /// one contact.
    static func pronounNamed(in asked: String, remark line: String, known: Names) -> (String, Range<Int>, Int)? {
        let bytes = Array(asked.utf8)
        var words: [Range<Int>] = []
        var start: Int?
        for k in 0...bytes.count {
            let byte = k < bytes.count ? bytes[k] : 32
            if byte == 32 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ".") {
                if let s = start { words.append(s..<k); start = nil }
            } else if start == nil { start = k }
        }
        func word(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self).lowercased() }
        guard let k = words.indices.dropFirst().first(where: { ["her", "him"].contains(word(words[$0])) && Vocabulary.meetVerbs.contains(word(words[$0 - 1])) }),
              let blank = bytes.firstIndex(where: { $0 != 32 }) else { return nil }
        // The names of the remark (the blanked bytes of the line): a contact's first name, or
        // one with "s" or "'s" after it.
        var named: Set<String> = []
        for piece in line.utf8.prefix(blank).split(whereSeparator: { $0 == 32 || $0 == UInt8(ascii: ",") }) {
            var said = Spelling.fold(String(decoding: piece, as: UTF8.self))
            if said.hasSuffix("'s") { said.removeLast(2) }
            if known.contactFirstNames.contains(said) { named.insert(said); continue }
            if let name = known.firstName(ofBarePossessive: said) { named.insert(name) }
        }
        guard named.count == 1, let name = named.first else { return nil }
        let spelled = known.contactSpelling(of: name) ?? name
        let replaced = words[k]
        let said = String(decoding: bytes[..<replaced.lowerBound], as: UTF8.self) + spelled + String(decoding: bytes[replaced.upperBound...], as: UTF8.self)
        return (said, replaced, spelled.utf8.count)
    }

    static func withoutLeadingRemark(_ line: LineBytes) -> String? {
        let text = line.text
        guard line.mayMention(","), let comma = text.firstIndex(of: ",") else { return nil }
        // The verb after the comma first (the first of the words `split` would make): most
        // commas are followed by none ("Monday, Feb 18"), and the words before it go unread.
        let verb = text[text.index(after: comma)...].drop { $0 == " " }.prefix { $0 != " " }
        guard !verb.isEmpty, changeVerbsAfterRemark.contains(verb.lowercased()) else { return nil }
        let before = text[..<comma].split(separator: " ").map { $0.lowercased().replacingEvery("\u{2019}", with: "'") }
        guard (2...7).contains(before.count),
              remarkSubjects.contains(before[0]) && !["because", "cause", "cos", "since", "i", "we"].contains(before[0])
                || remarkVerbs.contains(before[1]) || before[0].hasSuffix("'s") && before[0].count > 3 else { return nil }
        let blank = text.utf8.distance(from: text.startIndex, to: text.index(after: comma))
        return String(repeating: " ", count: blank) + text[text.index(after: comma)...]
    }

    /// Verbs that open a thing to remember after a comma ("…, bring laptop", "…, don't
    /// forget the cake").
    static let noteVerbs: Set<String> = [
        "bring", "take", "pack", "wear", "ask", "remember", "print", "prepare", "buy", "grab", "don't", "dont", "need", "must",
    ]

    /// Words that open when to gather, after a comma ("…, meet at 9:15", "…, doors 7pm").
    static let gatheringWords: Set<String> = ["meet", "meeting", "gather", "assemble", "doors", "registration", "warmup", "warm-up"]

    /// Words that only say the command again after a comma ("don't let me forget").
    static let noteFrame: Set<String> = [
        "don't", "dont", "let", "me", "forget", "it", "this", "that", "please", "remember", "to", "do", "need", "must", "about", "ok", "okay",
    ]

    /// The words after the last comma (or " - ") of `text` when they open with one of `noteVerbs`, hold
    /// no date of `dates` and are at most eight words: `kept` is the line with them (and
    /// the comma) made spaces, `note` the words as typed. Nil otherwise.
    static func noteRemark(_ line: LineBytes, dates: [DateMatch]) -> (kept: String, note: String, range: Range<String.Index>)? {
        let text = line.text
        // (After a comma, or a dash set apart by spaces: "lunch tomorrow at 1 - bring laptop",
        // and the en or em dash a phone or a Mac makes of it, "… at 1 — bring laptop".)
        let typographic = line.mayHold(byte: 0xE2)
        // (Or a full stop: "dentist friday at 3. bring insurance card".)
        let stop = line.mayMention(". ") ? Self.lastIndex(of: UInt8(ascii: "."), in: text, before: UInt8(ascii: " ")) : nil
        guard line.mayMention(",") || line.mayMention(" - ") || typographic || stop != nil else { return nil }
        var dashAt: String.Index?
        if line.mayMention(" - ") || typographic {
            let bytes = Array(text.utf8)
            // The dash's bytes: "-", or E2 80 93 ("–") or E2 80 94 ("—").
            func dashLength(at i: Int) -> Int? {
                if i < bytes.count, bytes[i] == UInt8(ascii: "-") { return 1 }
                if i + 2 < bytes.count, bytes[i] == 0xE2, bytes[i + 1] == 0x80, bytes[i + 2] == 0x93 || bytes[i + 2] == 0x94 { return 3 }
                return nil
            }
            func isDash(at i: Int) -> Bool {
                guard bytes[i] == 32, let length = dashLength(at: i + 1) else { return false }
                return i + 1 + length < bytes.count && bytes[i + 1 + length] == 32
            }
            if let at = bytes.indices.last(where: isDash) {
                dashAt = text.utf8.index(text.startIndex, offsetBy: at + 1)
            }
        }
        // (The comma found from the bytes: `lastIndex(of:)` walked the line by characters,
        // ~4,800 instructions a line with a comma.)
        var comma: String.Index
        switch (line.mayMention(",") ? Self.lastIndex(of: UInt8(ascii: ","), in: text) : nil, dashAt) {
        case let (last?, dash?): comma = Swift.max(last, dash)
        case let (last?, nil): comma = last
        case let (nil, dash?): comma = dash
        case (nil, nil):
            guard let stop else { return nil }
            comma = stop
        }
        if let stop, stop > comma { comma = stop }
        let rest = text[text.index(after: comma)...]
        // The first word alone first (`words.first`), and the words counted only for an opener
        // that may make a note: most commas are followed by none (a date, "Monday, Feb 18").
        let first = rest.drop { $0 == " " }.prefix { $0 != " " }
        guard !first.isEmpty else { return nil }
        let opener = String(first.lowercased().map { $0 == "\u{2019}" ? "'" : $0 })
        // "away match saturday 10am, meet at 9:15", "gig friday 8pm, doors 7": when to gather,
        // said after the event's own time, is a note (it stood in the title as "meet", the
        // time said back as one the event could not also have).
        let gathers = gatheringWords.contains(opener)
            && dates.contains(where: { $0.range.upperBound <= comma && $0.known.contains(.time) })
            && dates.allSatisfy({ $0.range.upperBound <= comma || $0.known.contains(.time) && !$0.known.contains(.date) && $0.recurrence == nil })
        guard noteVerbs.contains(opener) && !dates.contains(where: { $0.range.upperBound > comma }) || gathers,
              rest.split(separator: " ").count <= 8, text[..<comma].split(separator: " ").count >= 2 else { return nil }
        let note = String(rest).trimmingSpacesAndPunctuation()
        // ("…, don't let me forget", "…, remember it": the command said again, no note.)
        let said = note.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "\u{2019}" })
        guard said.contains(where: { !noteFrame.contains(String($0).replacingEvery("\u{2019}", with: "'")) }) else { return nil }
        guard !note.isEmpty, let start = rest.firstIndex(where: { !$0.isWhitespace }) else { return nil }
        let kept = String(text[..<comma]) + String(repeating: " ", count: text.utf8.distance(from: comma, to: text.endIndex))
        return (kept, note, start..<text.endIndex)
    }

    /// `text.lastIndex(of: c)` of the character `c` that is the ASCII `byte` alone, found
    /// from the bytes: a byte that is such a character as typed is taken, one that a mark
    /// joins ("," before a combining accent) is not, as it is not by characters.
    static func lastIndex(of byte: UInt8, in text: String, before next: UInt8? = nil) -> String.Index? {
        let utf8 = text.utf8
        var at = utf8.endIndex
        while at > utf8.startIndex {
            at = utf8.index(before: at)
            // (A character that holds the byte and more begins before it or goes on after it.)
            if utf8[at] == byte, text[at].utf8.count == 1, text[at].utf8.first == byte {
                guard let next else { return at }
                let after = utf8.index(after: at)
                if after < utf8.endIndex, utf8[after] == next { return at }
            }
        }
        return nil
    }

    /// `kept` (the line with a remark made spaces) with the dates `matches` read in the whole
    /// line put back where they were; nil when none lay in the remark.
    static func keepingDates(of text: String, _ matches: [DateMatch], in kept: String) -> String? {
        var bytes = Array(kept.utf8)
        let original = Array(text.utf8)
        guard bytes.count == original.count else { return nil }
        var changed = false
        for match in matches {
            let lower = text.utf8.distance(from: text.startIndex, to: match.range.lowerBound)
            let upper = text.utf8.distance(from: text.startIndex, to: match.range.upperBound)
            guard lower >= 0, upper <= bytes.count, lower < upper else { continue }
            if bytes[lower..<upper] != original[lower..<upper] {
                bytes.replaceSubrange(lower..<upper, with: original[lower..<upper])
                changed = true
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// "it's a holiday", "its a bank holiday", "it is an inset day": a remark of its own.
    static func opensItIsA(_ words: [String]) -> Bool {
        guard words.count >= 2 else { return false }
        if ["it's", "its"].contains(words[0]) { return ["a", "an"].contains(words[1]) }
        return words[0] == "it" && words[1] == "is" && words.count >= 3 && ["a", "an"].contains(words[2])
    }

    /// Subjects that, after "since" or "as", open a reason ("since it's raining", "as I'm away").
    static let reasonSubjects: Set<String> = [
        "i", "i'm", "i'll", "i've", "we", "we're", "we'll", "he", "he's", "she", "she's", "they", "they're", "it", "it's", "its",
        "there's", "theres", "the", "my", "our", "hes", "shes", "theyre", "im", "ive",
    ]

    /// `text` with a remark said with no comma blanked from where it opens to the end: "its a"
    /// / "it's a" / "it is a" ("no class next monday its a holiday"), "because" ("cancel
    /// lunch because the place is closed"), "since" or "as" before a subject ("… since I'm
    /// away"). At least two words must come before it. Nil when there is none: "since
    /// monday", "as soon as", "as a team" say no reason.
    static func withoutBareRemark(_ line: LineBytes) -> Remark? {
        let text = line.text
        // (Checked as bytes first: most lines have none of these; and the four words below
        // first of all, as many lines are shorter.)
        guard Self.mayHoldWords(text, 4), line.mayMention("because") || line.mayMention("cuz") || line.mayMention("cos ") || line.mayMention("coz ")
                || line.mayMention("cause ") || line.mayMention("s a ") || line.mayMention("s an ")
                || line.mayMention("it is a") || line.mayMention("since ") || line.mayMention(" as ")
                || line.mayMention("im ") || line.mayMention("i'm ") || line.mayMention("i am ") else { return nil }
        var words: [(word: String, start: String.Index)] = []
        var i = text.startIndex
        while i < text.endIndex {
            guard !text[i].isWhitespace else { i = text.index(after: i); continue }
            let start = i
            while i < text.endIndex, !text[i].isWhitespace { i = text.index(after: i) }
            let word = Self.bare(text[start..<i])
            words.append((word, start))
        }
        guard words.count >= 4 else { return nil }
        for k in 2..<words.count {
            let w = words[k].word, next = Array(words[(k + 1)...].prefix(3).map(\.word))
            guard let following = next.first else { break }
            let opens: Bool
            var purpose = false
            switch w {
            // ("cos", "coz", "cause": because as typed in a hurry.)
            case "because", "cuz", "cos", "coz", "cause": opens = true; purpose = following == "of"
            case "since", "as": opens = reasonSubjects.contains(following) && !(w == "as" && following == "the")
            case "it's", "its", "it": opens = opensItIsA([w] + next)
            // "cancel the sync tomorrow im still jetlagged", "skip gym today i'm sick": how the
            // speaker is, which says neither which event nor when.
            case "im", "i'm": opens = saysOwnState(next)
            case "i": opens = following == "am" && saysOwnState(Array(next.dropFirst()) + (k + 4 < words.count ? [words[k + 4].word] : []))
            default: opens = false
            }
            guard opens else { continue }
            let before = text[..<words[k].start]
            return Remark(kept: String(before) + String(repeating: " ", count: text.utf8.count - before.utf8.count), afterComma: false, namesPurpose: purpose)
        }
        return nil
    }

    /// False when `text` cannot hold `count` words apart (split at whitespace, as
    /// `withoutBareRemark` splits): it has fewer than `count - 1` bytes that may be part of a
    /// whitespace character (an ASCII space or control, or a byte past ASCII). Read from the
    /// bytes where they lie (through the `UTF8View`'s iterator, ~20 instructions a byte), up
    /// to the last one needed.
    static func mayHoldWords(_ text: String, _ count: Int) -> Bool {
        let needed = count - 1
        guard needed > 0 else { return true }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            var gaps = 0
            for byte in bytes where byte <= 32 || byte >= 0x80 {
                gaps += 1
                if gaps >= needed { return true }
            }
            return false
        } ?? true
    }

    /// True when `words` (after "im") say how the speaker is: a state, perhaps after "still",
    /// "so", "too", "really", "feeling" or "not" ("still jetlagged", "not feeling well").
    static func saysOwnState(_ words: [String]) -> Bool {
        let said = words.drop { ["still", "so", "too", "really", "feeling", "not", "a", "bit", "very"].contains($0) }
        guard let state = said.first else { return false }
        return ownStates.contains(state)
    }

    /// How a speaker says they are, as a reason for a change ("im sick", "im still jetlagged").
    static let ownStates: Set<String> = ["sick", "ill", "unwell", "well", "jetlagged", "tired", "exhausted", "knackered", "busy", "swamped",
                                         "away", "travelling", "traveling", "stuck", "poorly", "injured", "shattered", "snowed"]

    /// "cancel lunch, I mean dinner", "move lunch to 3, i mean 4": the line with ", I mean"
    /// and the words it corrects made spaces, the correction left where it was typed
    /// ("cancel         dinner"). A correction that is a date alone takes the place of the
    /// last date before it ("cancel lunch tomorrow, i mean friday"); any other, of as many
    /// words before the comma that are no date's ("cancel lunch on friday, i mean dinner" is
    /// "cancel … on friday dinner"). Nil without one.
    func correctedInLine(_ line: LineBytes, at reference: ReferenceTime) -> String? {
        let text = line.text
        guard line.mayMention("mean") else { return nil }
        let utf8 = Array(text.utf8)
        // The ", i mean" (or "meant"), as byte offsets.
        var found: (comma: Int, rest: Int)?
        for c in utf8.indices where utf8[c] == UInt8(ascii: ",") {
            var k = c + 1
            while k < utf8.count, utf8[k] == 32 { k += 1 }
            for phrase in ["i mean ", "i meant "] {
                let p = Array(phrase.utf8)
                guard k + p.count <= utf8.count, zip(utf8[k..<(k + p.count)], p).allSatisfy({ $0 | 0x20 == $1 }) else { continue }
                found = (c, k + p.count)
            }
            if found != nil { break }
        }
        guard let (comma, restStart) = found else { return nil }
        let rest = String(decoding: utf8[restStart...], as: UTF8.self).trimmingSpacesAndPunctuation()
        let restWords = rest.split(separator: " ")
        guard !restWords.isEmpty, restWords.count <= 4 else { return nil }
        let head = String(decoding: utf8[..<comma], as: UTF8.self)
        var blank = Array(repeating: false, count: utf8.count)
        for k in comma..<restStart { blank[k] = true }
        // The dates before the comma, as byte ranges.
        func bytes(_ r: Range<String.Index>) -> Range<Int> {
            head.utf8.distance(from: head.utf8.startIndex, to: r.lowerBound)..<head.utf8.distance(from: head.utf8.startIndex, to: r.upperBound)
        }
        let read = reader.read(head, at: reference)
        let dates = read.map { bytes($0.range) }
        let restDates = reader.read(rest, at: reference)
        if restDates.count == 1, restDates[0].range == rest.startIndex..<rest.endIndex, let last = read.last {
            // Only the parts said again: "friday at 1, i mean 2" keeps Friday.
            let roles = Set(restDates[0].parts.map(\.role))
            let same = last.parts.filter { roles.contains($0.role) }
            for r in same.isEmpty ? [last.range] : same.map(\.range) {
                for k in bytes(r) { blank[k] = true }
            }
        } else {
            // The words of the head, as byte ranges, from the last; those in a date skipped.
            var words: [Range<Int>] = []
            var k = comma
            while k > 0 {
                while k > 0, utf8[k - 1] == 32 { k -= 1 }
                let end = k
                while k > 0, utf8[k - 1] != 32 { k -= 1 }
                if k < end { words.append(k..<end) }
            }
            // The command's word stays ("cancel", "move").
            guard words.count > restWords.count else { return nil }
            var taken = 0
            for word in words.dropLast() where taken < restWords.count {
                if dates.contains(where: { $0.overlaps(word) }) { if taken > 0 { break } else { continue } }
                for b in word { blank[b] = true }
                taken += 1
            }
            guard taken == restWords.count else { return nil }
        }
        var out = utf8
        for k in out.indices where blank[k] { out[k] = 32 }
        return String(decoding: out, as: UTF8.self)
    }

    /// Openings that ask how to do what follows ("how do I", "how can I", "how to").
    static let howDoIOpenings: [String] = ["how do i ", "how can i ", "how would i ", "how should i ", "how do we ", "how can we ", "how to "]
    /// Verbs of a change to an event that such a question may ask how to make.
    /// "… can't make …" and its other spellings, as said between someone and the event.
    static let cannotMakePhrases = [
        " can't make ", " cant make ", " cannot make ", " can not make ", " won't make ", " wont make ", " can\u{2019}t make ",
        " can't come to ", " cant come to ", " cannot come to ", " can't attend ", " cant attend ", " cannot attend ", " won't be at ", " wont be at ",
    ]
    /// "maria can't make lunch on friday", "Bob cannot make the review", "I can't make the
    /// dentist": `kept` is the line with everything up to the event's words made spaces,
    /// `person` the range of the name (one or two words of letters). Nil when the line says
    /// no such thing, or says it of the speaker ("I can't make the dentist": a removal).
    static func cannotMake(_ line: LineBytes) -> (kept: String, person: Range<String.Index>)? {
        let text = line.text
        guard line.mayMention("make") || line.mayMention("come") || line.mayMention("attend") || line.mayMention(" be at "),
              line.mayMention("n") else { return nil }
        let lower = Array(text.lowercased().utf8)
        guard lower.count == text.utf8.count else { return nil }
        // The first phrase found, as byte offsets.
        var found: (start: Int, end: Int)?
        for phrase in cannotMakePhrases {
            let p = Array(phrase.utf8)
            guard lower.count >= p.count else { continue }
            if let at = (0...(lower.count - p.count)).first(where: { lower[$0..<($0 + p.count)].elementsEqual(p) }) { found = (at, at + p.count); break }
        }
        guard let (start, end) = found else { return nil }
        var person = text.startIndex..<text.utf8.index(text.startIndex, offsetBy: start)
        // ("I'm sorry, she can't make lunch", "oh no, Bob can't make it": the remark before
        // the person is no part of the name.)
        if let comma = text[person].lastIndex(of: ","),
           text[person][..<comma].split(separator: " ").allSatisfy({ apologyWords.contains($0.lowercased()) }) {
            person = text.index(after: comma)..<person.upperBound
            while person.lowerBound < person.upperBound, text[person.lowerBound] == " " { person = text.index(after: person.lowerBound)..<person.upperBound }
        }
        let name = text[person].split(separator: " ")
        guard (1...2).contains(name.count), name.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "-" } }), end < text.utf8.count else { return nil }
        // ("lunch after all", "the review anymore": the event's words without them.)
        var tail = String(decoding: Array(text.utf8)[end...], as: UTF8.self)
        for filler in Self.afterAllFillers where tail.lowercased().hasSuffix(filler) {
            tail = String(tail.dropLast(filler.count)) + String(repeating: " ", count: filler.utf8.count)
            break
        }
        let kept = String(repeating: " ", count: end) + tail
        // ("I can't make the dentist" cancels it, read as any removal; "it", "we", "you": nobody
        // to take off. "she", "he", "they" are the guest last named, found by the session.)
        let first = name[0].lowercased()
        guard !Title.subjectPronouns.contains(first) || thirdPersonPronouns.contains(first), first != "it" else { return nil }
        return (kept, person)
    }

    /// Who "she can't make lunch" is about: a guest of the event, found by the session.
    public static let thirdPersonPronouns: Set<String> = ["she", "he", "they"]
    /// A remark before a comma that opens "…, she can't make lunch".
    static let apologyWords: Set<String> = ["sorry", "i'm", "im", "i\u{2019}m", "so", "oh", "no", "unfortunately", "well", "hey", "ah", "ugh", "actually", "um"]
    /// Words at the end of "… can't make lunch after all" that name no event.
    static let afterAllFillers = [" after all.", " after all", " anymore.", " anymore", " any more"]

    /// Verbs that say when an event named before them ends ("my flight lands at 6").
    static let endVerbs: Set<String> = ["lands", "arrives", "ends", "finishes"]

    /// "my flight lands at …", "the review ends at …": the range of the event's words (after
    /// "my", "the" or "our"; one to three words) and of the verb; nil for any other line.
    static func endSaid(_ line: LineBytes) -> (words: Range<String.Index>, verb: Range<String.Index>)? {
        let text = line.text
        // (Bytes first: a lower-cased copy of the first word, looked up in a list made on each
        // call, cost 2,000 instructions a line.)
        guard line.mayMention("s ") else { return nil }
        // (The opening first compared where the bytes lie: an array of the three openings made
        // on each call, and the view's first space and its slice, cost ~250 instructions.)
        let mayOpen: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let space = bytes.firstIndex(of: 32) else { return false }
            let a = space > 0 ? bytes[0] | 0x20 : 0, b = space > 1 ? bytes[1] | 0x20 : 0, c = space > 2 ? bytes[2] | 0x20 : 0
            switch space {
            case 2: return a == UInt8(ascii: "m") && b == UInt8(ascii: "y")
            case 3: return a == UInt8(ascii: "t") && b == UInt8(ascii: "h") && c == UInt8(ascii: "e") || a == UInt8(ascii: "o") && b == UInt8(ascii: "u") && c == UInt8(ascii: "r")
            default: return false
            }
        }
        guard mayOpen != false, let space = text.utf8.firstIndex(of: 32) else { return nil }
        let opening = text.utf8[..<space]
        guard opening.count <= 3, ["my", "the", "our"].contains(where: { opening.elementsEqual($0.utf8, by: { $0 | 0x20 == $1 }) }) else { return nil }
        let first = text[..<space]
        var words: [Substring] = []
        var rest = text[first.endIndex...]
        while words.count < 4 {
            let word = rest.drop { $0 == " " }.prefix { $0 != " " }
            guard !word.isEmpty else { return nil }
            rest = rest[word.endIndex...]
            if endVerbs.contains(word.lowercased()) {
                guard !words.isEmpty, words.count <= 3, words.allSatisfy({ $0.allSatisfy(\.isLetter) }) else { return nil }
                return (words[0].startIndex..<words[words.count - 1].endIndex, word.startIndex..<word.endIndex)
            }
            words.append(word)
        }
        return nil
    }

    /// Verbs of changing the address book, asked how ("how do i remove a contact").
    static let contactChangeVerbs: Set<String> = ["add", "remove", "delete", "edit", "change", "update", "create", "save", "merge"]
    /// Words that name nobody in particular ("add someone", "invite people").
    static let anyone: Set<String> = ["someone", "somebody", "people", "guests", "guest", "person", "anyone", "anybody", "attendees", "others"]

    static let howDoIVerbs: Set<String> = [
        "add", "invite", "move", "cancel", "delete", "remove", "rename", "push", "reschedule", "change", "shift", "postpone",
        "take", "drop", "skip",
    ]

    /// `text` with "how do I" (or "how can I", "how to" …) and a closing question mark made
    /// spaces, when a verb of changing an event follows ("how do I add Bob to the review" →
    /// "add Bob to the review"); nil otherwise.
    static func howDoI(_ line: LineBytes) -> String? {
        let text = line.text
        guard line.mayMention("how") else { return nil }
        let lower = text.lowercased()
        guard lower.utf8.count == text.utf8.count,
              let opening = howDoIOpenings.first(where: { lower.hasPrefix($0) }) else { return nil }
        let rest = lower.dropFirst(opening.count)
        guard let verb = rest.split(separator: " ").first, howDoIVerbs.contains(String(verb)), rest.split(separator: " ").count >= 2 else { return nil }
        var bytes = Array(text.utf8)
        for k in 0..<opening.utf8.count { bytes[k] = 32 }
        while let last = bytes.indices.last(where: { bytes[$0] != 32 }), bytes[last] == UInt8(ascii: "?") { bytes[last] = 32 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when `text` holds `word` (lower-case ASCII letters) in any case, as bytes, perhaps
    /// inside another word: a check cheap enough for every line, before a dearer look.
    public static func mayMention(_ text: String, _ word: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= pattern.count else { return false }
            for start in 0...(bytes.count - pattern.count) where bytes[start] | 0x20 == first {
                var k = 1
                while k < pattern.count, bytes[start + k] | 0x20 == pattern[k] { k += 1 }
                if k == pattern.count { return true }
            }
            return false
        }
    }

    /// Openings that change the event on screen to what follows ("make it 9 to 5").
    static let makeItOpenings = ["make it ", "make that ", "change it to ", "set it to ", "move it to ", "make it from "]

    /// `text` with one of `makeItOpenings` made spaces (the same bytes' layout), when it
    /// opens with one; nil otherwise.
    static func afterMakeIt(_ text: String) -> String? {
        guard let first = text.utf8.first.map({ $0 | 0x20 }), first == UInt8(ascii: "m") || first == UInt8(ascii: "c") || first == UInt8(ascii: "s"),
              let opening = makeItOpenings.last(where: { text.utf8.starts(with: $0.utf8, by: { $0 | 0x20 == $1 }) }) else { return nil }
        return String(repeating: " ", count: opening.utf8.count) + String(decoding: text.utf8.dropFirst(opening.utf8.count), as: UTF8.self)
    }

    /// Units a "one" before them counts ("the last one hour").
    static let unitWords: Set<String> = ["second", "minute", "hour", "day", "night", "week", "weekend", "fortnight", "month", "quarter", "year", "decade"]

    /// A date read from `other`, a string of the same UTF-8 bytes' layout, with its ranges on
    /// `text`.
    static func moved(_ match: DateMatch, onto text: String, from other: String) -> DateMatch {
        func index(_ i: String.Index) -> String.Index {
            text.utf8.index(text.utf8.startIndex, offsetBy: other.utf8.distance(from: other.utf8.startIndex, to: i))
        }
        var m = match
        m.range = index(match.range.lowerBound)..<index(match.range.upperBound)
        m.parts = match.parts.map { var p = $0; p.range = index(p.range.lowerBound)..<index(p.range.upperBound); return p }
        return m
    }

    /// True for a date said only as an ordinal ("the first", "2nd") with an event's noun or
    /// "one" after it ("the first meeting", "my 2nd call", "the third one").
    static func picksAnEvent(_ match: DateMatch, in text: String) -> Bool { picksAnEvent(said: match.range, in: text) }

    /// `picksAnEvent(_:in:)` of the match said at `range` (all it reads): `keeps` asks it of a
    /// match where it lies in the line's matches, which handed over as a value was copied.
    static func picksAnEvent(said range: Range<String.Index>, in text: String) -> Bool {
        // Every ordinal ends in "t", "d" or "h" ("first", "2nd", "fourth"): most dates are
        // turned away by their last byte, before a lower-cased copy of their words. (The byte
        // and the length first read where the bytes lie: through a slice of the view, ~250
        // instructions a date.)
        let utf8 = text.utf8
        let lower = utf8.distance(from: utf8.startIndex, to: range.lowerBound), upper = utf8.distance(from: utf8.startIndex, to: range.upperBound)
        let endsAsOne: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            guard 0 <= lower, lower < upper, upper <= bytes.count, upper - lower <= 24 else { return false }
            let end = bytes[upper - 1] | 0x20
            return end == 0x74 || end == 0x64 || end == 0x68
        }
        if endsAsOne == false { return false }
        let said8 = utf8[range]
        guard said8.count <= 24, let end = said8.last.map({ $0 | 0x20 }), end == 0x74 || end == 0x64 || end == 0x68,
              mayBeOrdinal(said8) else { return false }
        var said = text[range].lowercased()[...]
        for article in ["the ", "my "] where said.hasPrefix(article) { said = said.dropFirst(article.count) }
        guard let place = ReferenceReader.ordinals[String(said)], place > 0 else { return false }
        var rest = text[range.upperBound...]
        var next = firstWord(of: &rest)
        // "the second to last meeting", "the second last one".
        if next == "to" { next = firstWord(of: &rest) }
        if next == "last" { return true }
        return Vocabulary.eventNouns.contains(next) || AgendaReader.placedNouns.contains(next)
    }

    /// False when the words `said` are no ordinal of `ReferenceReader.ordinals` after "the "
    /// or "my ", as `picksAnEvent` reads them, seen from the bytes: every ordinal is one word of
    /// three to seven ASCII letters and digits ("1st", "seventh"). Most dates that end as an
    /// ordinal does ("next month", "tonight") are more words, and a lower-cased copy of them
    /// cost ~300 instructions.
    static func mayBeOrdinal(_ said: Substring.UTF8View) -> Bool {
        var start = said.startIndex
        for article in ["the ", "my "] as [StaticString] {
            let bytes = UnsafeBufferPointer(start: article.utf8Start, count: article.utf8CodeUnitCount)
            if said[start...].starts(with: bytes, by: { $0 | 0x20 == $1 }) { start = said.index(start, offsetBy: bytes.count) }
        }
        let word = said[start...]
        return (3...7).contains(word.count) && !word.contains(32)
    }

    /// The lower-cased first word of `rest`, which loses it.
    static func firstWord(of rest: inout Substring) -> String {
        rest = rest.drop { $0 == " " }
        let word = rest.prefix { $0.isLetter || $0 == "-" }
        rest = rest.dropFirst(word.count)
        return word.lowercased()
    }

    /// Words clerk's commands start with, for "did you mean …?".
    static let commandWords = [
        "delete", "remove", "cancel", "schedule", "show", "list", "help", "undo", "login", "logout", "calendars", "create",
        "add", "move", "rename", "find", "append", "replace", "read", "open", "remind", "what's", "reschedule", "files",
        "contacts", "calendar", "meeting", "appointment", "tomorrow", "today", "tonight", "week", "birthday", "phone",
        "email", "address", "agenda", "events", "next", "lunch", "dinner",
    ]

    static let commandTypos = NearMiss(commandWords)

    /// For a line nobody understood: the same line with one misspelt word corrected, when
    /// that makes it a request clerk handles ("delte notes.txt" → "delete notes.txt").
    func didYouMean(_ s: Sentence, dates: [DateMatch], at reference: ReferenceTime, known: Names) -> String? {
        for i in s.body {
            let t = s.tokens[i]
            guard t.kind == .word, t.word.utf8.count >= 4, !t.isInDate, !Vocabulary.isKnown(t.word),
                  let guess = Router.commandTypos.closest(to: t.word) else { continue }
            let fixed = String(s.text[..<t.range.lowerBound]) + guess + String(s.text[t.range.upperBound...])
            let shift = guess.utf8.count - s.text[t.range].utf8.count
            let moved = dates.map { m -> DateMatch in
                var m = m
                guard m.range.lowerBound >= t.range.upperBound else { return m }
                let lo = fixed.utf8.index(fixed.startIndex, offsetBy: s.text.utf8.distance(from: s.text.startIndex, to: m.range.lowerBound) + shift)
                let hi = fixed.utf8.index(lo, offsetBy: s.text.utf8.distance(from: m.range.lowerBound, to: m.range.upperBound))
                m.range = lo..<hi
                m.parts = []
                return m
            }
            let second = understand(fixed, dates: moved, at: reference, known: known, suggest: false, eventOnScreen: false)
            if case .outOfScope = second.intent { continue }
            return String(fixed[s.span(s.body.lowerBound..<s.body.upperBound).lowerBound...])
                .trimmingSpaces()
        }
        return nil
    }

    /// The date reader's matches, without the readings routing must not take as times:
    /// a number before a unit ("for 2 hours", "for twenty five minutes" are lengths, not
    /// 2 o'clock or 20:00), a length glued to its unit after "for" ("for 2h", "for 1h30"),
    /// a length alone ("for 90 minutes" is how long, not 9:00–10:30 from now), and "all day"
    /// alone (a flag on the event: "make it all day" keeps the event's date).
    func readDates(_ text: String, at reference: ReferenceTime) -> [DateMatch] {
        usable(reader.read(text, at: reference), in: text)
    }

    /// A day and a time said apart ("lunch on Friday with Ana at 1pm", "daily standup at 10")
    /// are one moment: the reader reads the two expressions put together, and the event takes
    /// that reading. Nil when there is no such pair or the reader does not join them.
    func joinedDate(_ dates: [DateMatch], in text: String, at reference: ReferenceTime) -> JoinedDate? {
        // A meal is a time of day only until a time is said ("lunch on Friday … at 1pm").
        func timeIsAMeal(_ m: DateMatch) -> Bool {
            m.parts.contains { $0.role == "time" } && m.parts.allSatisfy { $0.role != "time" || Vocabulary.mealWords.contains(text[$0.range].lowercased()) }
        }
        // A day said with a date comes before a bare repeat ("quarterly planning next Thursday
        // from 9 to 5:30": the Thursday is the day, "quarterly" names the meeting). A part of
        // the day is a day too, until a clock time is said ("tonight: prep slides 9:30pm",
        // "this afternoon call Bob at 3").
        let dayOnly: (DateMatch) -> Bool = {
            !$0.known.contains(.time) || timeIsAMeal($0) || TimeHints.dayPart(known: $0.known, parts: $0.parts, in: text) != nil
        }
        // A span said as a label ("this week: dinner on Wednesday at 8") gives way to the day
        // said in it (`EventDetails.narrowByLabel` reads the two with the span).
        guard dates.count >= 2,
              let day = dates.firstIndex(where: { dayOnly($0) && $0.known.contains(.date) && $0.recurrence == nil && !EventDetails.isSpan($0) })
                ?? dates.firstIndex(where: { dayOnly($0) && $0.known.contains(.date) && $0.recurrence == nil })
                ?? dates.firstIndex(where: { dayOnly($0) && ($0.known.contains(.date) || $0.recurrence != nil) }),
              let time = dates.firstIndex(where: { $0.known.contains(.time) && !$0.known.contains(.date) && $0.recurrence == nil })
        else { return nil }
        let (a, b) = day < time ? (day, time) : (time, day)
        let phrase = String(text[dates[a].range]) + " " + String(text[dates[b].range])
        let read = reader.read(phrase, at: reference)
        guard read.count == 1, var match = read.first, match.range == phrase.startIndex..<phrase.endIndex else { return nil }
        match.range = dates[a].range
        match.rule = "joined:" + match.rule
        match.parts = dates[a].parts + dates[b].parts
        return JoinedDate(indices: [a, b], match: match)
    }

    /// "reschedule the standup from 9 to 10": a bare number after the last "to" is a time the
    /// reader only takes when it stands alone, so it is read again as "at 10" and becomes the
    /// new time. Nil when the words after "to" are not such a time.
    /// A move whose "to" lies inside one date reading that starts before it ("on dec 15 to
    /// 4pm", "on jan 5 to wednesday jan 6"): the words before "to" are read as the request
    /// naming the event, the words after as its new date or time alone. Nil when the line is
    /// not that shape or either side does not read so.
    func splitAtTo(_ s: Sentence, at reference: ReferenceTime, known: Names, eventOnScreen: Bool) -> Understanding? {
        guard let to = s.body.first(where: { ["to", "till", "until"].contains(s.word($0)) && s.isInDate($0) }),
              let d = s.tokens[to].date, to + 1 < s.body.upperBound else { return nil }
        // "put off the dentist until monday": a bound read from "until" is, in a move, where
        // the event goes.
        let startsAtUntil = s.dates[d].range.lowerBound == s.tokens[to].range.lowerBound && s.word(to) != "to"
        guard startsAtUntil || s.dates[d].range.lowerBound < s.tokens[to].range.lowerBound else { return nil }
        // "move lunch to 14:00 to 15:00", "change it to 10am to 2pm": a "to" before the range
        // says where the event goes, all of it, not the old time's ("move lunch 14:00 to
        // 15:00" still splits).
        if let first = s.body.first(where: { s.tokens[$0].range.lowerBound == s.dates[d].range.lowerBound }), first > s.body.lowerBound,
           s.word(first - 1) == "to" { return nil }
        let text = s.text
        let before = String(text[..<s.tokens[to].range.lowerBound])
        let after = s.span((to + 1)..<s.body.upperBound)
        let head = understand(before, dates: readDates(before, at: reference), at: reference, known: known, suggest: false, eventOnScreen: eventOnScreen)
        // Alone, "move the team meeting on dec 15" reads as a move to the 15th: here that
        // day names the event.
        guard case .updateEvent(var which, let changes) = head.intent else { return nil }
        if startsAtUntil {
            guard changes.isEmpty, which.words != nil || which.when != nil || which.isLastShown else { return nil }
        } else {
            guard !which.isLastShown else { return nil }
            if which.when == nil, let day = changes.when, changes == EventChanges(when: day) { which.when = day }
            guard which.when != nil, which.when == changes.when || changes.isEmpty else { return nil }
        }
        // The new date or time alone; a bare hour ("to 4") read as "at 4".
        let said = String(text[after])
        var target: DateMatch?
        for (phrase, skip) in [(said, 0), ("at " + said, 3)] {
            let read = reader.read(phrase, at: reference)
            if read.count == 1, var match = read.first, phrase.utf8.distance(from: phrase.startIndex, to: match.range.lowerBound) <= skip,
               match.range.upperBound == phrase.endIndex {
                let shift = text.utf8.distance(from: text.startIndex, to: after.lowerBound) - skip
                func moved(_ r: Range<String.Index>) -> Range<String.Index> {
                    let lower = max(phrase.utf8.distance(from: phrase.startIndex, to: r.lowerBound) + shift, text.utf8.distance(from: text.startIndex, to: after.lowerBound))
                    let upper = phrase.utf8.distance(from: phrase.startIndex, to: r.upperBound) + shift
                    return text.utf8.index(text.startIndex, offsetBy: lower)..<text.utf8.index(text.startIndex, offsetBy: upper)
                }
                match.range = moved(match.range)
                match.parts = match.parts.map { var p = $0; p.range = moved(p.range); return p }
                target = match
                break
            }
        }
        guard let target else { return nil }
        var result = head.moved(onto: text, from: before)
        result.intent = .updateEvent(which, EventChanges(when: target))
        result.slots.append(Slot(kind: .when, ranges: [target.range], value: Sentence.interval(target, reference.timeZone), rule: "date:" + target.rule))
        result.dates.append(target)
        return result
    }

    /// True for "7-14", "9 - 5": two numbers of hours and a dash, no more.
    static func isHourPair(_ said: Substring) -> Bool {
        let parts = said.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 2 && part.allSatisfy { $0.isASCII && $0.isNumber } && (Int(part) ?? 99) <= 24
        }
    }

    func bareTimeAfterTo(in s: Sentence, after command: Int, at reference: ReferenceTime) -> DateMatch? {
        // After "to", else right after the command words when only a number or a part of the
        // day follows ("make it 5", "make it three", "make it the evening"; "delay lunch" is
        // no time).
        let sawTo = s.body.last(where: { s.word($0) == "to" })
        let to = sawTo ?? (command - 1)
        // ("… to 10 from now on": the time ends where the words of the series begin.)
        let scope = s.first(of: Vocabulary.fromNowOn, from: max(to + 1, s.body.lowerBound))
        let end = scope?.index ?? s.body.upperBound
        guard to + 1 < end, to + 1 >= s.body.lowerBound,
              (to + 1..<end).allSatisfy({ !s.isInDate($0) && (sawTo != nil || s.kind($0) == .number || s.isA($0, .number)
                                                                            || s.word($0) == "the" || Vocabulary.dayParts[s.word($0)] != nil) })
        else { return nil }
        let said = s.span((to + 1)..<end)
        let phrase = "at " + s.text[said]
        let read = reader.read(phrase, at: reference)
        guard read.count == 1, var match = read.first, match.range == phrase.startIndex..<phrase.endIndex,
              match.known.contains(.time), !match.known.contains(.date) else { return nil }
        match.range = said
        match.rule = "bare-time:" + match.rule
        match.parts = []
        return match
    }

    func usable(_ dates: [DateMatch], in text: String) -> [DateMatch] {
        // Most lines keep every match: their array is handed back as it is, where `filter`
        // copied it match by match into a new one.
        // Each match read where it lies, by its index: `allSatisfy` handed each over as a
        // copy, and so did an element of the buffer handed to a function.
        guard !dates.indices.allSatisfy({ keeps(dates, $0, in: text) }) else { return dates }
        return dates.indices.filter { keeps(dates, $0, in: text) }.map { dates[$0] }
    }

    /// True for a match that is only a meal said with "the" ("at the lunch") in a line that
    /// asks who ("whos", "who's", "who is"): the event of that name is asked about.
    static func namesTheMeal(_ match: DateMatch, in text: String) -> Bool { namesTheMeal(known: match.known, said: match.range, in: text) }

    /// `namesTheMeal(_:in:)` of a match's known parts and words (all it reads), for `keeps`.
    static func namesTheMeal(known: KnownParts, said range: Range<String.Index>, in text: String) -> Bool {
        // (The first three bytes read one by one: `elementsEqual` of the views cost ~200
        // instructions for every date of every line.)
        guard !known.contains(.date) else { return false }
        var bytes = text.utf8.makeIterator()
        guard bytes.next().map({ $0 | 0x20 }) == UInt8(ascii: "w"), bytes.next().map({ $0 | 0x20 }) == UInt8(ascii: "h"),
              bytes.next().map({ $0 | 0x20 }) == UInt8(ascii: "o") else { return false }
        let said = text[range].lowercased().split(separator: " ")
        guard said.count >= 2, said[said.count - 2] == "the", Vocabulary.mealWords.contains(String(said[said.count - 1])) else { return false }
        return said.dropLast(2).allSatisfy { ["at", "for", "around", "over"].contains($0) }
    }

    /// False for the match `dates[i]` that `usable` leaves out.
    private func keeps(_ dates: [DateMatch], _ i: Int, in text: String) -> Bool {
        if Sentence.same(dates[i].rule, "all-day") { return false }
        // "the first meeting on monday", "my 2nd call tomorrow": an ordinal before an event's
        // noun picks an event, it is no day of the month.
        // (The parts asked handed over, not the match: `dates[i]` as an argument was a copy.)
        if Self.picksAnEvent(said: dates[i].range, in: text) { return false }
        // "whos at the lunch", "who's at the dinner on friday": a meal after "the" in a
        // question of who comes names the event, not the middle of the day.
        if Self.namesTheMeal(known: dates[i].known, said: dates[i].range, in: text) { return false }
        // "from now on": every time to come, not the time now.
        if Sentence.same(dates[i].rule, "now") {
            let before = text[..<dates[i].range.lowerBound].lowercased(), after = text[dates[i].range.upperBound...].lowercased()
            if before.hasSuffix("from "), after.hasPrefix(" on") || after.hasPrefix(" onward") { return false }
        }
        // "for 90 minutes" alone: a length (the event's), not a span starting now.
        let known = dates[i].known
        if known.contains(.duration), !known.contains(.date), !known.contains(.time) { return false }
        if Sentence.same(dates[i].rule, "at-time") {
            let match = dates[i]
            var rest = text[match.range.upperBound...]
            var next = Self.firstWord(of: &rest)
            while Quantity.numberWords[next] != nil { next = Self.firstWord(of: &rest) }
            if Quantity.units[next] != nil { return false }
            let said = text[match.range].lowercased()
            if said.hasPrefix("for "), Quantity.glued(String(said.dropFirst(4))) != nil { return false }
        }
        return true
    }
}
