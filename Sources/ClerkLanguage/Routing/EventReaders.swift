internal import ClerkCore
import FoundationEssentials

/// Reads a new event: "lunch with Ana tomorrow at 13:00 on Work".
enum CreateReader {
    /// The words of the date at `index` when it is a holiday said by name alone, each word
    /// capitalised ("Boxing Day"); nil for any other date.
    static func holidayName(_ s: Sentence, _ index: Int) -> String? {
        let date = s.dates[index]
        guard date.rule == "holiday", date.parts.count == 1, date.parts[0].rule == "holiday" else { return nil }
        let words = s.text[date.range].split(separator: " ").filter { !["on", "for", "at"].contains($0.lowercased()) }
        return words.isEmpty ? nil : words.joined(separator: " ").lowercased().wordsCapitalized
    }

    static func read(_ s: Sentence, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        var used = s.usedOutsideBody
        for i in route.command { used[i] = true }
        // The mask handed over, not shared: the details' first mark copied a shared one.
        // The slots so far handed over too (see `AgendaReader.read`); the title goes before
        // the details' own.
        let before = slots.count
        var details = EventDetails(used: consume used, slots: EventDetails.taken(&slots))
        details.read(s, s.body, known: known)
        details.readTrailingPlace(s)
        Repeats.keepSchedule(s, &details)
        // "flight dec 20 10:25 arrive 13:30": the time of arrival ends the event.
        let arrival = arrivalTime(s, details)
        if let arrival { for i in arrival.words { details.used[i] = true } }
        for i in departureWords(s) { details.used[i] = true }
        // "dinner with sam friday, meet at 7": "meet" after a comma, before the event's time,
        // says when to be there (no part of the title).
        for i in s.body where s.kind(i) == .word && s.word(i, isIn: meetWords) && s.word(i - 1, is: ",") {
            var at = i + 1
            if s.word(at, is: "at") { at += 1 }
            if at < s.body.upperBound, let d = s.tokens[at].date, s.dates[d].known.contains(.time) { details.used[i] = true }
        }
        // "book a table for dinner": the purpose is the title, not the table.
        let booking = Booking.read(s, command: route.command, used: &details.used)
        // "mark today as my cheat day", "input name as meeting": the title is what follows "as".
        if let asAt = titleAfterAs(s, used: details.used) {
            for i in s.body.lowerBound...asAt { details.used[i] = true }
        }
        // "3 day trip to Lisbon starting monday", "5 days in Rome from friday": that many
        // whole days from the day said; the length is no part of the title.
        let trip = tripLength(s, details)
        if let trip { for i in trip.words { details.used[i] = true } }
        var (title, pieces) = Title.build(s, range: s.body, used: details.used, dateWords: details.titleDateWords,
                                          names: details.namesInTitle, known: known)
        // ("5 days in Rome": the place names the stay; "I'll be at the gym from 5 to 6",
        // "at the office tomorrow 9-5": the place is all there is to call it.)
        if title.isEmpty, let place = details.location { title = Title.ofPlace(place) }
        // ("add boxing day to my calendar", "put mother's day in": the day's own name.)
        if title.isEmpty, details.dates.count == 1, let holiday = Self.holidayName(s, details.dates[0]) { title = holiday }
        // "im on 7p-7a tue wed thu", "i'm working 9-5 saturday": the speaker's own shift.
        if let own = Self.ownShift(s, title: title) { title = own }
        // "dinner on Friday w/ the gang": words after the date that clerk cannot read are said
        // back, not folded into the title.
        let unread = unreadTail(s, pieces: pieces, details: details)
        if let unread {
            var used = details.used
            for i in unread { used[i] = true }
            (title, pieces) = Title.build(s, range: s.body, used: used, dateWords: details.titleDateWords, names: details.namesInTitle, known: known)
        }
        // "reserve a table at Nobu": the thing booked, where ("Table at Nobu").
        if booking == .thing, !title.isEmpty, let place = details.location { title += " at " + place }
        // "schedule 30 min with ana tomorrow": time with someone and nothing else is a meeting
        // ("Meeting with ana", not "With ana").
        if !details.attendees.isEmpty, title.utf8.count > 5, title.hasPrefix("With ") { title = "Meeting with " + title.dropFirst(5) }
        if !title.isEmpty { details.slots.insert(s.slot(.title, pieces: pieces, value: title, rule: "remaining-words"), at: before) }
        swap(&slots, &details.slots)
        // Taken without `??`, whose optional of the first reading was destroyed through the
        // optional's generic witnesses.
        let read = details.weekdays.isEmpty ? details.when(in: s) : details.weekdays[0]
        // "breakfast at 8" is 08:00, "movie night on Friday at 9" is 21:00.
        let occasion = TimeHints.occasion(in: s)
        // The reading bound last, and below read field by field: binding or unwrapping `when`
        // copied the whole reading, for every new event. Set once: a reading put in place
        // of another was destroyed through the optional's generic witnesses.
        // With no occasion, a part of the day the event names does so: "my morning run at 7"
        // is 07:00, "evening walk at 8" 20:00 (an occasion named decides alone).
        // The reading bound once: each branch's own `if let said = read` copied it whole.
        let when: DateMatch?
        if let said = read {
            if let trip, said.isAllDay, said.recurrence == nil, !said.known.contains(.time) {
                when = wholeDays(said, from: LocalDate(said.start, in: s.reference.timeZone), count: trip.days, zone: s.reference.timeZone, rule: "trip-days:")
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) { slots[at].value = s.interval(when!) }
                slots.append(s.slot(.duration, trip.words, value: String(trip.days * 1440), rule: "trip-days"))
            } else if let fitted = occasion.map({ TimeHints.fitted(said, to: $0, in: s.text, reference: s.reference) })
                ?? TimeHints.fitted(said, toDayPartNamedIn: s) ?? (TimeHints.restaurantWords.mayMeet(s.keyBits) ? TimeHints.fittedToARestaurant(said, in: s) : nil) {
                when = fitted
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) {
                    slots[at].value = s.interval(fitted)
                    slots[at].rule = "date:" + fitted.rule
                }
            } else if !title.isEmpty, let due = Self.dueAtMidnight(said, in: s) {
                // "history essay due friday at midnight": the end of Friday, not its first hour.
                when = due
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) {
                    slots[at].value = s.interval(due)
                    slots[at].rule = "date:" + due.rule
                }
            } else if !title.isEmpty, let due = Self.deadline(said, zone: s.reference.timeZone, text: s.text) {
                // "submit report by friday 5pm": the reader reads from now until then; the event
                // is the time it is due.
                when = due
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) {
                    slots[at].value = s.interval(due)
                    slots[at].rule = "date:" + due.rule
                }
            } else if let start = Self.stretchStart(said), !title.isEmpty,
                      // ("after lunch" alone is the stretch asked for, its meal word the title.)
                      title.lowercased() != s.text[said.range].lowercased() {
                // "call bob early afternoon tomorrow": at the start of that stretch, for the
                // length to assume.
                when = start
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) { slots[at].value = s.interval(start) }
            } else if let days = Self.weekendDays(said, zone: s.reference.timeZone) {
                // "camping trip next weekend": Saturday and Sunday, all day.
                when = days
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) { slots[at].value = s.interval(days) }
            } else if occasion == nil, let day = Self.dayAhead(said, zone: s.reference.timeZone) {
                // "dentist in 3 weeks": that day, not the hour of now three weeks on.
                when = day
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) { slots[at].value = s.interval(day) }
            } else if let arrival, let arriving = Self.arriving(said, at: s.dates[arrival.date], zone: s.reference.timeZone) {
                when = arriving
                if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) { slots[at].value = s.interval(arriving) }
            } else {
                when = read
            }
        } else {
            when = nil
        }
        // A length said inside the time ("tomorrow at 3 for an hour") counts; an end ("3-4pm") is in `when`.
        var duration = details.durationMinutes
        if duration == nil, when?.known.contains(.duration) == true, let when {
            if !when.isAllDay {
                duration = Quantity.clamped(when.end.timeIntervalSince(when.start) / 60)
            } else if let part = when.parts.first(where: { $0.role == "duration" }),
                      let first = s.tokens.firstIndex(where: { $0.range.lowerBound >= part.range.lowerBound }) {
                // "on Friday for 3 hours": a day and a length, the time still to choose.
                let start = s.word(first) == "for" ? first + 1 : first
                duration = Quantity.minutes(in: s, at: start)?.minutes
            }
        }
        // The repeat and the days it leaves out, from the one reading that says both.
        var recurrence: String?, exceptions: [LocalDate] = []
        if !details.weekdays.isEmpty {
            recurrence = details.weekdays[0].recurrence
            exceptions = details.weekdays[0].exceptions
        } else if let d = details.dates.first(where: { s.dates[$0].recurrence != nil }) {
            recurrence = s.dates[d].recurrence
            exceptions = s.dates[d].exceptions
        }
        if let count = details.repeatCount, let rule = recurrence {
            // (A list of a meal's days was counted once each: the count said is the one kept.)
            let parts = rule.split(separator: ";").filter { !$0.hasPrefix("COUNT=") }
            recurrence = parts.joined(separator: ";") + ";COUNT=\(count)"
        }
        // "mums birthday is 3rd march", "our anniversary is on 4 july": a birthday or an
        // anniversary on a day comes back every year ("birthday party saturday at 3" is one event).
        if recurrence == nil, Self.isYearlyOccasion(title, when) { recurrence = "FREQ=YEARLY" }
        // A day alone is all-day ("lunch on Friday" is not: the reader gave it lunch time);
        // a day with a length is not ("workshop on Friday for 3 hours": the time is to choose).
        // A meal with a day and no time starts at the meal's time ("lunch tomorrow"); a part of
        // the day said alone names when it starts ("call mom tomorrow morning").
        // With no occasion for the hours there is none for the start either (that reading
        // only passes over "party"): the sentence is not read again for it.
        var hint: StartHint?
        if !details.isAllDay, let known = when?.known, let parts = when?.parts {
            if TimeHints.saysFirstThing(known: known, parts: parts) {
                hint = .firstThing
            } else if let part = TimeHints.dayPart(known: known, parts: parts, in: s.text) {
                hint = .dayPart(part)
            } else if TimeHints.timeIsAMeal(known: known, parts: parts, in: s.text), occasion != nil,
                      let startOccasion = TimeHints.occasion(in: s, forHours: false) {
                hint = .occasion(startOccasion)
            } else if occasion != nil, let startOccasion = TimeHints.occasion(in: s, forHours: false), when?.isAllDay == true, !known.contains(.time),
                      let start = when?.start, let end = when?.end, end.timeIntervalSince(start) <= 86_400 + 3600 {
                hint = .occasion(startOccasion)
            }
        }
        let whenIsAllDay = when?.isAllDay ?? false, whenHasTime = when?.known.contains(.time) ?? false
        let allDay = details.isAllDay || (whenIsAllDay && !whenHasTime && duration == nil) && hint == nil
        // The unread words with the sign before them ("@ the office"). Guests' addresses
        // after the date ("lunch friday with ana@x.com") are read, as guests: left out of
        // the title, not said back.
        let unreadText = unread.flatMap { range -> String? in
            guard !range.allSatisfy({ s.tokens[$0].kind == .email || s.word($0) == "with" || s.word($0, isIn: Vocabulary.listJoiners) }) else { return nil }
            return s.text[s.tokens[range.lowerBound - 1].range.upperBound..<s.tokens[range.upperBound - 1].range.upperBound].trimmingSpaces()
        }
        // ("busy sun afternoon": time kept, as "block sun afternoon" keeps it.)
        // ("i'm busy all day friday", "i'm not available on monday": the speaker's time said
        // taken is kept so too.)
        let isBlock = s.word(route.command.lowerBound, isIn: Vocabulary.blockingVerbs) && route.command.count > 0
            || s.word(s.body.lowerBound, is: "busy") && title == "Busy"
            || Classifier.saysOwnState(s) && Self.takenTimeTitles.contains(title)
        // "every day at 8am and 8pm", "lunch at 12 or 1": a clock time said apart from the
        // event's, which it cannot also have.
        var otherTimes: [String] = when.map { taken in taken.parts.filter { $0.role == DatePart.leftOut }.map { String(s.text[$0.range]) } } ?? []
        if details.dates.count >= 2, let taken = when {
            let takenRange = taken.range
            for d in details.dates where d != arrival?.date && s.dates[d].known.contains(.time) && s.dates[d].recurrence == nil {
                let range = s.dates[d].range
                guard !takenRange.overlaps(range), !taken.parts.contains(where: { $0.range.overlaps(range) }) else { continue }
                otherTimes.append(String(s.text[range]))
            }
        }
        // Made once, every part given: a request set part by part after it was made was
        // copied whole into the intent's box, and destroyed. The reading is handed over
        // (`consume`), its last use: passed as it was, it was copied into the request and the
        // original destroyed, for every new event with a day.
        let wholeSpan = keepsWholeSpan(s, when: when)
        return .createEvent(EventRequest(
            title: title, when: consume when, calendar: details.calendar, attendees: details.attendees, location: details.location,
            reminderMinutes: details.reminderMinutes, durationMinutes: duration, recurrence: recurrence,
            exceptions: exceptions, isAllDay: allDay,
            startHint: hint, isBlock: isBlock, unread: unreadText, otherTimes: otherTimes, alternatives: details.alternatives,
            keepsWholeSpan: wholeSpan
        ))
    }

    /// Titles of time said taken by the speaker ("i'm busy", "i'm not available").
    static let takenTimeTitles: Set<String> = ["Busy", "Not available", "Unavailable", "Not free", "Booked"]

    /// True when `title` names a day that comes back every year ("Mums birthday", "Our
    /// anniversary": it ends with the occasion) and `when` is one day, no time or year said.
    /// (A weekday says this week's day: "buy mums birthday present on friday".) The reading
    /// is read through the optional, field by field: bound (`let when`) it was copied whole,
    /// for every new event with no repeat.
    static func isYearlyOccasion(_ title: String, _ when: DateMatch?) -> Bool {
        guard let known = when?.known, let start = when?.start, let end = when?.end,
              known.contains(.date), !known.contains(.time), !known.contains(.year), when?.recurrence == nil,
              end.timeIntervalSince(start) <= 86_400 + 3600, !(when?.parts.contains(where: { $0.rule == "weekday" }) ?? false) else { return false }
        // The title's last word, compared without a String made of it.
        let bytes = title.utf8
        guard let space = bytes.lastIndex(of: UInt8(ascii: " ")) else { return false }
        let last = bytes[bytes.index(after: space)...]
        return yearlyOccasions.contains { word in word.utf8.count == last.count && zip(word.utf8, last).allSatisfy { $0 == $1 | 0x20 } }
    }

    /// The last words of a title that make it a day of the year.
    static let yearlyOccasions = ["birthday", "bday", "anniversary"]

    /// True when a date of a week or a month is asked for whole: a word of the line says so
    /// ("all next week", "the whole week", "vacation in august", "off next week").
    static func keepsWholeSpan(_ s: Sentence, when: DateMatch?) -> Bool {
        // (The grain read through the optional: `guard let when` copied the whole match.)
        guard let grain = when?.grain, grain == .week || grain == .month else { return false }
        return s.tokens.contains { $0.kind == .word && Vocabulary.wholeSpanWords.contains($0.word) } || grain == .week && saysWhereSpeakerIs(s)
    }

    /// "i'm in new york this week", "we are at the cottage next week": where the speaker is
    /// for the week, not a thing on one of its days. (A month is too long to be sure of.)
    static func saysWhereSpeakerIs(_ s: Sentence) -> Bool {
        guard let at = Classifier.afterOwnState(s) else { return false }
        return s.word(at, isIn: ["in", "at"])
    }

    /// "late morning", "early afternoon", "after work", "after lunch", "after dinner", "after
    /// school" as the only time said: its start, an hour long (the reader's "after work" is
    /// 17:00–21:00, so such an errand is at 17:00; moved there, an event keeps its length).
    static func stretchStart(_ said: DateMatch) -> DateMatch? {
        // (By length first, `Sentence.same`: asked of every part of every new event's time.)
        func isStretch(_ rule: String) -> Bool {
            Sentence.same(rule, "part-of-part-of-day") || Sentence.same(rule, "after-work") || Sentence.same(rule, "after-lunch")
                || Sentence.same(rule, "after-school") || Sentence.same(rule, "after-meal")
        }
        // (A repeat too: "piano every tuesday after school" is at 15:00 each week.)
        guard !said.known.contains(.duration),
              said.parts.contains(where: { Sentence.same($0.role, "time") && isStretch($0.rule) }),
              !said.parts.contains(where: { ($0.role == "time" || $0.role == "end") && !isStretch($0.rule) }) else { return nil }
        var start = said
        start.end = said.start + 3600
        start.known.remove(.end)
        start.rule = "start-of:" + said.rule
        return start
    }

    /// A weekend said alone ("this weekend", "next weekend", "the weekend"), which the reader
    /// reads from Friday 18:00 to Monday (Duckling's), as an event: Saturday and Sunday, all
    /// day. Nil for any other reading, or one with a clock time.
    static func weekendDays(_ said: DateMatch, zone: Zone) -> DateMatch? {
        guard said.parts.count == 1, said.parts[0].rule == "weekend", !said.known.contains(.time), said.recurrence == nil else { return nil }
        let saturday = LocalDate(said.start, in: zone).adding(days: 1)
        guard saturday.isoWeekday == 6 else { return nil }
        return wholeDays(said, from: saturday, count: 2, zone: zone, rule: "weekend-days:")
    }

    /// Words before a length of days that make it no stay: "in 3 days" and "every 3 days"
    /// are dates; "3 days before", "a 3 day notice" are reminders.
    static let notATripBefore: WordSet = ["in", "every", "each", "for", "within", "after", "before", "per"]
    static let notATripAfter: WordSet = ["before", "after", "ago", "notice", "prior", "earlier", "later", "early", "late", "left",
                                         "remaining", "off", "from"]

    /// A length of whole days said of the event ("3 day trip", "a 2-day conference",
    /// "week-long vacation", "5 days in Rome"), with one day said to start it and no time:
    /// the days and the words. Nil otherwise.
    static func tripLength(_ s: Sentence, _ details: EventDetails) -> (days: Int, words: Range<Int>)? {
        guard details.dates.count == 1, s.dates[details.dates[0]].isAllDay, !s.dates[details.dates[0]].known.contains(.time),
              !s.dates[details.dates[0]].known.contains(.duration) else { return nil }
        for i in s.body where !details.used[i] && !s.isInDate(i) {
            guard let (days, next) = Quantity.days(in: s, at: i), next <= s.body.upperBound,
                  !(i..<next).contains(where: { details.used[$0] || s.isInDate($0) }) else { continue }
            if i > s.body.lowerBound, s.word(i - 1, isIn: notATripBefore) { return nil }
            if s.word(next, isIn: notATripAfter) { return nil }
            return (days, i..<next)
        }
        return nil
    }

    /// `said` made `count` whole days from `first`, its rule named with `rule` before it.
    static func wholeDays(_ said: DateMatch, from first: LocalDate, count: Int, zone: Zone, rule: String) -> DateMatch {
        var days = said
        days.start = first.startOfDay(in: zone)
        days.end = first.adding(days: count).startOfDay(in: zone)
        days.isAllDay = true
        days.grain = .day
        days.rule = rule + said.rule
        return days
    }

    /// "in 3 weeks", "2 days from now", "in a month" with no time said: the whole day it
    /// falls on. Nil for any other reading, or one with a clock or a part of the day.
    static func dayAhead(_ said: DateMatch, zone: Zone) -> DateMatch? {
        // The flags first, the rule's name last: most readings are turned away by the flags,
        // and each name compared that is not it cost a call of the string comparison.
        guard said.known == [.date], !said.isAllDay, said.grain < .day, said.recurrence == nil,
              said.rule == "in-duration" || said.rule == "duration-from-now" else { return nil }
        return wholeDays(said, from: LocalDate(said.start, in: zone), count: 1, zone: zone, rule: "day-of:")
    }

    /// Words that say when a journey ends ("arrive 13:30", "lands at 9:05").
    static let arrivalWords: WordSet = ["arrive", "arrives", "arriving", "arrival", "land", "lands", "landing", "arr"]

    /// "… 10:25 arrive 13:30", "departs 9:40, lands at 11:05": the reading of a clock time
    /// said after an arrival word, apart from the event's own time, and the words that say it.
    static func arrivalTime(_ s: Sentence, _ details: EventDetails) -> (date: Int, words: [Int])? {
        guard details.dates.count >= 2 else { return nil }
        for i in s.body where s.tokens[i].kind == .word && s.word(i, isIn: arrivalWords) && !s.isInDate(i) {
            var at = i + 1
            if s.word(at) == "at" || s.tokens[min(at, s.count - 1)].isMark { at += 1 }
            guard at < s.body.upperBound, let d = s.tokens[at].date, details.dates.contains(d), d != details.dates[0],
                  s.dates[d].known.contains(.time), !s.dates[d].known.contains(.date) else { continue }
            return (d, Array(i..<at))
        }
        return nil
    }

    /// Of the words that say when to gather (`Router.gatheringWords`), those that may give the
    /// event its own time ("dinner friday, meet at 7"; "gig friday, doors 7" is no start).
    static let meetWords: WordSet = ["meet", "meeting"]

    static let departureWords: WordSet = ["departs", "departing", "departure", "depart", "leaves", "leaving", "dep", "boards", "boarding"]

    /// Words that say the line is about the speaker's own working hours ("im on", "i'm
    /// working"), all that is left of such a title.
    static let ownShiftWords: Set<String> = ["i'm", "im", "i", "am", "on", "working", "work", "doing", "a", "shift", "my"]
    /// The shifts said by their kind ("I'm on nights").
    static let shiftKinds: [String: String] = [
        "nights": "Night shift", "night": "Night shift", "days": "Day shift", "lates": "Late shift", "late": "Late shift",
        "earlies": "Early shift", "early": "Early shift",
    ]

    /// "Shift" for "im on 7p-7a tue wed thu", "I'm on nights…" ("on" at work), "Work" for
    /// "i'm working 9-5 saturday", when the title holds nothing but those words; nil otherwise.
    static func ownShift(_ s: Sentence, title: String) -> String? {
        let start = s.body.lowerBound
        guard start + 1 < s.body.upperBound else { return nil }
        let opener = s.word(start)
        var next = start + 1
        if opener == "i", s.word(next) == "am" { next += 1 } else if opener != "i'm" && opener != "im" { return nil }
        guard next < s.body.upperBound, s.word(next) == "on" || s.word(next) == "working" else { return nil }
        let words = title.lowercased().split(whereSeparator: { $0 == " " || $0 == "\u{2019}" }).map(String.init)
        let rest = words.filter { !ownShiftWords.contains($0) }
        // ("im on nights tue wed thu", "i'm on lates": which shift.)
        if s.word(next) == "on", rest.count == 1, let kind = shiftKinds[rest[0]] { return kind }
        guard rest.isEmpty else { return nil }
        return s.word(next) == "on" ? "Shift" : "Work"
    }

    /// "flight to NYC dec 20 departs 10:40", "train leaving at 9:15": the word that says the
    /// event's own clock time is a departure, which is no part of its title.
    static func departureWords(_ s: Sentence) -> [Int] {
        var words: [Int] = []
        for i in s.body where s.kind(i) == .word && s.word(i, isIn: departureWords) && !s.isInDate(i) {
            var at = i + 1
            if s.word(at, is: "at") { at += 1 }
            if at < s.body.upperBound, let d = s.tokens[at].date, s.dates[d].known.contains(.time) { words += Array(i..<at) }
        }
        return words
    }

    /// The event `said` ending at the clock time of `arrival` on its day, or the next day
    /// when that is not after its start ("23:10 arrive 06:40"). Nil without a clock start.
    static func arriving(_ said: DateMatch, at arrival: DateMatch, zone: Zone) -> DateMatch? {
        guard said.known.contains(.time), !said.isAllDay, !said.known.contains(.end) else { return nil }
        let start = zone.wallClock(said.start), landing = zone.wallClock(arrival.start)
        var end = zone.date(start.day, hour: landing.seconds / 3600, minute: landing.seconds % 3600 / 60)
        if end <= said.start { end = zone.date(start.day.adding(days: 1), hour: landing.seconds / 3600, minute: landing.seconds % 3600 / 60) }
        var arriving = said
        arriving.end = end
        arriving.known.insert(.end)
        arriving.rule = said.rule + "+arrival"
        return arriving
    }

    /// Words that make a new event a thing due ("essay due friday", "deadline", "by", "before").
    static let deadlineWords: WordSet = ["due", "deadline", "by", "before"]

    /// A thing due at midnight with a day said ("history essay due friday at midnight",
    /// "submit it by friday midnight", "due at midnight on the 15th"): the last minute of that
    /// day, 23:59: the reader's "friday at midnight" is the midnight that ends Friday, and a
    /// thing due then is in that day's last minute. "due tonight at midnight" and "due at
    /// midnight" with no day are tonight's 23:59. Nil unless the line says a deadline word and
    /// midnight.
    static func dueAtMidnight(_ said: DateMatch, in s: Sentence) -> DateMatch? {
        guard said.recurrence == nil, !said.isAllDay, s.first(in: deadlineWords) != nil, said.range.upperBound <= s.text.endIndex,
              said.parts.contains(where: { s.text[$0.range].lowercased().contains("midnight") }) else { return nil }
        let zone = s.reference.timeZone
        // A deadline the reader read as a span from now ("by friday midnight") ends there.
        let base = said.rule == "by-time" || said.rule == "before-time" || said.rule == "no-later-than" ? said.end : said.start
        guard zone.wallClock(base).seconds == 0 else { return nil }
        var due = said
        due.rule = "deadline-midnight:" + said.rule
        due.start = base - 60
        due.end = due.start + 3600
        due.isAllDay = false
        due.known.remove(.end)
        due.known.remove(.duration)
        due.known.insert(.time)
        return due
    }

    /// A thing to be done by a time ("submit report by friday 5pm", "finish slides by
    /// tomorrow", "renew passport by end of month") as the event of its deadline: at the
    /// clock time said, its length to assume; else all day on the last day. Nil for any
    /// reading but "by …" and "before …". "before" a day is due the day before it ("pay rent
    /// before friday" is Thursday), before a time or the end of a day when "by" would be
    /// ("submit expenses before eod tomorrow" is all day tomorrow, "before 5pm friday" at
    /// 17:00); "until", "till" end an event that starts now ("work until 5") and stay so.
    static func deadline(_ said: DateMatch, zone: Zone, text: String) -> DateMatch? {
        guard said.recurrence == nil, said.end > said.start else { return nil }
        let before = said.rule == "before-time" && said.range.upperBound <= text.endIndex
            && text[said.range].prefix(6).lowercased() == "before"
        guard said.rule == "by-time" || said.rule == "no-later-than" || before else { return nil }
        var due = said
        due.rule = "deadline:" + said.rule
        due.known.remove(.end)
        // "by end of day", "by eod", "by end of month" end where the span does; "by friday",
        // "by tomorrow", "by the 15th" name the day the reader's span ends at the start of.
        // ("by cob", "by close of business": the end of that day's work, so of that day too.)
        // ("by the end of january", "by end of next week": read as the month or the week
        // whole, the word "end" only in the text.)
        let saysEnd = said.parts.contains { $0.rule.contains("end") || ["eod", "cob", "close-of-business", "last-thing"].contains($0.rule) }
            || said.range.upperBound <= text.endIndex && text[said.range].lowercased().split(separator: " ").contains("end")
        let atMidnight = LocalDate(said.end, in: zone).startOfDay(in: zone) == said.end
        if !atMidnight, !said.isAllDay {
            due.start = said.end
            due.end = said.end + 3600
            due.isAllDay = false
            due.grain = min(said.grain, .hour)
        } else {
            let day = LocalDate(saysEnd || before ? said.end - 1 : said.end, in: zone)
            due.start = day.startOfDay(in: zone)
            due.end = day.adding(days: 1).startOfDay(in: zone)
            due.isAllDay = true
            due.grain = .day
            due.known = [.date]
        }
        return due
    }

    /// The last piece of a title when it comes after the date, the title began before it,
    /// and it holds what clerk cannot read: a sign it does not take ("w/", "#", "@ the
    /// office") or a lone letter ("c u there"). Nil when the title is all readable words.
    static func unreadTail(_ s: Sentence, pieces: [Range<Int>], details: EventDetails) -> Range<Int>? {
        // "team sync every monday except holidays": days to leave out of a repeat that no
        // reading took are said back, not made the title.
        // "chem lecture mondays 10-11:30 until the end of term": an end clerk cannot date,
        // said back too (the repeat has no end).
        if let last = pieces.last, last.lowerBound > s.body.lowerBound, s.isInDate(last.lowerBound - 1),
           s.word(last.lowerBound, isIn: Vocabulary.exceptWords) || s.word(last.lowerBound, isIn: repeatEndWords)
            || s.word(last.lowerBound) == "but" && s.word(last.lowerBound + 1) == "not",
           !details.weekdays.isEmpty || details.dates.contains(where: { s.dates[$0].recurrence != nil }) {
            return last
        }
        guard pieces.count >= 2, let last = pieces.last, let firstDate = details.dates.first else { return nil }
        let dateStart = s.body.first { s.tokens[$0].date == firstDate } ?? s.body.upperBound
        guard pieces[0].upperBound <= dateStart, last.lowerBound > dateStart else { return nil }
        // From the end of the word before it, so a sign Term set aside ("@ the office") counts.
        let said = s.text[s.tokens[last.lowerBound - 1].range.upperBound..<s.tokens[last.upperBound - 1].range.upperBound]
        let readable: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0.isWhitespace || "'’-.,&:!?()\"".contains($0) }
        let first = s.tokens[last.lowerBound]
        // ("lunch at 12:30 w/ bob fri": "w/" before a person read as a guest is "with", which
        // the title writes so; "w/ the gang" is said back.)
        let withSign = first.kind == .word && s.text[first.range].lowercased() == "w" && s.text[first.range.upperBound...].first == "/"
            && details.namesInTitle.contains { last.contains($0.lowerBound) }
        let rest = withSign ? said.drop(while: { $0 != "/" }).dropFirst() : said[...]
        let loneLetter = first.kind == .word && first.word.count == 1 && !["a", "i"].contains(first.word) && !withSign
        return rest.allSatisfy(readable) && !loneLetter ? nil : last
    }

    /// Words that end a repeat ("until the end of term").
    static let repeatEndWords: WordSet = ["until", "till", "til", "untill", "through", "thru"]

    /// "as", as a set: looked up by the words' keys, where a list compared each word.
    static let asWord: WordSet = ["as"]

    /// The "as" of "mark X as Y" when a marking verb comes before it and words follow it.
    static func titleAfterAs(_ s: Sentence, used: TokenMask) -> Int? {
        guard let asAt = s.first(in: asWord), asAt + 1 < s.body.upperBound,
              (s.body.lowerBound..<asAt).contains(where: { ["mark", "marked", "flag", "flagged", "note", "name", "set", "save", "input", "keep"].contains(s.word($0)) })
        else { return nil }
        return (asAt + 1..<s.body.upperBound).contains(where: { !used[$0] }) ? asAt : nil
    }
}

