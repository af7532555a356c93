public import ClerkCore
public import FoundationEssentials

/// Reads vCard 3.0 (RFC 2426) and 4.0 (RFC 6350) files — one card or many — into contacts to
/// import: FN, N, NICKNAME, EMAIL, TEL, ADR, BDAY, NOTE, ORG (the company; its first unit),
/// TITLE (the job title) and UID, with folded lines, escaped
/// text (`\n`, `\,`, `\;`, `\\`), QUOTED-PRINTABLE values (vCard 2.1's, which some
/// exporters keep), TYPE labels and Apple's `itemN.X-ABLabel` labels. Any
/// problem names its line and imports nothing.
public struct VCardReader: Sendable {
    /// The file as the person named it, for messages.
    public var file: String

    public init(file: String) {
        self.file = file
    }

    public func read(_ data: Data) throws(ImportError) -> [ImportedContact] {
        let lines = try ContentLines.unfold(data, file: file)
        var cards: [ImportedContact] = []
        var card: Card?
        // The line of each UID a card gave (not a made-up one): a second card with one is refused.
        var uidLines: [String: Int] = [:]
        for line in lines {
            // A QUOTED-PRINTABLE value ending in "=" (its soft line break) goes on on the next line.
            if var open = card, let last = open.properties.last, VCardReader.isQuotedPrintable(last.property), last.property.value.hasSuffix("=") {
                open.properties[open.properties.count - 1].property.value = String(last.property.value.dropLast()) + line.text
                card = open
                continue
            }
            let parsed = PropertyLine(line.text)
            let isBegin = parsed?.name == "BEGIN" && parsed?.value.uppercased() == "VCARD"
            guard let current = card else {
                guard isBegin else {
                    throw ImportError(file: file, line: line.number, reason: "expected BEGIN:VCARD, got \(quoted(line.text))")
                }
                card = Card(line: line.number)
                continue
            }
            guard let property = parsed else {
                throw ImportError(file: file, line: line.number, reason: "expected NAME:VALUE, got \(quoted(line.text))")
            }
            if isBegin {
                throw ImportError(file: file, line: line.number, reason: "BEGIN:VCARD inside the card from line \(current.line)")
            }
            if property.name == "END" {
                guard property.value.uppercased() == "VCARD" else {
                    throw ImportError(file: file, line: line.number, reason: "expected END:VCARD, got \(quoted(line.text))")
                }
                let read = try contact(from: current)
                if let given = current.properties.last(where: { $0.property.name == "UID" }), read.uid == given.property.value.trimmingSpaces() {
                    let uid = read.uid
                    if let first = uidLines[uid] {
                        throw ImportError(file: file, line: given.line, property: "UID",
                                          reason: "\(quoted(uid)) is also the UID of the card on line \(first); each card needs its own")
                    }
                    uidLines[uid] = given.line
                }
                cards.append(read)
                card = nil
                continue
            }
            var read = property
            if !line.folds.isEmpty, VCardReader.isQuotedPrintable(property) {
                read.value = VCardReader.droppingSoftBreaks(property.value, at: line.folds, in: line.text)
            }
            card?.properties.append((line.number, read))
        }
        if let card {
            throw ImportError(file: file, line: card.line, reason: "BEGIN:VCARD has no END:VCARD")
        }
        if lines.isEmpty {
            throw ImportError(file: file, line: 1, reason: "expected BEGIN:VCARD, got an empty file")
        }
        return cards
    }

    /// One card's lines, with the line it began on.
    private struct Card {
        var line: Int
        var properties: [(line: Int, property: PropertyLine)] = []
    }

