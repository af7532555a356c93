import ClerkCore
import Foundation
import Testing

/// `clerk parse` as the evaluation scripts and people use it: the intent and slots of each
/// phrase, in DESIGN.md's `--jsonl` contract and in the explanation.
@Suite struct ParseIntentTests {
    static let contractFields = ["id", "intent", "title", "start", "end", "allDay", "grain", "calendar", "attendees",
                                 "location", "recurrence", "range", "contact", "file"]

    /// The contract's members of one answer line, in order, serialized.
    func contract(_ line: Substring) throws -> String {
        let object = try JSONValue.parse(String(line))
        let members = try #require(object.objectValue)
        #expect(Array(members.map(\.0).prefix(Self.contractFields.count)) == Self.contractFields)
        return JSONValue.object(members.filter { Self.contractFields.contains($0.0) }).serialized()
    }

    @Test func jsonLinesFillEveryContractField() throws {
        let requests = [
            #"{"id": "create", "text": "lunch with Ana tomorrow at 13:00 on Work", "now": "2026-11-30T09:00:00", "tz": "Europe/Madrid"}"#,
            #"{"id": "agenda", "text": "what's on this week", "now": "2026-11-30T09:00:00", "tz": "Europe/Madrid"}"#,
            #"{"id": "contact", "text": "what's Ana's email", "now": "2026-11-30T09:00:00", "tz": "Europe/Madrid"}"#,
            #"{"id": "file", "text": "append call plumber to todo.txt", "now": "2026-11-30T09:00:00", "tz": "Europe/Madrid"}"#,
            #"{"id": "date", "text": "on friday", "now": "2026-11-30T09:00:00", "tz": "Europe/Madrid"}"#,
            #"{"id": "oos", "text": "set an alarm for 7", "now": "2026-11-30T09:00:00", "tz": "Europe/Madrid"}"#,
        ]
        let result = try ClerkBinary.run(["parse", "--jsonl"], input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == 6)
        #expect(try contract(lines[0]) == #"{"id":"create","intent":"create_event","title":"Lunch with Ana","start":"2026-12-01T13:00:00","end":"2026-12-01T14:00:00","allDay":false,"grain":"minute","calendar":"Work","attendees":[{"name":"Ana","email":null}],"location":null,"recurrence":null,"range":null,"contact":null,"file":null}"#)
        #expect(try contract(lines[1]) == #"{"id":"agenda","intent":"query_agenda","title":null,"start":"2026-11-30T00:00:00","end":"2026-12-07T00:00:00","allDay":true,"grain":"week","calendar":null,"attendees":[],"location":null,"recurrence":null,"range":{"start":"2026-11-30T00:00:00","end":"2026-12-07T00:00:00"},"contact":null,"file":null}"#)
        #expect(try contract(lines[2]) == #"{"id":"contact","intent":"contact_lookup","title":null,"start":null,"end":null,"allDay":null,"grain":null,"calendar":null,"attendees":[],"location":null,"recurrence":null,"range":null,"contact":"Ana","file":null}"#)
        #expect(try contract(lines[3]) == #"{"id":"file","intent":"file_write","title":null,"start":null,"end":null,"allDay":null,"grain":null,"calendar":null,"attendees":[],"location":null,"recurrence":null,"range":null,"contact":null,"file":"todo.txt"}"#)
        #expect(try contract(lines[4]) == #"{"id":"date","intent":"query_agenda","title":null,"start":"2026-12-04T00:00:00","end":"2026-12-05T00:00:00","allDay":true,"grain":"day","calendar":null,"attendees":[],"location":null,"recurrence":null,"range":{"start":"2026-12-04T00:00:00","end":"2026-12-05T00:00:00"},"contact":null,"file":null}"#)
        #expect(try contract(lines[5]).hasPrefix(#"{"id":"oos","intent":"out_of_scope","title":null,"#))
    }

    @Test func jsonLinesShowEachSlotWithItsWords() throws {
        let request = #"{"id": 7, "text": "cancel lunch with Ana tomorrow", "now": "2026-11-30T09:00:00", "tz": "Europe/Madrid"}"#
        let result = try ClerkBinary.run(["parse", "--jsonl"], input: request + "\n")
        let object = try JSONValue.parse(result.stdout)
        #expect(object["rule"] == .string("delete-verb"))
        #expect(object["slots"]?.serialized() == #"[{"kind":"command","value":"cancel","text":["cancel"],"rule":"delete-verb"},{"kind":"words","value":"lunch","text":["lunch"],"rule":"remaining-words"},{"kind":"attendee","value":"Ana","text":["Ana"],"rule":"with-person"},{"kind":"when","value":"2026-12-01T00:00/2026-12-02T00:00","text":["tomorrow"],"rule":"date:tomorrow"}]"#)
    }

    @Test func theExplanationShowsIntentSlotsAndDates() throws {
        let result = try ClerkBinary.run(["parse", "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid", "remind me to water the plants on Sunday at 6pm"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            remind me to water the plants on Sunday at 6pm → Sun 6 Dec 2026, 18:00–19:00 Europe/Madrid · "on Sunday" date · "at 6pm" time · 1 h assumed
              intent    create_event (remind)
              command   remind me to ← "remind me to" (remind)
              title     Water the plants ← "water the plants" (remaining-words)

            """)
    }

    @Test func theExplanationOfAnUnknownLineSuggestsTheCommand() throws {
        let result = try ClerkBinary.run(["parse", "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid", "calendras"])
        #expect(result.stdout == """
            calendras → no date or time found
              intent    out_of_scope (misspelt-command)
              did you mean "calendars"?

            """)
    }

    @Test func theExplanationShowsMisspeltWordsReadAsTheWordMeant() throws {
        let result = try ClerkBinary.run(["parse", "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid", "delte notes.txt"])
        #expect(result.stdout == """
            delte notes.txt → no date or time found
              intent    file_delete (file:delete)
              read      "delte" as delete
              command   delte ← "delte" (file:delete)
              file      notes.txt ← "notes.txt" (file-name)

            """)
        let dated = try ClerkBinary.run(["parse", "--now", "2026-11-30T09:00", "--tz", "Europe/Madrid", "fridya 3pm"])
        #expect(dated.stdout.hasPrefix("""
            fridya 3pm → Fri 4 Dec 2026, 15:00–16:00 Europe/Madrid · "fridya" date · "3pm" time · "fridya" read as friday · 1 h assumed
            """))
    }
}