extension AgendaReader {
    /// The end of the day named by a bare day number after "and" or "to" that follows a
    /// whole day of the month ("the 24th and 25th", "dec 24 and 25", "the 1st to 3rd"),
    /// with the tokens that say it; nil for anything else.
    static func secondDay(_ s: Sentence, after d: Int) -> (Date, [Int])? {
        // The parts of the match it reads, read where it lies: `let first = s.dates[d]` was a
        // copy of the whole match (its strings and arrays retained), destroyed again.
        guard s.dates.indices.contains(d) else { return nil }
        let first = s.dates.withUnsafeBufferPointer { dates in
            (start: dates[d].start, end: dates[d].end, isAllDay: dates[d].isAllDay, grain: dates[d].grain, known: dates[d].known)
        }
        guard first.isAllDay || first.grain == .day, !first.known.contains(.time), first.end.timeIntervalSince(first.start) <= 86_400 + 3600,
              let last = s.body.last(where: { s.tokens[$0].date == d }), last + 2 < s.body.upperBound + 1,
              ["and", "&", "or", "to", "through", "-"].contains(s.word(last + 1)) else { return nil }
        var at = last + 2
        if s.word(at) == "the" { at += 1 }
        guard at < s.body.upperBound, !s.isInDate(at), at + 1 == s.body.upperBound || s.tokens[at + 1].isMark else { return nil }
        let digits = s.word(at).prefix { $0.isNumber }
        let suffix = s.word(at).dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 2, ["", "st", "nd", "rd", "th"].contains(suffix), let n = Int(digits) else { return nil }
        let zone = s.reference.timeZone
        let day = LocalDate(first.start, in: zone)
        guard n > day.day, n <= LocalDate.daysIn(month: day.month, year: day.year) else { return nil }
        let end = LocalDate(year: day.year, month: day.month, day: n).adding(days: 1).startOfDay(in: zone)
        return (end, Array((last + 1)...at))
    }
}

/// Reads a question about the agenda: range, filters, free time, "next".
enum AgendaReader {
    /// Where the last day of a list of weekdays read as one day ends ("saturday and
    /// sunday": the end of that Sunday, counted on from the first day read); nil unless
    /// the match `s.dates[d]` is a whole day made of two or more weekdays.
    static func weekdayListEnd(_ s: Sentence, at d: Int) -> Date? {
        // The count of parts asked where the match lies: the match handed over as an argument
        // was copied out of the array (every string and array retained) and destroyed, for a
        // test most matches fail (they have one part).
        guard s.dates.indices.contains(d), s.dates.withUnsafeBufferPointer({ $0[d].parts.count >= 2 }) else { return nil }
        let match = s.dates[d]
        guard match.recurrence == nil, !match.known.contains(.time),
              match.parts.allSatisfy({ $0.rule == "weekday" }) else { return nil }
        let zone = s.reference.timeZone
        let first = LocalDate(match.start, in: zone)
        var ahead = 0
        for part in match.parts {
            let word = s.text[part.range].split(separator: " ").last.map { $0.lowercased().filter(\.isLetter) } ?? ""
            guard let weekday = Lexicon.weekdays[word] else { return nil }
            ahead = max(ahead, (weekday - first.isoWeekday + 7) % 7)
        }
        guard ahead > 0 else { return nil }
        return first.adding(days: ahead + 1).startOfDay(in: zone)
    }

    // Words asked of every word of the body, as sets: a set answers from the word's key,
    // where comparing the word copied its term (and a list was compared word by word).
    /// Words of a place said that name no event ("at the review"), nor a place events are
    /// at ("anything at work tomorrow", "what's on at the office": where the speaker is).
    static let placeWords: WordSet = ["at", "in", "the", "my", "our", "home", "work", "office"]
    /// Nouns after which a known calendar's name is that calendar ("work events").
    static let calendarEventNouns: WordSet = ["events", "event", "meetings", "appointments", "stuff", "things", "plans", "entries", "items"]
    /// Of those, the ones that name every event, not a kind of event.
    static let anyEventNouns: WordSet = ["events", "event", "stuff", "things", "plans", "entries", "items"]

    /// The verb of a question that opens in the past tense ("when was …", "when did i have …",
    /// "did i miss …"), nil for any other opening.
    static func pastTenseOpening(_ s: Sentence) -> Int? {
        let first = s.body.lowerBound
        guard s.body.count >= 3 else { return nil }
        if s.word(first, is: "when"), s.word(first + 1, is: "was") || s.word(first + 1, is: "did") { return first + 1 }
        if s.word(first, is: "did"), s.word(first + 1, is: "i") || s.word(first + 1, is: "we"),
           s.word(first + 2, is: "miss") || s.word(first + 2, is: "have") { return first }
        return nil
    }

