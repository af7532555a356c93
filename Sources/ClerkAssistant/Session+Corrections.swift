import ClerkCore
import ClerkLanguage
import FoundationEssentials

/// A correction of the day or time of the line just answered ("what's on the 14th", then "no
/// i meant the 15th"; "cancel the standup on the 14th", asked about, then "sorry, the 15th"):
/// the request made again with the day said, not a change of an event on screen.
extension Session {
    /// The day or time a correction says alone ("no i meant the 15th", "sorry, thursday",
    /// "actually make that 3pm"), as the router reads it: a change of what is on screen. Nil
    /// for any other line.
    static func correctionAlone(_ understood: Understanding) -> DateMatch? {
        guard understood.rule == "follow-up:correction", case .updateEvent(let which, let changes) = understood.intent, which.isLastShown,
              let when = changes.when, when.recurrence == nil else { return nil }
        return when
    }

    /// The person a correction names alone ("not bob, carla", "no i meant carla"), as the
    /// router reads it: the guests of what is on screen replaced. Nil for any other line.
    static func correctionPerson(_ understood: Understanding) -> String? {
        guard understood.rule == "follow-up:correction", case .updateEvent(let which, let changes) = understood.intent, which.isLastShown,
              changes.when == nil, changes.replacesAttendees, changes.addAttendees.count == 1 else { return nil }
        return changes.addAttendees[0].name
    }

    /// `intent` asked again with `when` in place of the day or time it was asked with; nil
    /// when it said none that `when` can stand for.
    func correcting(_ intent: Intent, with when: DateMatch) -> Intent? {
        let zone = context.zone
        func replaced(_ before: DateMatch) -> DateMatch {
            var after = Self.movedToDay(before, of: when, zone: zone) ?? Self.onDay(of: before, when, zone: zone)
            after.range = when.range
            return after
        }
        switch intent {
        case .queryAgenda(let query):
            guard query.when != nil else { return nil }
            return .queryAgenda(Self.asked(query, again: when, zone: zone))
        case .deleteEvent(var which):
            guard let before = which.when else { return nil }
            which.when = replaced(before)
            return .deleteEvent(which)
        case .updateEvent(var which, var changes):
            // "move lunch to friday", then "no, saturday": where it goes; "move the standup on
            // the 14th to 10", then "no, the 15th": which one.
            let saysDay = when.known.contains(.date)
            if let target = changes.when, target.known.contains(saysDay ? .date : .time) {
                changes.when = replaced(target)
            } else if let before = which.when {
                which.when = replaced(before)
            } else {
                return nil
            }
            return .updateEvent(which, changes)
        case .createEvent(var request):
            guard let before = request.when else { return nil }
            request.when = replaced(before)
            return .createEvent(request)
        default:
            return nil
        }
    }

    /// The request that asked the open question made again with the day or time `text`
    /// corrects it to; nil when `text` is no such correction or the request said no day.
    func correctedRequest(_ asked: Intent, _ text: String, _ understood: Understanding) -> Reply? {
        guard let when = Self.correctionAlone(understood), let again = correcting(asked, with: when) else { return nil }
        return handle(Understanding(text: text, intent: again, rule: "corrected-request"))
    }
}