    private func contact(from card: Card) throws(ImportError) -> ImportedContact {
        var contact = Contact(id: "", name: "")
        var uid: String?
        var labels: [String: String] = [:]  // group → X-ABLabel
        var labelled: [(group: String, kind: String, index: Int)] = []
        var notes: [String] = []

        for (line, read) in card.properties {
            var property = read
            func fail(_ reason: String) -> ImportError {
                ImportError(file: file, line: line, property: property.name, reason: reason)
            }
            if VCardReader.isQuotedPrintable(property) {
                guard let decoded = VCardReader.quotedPrintable(property.value) else {
                    let charset = property.parameters["CHARSET"].map { " (CHARSET=\($0))" } ?? ""
                    throw fail("expected QUOTED-PRINTABLE UTF-8 text\(charset), got \(quoted(property.value)); save the file as UTF-8 vCard 3.0")
                }
                property.value = decoded
            }
            let (group, name) = VCardReader.split(property.name)
            switch name {
            case "VERSION":
                guard ["3.0", "4.0"].contains(property.value.trimmingSpaces()) else {
                    throw ImportError(file: file, line: line, property: name, reason: "expected 3.0 or 4.0, got \(quoted(property.value))")
                }
            case "FN":
                contact.name = VCardReader.unescape(property.value).trimmingSpaces()
            case "N":
                let parts = VCardReader.components(property.value, separator: ";").map {
                    VCardReader.components($0, separator: ",").map(VCardReader.unescape).joined(separator: " ").trimmingSpaces()
                }
                contact.familyName = parts.first.flatMap { $0.isEmpty ? nil : $0 }
                contact.givenName = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
            case "NICKNAME":
                contact.nicknames += VCardReader.components(property.value, separator: ",")
                    .map { VCardReader.unescape($0).trimmingSpaces() }.filter { !$0.isEmpty }
            case "EMAIL":
                let email = VCardReader.unescape(property.value).trimmingSpaces()
                guard !email.isEmpty else { continue }
                contact.emails.append(LabeledValue(email, label: VCardReader.label(property)))
                if let group { labelled.append((group, "EMAIL", contact.emails.count - 1)) }
            case "TEL":
                var phone = VCardReader.unescape(property.value).trimmingSpaces()
                if phone.lowercased().hasPrefix("tel:") { phone.removeFirst(4) }
                guard !phone.isEmpty else { continue }
                contact.phones.append(LabeledValue(phone, label: VCardReader.label(property)))
                if let group { labelled.append((group, "TEL", contact.phones.count - 1)) }
            case "ADR":
                let parts = VCardReader.components(property.value, separator: ";").map {
                    VCardReader.unescape($0).split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }
                        .filter { !$0.isEmpty }.joined(separator: ", ")
                }.filter { !$0.isEmpty }
                guard !parts.isEmpty else { continue }
                contact.addresses.append(LabeledValue(parts.joined(separator: ", "), label: VCardReader.label(property)))
                if let group { labelled.append((group, "ADR", contact.addresses.count - 1)) }
            case "BDAY":
                if property.parameters["VALUE"]?.lowercased() == "text" { continue }
                guard let birthday = VCardReader.birthday(property.value) else {
                    throw fail("expected a date like 1985-05-05 or --05-05, got \(quoted(property.value))")
                }
                contact.birthday = birthday
            case "ORG":
                // "Acme Corp;Research": the organisation, then its units; the company is the first.
                let company = VCardReader.components(property.value, separator: ";").first.map(VCardReader.unescape)?
                    .trimmingSpaces() ?? ""
                if !company.isEmpty { contact.company = company }
            case "TITLE":
                let title = VCardReader.unescape(property.value).trimmingSpaces()
                if !title.isEmpty { contact.jobTitle = title }
            case "NOTE":
                let note = VCardReader.unescape(property.value)
                if !note.isEmpty { notes.append(note) }
            case "UID":
                uid = property.value.trimmingSpaces()
            case "X-ABLABEL":
                if let group { labels[group] = VCardReader.appleLabel(VCardReader.unescape(property.value)) }
            default:
                continue
            }
        }
        for (group, kind, index) in labelled {
            guard let label = labels[group] else { continue }
            switch kind {
            case "EMAIL": contact.emails[index].label = label
            case "TEL": contact.phones[index].label = label
            default: contact.addresses[index].label = label
            }
        }
        if contact.name.isEmpty {
            contact.name = [contact.givenName, contact.familyName].compactMap { $0 }.joined(separator: " ")
        }
        guard !contact.name.isEmpty else {
            throw ImportError(file: file, line: card.line, property: "VCARD", reason: "no FN or N, so the contact has no name")
        }
        contact.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
        let madeUp = madeUpUID(from: [contact.name, contact.emails.first?.value ?? "", contact.phones.first?.value ?? ""])
        return ImportedContact(uid: uid.flatMap { $0.isEmpty ? nil : $0 } ?? madeUp, contact: contact)
    }

    // MARK: Values

    /// `item1.EMAIL` is EMAIL in group `ITEM1`.
    static func split(_ name: String) -> (group: String?, name: String) {
        guard let dot = name.lastIndex(of: ".") else { return (nil, name) }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// True for a value in vCard 2.1's QUOTED-PRINTABLE, which some exporters keep in 3.0
    /// cards (it was imported as written: the name "J=C3=A9r=C3=B4me").
    static func isQuotedPrintable(_ property: PropertyLine) -> Bool {
        let marks = [property.parameters["ENCODING"], property.parameters["TYPE"]].compactMap { $0?.uppercased() }
        return marks.contains { $0.split(separator: ",").contains("QUOTED-PRINTABLE") }
    }

    /// `value` (the end of `line`) without the `=` just before each fold: a soft line break
    /// whose next line was folded onto it ("a long=" and " note" unfolded as "a long=note").
    static func droppingSoftBreaks(_ value: String, at folds: [Int], in line: String) -> String {
        let start = line.utf8.count - value.utf8.count
        var bytes = Array(value.utf8)
        for fold in folds.reversed() where fold - start >= 1 && fold - start <= bytes.count && bytes[fold - start - 1] == UInt8(ascii: "=") {
            bytes.remove(at: fold - start - 1)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `=XX` bytes decoded; nil for bytes that are not UTF-8. An `=` not followed by two hex
    /// digits is kept as written, as RFC 2045 (6.7) asks of a decoder ("=ZZ" lost its "="); a
    /// soft line break was dropped before (`droppingSoftBreaks`, and the join of a line ending
    /// in "=" with the next).
    static func quotedPrintable(_ text: String) -> String? {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var at = 0
        while at < input.count {
            let byte = input[at]
            at += 1
            guard byte == UInt8(ascii: "=") else { bytes.append(byte); continue }
            if at + 1 < input.count, let high = hexDigit(input[at]), let low = hexDigit(input[at + 1]) {
                bytes.append(high << 4 | low)
                at += 2
            } else if at < input.count {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Undoes vCard text escaping: `\n` and `\N` are new lines; `\,` `\;` `\\` the character.
    static func unescape(_ text: some StringProtocol) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                out.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// Splits at every `separator` that is not escaped with a backslash (escapes are kept).
    static func components(_ text: some StringProtocol, separator: Character) -> [String] {
        var parts: [String] = [""]
        var escaped = false
        for character in text {
            if escaped {
                parts[parts.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                parts[parts.count - 1].append(character)
                escaped = true
            } else if character == separator {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        return parts
    }

    /// The first TYPE that says what the value is for ("work", "home", "mobile").
    ///
    /// | TYPE                                      | label         |
    /// |-------------------------------------------|---------------|
    /// | cell                                      | mobile        |
    /// | pref, internet, voice, x400, text, msg    | (not a label) |
    /// | anything else                             | itself, lower case |
    static func label(_ property: PropertyLine) -> String? {
        let types = (property.parameters["TYPE"] ?? "").split(separator: ",").map { $0.trimmingSpaces().lowercased() }
        let ignored: Set<String> = ["pref", "internet", "voice", "x400", "text", "msg", ""]
        guard let type = types.first(where: { !ignored.contains($0) }) else { return nil }
        return type == "cell" ? "mobile" : type
    }

    /// Apple writes its standard labels as `_$!<Mobile>!$_`.
    static func appleLabel(_ text: String) -> String {
        var label = text
        if label.hasPrefix("_$!<"), label.hasSuffix(">!$_") { label = String(label.dropFirst(4).dropLast(4)) }
        return label.lowercased()
    }

    /// `1985-05-05`, `19850505`, `--05-05` or `--0505` (no year), optionally with a time.
    static func birthday(_ text: String) -> Birthday? {
        var value = text.trimmingSpaces()
        if let t = value.firstIndex(of: "T") { value = String(value[..<t]) }
        let noYear = value.hasPrefix("--")
        let digits = value.replacingEvery("-", with: "")
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        let year: Int?, month: Int, day: Int
        if noYear {
            guard digits.count == 4, value.count == 6 || value.count == 7 else { return nil }
            year = nil
            month = Int(digits.prefix(2))!
            day = Int(digits.suffix(2))!
        } else {
            guard digits.count == 8, value.count == 8 || value.count == 10 else { return nil }
            year = Int(digits.prefix(4))!
            month = Int(digits.dropFirst(4).prefix(2))!
            day = Int(digits.suffix(2))!
        }
        // Year 0000 is a birthday without a year (as Google's People API writes one).
        return Birthday(checkedYear: year, month: month, day: day)
    }

}