    static let nextWord: WordSet = ["next"]
    static let firstFreeWords: WordSet = ["first", "earliest", "soonest"]
    static let repeatingWords: WordSet = ["recurring", "repeating", "repeat", "repeats", "repeated", "reoccurring"]
    static let lastWord: WordSet = ["last"]
    static let beforeLastGoneBy: WordSet = ["my", "the", "i", "we", "our"]
    static let goneByVerbs: WordSet = ["saw", "seen", "had", "went", "visited", "did", "was", "were", "i", "we"]
    static let myWord: WordSet = ["my"]
    static let withWord: WordSet = ["with"]
    /// Which way a flight goes, said after "fly" ("when do I fly back").
    static let flightWays: WordSet = ["back", "out", "home", "off"]
    /// Of those, the ways that say the flight back.
    static let wayBack: WordSet = ["back", "home"]
    static let flightWords: WordSet = ["fly", "flying", "flight", "flights"]

    /// True when a flight back is asked for: "fly back", "flying home", "my flight back",
    /// "the return flight" (a byte test first: most lines say none of those ways).
    static func asksWayBack(_ s: Sentence) -> Bool {
        guard Router.mayMention(s.text, "back") || Router.mayMention(s.text, "home") || Router.mayMention(s.text, "return") else { return false }
        return s.body.contains { i in
            s.word(i, isIn: flightWords) && (s.word(i + 1, isIn: wayBack) || s.word(i - 1, is: "return"))
        }
    }

    static func read(_ s: Sentence, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        var used = s.usedOutsideBody
        for i in route.command { used[i] = true }
        // The mask handed over, not shared: the details' first mark copied a shared one.
        // The slots so far handed over too, and the details' own added after them: copying
        // the details' slots into the line's retained every part of each and grew the array.
        let before = slots.count
        var details = EventDetails(used: consume used, slots: EventDetails.taken(&slots))
        details.read(s, s.body, known: known)
        // "where is the weekly sync", "who's coming to my daily standup": a frequency before an
        // event's noun names which event (as a change's reference reads it), no span to look in.
        for d in details.dates where Repeats.isFrequencyWord(s, d) {
            guard let at = s.body.first(where: { s.tokens[$0].date == d }), at + 1 < s.body.upperBound,
                  s.kind(at + 1) == .word, !s.isInDate(at + 1) else { continue }
            details.dates.removeAll { $0 == d }
            details.slots.removeAll { $0.kind == .when && $0.ranges == [s.dates[d].range] }
        }
        // "how many standups do I have each week": the rate is the span counted over
        // (`perSpan`), not a repeat read from "each week".
        if let (rate, _) = Self.perSpan(s) {
            for d in details.dates where s.body.contains(where: { rate.contains($0) && s.tokens[$0].date == d }) {
                details.dates.removeAll { $0 == d }
                details.slots.removeAll { ($0.kind == .when || $0.kind == .recurrence) && $0.ranges == [s.dates[d].range] }
            }
        }
        // "how many weekdays till new year": "weekdays" is what is counted, not a repeat.
        let workingDays = Self.manyWord.mayMeet(s.keyBits) ? Self.workingDaysCue(s) : nil
        if let cue = workingDays {
            for d in details.dates where s.body.contains(where: { cue.contains($0) && s.tokens[$0].date == d }) {
                details.dates.removeAll { $0 == d }
                details.slots.removeAll { ($0.kind == .when || $0.kind == .recurrence) && $0.ranges == [s.dates[d].range] }
            }
        }
        // "when's my next day off", "any days off this month": time away asked, not the day
        // after today the reader reads in "next day".
        // (Found by the line's word bits, `first(in:)`: a closure over the body copied the
        // sentence for every question, ~90 instructions.)
        let dayOff = s.first(in: Self.offWord).flatMap { !s.isInDate($0) && s.word($0 - 1, isIn: Self.dayNouns) ? $0 : nil }
        var nextDayOff = false
        if let off = dayOff, let d = s.tokens.withUnsafeBufferPointer({ $0[off - 1].date }), details.dates.contains(d),
           s.dates.withUnsafeBufferPointer({ !$0[d].known.contains(.time) && $0[d].end.timeIntervalSince($0[d].start) <= 86_400 }) {
            nextDayOff = s.word(off - 2, is: "next")
            details.dates.removeAll { $0 == d }
            details.slots.removeAll { $0.kind == .when && $0.ranges == [s.dates[d].range] }
        }
        // "who's at the review": the event asked about, not a place. "what's on in rome",
        // "anything at the office tomorrow": the place is looked for in the events (a search
        // reads their places too).
        do {
            for slot in details.slots[before...] where slot.kind == .location {
                for i in s.body where !s.word(i, isIn: Self.placeWords) && slot.ranges.contains(where: { $0.overlaps(s.tokens[i].range) }) { details.used[i] = false }
            }
        }
        // Places and reminders are no part of a question.
        details.keepSlots(from: before) { $0 != .location && $0 != .reminder }
        // "is the dentist in the morning or the afternoon", "is the party saturday or sunday":
        // a choice of when, answered by the event's own time; no span to look in.
        let asksWhichTime = Self.asksWhichTime(s)
        if asksWhichTime {
            for i in s.body where s.isInDate(i) || s.word(i, isIn: Self.orWord) || s.word(i, isIn: Self.partOfDayWords) { details.used[i] = true }
            details.dates = []
            details.keepSlots(from: before) { $0 != .when }
        }
        swap(&slots, &details.slots)
        // The query's parts in locals and the query made once at the end: a query set part
        // by part was copied whole into the intent's box, and destroyed. Each part is set once:
        // a reading put in place of another (of none) destroyed that one through the
        // optional's generic witnesses (~130 instructions).
        var when: DateMatch?
        let saidRange: DateInterval?
        // (The tense asked before the match is handed over: as an argument it was copied.)
        if let (span, read) = Self.mySpanReading(s, dates: details.dates) {
            saidRange = DateInterval(start: read.start, end: read.end)
            slots.removeAll { $0.kind == .when }
            slots.append(s.slot(.when, span, value: s.interval(read), rule: "date:" + read.rule))
            // "my morning" is the span, not a word to look for.
            for i in span { details.used[i] = true }
            when = read
        } else if let first = details.dates.first, details.dates.count == 1, looksBack(s), let past = pastWeekday(s, s.dates[first]) {
            // "what did I have on monday", "what was on friday": the weekday gone by, not the
            // next one.
            when = past
            saidRange = DateInterval(start: past.start, end: past.end)
            if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == past.range }) { slots[at].value = s.interval(past) }
        } else if let first = details.dates.first {
            // The two matches' times read where they lie (`let a = s.dates[first]` copied each),
            // through the buffer: where the optimizer left the array's subscript a call, each
            // `s.dates[first].end` was a copy of the whole match (+1,460 instructions a line).
            // (A list of days, "the 3rd and the 10th": to the end of the last.)
            // ("monday and friday" read as two days, Friday the sooner: from the first of them.)
            let last = details.dates.last!
            saidRange = s.dates.withUnsafeBufferPointer { dates in
                let end = max(dates[first].end, dates[last].listEnd ?? dates[last].end)
                let start = dates[first].isAllDay && dates[last].isAllDay ? min(dates[first].start, dates[last].start) : dates[first].start
                return DateInterval(start: start, end: end)
            }
            when = s.dates[first]
        } else {
            when = nil
            saidRange = nil
        }
        // Whether a day was said, asked once by its case: `when == nil` compared two optional
        // matches (a match is `Equatable`), the reading copied into a pair and destroyed each
        // time (~500 instructions).
        let saysWhen: Bool
        if case .none = when { saysWhen = false } else { saysWhen = true }
        // "what's left today", "the rest of the week", "anything else this afternoon": what
        // is still to come, from now on.
        var range = saidRange
        if let said = saidRange, said.start < s.reference.instant, said.end > s.reference.instant, s.has(Vocabulary.stillToComeWords) {
            range = DateInterval(start: s.reference.instant, end: said.end)
        }
        // "after 6pm tomorrow", "thursday after 6pm", "before noon tomorrow": the rest of
        // that day from then, or the day up to then (the reader reads a time alone, or from now).
        if let open = Self.openTimeOfDay(s, details.dates) { range = open }
        // "fridays this month", "tuesdays in january", "on mondays": that weekday over the span
        // (the reader reads the first of them), or over the coming four weeks.
        let weekday = Self.pluralWeekdayWords.mayMeet(s.keyBits) ? Self.weekdayOverSpan(s, dates: details.dates) : nil
        if let (_, span) = weekday {
            range = span
            if let at = slots.firstIndex(where: { $0.kind == .when }) { slots[at].value = Sentence.interval(span.start, span.end, s.zone) }
            slots.removeAll { $0.kind == .recurrence }
        }
        // "the 24th and 25th", "dec 24 and 25": a second day of the month said as a number.
        if let said = range, details.dates.count == 1, let (end, words) = Self.secondDay(s, after: details.dates[0]) {
            range = DateInterval(start: said.start, end: end)
            for i in words { details.used[i] = true }
        }
        // "what's on saturday and sunday", "am I free mon and tue": to the end of the last
        // weekday listed (the reader's reading is the first one; a new event makes the list
        // its repeat instead).
        if let said = range, details.dates.count == 1, let end = Self.weekdayListEnd(s, at: details.dates[0]) {
            range = DateInterval(start: said.start, end: max(said.end, end))
        }
        var attendee = details.attendees.first.map { $0.name ?? $0.email ?? "" }
        var wantsFreeTime = false
        // Free time: "am I free", "free slots of an hour", "when do I have a free break".
        // ("do I have any gaps on friday", "a gap tomorrow": room between events.)
        for i in s.body where (s.word(i, isIn: Vocabulary.freeTimeWords) || s.word(i, isIn: gapWords) && s.word(i - 1, isIn: gapLeads)) && !s.isInDate(i) {
            wantsFreeTime = true
            slots.append(s.slot(.freeTime, i..<(i + 1), value: "true", rule: "free-word"))
            // "is ana free thursday", "when is Bob available": the person asked about, whose
            // calendar clerk cannot see (the answer is your time, and says so).
            // ("will Marta be free": the name before "be".)
            let name = s.word(i - 1, is: "be") ? i - 2 : i - 1
            if attendee == nil, name > s.body.lowerBound, s.kind(name) == .word, !details.used[name], !s.isInDate(name),
               s.word(name - 1, isIn: Vocabulary.freePersonLeads), s.word(name, isIn: known.contactWords) || s.tokens[name].isCapitalized {
                attendee = String(s.text(of: name..<(name + 1)))
                details.used[name] = true
                slots.append(s.slot(.attendee, name..<(name + 1), value: attendee!, rule: "free-person"))
            }
            break
        }
        // A length to fit: "find me an hour tomorrow", "do I have time for a 30 min call",
        // "when can I fit a 1 hour meeting on Wednesday".
        // The first one, by a loop: the lazy filter's closures captured (copied) the sentence.
        var length: (Int, (minutes: Int, next: Int))?
        let rate = Self.perSpan(s)?.0
        for i in s.body where !s.isInDate(i) && rate?.contains(i) != true {
            if let found = Quantity.minutes(in: s, at: i) { length = (i, found); break }
        }
        if !wantsFreeTime, let (at, _) = length, let cue = fitCue(s, before: at) {
            wantsFreeTime = true
            slots.append(s.slot(.freeTime, cue, value: "true", rule: "fit-length"))
        }
        // "when can I meet Carla for an hour", "find a time to meet bob friday": time free to
        // meet, not events named "meet".
        if !wantsFreeTime, let cue = s.first(of: Vocabulary.askingForATime) {
            wantsFreeTime = true
            slots.append(s.slot(.freeTime, cue.index..<min(cue.index + cue.length, s.body.upperBound), value: "true", rule: "asks-for-a-time"))
            for i in s.body where s.word(i, isIn: Vocabulary.meetingVerbs) { details.used[i] = true }
        }
        var slotMinutes: Int?
        if wantsFreeTime, let (i, found) = length, !(i..<found.next).contains(where: { s.isInDate($0) }) {
            slotMinutes = found.minutes
            // The length the details read is the slot's: one slot for it, named so.
            slots.removeAll { $0.kind == .duration && $0.value == String(found.minutes) }
            slots.append(s.slot(.duration, i..<found.next, value: String(found.minutes), rule: "slot-length"))
            // The length is not a word to look for ("free slots of 2 hours").
            for j in i..<found.next { details.used[j] = true }
        }
        // "when am I free this week for an hour": the reader reads a span with a length after
        // it as that length from the span's start; of free time, the span is the days to look
        // in and the length the slot's.
        if wantsFreeTime, slotMinutes == nil, when?.known.contains(.duration) == true, let said = when, let reader = s.reader,
           let days = said.parts.first(where: { $0.role == "date" }),
           let read = reader.read(String(s.text[days.range]), at: s.reference).first, !read.known.contains(.duration) {
            slotMinutes = Int(said.end.timeIntervalSince(said.start) / 60)
            var span = read
            span.range = days.range
            span.parts = [days]
            range = DateInterval(start: span.start, end: span.end)
            if let at = slots.firstIndex(where: { $0.kind == .when && $0.ranges.first == said.range }) {
                slots[at].value = s.interval(span)
                slots[at].ranges = [days.range]
            }
            if let length = said.parts.first(where: { $0.role == "duration" }) {
                slots.append(Slot(kind: .duration, ranges: [length.range], value: String(slotMinutes!), rule: "slot-length"))
            }
            when = span
        }
        // `when` read in place, field by field (`if let when` copied the match).
        var dayPart: DayPart?, isMoment = false
        if let known = when?.known, let isAllDay = when?.isAllDay {
            dayPart = TimeHints.dayPart(known: known, parts: when?.parts ?? [], in: s.text)
            // "am I free Friday at 1:30": one moment, not the hour from it.
            isMoment = wantsFreeTime && dayPart == nil && known.contains(.time) && !known.contains(.end)
                && !known.contains(.duration) && !isAllDay && slotMinutes == nil
        }
        // "any free evenings this week", "which mornings am I free next week": that part of
        // each day of the span.
        if wantsFreeTime, dayPart == nil, let days = when, days.isAllDay,
           let at = s.body.first(where: { s.word($0, isIn: partsOfEveryDay) && !s.isInDate($0) }) {
            dayPart = Vocabulary.dayParts[s.word(at)]
        }
        // "am I free for dinner on friday", "free for breakfast tomorrow": the part of the day
        // the meal or outing is had in ("for lunch" is a time the reader reads).
        if wantsFreeTime, dayPart == nil, let days = when, days.isAllDay,
           let at = s.body.first(where: { !s.isInDate($0) && Vocabulary.occasions[s.word($0)] != nil }) {
            switch Vocabulary.occasions[s.word(at)] {
            case .breakfast?, .brunch?: dayPart = .morning
            case .dinner?, .drinks?, .evening?: dayPart = .evening
            default: break
            }
        }
        // "how many working days until christmas": days counted, not events.
        if let cue = workingDays {
            for i in cue { details.used[i] = true }
            slots.append(s.slot(.count, cue, value: "working-days", rule: "working-days"))
        }
        // "how many meetings this week", "count my events next week": the answer is a count.
        var wantsCount = false
        if !wantsFreeTime, workingDays == nil, let cue = countCue(s) {
            wantsCount = true
            for i in cue { details.used[i] = true }
            slots.append(s.slot(.count, cue, value: "true", rule: "count"))
        }
        // "how many hours is maria working this week", "how much time is in meetings this
        // week": the hours of the events found, added up.
        var wantsHours = false
        if !wantsFreeTime, !wantsCount, let cue = Self.hoursCue(s) {
            wantsHours = true
            for i in cue { details.used[i] = true }
            slots.append(s.slot(.count, cue, value: "hours", rule: "hours"))
        }
        // "how much free time do I have tomorrow", "how many hours am I free on friday": the
        // free time added up.
        let how = s.body.lowerBound
        if wantsFreeTime, s.word(how, isIn: howWord),
           s.word(how + 1, is: "much") || s.word(how + 1, isIn: manyWord) && (s.word(how + 2, is: "hours") || s.word(how + 2, is: "hrs")) {
            wantsHours = true
            details.used[how] = true
            details.used[how + 1] = true
            slots.append(s.slot(.count, how..<(how + 2), value: "hours", rule: "free-hours"))
        }
        // "what's my busiest day next week", "which day am I free": a day to name, not events.
        let rank = Self.dayRankCue(s, wantsFreeTime: wantsFreeTime)
        if let (_, cue) = rank {
            for i in cue { details.used[i] = true }
            for i in s.body where s.word(i, isIn: dayWords) && !s.isInDate(i) { details.used[i] = true }
        }
        // "any conflicts next week", "am I double-booked tomorrow", "overlapping meetings".
        var wantsOverlaps = false
        if !wantsFreeTime, let cue = Self.overlapCue(s) {
            wantsOverlaps = true
            for i in cue { details.used[i] = true }
            slots.append(s.slot(.overlaps, cue, value: "true", rule: "overlap-word"))
        }
        var wantsNext = nextDayOff
        if nextDayOff, let off = dayOff { slots.append(s.slot(.next, (off - 2)..<(off - 1), value: "true", rule: "next")) }
        if let next = s.first(in: Self.nextWord), !s.isInDate(next) {
            wantsNext = true
            slots.append(s.slot(.next, next..<(next + 1), value: "true", rule: "next"))
        }
        // "when's my first free slot next week", "the earliest free hour tomorrow": of free
        // time, the first is the next.
        if wantsFreeTime, !wantsNext, let first = s.first(in: Self.firstFreeWords), !s.isInDate(first) {
            wantsNext = true
            details.used[first] = true
            slots.append(s.slot(.next, first..<(first + 1), value: "true", rule: "first-free"))
        }
        // "when's my next free afternoon", "next free evening": that part of the first day it
        // is free.
        if wantsFreeTime, wantsNext, dayPart == nil, !saysWhen,
           let at = s.body.first(where: { !s.isInDate($0) && Vocabulary.dayParts[s.word($0)] != nil }) {
            dayPart = Vocabulary.dayParts[s.word(at)]
            details.used[at] = true
        }
        // "when did I last see the dentist", "when was my last haircut": with no span said,
        // the latest one gone by (kept below only when the words name events). Only after "my",
        // "the", "i", "we": "how long does the offsite last" asks a length.
        var lastAt: Int?
        if !saysWhen, !wantsNext, !wantsFreeTime, !wantsCount, !wantsHours, !wantsOverlaps,
           let last = s.first(in: Self.lastWord), !s.isInDate(last), s.word(last - 1, isIn: Self.beforeLastGoneBy) {
            lastAt = last
            details.used[last] = true
            // "the last time i saw the dentist": "time" and the verb gone by name no event.
            if s.word(last + 1, is: "time") {
                details.used[last + 1] = true
                for k in (last + 2)..<s.body.upperBound where s.word(k, isIn: Self.goneByVerbs) { details.used[k] = true }
            }
        }
        // "when was the dentist", "did i miss the dentist", "when did we have the review": asked
        // in the past tense with no span said, the latest one gone by too.
        if lastAt == nil, !saysWhen, !wantsNext, !wantsFreeTime, !wantsCount, !wantsHours, !wantsOverlaps,
           let at = Self.pastTenseOpening(s) { lastAt = at }
        // "what's after the dentist", "anything before the review on friday": the events of
        // that day around the one named. ("after 5", "after lunch" are times, read as dates.)
        var around: EventAspect?
        if !wantsFreeTime, let at = s.first(in: Self.aroundWords), !s.isInDate(at), at + 1 < s.body.upperBound, !s.isInDate(at + 1) {
            around = s.word(at, is: "after") ? .after : .before
            details.used[at] = true
        }
        // "my first meeting tomorrow", "the last thing today", "when does my day start on
        // friday": one event of the span said, the first or last to start. (Only with a span:
        // "my last meeting with ana" is one gone by; "the first of december" is a date.)
        var pick: EventPick?
        var pickedAt: Int?
        if saysWhen, !wantsFreeTime, !wantsCount, !wantsNext, !wantsOverlaps, let (found, said, verb) = Self.pick(s) {
            pick = found
            pickedAt = said.lowerBound
            for i in said { details.used[i] = true }
            if let verb { details.used[verb] = true }
            // ("the second meeting on friday": the place counted, 2, or -2 from the last, as a
            // removal's positions say it; "first" was shown for the second.)
            let place = Self.ordinalPlace(s, at: said.lowerBound).map { $0.pick == .first ? String($0.place) : String(-$0.place) }
            slots.append(s.slot(.pick, said, value: place ?? found.rawValue, rule: verb == nil ? "pick-word" : "my-day-starts"))
        }
        // "work events this week", "show only family events": a known calendar's name just
        // before an events noun is the calendar asked about, not a word to look for. (Only
        // here, in questions of the agenda, and not with a repeat: "work meetings every monday"
        // is read as it was.)
        if details.calendar == nil, !s.dates.contains(where: { $0.recurrence != nil }) {
            var i = s.body.lowerBound
            while i < s.body.upperBound {
                if !details.used[i], !s.isInDate(i), let end = CalendarPhrases.knownCalendarEnd(s, at: i, known: known),
                   end < s.body.upperBound, s.word(end, isIn: Self.calendarEventNouns), !(i..<end).contains(where: { details.used[$0] }),
                   let name = known.calendar(named: (i..<end).map { s.word($0) }.joined(separator: " ")) {
                    details.calendar = CalendarMention(said: String(s.text(of: i..<end)), known: name)
                    for k in i..<end { details.used[k] = true }
                    // "events", "stuff": every event of that calendar; "meetings" still looks for meetings.
                    if s.word(end, isIn: Self.anyEventNouns) { details.used[end] = true }
                    slots.append(s.slot(.calendar, i..<end, value: name, rule: "calendar:before-events"))
                    break
                }
                i += 1
            }
        }
        // "notes for the planning meeting", "what are the notes of the review": its notes.
        var notesCue: Range<Int>?
        if !wantsFreeTime, !wantsCount, let cue = Self.notesCue(s) {
            notesCue = cue
            for i in cue { details.used[i] = true }
        }
        // "show my recurring events", "what repeats", "which meetings repeat": the repeating
        // events, how often each comes.
        var wantsSeries = false
        // (Most lines hold none of its words: turned away by the line's bits first.)
        if !wantsFreeTime, !wantsCount, Self.repeatingWords.mayMeet(s.keyBits),
           let at = s.body.first(where: { s.word($0, isIn: Self.repeatingWords) && !s.isInDate($0) }) {
            wantsSeries = true
            details.used[at] = true
            slots.append(s.slot(.series, at..<(at + 1), value: "true", rule: "repeating"))
        }
        // Free time counts every event: what the slot is for filters nothing.
        var words: String?
        if !wantsFreeTime, let (said, pieces) = filterWords(s, used: details.used, keepNames: details.namesInTitle) {
            slots.append(s.slot(.words, pieces: pieces, value: said, rule: "remaining-words"))
            words = said
        }
        // "when am I away", "am I off work next week": time away, whatever its events are
        // called (the conversation looks for trips, holidays and leave).
        if !wantsFreeTime, Self.asksAway(s) || dayOff != nil {
            slots.removeAll { $0.kind == .words }
            if let at = s.body.first(where: { (s.word($0, isIn: awayWords) || s.word($0, isIn: leaveNouns)) && !s.isInDate($0) }) {
                slots.append(s.slot(.words, at..<(at + 1), value: AgendaQuery.away, rule: "away"))
            }
            words = AgendaQuery.away
            // ("am I off work next week": "work" is no calendar there.)
            if s.body.contains(where: { s.word($0, is: "off") && s.word($0 + 1, is: "work") }) {
                details.calendar = nil
                slots.removeAll { $0.kind == .calendar }
            }
        }
        // "when do I land", "what time does my flight arrive", "when do we arrive in rome": a
        // journey's arrival, its end; the verb names nothing, and with nothing else named the
        // flight is asked about ("when do the guests arrive" is no journey's).
        let arrival = !wantsFreeTime && !wantsCount ? Self.arrivalAsked(s) : nil
        if let arrival {
            let kept = (words ?? "").split(separator: " ").filter { !Self.arrivalVerbs.contains(String($0)) }.joined(separator: " ")
            words = kept.isEmpty ? "flight" : kept
            slots.removeAll { $0.kind == .words }
            slots.append(s.slot(.words, arrival..<(arrival + 1), value: words!, rule: "arrival"))
        }
        var asks = words == nil || wantsFreeTime || wantsCount ? nil : around ?? aspect(s, saysWhen: saysWhen)
        if arrival != nil { asks = .end }
        if words != nil, notesCue != nil { asks = .notes }
        if words != nil, asksWhichTime { asks = .start }
        // "how many days until christmas": the time to a day, no event named.
        // (A day, not a meal or a part of one: "how long until lunch" names no day.)
        if words == nil, !wantsFreeTime, let known = when?.known, known.contains(.date), !known.contains(.time),
           s.word(s.body.lowerBound, is: "how"), aspect(s, saysWhen: true) == .until || workingDays != nil { asks = .until }
        // (The reading handed over, its last use: passed as it was, it was copied into the query
        // and the original destroyed.)
        var query = AgendaQuery(when: consume when, range: range, calendar: details.calendar, words: words, attendee: attendee,
                                wantsFreeTime: wantsFreeTime, slotMinutes: slotMinutes, wantsNext: wantsNext,
                                dayPart: dayPart, isMoment: isMoment, wantsCount: wantsCount, asks: asks)
        query.wantsOverlaps = wantsOverlaps
        query.wantsHours = wantsHours
        query.countsWorkingDays = workingDays != nil && asks == .until
        query.weekday = weekday?.day
        query.wantsSeries = wantsSeries
        query.wantsWayBack = words != nil && Self.asksWayBack(s)
        if let lastAt, words != nil || attendee != nil {
            query.wantsLast = true
            slots.append(s.slot(.pick, lastAt..<(lastAt + 1), value: EventPick.last.rawValue, rule: "last-gone-by"))
        }
        // "when is the review now", "what time is my flight now": the event as it stands, not
        // events in the hour from now.
        if words != nil, details.dates.count == 1, s.dates.withUnsafeBufferPointer({ $0[details.dates[0]].rule == "now" }),
           let last = s.body.last(where: { s.kind($0) != .mark }), s.tokens[last].date == details.dates[0] {
            query.when = nil
            query.range = nil
            slots.removeAll { $0.kind == .when }
        }
        if wantsHours { query.asks = nil }
        if let d = details.dates.first, details.dates.count == 1 { query.titleDate = Self.titleDate(s, date: d, hasWords: words != nil) }
        if let (dayRank, cue) = rank, !wantsCount, !wantsHours {
            query.dayRank = dayRank
            query.asks = nil
            // ("is there a day next week when I'm free": a day, not a slot a day long.)
            if query.slotMinutes == 1440 {
                query.slotMinutes = nil
                slots.removeAll { $0.kind == .duration }
            }
            slots.append(s.slot(.count, cue, value: dayRank.rawValue, rule: "day-rank"))
        }
        if pick != nil {
            // The one event picked is the answer ("what time is my first meeting tomorrow");
            // "where is my first meeting tomorrow", "how long is my last meeting on friday"
            // ask its place or length.
            query.pick = pick
            if let pickedAt, let place = Self.ordinalPlace(s, at: pickedAt) { query.pickPlace = place.place }
            let asked = aspect(s, saysWhen: false)
            query.asks = asked == .place || asked == .length || asked == .end ? asked : nil
        }
        return .queryAgenda(query)
    }

    static let orWord: WordSet = ["or"]
    static let notAnEvent: WordSet = ["there", "i", "we", "you", "it", "anything", "something", "everything", "my", "our"]
    static let partOfDayWords: WordSet = ["morning", "afternoon", "evening", "night", "am", "pm", "lunchtime"]

    /// True for a yes-or-no question that offers two times with "or", a date before it ("is
    /// the dentist in the morning or afternoon", "is lunch on friday or saturday").
    static func asksWhichTime(_ s: Sentence) -> Bool {
        // (Of an event: "is there anything friday or saturday", "do I have …" ask of the days.)
        // ("is the dentist before or after lunch": its time, which says.)
        guard s.word(s.body.lowerBound, isIn: yesNoHeads), !s.word(s.body.lowerBound + 1, isIn: notAnEvent),
              let or = s.first(in: orWord), or > s.body.lowerBound + 1,
              s.isInDate(or - 1) || s.word(or - 1, is: "before") && s.word(or + 1, is: "after") else { return false }
        return s.isInDate(or) || s.isInDate(or + 1) || s.word(or + 1, isIn: partOfDayWords) || s.word(or + 2, isIn: partOfDayWords)
    }

    /// Nouns an ordinal picks an event with ("the second meeting", "the third one").
    static let placedNouns: WordSet = ["one", "thing", "things"]

    /// "second", "3rd" … followed by an event's noun or "one" ("the second meeting", "my 3rd
    /// call"), or by "(to) last" ("the second to last one"): which end it counts from, the
    /// end of the words said, and the place from that end. Nil for any other word ("a
    /// second", "the second of may").
    static func ordinalPlace(_ s: Sentence, at i: Int) -> (pick: EventPick, end: Int, place: Int)? {
        guard let place = ReferenceReader.ordinals[s.word(i)], place > 1, !s.isInDate(i) else { return nil }
        var end = i + 1
        var pick = EventPick.first
        if s.word(end, is: "to"), s.word(end + 1, is: "last") { end += 2; pick = .last } else if s.word(end, is: "last") { end += 1; pick = .last }
        guard s.word(end, isA: .eventNoun) || s.word(end, isIn: placedNouns) || pick == .last && end >= s.body.upperBound else { return nil }
        return (pick, end, place)
    }

    /// The speaker, whose day starts or ends ("when do I finish on thursday").
    static let speakerWords: WordSet = ["i"]
    /// What the speaker starts or finishes that is their day ("start work", "finish my shift").
    static let workWords: WordSet = ["work", "working"]
    static let firstWords: WordSet = ["first", "earliest"]
    static let lastWords: WordSet = ["last", "latest"]
    static let lengthPickWords: WordSet = ["longest", "shortest"]
    static let dayWord: WordSet = ["day"]

    /// The event a question picks of its span, and the word that says so: "first",
    /// "earliest", "last", "latest" outside a date; or "my day" with a word of starting or
    /// ending ("when does my day start", "when does my day end"), with no word of its own.
    /// Returns the words said and, for "my day", the verb of starting or ending.
    static func pick(_ s: Sentence) -> (EventPick, Range<Int>, Int?)? {
        // The words below looked for only on a line whose bits may hold one (`Sentence.keyBits`).
        let mayPick = firstWords.mayMeet(s.keyBits) || lastWords.mayMeet(s.keyBits) || ReferenceReader.ordinals.mayMeet(s.keyBits)
            || lengthPickWords.mayMeet(s.keyBits)
        for i in s.body where mayPick && !s.isInDate(i) {
            if s.word(i, isIn: firstWords) { return (.first, i..<(i + 1), nil) }
            if s.word(i, isIn: lastWords) { return (.last, i..<(i + 1), nil) }
            // "my longest meeting this week", "which meeting takes the longest".
            if s.word(i, isIn: lengthPickWords) { return (s.word(i, is: "shortest") ? .shortest : .longest, i..<(i + 1), nil) }
            // "my second call tomorrow", "the third meeting on monday", "the second to last one".
            if let place = ordinalPlace(s, at: i) { return (place.pick, i..<place.end, nil) }
        }
        // "when do I finish on thursday", "what time do I start work tomorrow": the speaker's
        // day, its last event (or first).
        if let i = s.first(in: speakerWords), !s.isInDate(i), s.word(i + 1, isIn: startWords) || s.word(i + 1, isIn: endWords), !s.isInDate(i + 1) {
            let end = s.word(i + 2, isIn: workWords) && !s.isInDate(i + 2) ? i + 3 : i + 2
            return (s.word(i + 1, isIn: startWords) ? .first : .last, i..<end, nil)
        }
        guard let my = s.first(in: myWord), s.word(my + 1, isIn: dayWord), !s.isInDate(my + 1) else { return nil }
        if let verb = s.first(in: startWords), !s.isInDate(verb) { return (.first, my..<(my + 2), verb) }
        if let verb = s.first(in: endWords), !s.isInDate(verb) { return (.last, my..<(my + 2), verb) }
        return nil
    }

    static let overlapWords: WordSet = ["conflict", "conflicts", "conflicting", "clash", "clashes", "clashing", "overlap", "overlaps",
                                        "overlapping", "double-booked"]
    static let bookedWords: WordSet = ["booked", "bookings", "booking"]
    static let doubleWord: WordSet = ["double"]

    /// The words that ask for clashes ("any conflicts", "double booked", "overlapping"), nil
    /// when there are none.
    static func overlapCue(_ s: Sentence) -> Range<Int>? {
        if let at = s.first(in: doubleWord), s.word(at + 1, isIn: bookedWords) { return at..<(at + 2) }
        return s.first(in: overlapWords).map { $0..<($0 + 1) }
    }

    /// "notes for the planning meeting", "show my notes from the review", "what are the
    /// notes of the standup": the word "notes" with the one saying whose after it, and an
    /// event's words after them. Nil for "search my notes for …" and "notes.txt".
    static func notesCue(_ s: Sentence) -> Range<Int>? {
        guard let notes = s.first(in: FilePhrases.notesWords), !s.isInDate(notes), s.word(notes + 1, isIn: FilePhrases.notesOfWords),
              notes + 2 < s.body.upperBound, !s.isInDate(notes + 2) || s.word(notes + 2, isIn: ["the", "my", "our"]) else { return nil }
        // Before it, only a verb of showing or a question's words ("what are the notes for").
        let before: WordSet = ["show", "me", "my", "the", "open", "read", "see", "what", "what's", "whats", "are", "is", "any", "where",
                               "get", "pull", "up", "our", "please", "give", "find", "check"]
        guard (s.body.lowerBound..<notes).allSatisfy({ s.word($0, isIn: before) || s.tokens[$0].isMark }) else { return nil }
        // ("notes for the gate code" with no such event still reads as one; "search my notes for" is the files'.)
        return notes..<(notes + 2)
    }

    static let whereWords: WordSet = ["where", "where's", "wheres"]
    /// A part of the day said of each day of a span ("free evenings this week").
    static let partsOfEveryDay: WordSet = ["mornings", "afternoons", "evenings", "nights"]
    static let longWords: WordSet = ["long", "long's", "longs"]
    static let gapWords: WordSet = ["gap", "gaps"]
    static let gapLeads: WordSet = ["a", "any", "some", "my", "the", "free"]
    static let timeWords: WordSet = ["time", "time's"]
    static let whenWords: WordSet = ["when", "what"]
    static let endWords: WordSet = ["end", "ends", "finish", "finishes", "over"]
    static let startWords: WordSet = ["start", "starts", "begin", "begins"]
    /// After "how long": a span to a moment, which is no event's length ("how long until the
    /// party", "how long ago was the review").
    static let notALength: WordSet = ["until", "till", "til", "since", "ago", "before", "left"]
    static let yesNoHeads: WordSet = ["is", "are", "was", "were", "will", "does", "do", "did"]
    static let untilWords: WordSet = ["until", "till", "til", "before"]

    /// What a question asks of the event its words name, from its first and last words:
    /// "how long is …" its length, "where is …" its place, "what time is …" / "when does …
    /// start" its start, "when does … end" its end, "is … on friday" whether it is then.
    static func aspect(_ s: Sentence, saysWhen: Bool) -> EventAspect? {
        let head = s.body.lowerBound
        var last = s.body.upperBound - 1
        while last > head, s.kind(last) == .mark { last -= 1 }
        // ("how long's the shoot": "long's" one word.)
        if s.word(head, is: "how"), s.word(head + 1, isIn: longWords) {
            return s.body.contains { s.word($0, isIn: notALength) } ? (s.body.contains { s.word($0, isIn: untilWords) } ? .until : nil) : .length
        }
        // "how many days until the offsite", "how many weeks till christmas dinner".
        if s.word(head, is: "how"), s.word(head + 1, is: "many"), s.word(head + 3, isIn: untilWords) { return .until }
        if s.word(head, isIn: whereWords) { return .place }
        if s.word(head, isIn: whenWords) || s.word(head, is: "whats") || s.word(head, is: "what's") {
            if s.word(last, isIn: endWords) { return .end }
            if s.word(last, isIn: startWords) || s.word(head + 1, isIn: timeWords) { return .start }
            return nil
        }
        return saysWhen && s.word(head, isIn: yesNoHeads) ? .check : nil
    }

    static let arrivalVerbs: Set<String> = ["land", "lands", "landing", "arrive", "arrives", "arriving"]
    static let journeyWords: WordSet = ["flight", "flights", "plane", "train", "bus", "ferry", "coach"]

    /// Where the verb of arriving is in a question of when a journey ends ("when do I land",
    /// "what time does my flight arrive"): said by the speaker or of a flight, train …
    static func arrivalAsked(_ s: Sentence) -> Int? {
        let head = s.body.lowerBound
        guard s.word(head, isIn: Classifier.whenWords) || (s.word(head, is: "what") && s.word(head + 1, is: "time")),
              let at = s.body.first(where: { Self.arrivalVerbs.contains(s.word($0)) && !s.isInDate($0) }) else { return nil }
        let bySpeaker = s.word(at - 1, isIn: ["i", "we"])
        let ofJourney = (head..<at).contains { s.word($0, isIn: journeyWords) && s.word($0 - 1, isIn: ["my", "our"]) }
        return bySpeaker || ofJourney ? at : nil
    }

    /// "how often is karate", "what days is karate on", "which day is bin day": asked of an
    /// event's repeat (the session shows the event whole when one to come has the words).
    static func asksHowOften(_ s: Sentence) -> Bool {
        let head = s.body.lowerBound
        if s.word(head, is: "how"), s.word(head + 1, is: "often") { return true }
        return s.word(head, isIn: ["what", "which"]) && s.word(head + 1, isIn: ["day", "days"]) && s.word(head + 2, isIn: ["is", "are", "'s"])
    }

    /// The span an "after"/"before" time asks about: from that time to the end of its day, or
    /// from the start of its day (from now, today) to that time; the day is one said apart
    /// ("thursday after 6pm") or the time's own. Nil without such a time.
    static func openTimeOfDay(_ s: Sentence, _ dates: DateIndices) -> DateInterval? {
        // The names compared by length first (`Sentence.same`): asked of every date of every
        // question, and most rules are neither.
        // "thursday after 6pm", "after 6pm on thursday" are one reading of the day's time.
        func isAfterTime(_ rule: String) -> Bool {
            Sentence.same(rule, "after-time") || Sentence.same(rule, "day-after-time") || Sentence.same(rule, "after-time-on-day")
        }
        guard let at = dates.first(where: { isAfterTime(s.dates[$0].rule) || Sentence.same(s.dates[$0].rule, "before-time") })
        else { return nil }
        let zone = s.reference.timeZone
        let isAfter = isAfterTime(s.dates[at].rule)
        let moment = isAfter ? s.dates[at].start : s.dates[at].end
        let clock = zone.wallClock(moment)
        var day = clock.day
        if let other = dates.first(where: { $0 != at && s.dates[$0].isAllDay && s.dates[$0].known.contains(.date) }) {
            day = zone.wallClock(s.dates[other].start).day
        }
        let dayStart = day.startOfDay(in: zone), dayEnd = day.adding(days: 1).startOfDay(in: zone)
        let time = zone.date(day, hour: clock.seconds / 3600, minute: clock.seconds % 3600 / 60)
        if isAfter { return time < dayEnd ? DateInterval(start: time, end: dayEnd) : nil }
        let start = max(dayStart, min(s.reference.instant, time))
        return start < time ? DateInterval(start: start, end: time) : nil
    }

    /// Words that ask for the events around one named ("what's after the dentist").
    static let aroundWords: WordSet = ["after", "before"]
    static let howWord: WordSet = ["how"]
    static let manyWord: WordSet = ["many"]
    static let countWord: WordSet = ["count"]
    /// Lengths of time and people, which "how many" asks about without counting events ("how
    /// many days until christmas", "how many people are coming to the review").
    static let notCounted: WordSet = ["minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years",
                                      "people", "persons", "guests", "attendees", "participants"]
    static let timesWord: WordSet = ["times"]

    /// The words that ask for a count: "how many" (not of a length of time or of people), or
    /// "count" first; "times" after "how many" is part of the question ("how many times do I
    /// have gym this week").
    static func countCue(_ s: Sentence) -> Range<Int>? {
        let first = s.body.lowerBound
        if first < s.body.upperBound, s.word(first, isIn: countWord), !s.isInDate(first) { return first..<(first + 1) }
        guard let how = s.first(in: howWord), how + 1 < s.body.upperBound, s.word(how + 1, isIn: manyWord),
              !s.isInDate(how), !s.isInDate(how + 1) else { return nil }
        guard how + 2 < s.body.upperBound else { return how..<(how + 2) }
        if s.word(how + 2, isIn: notCounted) { return nil }
        return s.word(how + 2, isIn: timesWord) && !s.isInDate(how + 2) ? how..<(how + 3) : how..<(how + 2)
    }

    /// The weekday said in the plural in a reading ("fridays this month", "on tuesdays in
    /// january") and the span it is asked over: the month, week or year the reading names,
    /// or the coming four weeks from today with none; nil for any other line.
    static func weekdayOverSpan(_ s: Sentence, dates: DateIndices) -> (day: Int, span: DateInterval)? {
        guard let first = dates.first,
              let at = s.first(in: pluralWeekdayWords), s.tokens.withUnsafeBufferPointer({ $0[at].date == first }),
              let day = Lexicon.pluralWeekdays[s.word(at)] else { return nil }
        let zone = s.zone
        let reading = s.dates[first]
        let said = s.body.filter { s.tokens[$0].date == first && $0 != at }.map { s.word($0) }
        let startDay = zone.wallClock(reading.start).day
        let today = zone.wallClock(s.reference.instant).day
        let from: LocalDate, to: LocalDate
        // (A span said as one: "this month", "next week", "in january"; "once a week on
        // fridays" is a repeat.)
        let saysSpan = said.contains { Self.spanOpeners.contains($0) }
        if said.contains(where: { Lexicon.months[$0] != nil }) || saysSpan && said.contains("month") {
            from = LocalDate(year: startDay.year, month: startDay.month, day: 1)
            to = startDay.month == 12 ? LocalDate(year: startDay.year + 1, month: 1, day: 1) : LocalDate(year: startDay.year, month: startDay.month + 1, day: 1)
        } else if saysSpan && said.contains("week") {
            from = startDay.adding(days: 1 - startDay.isoWeekday)
            to = from.adding(days: 7)
        } else if saysSpan && said.contains("year") {
            from = LocalDate(year: startDay.year, month: 1, day: 1)
            to = LocalDate(year: startDay.year + 1, month: 1, day: 1)
        } else if said.allSatisfy({ $0 == "on" || $0 == "every" }) {
            from = today
            to = today.adding(days: 28)
        } else {
            return nil
        }
        return (day, DateInterval(start: from.startOfDay(in: zone), end: to.startOfDay(in: zone)))
    }

    static let spanOpeners: Set<String> = ["this", "next", "last", "coming", "in", "the"]
    static let pluralWeekdayWords = WordSet(Array(Lexicon.pluralWeekdays.keys))

    /// "how many working days", "how many business days left", "how many weekdays": the
    /// words that ask days Monday to Friday counted, from "how".
    static func workingDaysCue(_ s: Sentence) -> Range<Int>? {
        let how = s.body.lowerBound
        guard s.word(how, is: "how"), s.word(how + 1, isIn: manyWord) else { return nil }
        var end = how + 2
        if s.word(end, isIn: workingWords), s.word(end + 1, isIn: dayWords) { end += 2 }
        else if s.word(end, isIn: weekdaysWord) { end += 1 }
        else { return nil }
        if s.word(end, isIn: leftWord) { end += 1 }
        return how..<end
    }
    static let workingWords: WordSet = ["working", "work", "business", "week", "school"]
    static let weekdaysWord: WordSet = ["weekdays", "workdays"]
    static let leftWord: WordSet = ["left", "remaining"]

    static let awayWords: WordSet = ["away", "abroad", "travelling", "traveling", "off"]
    static let awaySpeakers: WordSet = ["i", "we", "i'm", "im", "we're"]

    /// True for a question of the speaker's time away: "when am I away", "am I abroad next
    /// week", "when are we travelling", "am I off work on the 24th" ("off" only before
    /// "work"; "is the heating off" and "take the day off" are none).
    static func asksAway(_ s: Sentence) -> Bool {
        guard s.has(awayWords) || s.has(leaveNouns), s.has(awaySpeakers) else { return false }
        func saidOfSpeaker(_ j: Int) -> Bool {
            s.word(j, isIn: awaySpeakers) || s.word(j - 1, isIn: awaySpeakers) && s.word(j, isIn: Classifier.askingAuxiliaries)
        }
        return s.body.contains { i in
            guard !s.isInDate(i) else { return false }
            // ("when am I on holiday", "am I on leave in march".)
            if s.word(i, isIn: leaveNouns) { return s.word(i - 1, is: "on") && saidOfSpeaker(i - 2) }
            return s.word(i, isIn: awayWords) && (!s.word(i, is: "off") || s.word(i + 1, is: "work")) && saidOfSpeaker(i - 1)
        }
    }
    static let leaveNouns: WordSet = ["holiday", "holidays", "vacation", "leave"]
    /// Verbs of what the speaker does, which name no event ("what do I teach tomorrow").
    /// ("when am I working" is kept: it is looked for as shifts.)
    static let activityVerbs: WordSet = ["teach", "teaching", "study", "studying", "doing"]
    static let activityAuxiliaries: WordSet = ["am", "are", "do", "'m", "'re"]
    /// Who a household question asks about, and what it asks of them.
    static let householdNouns: WordSet = ["kids", "children", "boys", "girls", "twins", "family"]
    static let householdVerbs: WordSet = ["got", "have", "doing", "up"]
    /// "day off", "days off": time away too.
    static let dayNouns: WordSet = ["day", "days"]
    static let offWord: WordSet = ["off"]

    static let vagueNouns: WordSet = ["stuff", "things", "bits", "bits and bobs"]
    static let spanLeads: WordSet = ["over", "across", "through", "during", "throughout"]
    static let overLinks: WordSet = ["the", "to", "till", "until"]

    /// Words before a holiday that make it the day, not part of a name ("on christmas eve",
    /// "next easter").
    static let dayLeads: WordSet = ["on", "at", "for", "by", "until", "till", "before", "after", "from", "this", "next", "last",
                                    "over", "during", "in", "since", "around", "about", "of", "to"]
    static let nameLeads: WordSet = ["the", "my", "our", "his", "her", "their"]

    /// "the christmas party", "my xmas lunch", "the thanksgiving dinner": a holiday said as
    /// part of an event's name, its words without "the" or "my"; nil when a preposition or
    /// "next" leads it ("on christmas eve") or when nothing names an event beside it ("what's
    /// on christmas"): title words right after it, or a meal read with it ("xmas lunch").
    static func titleDate(_ s: Sentence, date d: Int, hasWords: Bool) -> String? {
        // (The match read through the buffer: `s.dates[d]` may be a copy of it whole.)
        guard s.dates.withUnsafeBufferPointer({ $0[d].parts.contains(where: { $0.rule == "holiday" }) }),
              var first = s.body.first(where: { s.tokens[$0].date == d }),
              let last = s.body.last(where: { s.tokens[$0].date == d }) else { return nil }
        if s.word(first, isIn: nameLeads) { first += 1 }
        guard first <= last, !s.word(first, isIn: dayLeads), !s.word(first - 1, isIn: dayLeads) else { return nil }
        let wordsAfter = hasWords && last + 1 < s.body.upperBound && s.kind(last + 1) == .word && !s.isInDate(last + 1)
        guard wordsAfter || s.dates.withUnsafeBufferPointer({ $0[d].parts.count }) > 1 else { return nil }
        return s.text(of: first..<(last + 1)).lowercased()
    }

    static let busiestWords: WordSet = ["busiest", "heaviest", "fullest", "hardest", "craziest"]
    static let quietestWords: WordSet = ["quietest", "lightest", "calmest", "emptiest", "freest", "easiest"]
    static let busyWords: WordSet = ["busy", "packed", "hectic", "full"]
    static let quietWords: WordSet = ["quiet", "free", "light", "calm"]
    static let mostWords: WordSet = ["most", "least"]
    static let rankWords = WordSet(Array(busiestWords) + Array(quietestWords) + Array(mostWords) + Array(nothingWords))
    static let whichWords: WordSet = ["which", "what"]
    static let dayWords: WordSet = ["day", "days"]

    /// The words ranking the days of a span: "busiest", "quietest", "most packed", "least
    /// busy", and "which day am I free" (free time asked as a day); nil for "am I busy
    /// friday" and "is friday quiet", which ask about one day.
    static func dayRankCue(_ s: Sentence, wantsFreeTime: Bool) -> (DayRank, Range<Int>)? {
        // One pass turns most lines away: none of the words a ranking needs.
        guard wantsFreeTime || s.has(rankWords) else { return nil }
        for i in s.body where !s.isInDate(i) {
            if s.word(i, isIn: busiestWords) { return (.busiest, i..<(i + 1)) }
            if s.word(i, isIn: quietestWords) { return (.quietest, i..<(i + 1)) }
            guard s.word(i, isIn: mostWords), i + 1 < s.body.upperBound, !s.isInDate(i + 1) else { continue }
            let least = s.word(i, is: "least")
            if s.word(i + 1, isIn: busyWords) { return (least ? .quietest : .busiest, i..<(i + 2)) }
            if s.word(i + 1, isIn: quietWords) { return (least ? .busiest : .quietest, i..<(i + 2)) }
        }
        // "which day am I free next week", "do I have a free day this month", "any day next
        // week with nothing on": a day asked for, free.
        guard wantsFreeTime || s.has(nothingWords) else { return nil }
        for i in s.body where s.word(i, isIn: dayWords) && !s.isInDate(i) {
            let lead = s.word(i - 1, isIn: freeDayWords) && s.word(i - 2, isIn: dayAskers) ? i - 2 : i - 1
            if s.word(lead, isIn: dayAskers), !s.isInDate(lead) { return (.quietest, lead..<(i + 1)) }
        }
        return nil
    }

    static let dayAskers: WordSet = ["which", "what", "a", "any", "one"]
    static let freeDayWords: WordSet = ["free", "clear", "empty", "quiet"]
    static let nothingWords: WordSet = ["nothing"]

    /// Words that may follow "how many hours" and be no event's ("… of meetings", "… in total").
    static let hoursFiller: WordSet = ["of", "in", "total", "altogether", "do", "does", "did", "will", "is", "are", "am", "i", "have", "spend", "spending", "spent"]

    /// "how many hours (of …)", "how much time (do I spend …)", "total hours": the words
    /// asking for hours added up, with the verbs and fillers right after them; nil for "how
    /// many hours until …" and "how many hours is the review" (one event's length, when no
    /// span is said: the caller reads that as before).
    static func hoursCue(_ s: Sentence) -> Range<Int>? {
        guard let how = s.first(in: howWord), !s.isInDate(how), how + 2 < s.body.upperBound else { return nil }
        let asks = s.word(how + 1, isIn: manyWord) && (s.word(how + 2, is: "hours") || s.word(how + 2, is: "hrs"))
            || s.word(how + 1, is: "much") && s.word(how + 2, is: "time")
        // ("how many hours a week do I spend in meetings": counted over this week, `perSpan`.)
        let rate = perSpan(s)?.0
        guard asks, !s.isInDate(how + 2), !s.body.contains(where: { s.word($0, isIn: untilWords) }),
              rate != nil || s.body.contains(where: { s.isInDate($0) }) else { return nil }
        var end = how + 3
        while end < s.body.upperBound, s.word(end, isIn: hoursFiller) || rate?.contains(end) == true, !s.isInDate(end) || rate?.contains(end) == true { end += 1 }
        return how..<end
    }

    /// Words that put a question in the past: "what did I have", "what happened"; "was" and
    /// "were" only before "on", "there" or a person ("what was on friday", "where was I"),
    /// not in "was lunch moved".
    static let pastTense: WordSet = ["did", "had", "happened", "went"]
    static let pastCopula: WordSet = ["was", "were"]
    static let afterPastCopula: WordSet = ["on", "there", "i", "we"]

    /// True when a word outside the dates says the past ("did", "was …"): `pastWeekday`'s
    /// first test, asked before a match is handed to it.
    /// ("what did I schedule for tuesday", "what have I booked for friday": a day made plans
    /// for, the one to come.)
    static func looksBack(_ s: Sentence) -> Bool {
        s.body.contains(where: { !s.isInDate($0) && (s.word($0, isIn: pastTense) || s.word($0, isIn: pastCopula) && s.word($0 + 1, isIn: afterPastCopula))
            && !(s.word($0, is: "did") && s.word($0 + 1, isIn: ["i", "we"]) && s.word($0 + 2, isA: .createVerb)) })
    }

    /// A weekday alone (or a day of the month, or of the year, with no year said), asked about
    /// in the past tense, read a week (a month, a year) back when the reader put it
    /// after now (the next such weekday): that weekday gone by, today's included. The
    /// caller has seen the tense (`looksBack`).
    static func pastWeekday(_ s: Sentence, _ date: DateMatch) -> DateMatch? {
        guard date.start > s.reference.instant, date.recurrence == nil, ["weekday", "on-date", "intersect"].contains(date.rule) else { return nil }
        let dayParts = date.parts.filter { $0.role == "date" }
        guard dayParts.count == 1 else { return nil }
        let zone = s.reference.timeZone
        var back: Int
        switch dayParts[0].rule {
        case "weekday":
            back = 7
        case "the-day-of-month", "ordinal-day-of-month", "month-day", "day-month", "month-mark-day", "dotted-day-month", "numeric-date":
            // "what did I have on the 8th": this month's or last month's; "what was on dec 8":
            // this year's, gone by, not next year's. (A day the earlier month or year lacks is
            // none.)
            let day = zone.wallClock(date.start).day
            let yearly = !dayParts[0].rule.contains("day-of-month")
            var (year, month) = (day.year, day.month)
            if yearly { year -= 1 } else if month == 1 { (year, month) = (year - 1, 12) } else { month -= 1 }
            guard day.day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
            back = LocalDate(year: year, month: month, day: day.day).days(until: day)
        default:
            return nil
        }
        var past = date
        past.start = zone.date(byAddingDays: -back, to: date.start)
        past.end = zone.date(byAddingDays: -back, to: date.end)
        return past.start < s.reference.instant ? past : nil
    }

    /// The words before a length that ask for room for it ("time for", "room for", "fit",
    /// "find me", "squeeze in"), nil when there are none.
    static func fitCue(_ s: Sentence, before length: Int) -> Range<Int>? {
        for i in s.body.lowerBound..<length {
            if s.word(i, isIn: Vocabulary.fitVerbs) { return i..<(i + 1) }
            if s.word(i, isIn: Vocabulary.roomNouns), s.word(i + 1) == "for" { return i..<(i + 2) }
        }
        // "do I have 30 minutes tomorrow", "any 30 min slot tomorrow afternoon?": a length had,
        // or one that is a slot, asked about.
        if length > s.body.lowerBound, ["have", "any", "got"].contains(s.word(length - 1)) { return (length - 1)..<length }
        if let (_, next) = Quantity.minutes(in: s, at: length), s.word(next, isIn: Vocabulary.roomNouns) || s.word(next) == "slots" {
            return next..<(next + 1)
        }
        return nil
    }

    /// "my week", "my day", "my weekend": the span a question about the person's time names,
    /// and the phrase the date reader reads for it.
    static func mySpan(_ s: Sentence) -> (Range<Int>, String)? {
        // The line without "my" turned away at once (`Sentence.has` sees it from the line's bits).
        guard s.has(myWord) else { return shownSpan(s) ?? perSpan(s) }
        for i in s.body where s.word(i, isIn: myWord) {
            if let phrase = Vocabulary.mySpans[s.word(i + 1)], !s.isInDate(min(i + 1, s.count - 1)) {
                // ("how does my week look" asked on a Sunday: the week ahead, this one is over.)
                if phrase == "this week", LocalDate(s.reference.instant, in: s.reference.timeZone).isoWeekday == 7 { return (i..<(i + 2), "next week") }
                return (i..<(i + 2), phrase)
            }
        }
        return perSpan(s)
    }

    /// The span a question names as the person's and how the reader reads it: "how does my
    /// week look", "what's my day like" with no day said (this week, today; `mySpan`), and
    /// "what's my morning look like on monday", "how's my afternoon tomorrow" — a part of the
    /// day said apart from its one day (that part of that day: the day alone, with "morning"
    /// a word to look for, found nothing).
    static func mySpanReading(_ s: Sentence, dates: DateIndices) -> (Range<Int>, DateMatch)? {
        let phrase: String, range: Range<String.Index>, span: Range<Int>
        if dates.isEmpty {
            guard let (said, named) = mySpan(s) else { return nil }
            (span, phrase, range) = (said, named, s.span(said))
        } else {
            guard dates.count == 1, s.has(myWord), let (said, _) = mySpan(s), s.dates[dates[0]].isAllDay,
                  Vocabulary.dayParts[s.word(said.upperBound - 1)] != nil else { return nil }
            let day = s.dates[dates[0]].range
            (span, phrase, range) = (said, String(s.text[day]) + " " + s.word(said.upperBound - 1), day)
        }
        guard let reader = s.reader, var read = reader.read(phrase, at: s.reference).first else { return nil }
        read.range = range
        read.rule = "my-span:" + read.rule
        read.parts = []
        return (span, read)
    }

    /// "how many meetings do I have a week", "how much time do I spend in standups each week",
    /// "how many hours of meetings per month": a count asked by the week (the month, the day),
    /// counted over this one — not a repeat's first day, a slot a week long, or a word "per".
    static func perSpan(_ s: Sentence) -> (Range<Int>, String)? {
        let head = s.body.lowerBound
        guard s.word(head, is: "how"), s.word(head + 1, isIn: ["many", "much"]) else { return nil }
        for i in (head + 2)..<s.body.upperBound where s.word(i, isIn: ["a", "per", "each", "every"]) {
            guard let phrase = ["week": "this week", "month": "this month", "day": "today"][s.word(i + 1)] else { continue }
            let next = i + 2
            guard next >= s.body.upperBound || s.tokens[next].isMark || !s.isInDate(next) else { continue }
            return (i..<next, phrase)
        }
        return nil
    }

    /// "show week", "show me the month", "view day", "week view": a span alone looked at, as
    /// a calendar's view is chosen — this one (a week asked on a Sunday: the week ahead, as
    /// "my week"). Only the whole line: "show week 3 of the plan" says more.
    static func shownSpan(_ s: Sentence) -> (Range<Int>, String)? {
        var i = s.body.lowerBound, end = s.body.upperBound
        while end > i, s.tokens[end - 1].isMark { end -= 1 }
        let viewed = end - i >= 2 && s.word(end - 1) == "view"
        if viewed { end -= 1 } else {
            guard s.word(i, isA: .showVerb), s.word(i) != "what" else { return nil }
            i += 1
            if s.word(i) == "me" { i += 1 }
        }
        if s.word(i) == "the" { i += 1 }
        guard i + 1 == end, !s.isInDate(i), let phrase = Vocabulary.mySpans[s.word(i)] else { return nil }
        let said = i..<(viewed ? end + 1 : end)
        if phrase == "this week", LocalDate(s.reference.instant, in: s.reference.timeZone).isoWeekday == 7 { return (said, "next week") }
        return (said, phrase)
    }

    /// What is left once question words, dates, calendars and people are taken out, when it
    /// says more than "events" ("dentist appointment").
    /// `names` are the details' `namesInTitle` (the details themselves, passed from a `var`,
    /// were copied whole for the call).
    /// True for a word of a chore named by a verb and its particle ("the drop off", "pick
    /// up"), which names the event: the particle after its verb, and a removal's verb said
    /// as a noun after "the" or "my" ("cancel the drop off on friday").
    static func namesChore(_ s: Sentence, _ i: Int) -> Bool {
        (s.word(i) == "up" && s.word(i - 1, isIn: Title.upVerbs)) || (s.word(i) == "off" && s.word(i - 1) == "drop")
            || (s.word(i) == "drop" && s.word(i + 1) == "off" && (s.word(i - 1, isIn: Vocabulary.determiners) || s.word(i - 1) == "my"))
    }

    static func filterWords(_ s: Sentence, used: TokenMask, keepNames names: [Range<Int>]) -> (String, [Range<Int>])? {
        // The names that stay in a title, and "with" before one (it went with the name), are
        // taken too, asked word by word: a copy of `used` marked with them was copied again
        // for every question (its storage made unique before the loop that marked it).
        // ("when am I seeing Ana", "when do I meet Bob": the verb of meeting goes with the
        // person too; it names no event.)
        func taken(_ i: Int) -> Bool {
            used[i] || names.contains { $0.contains(i) }
                || ((s.word(i, isIn: withWord) || s.word(i, isIn: Vocabulary.meetVerbs)) && i + 1 < s.count && names.contains { $0.lowerBound == i + 1 })
                || (s.word(i, isIn: Vocabulary.meetVerbs) && !s.word(i, isA: .eventNoun) && i + 1 < s.body.upperBound && s.isA(i + 1, .relation))
                // ("when did I last talk to Priya": the verb and "to" go with her.)
                || (s.word(i, isIn: Vocabulary.talkVerbs) && s.word(i + 1, is: "to") && names.contains { $0.lowerBound == i + 2 })
                || (s.word(i, is: "to") && s.word(i - 1, isIn: Vocabulary.talkVerbs) && names.contains { $0.lowerBound == i + 1 })
                // ("when do I fly to Boston": where to, not the verb, names the trip.)
                // ("what time do I need to leave for the shoot": the need said before it.)
                || (s.word(i, isIn: Classifier.travelVerbs) && (saidBySpeaker(i) || s.word(i - 1, is: "to") && s.word(i - 2, isIn: Classifier.needWords) && saidBySpeaker(i - 2))
                    && !fliesNowhere(i))
                // ("did i add the dentist", "have i put the dentist in": whether it was made,
                // the verb no word of its title.)
                || (s.isA(i, .createVerb) && (s.word(i - 1, is: "i") || s.word(i - 1, is: "we")))
                // ("when do I fly back": "back" says which flight, not what it is called.)
                || (i > s.body.lowerBound && s.word(i, isIn: flightWays) && fliesNowhere(i - 1))
                // ("what do I teach tomorrow", "what am I studying on friday": what the speaker
                // does then, whatever it is called.)
                || (s.word(i, isIn: activityVerbs) && (saidBySpeaker(i) || s.word(i - 1, isIn: activityAuxiliaries) && saidBySpeaker(i - 1)))
                // ("what have the kids got this week", "what are the children doing on
                // saturday": the household asked about, every event of it.)
                || (s.word(i, isIn: householdNouns) && s.word(i + 1, isIn: householdVerbs))
        }
        func saidBySpeaker(_ i: Int) -> Bool { s.word(i - 1, is: "i") || s.word(i - 1, is: "we") }
        // ("when do I fly", "when are we flying", "when do I fly back", "flying out": with
        // nowhere said, flying is what to look for — the flight.)
        func fliesNowhere(_ i: Int) -> Bool {
            func ends(_ j: Int) -> Bool { j == s.body.upperBound || s.tokens[j].isMark || s.isInDate(j) }
            return (s.word(i, is: "fly") || s.word(i, is: "flying")) && (ends(i + 1) || s.word(i + 1, isIn: flightWays) && ends(i + 2))
        }
        let frame: WordClass = [.questionFrame, .free, .deleteVerb, .updateVerb, .all, .calendarNoun, .number, .unit]
        // "the planning meeting", "planning session": "planning" names the event's kind, not
        // what the person plans ("what am I planning this weekend").
        func namesKind(_ i: Int) -> Bool {
            // ("the weekly planning": a frequency between.)
            let lead = i > s.body.lowerBound && s.isInDate(i - 1) && s.kind(i - 1) == .word ? i - 2 : i - 1
            return s.word(i) == "planning" && (s.word(lead, isIn: Vocabulary.determiners) || s.word(lead, isIn: myWord) || s.isA(i + 1, .eventNoun))
        }
        // "when is my next shift", "the shift on friday", "tuesday's shift": a verb of
        // changing that is also an event's noun names the event after "my", "next", a
        // determiner or a possessive.
        func namesEvent(_ i: Int) -> Bool {
            guard s.isA(i, .eventNoun), s.isA(i, .updateVerb), i > s.body.lowerBound else { return false }
            let before = s.word(i - 1)
            return s.word(i - 1, isIn: Vocabulary.determiners) || s.word(i - 1, isIn: Vocabulary.ownerWords) || s.word(i - 1, isIn: nextWord)
                || before.hasSuffix("'s") || before.hasSuffix("\u{2019}s")
                // ("my thursday shift", "move friday shift to monday": the day its own; "friday shift
                // it to 5" is the verb.)
                || s.isInDate(i - 1) && !s.word(i + 1, isIn: shiftedParticles)
        }
        var kept = s.body.filter { i in
            // "with my boss" names nobody to look for; "my dentist appointment" and "when is my
            // dentist" do. (The term read through the sentence's accessors: `let t =
            // s.tokens[i]` copied it.)
            !taken(i) && !s.isInDate(i) && s.kind(i) != .mark && (!s.isA(i, frame) || namesKind(i) || namesChore(s, i) || namesEvent(i))
                && !s.word(i, isIn: pastTense)
                // ("anything important coming up": what is coming up, whatever it is.)
                && !(s.word(i, isIn: notableWords) && s.word(i - 1, isIn: anythingWords))
                && !(s.isA(i, .relation) && s.word(i - 1) == "my" && s.word(i - 2, isIn: withWord) && !s.isA(i + 1, .eventNoun))
                // "do any of my contacts have birthdays next week": where the birthdays are kept.
                && !(s.word(i, isIn: Vocabulary.contactNouns) && s.has(Vocabulary.birthdayWords))
                // ("what's on over christmas", "across the week": the span's, not a title's.)
                // ("move lunch over to friday": a move's.)
                && !(s.word(i, isIn: spanLeads) && (s.isInDate(i + 1) || s.word(i + 1, isIn: overLinks) && s.isInDate(i + 2)))
        }
        // ("cancel pick up friday too": "too" says it is one more, no word of it.)
        while kept.count > 1, let last = kept.last, s.word(last) == "too" || s.word(last) == "also" { kept.removeLast() }
        // ("when is rent due", "when's my essay due": what is due names it; "what's due this
        // week" looks for "due".)
        if kept.count > 1, let last = kept.last, s.word(last, is: "due") { kept.removeLast() }
        // ("what car stuff have I got", "any school things next week": the kind is the words.)
        if kept.count > 1, kept.contains(where: { !s.word($0, isIn: vagueNouns) }) { kept.removeAll { s.word($0, isIn: vagueNouns) } }
        guard !kept.isEmpty, !kept.allSatisfy({ s.isA($0, .category) }) else { return nil }
        // "when does the offsite end", "what time does the party finish": the event's end asked.
        if kept.count > 1, let last = kept.last, last == s.body.upperBound - 1, s.word(last, isIn: endWords),
           s.word(s.body.lowerBound, isIn: Vocabulary.questionWords) {
            kept.removeLast()
        }
        var pieces: [Range<Int>] = []
        for i in kept {
            if let last = pieces.last, last.upperBound == i { pieces[pieces.count - 1] = last.lowerBound..<(i + 1) }
            else { pieces.append(i..<(i + 1)) }
        }
        let words = kept.map { singular(s.word($0)) }.joined(separator: " ")
        return (words, pieces)
    }

    static let notableWords: WordSet = ["important", "interesting", "exciting", "special", "fun", "big", "major", "new", "unusual"]
    static let anythingWords: WordSet = ["anything", "something", "nothing"]

    /// Words after "shift" that make it the verb ("shift it to 5", "shift back an hour").
    static let shiftedParticles: WordSet = ["it", "them", "back", "forward", "everything", "all", "up", "down"]

    /// "meetings" → "meeting", "appointments" → "appointment"; other words as they are.
    static func singular(_ word: String) -> String {
        if word.hasSuffix("s"), !word.hasSuffix("ss"), Vocabulary.eventNouns.contains(String(word.dropLast())) { return String(word.dropLast()) }
        return word
    }
}

/// Reads which event a change or removal means: "the dentist appointment", "lunch with Ana
/// tomorrow", "it", "my next meeting", "everything on Friday".
enum ReferenceReader {
    static let onlyWords: WordSet = ["just", "only"]

    /// "the dentist's location", "the haircut's actually at 11:30": the event is "dentist",
    /// "haircut" — the "'s" said after its name, in its words and its slot.
    static func dropPossessive(_ reference: inout EventReference, slots: inout [Slot]) {
        guard let said = reference.words, said.hasSuffix("'s") || said.hasSuffix("’s") else { return }
        let name = String(said.dropLast(2))
        reference.words = name
        if let at = slots.firstIndex(where: { $0.kind == .words }) { slots[at].value = name }
    }

    /// A `WordMap`, not a dictionary: `AgendaReader.pick` asks it of every word of a line
    /// outside its dates, and a dictionary hashed each with SipHash.
    static let ordinals: WordMap<Int> = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
        "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8, "9th": 9, "10th": 10, "last": -1,
    ]
    static let counts: [String: Int] = ["two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5]
    /// Words that may close an ordinal: "the second one", "the third event".
    static let pickedNouns: WordSet = ["one", "ones", "event", "events", "item", "entry", "meeting", "appointment"]
    static let joiners: WordSet = ["and", "&", ","]

    /// The places in a list that `range` names, and nothing else: "the second one", "the
    /// 2nd", "the last one", "the second to last", "number 2", "1 and 3", "the first two",
    /// "the last 3". Nil for anything more ("the first meeting with Bob", "the 2nd of May").
    static func listPositions(_ s: Sentence, _ indices: [Int]) -> [Int]? {
        var words = indices.filter { s.kind($0) != .mark || s.word($0, is: "&") }
        if let first = words.first, s.word(first, is: "the") || s.word(first, is: "that") { words.removeFirst() }
        guard let head = words.first else { return nil }
        func number(_ i: Int) -> Int? {
            guard s.kind(i) == .number, let n = Int(s.word(i)), (1...20).contains(n) else { return nil }
            return n
        }
        // "the second one", "the 2nd", "the last event", "the second to last one".
        if let place = ordinals[s.word(head)] {
            var rest = Array(words.dropFirst())
            var position = place
            if place > 1, rest.count >= 2, s.word(rest[0], is: "to"), s.word(rest[1], is: "last") {
                position = -place
                rest.removeFirst(2)
            } else if place > 1, let next = rest.first, s.word(next, is: "last") {
                position = -place
                rest.removeFirst()
            }
            if rest.isEmpty || (rest.count == 1 && s.word(rest[0], isIn: pickedNouns)) { return [position] }
            // "the first two", "the last 3 events".
            if place == 1 || place == -1, let n = counts[s.word(rest[0])], rest.count == 1 || (rest.count == 2 && s.word(rest[1], isIn: pickedNouns)) {
                return place == 1 ? Array(1...n) : Array((-n)...(-1))
            }
            return nil
        }
        // "number 2", "no 3", "2", "1 and 3", "1, 2 and 4".
        var at = 0
        if s.word(words[0], is: "number") || s.word(words[0], is: "no") || s.word(words[0], is: "numbers") { at = 1 }
        var positions: [Int] = []
        var expectsNumber = true
        while at < words.count {
            let i = words[at]
            if expectsNumber {
                guard let n = number(i) else { return nil }
                positions.append(n)
            } else {
                guard s.word(i, isIn: joiners) else { return nil }
            }
            expectsNumber.toggle()
            at += 1
        }
        return positions.isEmpty || expectsNumber ? nil : positions
    }

    /// Nouns that name any event ("the first meeting on friday" is any of that day's).
    static let genericEventNouns: WordSet = ["meeting", "meetings", "event", "events", "appointment", "appointments", "mtg", "thing", "things", "one"]

    /// The place an ordinal says among a day's events, and the end of its words: "first" 1,
    /// "second" 2, "last" -1, "second to last" -2, before an event's noun or "one" (or
    /// "last" alone); nil otherwise.
    static func placeAt(_ s: Sentence, _ i: Int) -> (Int, Int)? {
        if s.word(i, isIn: AgendaReader.firstWords) || s.word(i, isIn: AgendaReader.lastWords) {
            let next = i + 1
            guard s.word(next, isA: .eventNoun) || s.word(next, isIn: AgendaReader.placedNouns) else { return nil }
            return (s.word(i, isIn: AgendaReader.firstWords) ? 1 : -1, next)
        }
        guard let place = AgendaReader.ordinalPlace(s, at: i) else { return nil }
        return (place.pick == .first ? place.place : -place.place, place.end)
    }

    static func read(_ s: Sentence, range: Range<Int>, used: TokenMask, known: Names, slots: inout [Slot]) -> EventReference {
        // "delete the second one", "move 1 and 3 to friday": places in the list just shown.
        if let positions = listPositions(s, range.filter { !used[$0] }) {
            var reference = EventReference(isLastShown: true)
            reference.positions = positions
            let said = range.filter { !used[$0] }
            slots.append(s.slot(.reference, (said.first ?? range.lowerBound)..<((said.last ?? range.lowerBound) + 1),
                                value: positions.map(String.init).joined(separator: ","), rule: "list-position"))
            return reference
        }
        var details = EventDetails(s, range: range, known: known, used: used)
        var reference = EventReference()
        // "the weekly sync", "the recurring standup": the series, not a day of it.
        for d in details.dates where Repeats.isFrequencyWord(s, d) {
            details.dates.removeAll { $0 == d }
            details.slots.removeAll { $0.ranges == [s.dates[d].range] }
            reference.isSeries = true
            // ("stop the weekly planning": a weekly series, whatever else names it.)
            reference.frequency = s.dates[d].recurrence?.split(separator: ";").first { $0.hasPrefix("FREQ=") }.map { String($0.dropFirst(5)) }
            slots.append(Slot(kind: .series, ranges: [s.dates[d].range], value: "true", rule: "frequency-word"))
        }
        if let i = range.first(where: { s.word($0, isIn: Vocabulary.repeatWords) }) {
            reference.isSeries = true
            slots.append(s.slot(.series, i..<(i + 1), value: "true", rule: "repeat-word"))
        }
        // "the standup series", "all occurrences of the sync": the series, and no title word.
        for i in range where !s.isInDate(i) && s.word(i, isIn: Vocabulary.seriesNouns) {
            details.used[i] = true
            reference.isSeries = true
            slots.append(s.slot(.series, i..<(i + 1), value: "true", rule: "series-noun"))
        }
        slots += details.slots.filter { $0.kind == .when || $0.kind == .calendar || $0.kind == .attendee }
        reference.when = details.when(in: s)
        // "delete the first meeting on friday", "move my second call tomorrow to 5", "the last
        // one on friday": the event at that place among those of the day said.
        if reference.when != nil, let at = range.first(where: { !details.used[$0] && !s.isInDate($0) && placeAt(s, $0) != nil }), let (place, end) = placeAt(s, at) {
            reference.positions = [place]
            for i in at..<end { details.used[i] = true }
            if s.word(end, isIn: AgendaReader.placedNouns) || s.word(end, isIn: genericEventNouns) { details.used[end] = true }
            slots.append(s.slot(.reference, at..<end, value: String(place), rule: "place-in-day"))
        }
        reference.calendar = details.calendar
        reference.attendee = details.attendees.first.map { $0.name ?? $0.email ?? "" }
        if let next = (range.lowerBound..<range.upperBound).first(where: { s.word($0) == "next" && !s.isInDate($0) }) {
            reference.isNext = true
            slots.append(s.slot(.next, next..<(next + 1), value: "true", rule: "next"))
        }
        // ("the whole series" is the series, not every event.)
        if let all = range.first(where: { ["all", "everything", "every", "entire", "whole", "completely", "clean", "blank", "empty"].contains(s.word($0)) && !s.isInDate($0)
                && !(reference.isSeries && ["whole", "entire", "all"].contains(s.word($0))) }) {
            reference.isAll = true
            slots.append(s.slot(.all, all..<(all + 1), value: "true", rule: "all-word"))
        }
        // The words outside `range` are taken too.
        var outside = details.used
        for i in 0..<outside.count where !range.contains(i) { outside[i] = true }
        // "delete them", "cancel both", "all of them", "these": the list just shown.
        let listing = range.first { s.word($0, isIn: Vocabulary.listingPronouns) && !s.isInDate($0) }
        if let listing {
            for i in range where s.word(i, isIn: Vocabulary.listingPronouns) || ["all", "of", "events", "meetings", "ones", "two", "three"].contains(s.word(i)) {
                outside[i] = true
            }
            // "cancel both": a list of two is meant.
            if s.word(listing, is: "both") { reference.countSaid = 2 }
            if !reference.isAll { slots.append(s.slot(.all, listing..<(listing + 1), value: "true", rule: "listing-pronoun")) }
            reference.isAll = true
        }
        if let (words, pieces) = AgendaReader.filterWords(s, used: outside, keepNames: details.namesInTitle) {
            reference.words = words
            slots.append(s.slot(.words, pieces: pieces, value: words, rule: "remaining-words"))
        }
        if let d = details.dates.first, details.dates.count == 1 {
            reference.titleDate = AgendaReader.titleDate(s, date: d, hasWords: reference.words != nil)
        }
        // "move just this week's yoga", "only tuesday's class": that time of it, not the series.
        // (Anywhere in the line: "only move tuesday's yoga", "move tuesday's yoga only".)
        if reference.when != nil, !reference.isSeries, s.tokens.indices.contains(where: { s.word($0, isIn: onlyWords) && !s.isInDate($0) }) {
            reference.isOneOccurrence = true
        }
        // "move this month's book club to the 10th", "cancel tomorrow's standup": a day said as
        // the event's owner names that time of it too.
        if reference.when != nil, !reference.isSeries, reference.words != nil,
           range.contains(where: { s.isInDate($0) && s.tokens[$0].isPossessive && $0 + 1 < range.upperBound && !s.isInDate($0 + 1) }) {
            reference.isOneOccurrence = true
        }
        // "delete the meetings with Bob next week", "cancel the standups after january":
        // events named in the plural within a span are every one of them ("the doctors
        // appointment" is one).
        if !reference.isAll, reference.when != nil,
           let plural = range.first(where: { !s.isInDate($0) && AgendaReader.singular(s.word($0)) != s.word($0) && !s.isA($0 + 1, .eventNoun) }) {
            reference.isAll = true
            slots.append(s.slot(.all, plural..<(plural + 1), value: "true", rule: "plural"))
        }
        if let listing, reference.words == nil, !reference.isNext, reference.when == nil, reference.attendee == nil {
            reference.isLastShown = true
            slots.append(s.slot(.reference, listing..<(listing + 1), value: "them", rule: "listing-pronoun"))
        }
        // "it", "that", "this event": the one last shown, when nothing else says which.
        if reference.words == nil, !reference.isNext, !reference.isAll, reference.when == nil, reference.attendee == nil,
           let it = range.first(where: { s.word($0, isIn: Vocabulary.referencePronouns) || ["current", "same"].contains(s.word($0)) }) {
            reference.isLastShown = true
            slots.append(s.slot(.reference, it..<(it + 1), value: "it", rule: "pronoun"))
        }
        // "clear my calendar", "clear my day on the 29th": every event in that span.
        if !reference.isAll, reference.words == nil, !reference.isLastShown, !reference.isNext,
           ["clear", "empty", "clean", "wipe", "format", "reset", "purge", "blank"].contains(where: { w in range.contains { s.word($0) == w } })
            || (reference.words == nil && !reference.isLastShown && !reference.isNext && range.contains { ["day", "calendar", "schedule", "agenda"].contains(s.word($0)) && !s.isInDate($0) }) {
            reference.isAll = true
            slots.append(Slot(kind: .all, ranges: [], value: "true", rule: "clear-span"))
        }
        return reference
    }
}

/// Reads a removal: "cancel lunch with Ana tomorrow", "delete it", "clear my Friday".
enum DeleteReader {
    /// Words that say which times of an event: those still to come ("all future yoga classes").
    static let toComeWords: WordSet = ["future", "upcoming", "remaining", "forthcoming"]
    static let everythingWords: WordSet = ["everything", "anything", "all"]
    /// The first words of the delete phrases that say an event is off ("no longer", "anymore").
    static let noLongerStarts: WordSet = ["no", "any", "anymore"]
    /// The words of such a sentence that are not the event's.
    static let noLongerFrame: WordSet = [
        "i", "we", "don't", "dont", "do", "does", "doesn't", "doesnt", "not", "isn't", "isnt", "is", "aren't", "arent", "are",
        "won't", "wont", "will", "no", "longer", "any", "more", "anymore", "need", "needs", "needed", "want", "wanted",
        "happening", "required", "necessary", "going", "be", "ahead",
    ]

    static func read(_ s: Sentence, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        var used = s.usedOutsideBody
        for i in route.command { used[i] = true }
        // The verb itself, wherever it is ("… and delete it").
        for i in s.body where s.word(i, isIn: Vocabulary.deleteVerbs) && (route.command.contains(i) || !AgendaReader.namesChore(s, i)) { used[i] = true }
        // "I don't need the dentist anymore", "the standup is no longer happening": the
        // words around the event only say it is off.
        if let at = route.command.first, s.word(at, isIn: Self.noLongerStarts) {
            for i in s.body where s.word(i, isIn: Self.noLongerFrame) && !s.isInDate(i) { used[i] = true }
        }
        // "I'm sick, cancel everything tomorrow": a reason said before the verb and a comma
        // names no event when everything is removed.
        if let verb = route.command.first, s.body.contains(where: { $0 > verb && s.word($0, isIn: Self.everythingWords) }),
           let comma = (s.body.lowerBound..<verb).last(where: { s.tokens[$0].isMark && s.word($0) == "," }) {
            for i in s.body.lowerBound...comma { used[i] = true }
        }
        // "cancel yoga from now on", "delete all future yoga classes", "cancel the remaining
        // piano lessons": every time still to come, so that a series ends before its next.
        var toCome: [Int] = []
        if let scope = s.first(of: Vocabulary.fromNowOn) { toCome = Array(scope.index..<(scope.index + scope.length)) }
        // ("stop reminding me to take my pills": from now on, the frame no words of the event.)
        var stopsAlone = false
        if let verb = route.command.first, let frame = Classifier.stopsReminding(s, at: verb) {
            toCome += Array(verb..<(verb + frame))
            stopsAlone = verb + frame == s.body.upperBound
        }
        for i in s.body where s.word(i, isIn: Self.toComeWords) && !s.isInDate(i) { toCome.append(i) }
        for i in toCome { used[i] = true }
        var reference = ReferenceReader.read(s, range: s.body, used: used, known: known, slots: &slots)
        // "stop reminding me", nothing named: the event on screen (else clerk asks which).
        if stopsAlone {
            reference.isLastShown = true
            toCome = []
        }
        // "clear my afternoon", "cancel my evening", "clear my morning tomorrow": everything in
        // that part of the day (of the day said, else today), not events named "afternoon".
        if let (span, phrase) = AgendaReader.mySpan(s), let reader = s.reader {
            let word = s.word(span.upperBound - 1)
            if Vocabulary.dayParts[word] != nil, reference.words == nil || reference.words == word {
                let said = reference.when.map { String(s.text[$0.range]) + " " + word } ?? phrase
                if var read = reader.read(said, at: s.reference).first {
                    read.range = s.span(span)
                    read.rule = "my-span:" + read.rule
                    read.parts = []
                    slots.removeAll { $0.kind == .words || $0.kind == .when }
                    slots.append(s.slot(.when, span, value: s.interval(read), rule: "date:" + read.rule))
                    reference.when = read
                    reference.words = nil
                    reference.isAll = true
                }
            }
        }
        // "skip the standup tomorrow": that day, never the series.
        reference.isOneOccurrence = reference.isOneOccurrence || route.command.contains { s.word($0, isIn: Vocabulary.skipVerbs) }
        if let first = toCome.min(), let last = toCome.max(), reference.when == nil, !reference.isOneOccurrence, !reference.isLastShown {
            reference.fromNowOn = true
            reference.isAll = true
            slots.append(s.slot(.fromNowOn, first..<(last + 1), value: "true", rule: "to-come"))
        }
        // "stop gym in the new year", "end piano in february": from that month's start on.
        if route.command.contains(where: { s.word($0, isIn: Classifier.endingVerbs) }), var when = reference.when, when.openFrom == nil,
           let d = Classifier.endsInAMonth(s), s.dates.withUnsafeBufferPointer({ $0[d].range == when.range }) {
            when.openFrom = .atStart
            reference.when = when
        }
        // "stop the standup at the end of the year", "end piano at the end of january": from
        // the end of that span on (the reader reads "the end of the year" as its last months).
        if route.command.contains(where: { s.word($0, isIn: Classifier.endingVerbs) }), var when = reference.when, when.openFrom == nil,
           let end = s.body.first(where: { s.word($0, is: "end") && s.word($0 + 1, is: "of") }), s.tokens[end].range.lowerBound >= when.range.lowerBound,
           s.tokens[end].range.upperBound <= when.range.upperBound {
            when.openFrom = .atEnd
            reference.when = when
        }
        // "stop yoga after january 10": every time of it from then, so a series ends there.
        // ("no more standups after friday" too.)
        if let verb = route.command.first(where: { s.word($0, isIn: Classifier.endingVerbs) || s.word($0, is: "more") && s.word($0 - 1, is: "no") }),
           reference.when?.openFrom != nil, !reference.isAll {
            reference.isAll = true
            slots.append(s.slot(.all, verb..<(verb + 1), value: "true", rule: "ending-verb"))
        }
        return .deleteEvent(reference)
    }
}

/// Reads a change to a named event: "move the project review to Tuesday at 3pm",
/// "rename the standup to Daily", "change lunch to 2pm".
enum UpdateReader {
    /// True when the word at `i` opens what an event is changed to: "to", "until", "into",
    /// "as", or "2" typed for "to" between the event and its new day or time ("move lunch 2
    /// 1:30"; not "move lunch 2 hours later", whose "2" is the reader's).
    static func opensChange(_ s: Sentence, at i: Int) -> Bool {
        let word = s.word(i)
        if word == "2" { return s.kind(i) == .number && !s.isInDate(i) && s.isInDate(i + 1) && i > s.body.lowerBound && !s.isInDate(i - 1) }
        return ["to", "until", "till", "into", "as"].contains(word)
    }

    static func read(_ s: Sentence, route: Route, known: Names, slots: inout [Slot]) -> Intent {
        var used = s.usedOutsideBody
        for i in route.command { used[i] = true }
        let body = s.body
        // "move the standup to 10 from now on": the series from its next time on, said apart
        // from the change.
        let scope = s.first(of: Vocabulary.fromNowOn)
        if let scope { for i in scope.index..<(scope.index + scope.length) { used[i] = true } }
        // "dinner should be 2 hours": a length said so sets the length, as after "make".
        let saysCorrection = route.rule == .reportedMove
            && (s.word(route.command.upperBound - 1) == "be" || s.word(route.command.upperBound - 1, isIn: Classifier.changeAdverbs)
                || s.word(route.command.upperBound - 1, isIn: Classifier.startVerbs))
        let verb = saysCorrection ? "make" : s.word(body.lowerBound)
        // The change starts at "to"/"until"/"into"/"as", else at the last date.
        // ("dinner should be at 8", "the standup is now at 10": right after the command, whose
        // "now" is no date.)
        var split = saysCorrection ? route.command.upperBound
            : (route.command.upperBound..<body.upperBound).first { Self.opensChange(s, at: $0) && !used[$0] }
        if split == nil, let lastDate = (body.lowerBound..<body.upperBound).last(where: { s.isInDate($0) }), let d = s.tokens[lastDate].date {
            split = (body.lowerBound...lastDate).first { s.tokens[$0].date == d }
            if let at = split, at > body.lowerBound, s.word(at - 1, isIn: Vocabulary.datePrepositions) { split = at - 1 }
            // "push everything on monday back an hour": a shift after the day makes the day
            // the events', the shift the change.
            if let at = split, let shift = ChangeReader.shiftStart(s, in: (lastDate + 1)..<body.upperBound, used: used, verb: s.word(body.lowerBound)),
               shift > at { split = shift }
        }
        // "put the dentist on the Work calendar": the change is the calendar.
        if split == nil, let at = Classifier.putsOnCalendar(s, at: body.lowerBound, known: known) { split = at }
        // "make the review 30 minutes longer", "make the standup all day", "make the review
        // end at 5": the change starts at its length, "all day" or "start"/"end".
        if split == nil || verb == "make", Classifier.makesAChange(s, at: body.lowerBound),
           let at = (route.command.upperBound + 1..<body.upperBound).first(where: { i in
               Quantity.minutes(in: s, at: i) != nil || (s.word(i, is: "all") && s.word(i + 1, is: "day"))
                   || s.word(i, isIn: Classifier.boundWords) || s.word(i, isIn: Classifier.lengthChanges) }) {
            split = at
        }
        // "push the dentist back an hour", "delay lunch by 30 minutes": else at a shift.
        if split == nil, let at = ChangeReader.shiftStart(s, in: route.command.upperBound..<body.upperBound, used: used, verb: verb) { split = at }
        let cut = split ?? body.upperBound
        let referenceRange = body.lowerBound..<(saysCorrection ? route.command.lowerBound : cut)
        var reference = ReferenceReader.read(s, range: referenceRange, used: used, known: known, slots: &slots)
        if saysCorrection, s.word(route.command.lowerBound, isIn: Classifier.changeAdverbs) { ReferenceReader.dropPossessive(&reference, slots: &slots) }
        // "move it to Friday": the command words reach the change, so the event is the one on
        // screen; "lunch was moved to Friday" names it before them.
        if referenceRange.isEmpty || (route.command.upperBound >= cut && route.command.lowerBound == body.lowerBound) { reference.isLastShown = true }
        var changeUsed = used
        for i in referenceRange { changeUsed[i] = true }
        let changeStart = split.map { Self.opensChange(s, at: $0) ? $0 + 1 : $0 } ?? body.upperBound
        let changeEnd = scope.map { $0.index >= changeStart ? $0.index : body.upperBound } ?? body.upperBound
        var changes = ChangeReader.read(s, range: changeStart..<max(changeStart, changeEnd), used: changeUsed, verb: verb, known: known, slots: &slots)
        if let scope {
            reference.fromNowOn = true
            slots.append(s.slot(.fromNowOn, scope.index..<(scope.index + scope.length), value: "true", rule: "from-now-on"))
        }
        // "move the second one to 16:00": the reader read "the second one to 16:00" as one
        // span (2 Jan, 13:00–16:00); the place in the list is no date, so the change is
        // read again alone.
        if !reference.positions.isEmpty, let when = changes.when, let reader = s.reader, changeStart < changeEnd,
           when.range.lowerBound < s.tokens[changeStart].range.lowerBound,
           var alone = reader.read(String(s.text(of: changeStart..<changeEnd)), at: s.reference).first {
            let said = s.span(changeStart..<changeEnd)
            alone.range = said
            alone.parts = []
            changes.when = alone
            slots.removeAll { $0.kind == .when }
            slots.append(Slot(kind: .when, ranges: [said], value: s.interval(alone), rule: "date:" + alone.rule))
        }
        // "move my 3pm to 4pm": the reader reads one span 15:00–16:00; a move means from its
        // start to its end.
        if let span = reference.when, changes.when == span, !span.isAllDay,
           body.contains(where: { ["to", "until", "till"].contains(s.word($0)) && s.isInDate($0) }) {
            let (from, to) = fromAndTo(span)
            reference.when = from
            changes.when = to
        }
        if verb == "rebook", changes.when != nil { changes.rebooks = true }
        if s.word(body.lowerBound, isIn: Vocabulary.copyVerbs), changes.when != nil { changes.copies = true }
        return .updateEvent(reference, changes)
    }

    /// A span "A to B" as two moments: A (the event's time now) and B (its new time), each
    /// an hour long as a time with no end is.
    static func fromAndTo(_ span: DateMatch) -> (DateMatch, DateMatch) {
        let first = span.parts.first?.range ?? span.range, last = span.parts.last?.range ?? span.range
        var known = span.known
        known.remove(.end)
        let from = DateMatch(range: first, rule: span.rule + ":from", start: span.start, end: span.start + 3600, grain: span.grain,
                             isAllDay: false, known: known, statedTimeZone: span.statedTimeZone)
        let to = DateMatch(range: last, rule: span.rule + ":to", start: span.end, end: span.end + 3600, grain: span.grain,
                           isAllDay: false, known: known, statedTimeZone: span.statedTimeZone)
        return (from, to)
    }
}

/// Reads what changes: a new time, length, title, calendar, place or people.
enum ChangeReader {
    /// Verbs that move an event by a length said after "by" ("delay lunch by 30 minutes").
    static let shiftVerbs: WordSet = ["push", "delay", "postpone", "move", "shift", "bring", "reschedule"]

    /// Verbs whose bare length is a move later ("push it 15 min").
    static let pushVerbs: Set<String> = ["push", "delay", "postpone", "bump", "bumped", "slide", "shift"]

    /// 1 for a word that adds to a length ("30 minutes longer"), -1 for one that takes off
    /// ("shorter"), nil for any other.
    static func lengthSign(_ word: String) -> Int? {
        switch word {
        case "longer", "more": 1
        case "shorter", "less": -1
        default: nil
        }
    }

    static let extendVerbs: Set<String> = ["extend", "lengthen", "prolong"]
    static let shortenVerbs: Set<String> = ["shorten", "cut", "trim"]
    static let endWords: WordSet = ["end", "ends", "finish", "finishes"]

    /// Words that close a shift after its length ("an hour later", "10 minutes back").
    static let shiftEnds: Set<String> = ["later", "back", "earlier", "forward", "sooner"]

    /// Where a shift starts when the change has no "to" and no date: the length of "back an
    /// hour", "by 30 minutes", "forward 15 minutes", or the word before it.
    static func shiftStart(_ s: Sentence, in range: Range<Int>, used: TokenMask, verb: String = "") -> Int? {
        for i in range where !used[i] && i > range.lowerBound {
            guard let (_, next) = Quantity.minutes(in: s, at: i) else { continue }
            let before = s.word(i - 1), after = s.word(next)
            if ["back", "forward", "by", "later", "earlier"].contains(before) { return i - 1 }
            if shiftEnds.contains(after) { return i }
            // "push the dentist 30 min", "delay lunch for 2 hours".
            if pushVerbs.contains(verb) { return before == "for" ? i - 1 : i }
        }
        return nil
    }

    /// Verbs that move an event somewhere: "to" after them may name a calendar.
    static let moveVerbs: Set<String> = ["move", "put", "switch", "transfer", "shift", "add"]

    /// The one word of `range`, a plain word no reader took (no day, time or number, no
    /// word of the router's), when that is all the change says.
    static func misspeltCalendar(_ s: Sentence, _ range: Range<Int>, used: TokenMask, known: Names) -> Int? {
        let words = range.filter { !s.tokens[$0].isMark && !s.word($0, isIn: Vocabulary.determiners) && !s.word($0, is: "my") }
        guard words.count == 1, let word = words.first, !used[word], s.kind(word) == .word, !s.isInDate(word),
              !Vocabulary.notNames.contains(s.word(word)), !known.calendars.isEmpty else { return nil }
        return word
    }

    /// Verbs of "change it to Ana López", "make it Bob": a person's name after them is the
    /// guest changed.
    static let swapVerbs: Set<String> = ["change", "make", "switch", "swap"]

    /// Verbs after which the rest of the line is a new title, said as is.
    static let renameVerbs: WordSet = ["rename", "renamed", "retitle", "call", "name", "title", "label"]

    static func read(_ s: Sentence, range: Range<Int>, used: TokenMask, verb: String, known: Names, slots: inout [Slot]) -> EventChanges {
        var changes = EventChanges()
        guard !range.isEmpty else { return changes }
        // "rename the standup to Daily sync": the new title is taken word for word, dates and all.
        if renameVerbs.contains(verb) {
            let title = literalTitle(s, range)
            if !title.isEmpty {
                changes.title = title
                slots.append(s.slot(.name, range, value: title, rule: "new-title"))
            }
            return changes
        }
        // "to Work" / "to my Personal calendar" after "move": the calendar, not a title.
        var used = used
        if range.lowerBound > 0, s.word(range.lowerBound - 1) == "to" { used[range.lowerBound - 1] = false }
        let from = range.lowerBound > 0 && s.word(range.lowerBound - 1) == "to" ? range.lowerBound - 1 : range.lowerBound
        var details = EventDetails(s, range: from..<range.upperBound, known: known, used: consume used)
        slots += details.slots
        changes.when = details.when(in: s)
        // "make it 30 minutes earlier": the reader reads a time counted from now; an edit
        // means a move of the event by that much.
        if let d = details.dates.first, let first = (range.lowerBound..<s.body.upperBound).first(where: { s.tokens[$0].date == d }),
           let (minutes, next) = Quantity.minutes(in: s, at: first), s.tokens[min(next, s.count - 1)].date == d,
           ["earlier", "later", "sooner", "before", "after"].contains(s.word(next)) {
            changes.when = nil
            changes.shiftMinutes = ["earlier", "sooner", "before"].contains(s.word(next)) ? -minutes : minutes
            slots.removeAll { $0.kind == .when && $0.ranges.first == s.dates[d].range }
            slots.append(s.slot(.duration, first..<(next + 1), value: String(changes.shiftMinutes!), rule: "shift"))
        }
        changes.calendar = details.calendar
        changes.location = details.location
        changes.addAttendees = details.attendees
        // "make it with Bob instead": the people said take the guests' places.
        if !details.attendees.isEmpty, s.has(FollowUps.insteadWord) { changes.replacesAttendees = true }
        changes.durationMinutes = details.durationMinutes
        // "30 minutes longer", "15 minutes shorter": the length read is a change of it.
        if let minutes = details.durationMinutes,
           let (i, next) = range.lazy.compactMap({ i in Quantity.minutes(in: s, at: i).map { (i, $0.next) } }).first(where: { $0.1 < s.count }),
           let sign = Self.lengthSign(s.word(next)) {
            changes.durationMinutes = nil
            changes.lengthenMinutes = sign * minutes
            slots.removeAll { $0.kind == .duration && $0.value == String(minutes) }
            slots.append(s.slot(.duration, i..<(next + 1), value: String(changes.lengthenMinutes!), rule: "lengthen"))
            details.used[next] = true
        }
        changes.reminderMinutes = details.reminderMinutes.isEmpty ? nil : details.reminderMinutes
        changes.recurrence = details.dates.lazy.compactMap { s.dates[$0].recurrence }.first
        // "make it weekly" names no day: the event keeps its date and only repeats.
        if let when = changes.when, let rule = when.recurrence, !rule.contains("BY"), !when.known.contains(.time) {
            changes.when = nil
        }
        // Only "all day" said makes an event all-day; "move it to Friday" keeps its time.
        if details.slots.contains(where: { $0.kind == .allDay }) { changes.makesAllDay = true }
        // "make it end at 1pm", "finish at 5": the end moves, the start stays.
        if let when = changes.when, when.known.contains(.time), !when.known.contains(.end),
           s.word(range.lowerBound, isIn: Self.endWords) || s.word(range.lowerBound - 1, isIn: Self.endWords) {
            changes.newEnd = when
            changes.when = nil
            if let at = slots.lastIndex(where: { $0.kind == .when && $0.ranges.first == when.range }) { slots[at].rule = "new-end:" + when.rule }
        }
        // "an hour later", "back 30 minutes", "15 minutes earlier".
        for i in range where !details.used[i] {
            if let (minutes, next) = Quantity.minutes(in: s, at: i) {
                let before = i > 0 ? s.word(i - 1) : ""
                let after = s.word(next)
                // "30 minutes longer", "15 minutes shorter", "extend it by an hour": the length
                // changed by that much, not made that long.
                let byVerb = before == "by" || after != "long"
                let said = Self.lengthSign(after)
                if let sign = said ?? (Self.extendVerbs.contains(verb) && byVerb ? 1 : Self.shortenVerbs.contains(verb) && byVerb ? -1 : nil),
                   before != "to", before != "for" {
                    changes.lengthenMinutes = sign * minutes
                    let end = min(next + (said != nil ? 1 : 0), range.upperBound)
                    slots.append(s.slot(.duration, i..<end, value: String(changes.lengthenMinutes!), rule: "lengthen"))
                    for k in max(range.lowerBound, i - 1)..<end { details.used[k] = true }
                    break
                }
                if ["later", "back"].contains(after) || before == "back" || before == "later" {
                    changes.shiftMinutes = minutes
                } else if before == "by", Self.shiftVerbs.contains(verb) || s.word(i - 2, is: "back") {
                    // "delay lunch by 30 minutes", "bring the call forward by an hour".
                    let earlier = (s.body.lowerBound..<i).contains { ["forward", "earlier", "up", "sooner"].contains(s.word($0)) }
                    changes.shiftMinutes = earlier ? -minutes : minutes
                } else if ["earlier", "forward", "sooner"].contains(after) || before == "forward" || before == "earlier" {
                    changes.shiftMinutes = -minutes
                } else if changes.durationMinutes == nil, changes.when == nil, ["make", "change", "extend", "shorten", "set"].contains(verb) || after == "long" {
                    changes.durationMinutes = minutes
                    slots.append(s.slot(.duration, i..<next, value: String(minutes), rule: "duration:make"))
                    for k in i..<next { details.used[k] = true }
                    continue
                } else {
                    continue
                }
                let end = min(next + (shiftEnds.contains(after) ? 1 : 0), range.upperBound)
                slots.append(s.slot(.duration, i..<end, value: String(changes.shiftMinutes!), rule: "shift"))
                for k in max(range.lowerBound, i - 1)..<end { details.used[k] = true }
                break
            }
        }
        // "push it 15 min", "delay lunch for 2 hours": a length after a verb that pushes is
        // how far, not how long ("make it 30 minutes" stays a length).
        if changes.shiftMinutes == nil, changes.when == nil, let minutes = changes.durationMinutes, Self.pushVerbs.contains(verb) {
            changes.durationMinutes = nil
            changes.shiftMinutes = minutes
            if let at = slots.lastIndex(where: { $0.kind == .duration && $0.value == String(minutes) }) { slots[at].rule = "shift" }
        }
        // "move yoga to wrk": a word alone after "to" that no reader took, close to the name of
        // a calendar, is that calendar misspelt (asked: "Did you mean 'Work'?"), not a
        // request with no change in it.
        let calendarPrepositions: WordSet = ["to", "on", "onto", "into"]
        let saidFrom = s.word(range.lowerBound, isIn: calendarPrepositions) ? range.lowerBound + 1 : range.lowerBound
        if changes == EventChanges(), moveVerbs.contains(verb), s.word(saidFrom - 1, isIn: calendarPrepositions), saidFrom < range.upperBound,
           let word = Self.misspeltCalendar(s, saidFrom..<range.upperBound, used: details.used, known: known) {
            let said = String(s.text(of: word..<(word + 1)))
            if let closest = Spelling.closest(to: said, in: known.calendars) {
                changes.calendar = CalendarMention(said: said, closest: closest)
                slots.append(s.slot(.calendar, (saidFrom - 1)..<(word + 1), value: said, rule: "calendar:close"))
                return changes
            }
            // "move it to family", "put it on school" with no such calendar yet: a usual
            // calendar's name is that calendar (said to be missing), not a change with none.
            if Vocabulary.usualCalendarNames.contains(s.word(word)) {
                changes.calendar = CalendarMention(said: said)
                slots.append(s.slot(.calendar, (saidFrom - 1)..<(word + 1), value: said, rule: "calendar:usual-name"))
                return changes
            }
        }
        // "change the lunch to thursday same time", "move it to friday at the same time": the
        // event's own time, which a day moved keeps; no name.
        for i in range where !details.used[i] && s.word(i) == "same" && s.word(i + 1) == "time" && !s.isInDate(i) {
            var first = i
            if first > range.lowerBound, s.word(first - 1) == "the" { first -= 1 }
            if first > range.lowerBound, s.word(first - 1) == "at" { first -= 1 }
            for k in first...(i + 1) { details.used[k] = true }
        }
        // "change it to ana lopez", "make it Bob": words left that are all a person the backend
        // knows (a contact, a guest of the card on screen) change the guest, not the title.
        if Self.swapVerbs.contains(verb), changes == EventChanges() {
            let (title, pieces) = Title.build(s, range: range, used: details.used)
            let words = pieces.flatMap { Array($0) }
            if !title.isEmpty, pieces.count == 1, (1...3).contains(words.count),
               words.allSatisfy({ s.kind($0) == .word && !s.isInDate($0) && known.contactWords.contains(s.word($0)) }) {
                let name = String(s.text(of: pieces[0]))
                changes.addAttendees = [Attendee(name: name)]
                changes.replacesAttendees = true
                slots.append(s.slot(.attendee, pieces: pieces, value: name, rule: "swap-in"))
                return changes
            }
        }
        // Whatever words are left are a new title ("rename it to Team lunch", "call it Standup");
        // after "change" a bare number is an hour, not a name ("change it to 4").
        if ["rename", "renamed", "call", "name", "title", "retitle", "change"].contains(verb) || s.first(in: ["title", "name", "rename"]) != nil {
            let (title, pieces) = Title.build(s, range: range, used: details.used)
            if verb == "change", pieces.count == 1, pieces[0].count == 1, s.kind(pieces[0].lowerBound) == .number { return changes }
            if !title.isEmpty {
                changes.title = title
                slots.append(s.slot(.name, pieces: pieces, value: title, rule: "new-title"))
            }
        }
        return changes
    }
}

extension ChangeReader {
    /// The words of `range` as typed, without quotes and end marks, first letter capitalised.
    static func literalTitle(_ s: Sentence, _ range: Range<Int>) -> String {
        var end = range.upperBound
        while end > range.lowerBound, s.tokens[end - 1].isMark,
              !Title.closesBracket((range.lowerBound..<(end - 1)).map { s.word($0) }, s.word(end - 1)) { end -= 1 }
        guard end > range.lowerBound else { return "" }
        return Title.capitalized(FilePhrases.unquoted(s.text(of: range.lowerBound..<end)))
    }
}

extension Sentence {
    /// A used-mask where everything outside the body (wake words, politeness) is taken.
    var usedOutsideBody: TokenMask {
        let body = self.body
        var used = TokenMask(count: tokens.count)
        for i in 0..<tokens.count where !body.contains(i) { used[i] = true }
        return used
    }
}
