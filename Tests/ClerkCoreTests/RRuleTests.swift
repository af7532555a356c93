import ClerkCore
import Testing

/// The one reader of RRULE text: parts in the order written, changes written back in place.
@Suite struct RRuleTests {
    @Test func readsThePartsOfARule() {
        let rule = RRule("RRULE:freq=weekly;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261231T225959Z")
        #expect(rule.frequency == "WEEKLY")
        #expect(rule.interval == 2)
        #expect(rule.count == nil)
        #expect(rule.until == "20261231T225959Z")
        #expect(rule.list("BYDAY") == ["MO", "WE"])
        #expect(rule.list("BYMONTH") == [])
        #expect(rule["byday"] == nil)  // keys are asked for upper-case
        #expect(rule.isWellFormed)
        #expect(!rule.skipsAPart)
        #expect(RRule("FREQ=DAILY").interval == 1)
        #expect(RRule("FREQ=DAILY;COUNT=3;COUNT=5").count == 5)
    }

    @Test func saysWhatIsMissingOrSkipped() {
        #expect(!RRule("FREQ=").isWellFormed)
        #expect(!RRule("FREQ=DAILY;=3").isWellFormed)
        #expect(!RRule("FREQ=DAILY;COUNT").isWellFormed)
        #expect(RRule("FREQ=DAILY;COUNT").count == nil)
        #expect(RRule("FREQ=DAILY;;COUNT=3").skipsAPart)
        #expect(RRule(";FREQ=DAILY").skipsAPart)
        #expect(!RRule("FREQ=DAILY;COUNT=3;").skipsAPart)
        #expect(RRule("FREQ=DAILY;;COUNT=3").text == "FREQ=DAILY;COUNT=3")
        #expect(RRule("").parts.isEmpty)
    }

    @Test func writesChangesWhereThePartsWere() {
        var rule = RRule("RRULE:FREQ=WEEKLY;COUNT=10;byday=MO;WKST=SU")
        rule.set("COUNT", "4")
        rule.set("BYDAY", "TU")
        #expect(rule.line == "RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=TU;WKST=SU")
        rule.remove("COUNT")
        rule.set("UNTIL", "20270101")
        #expect(rule.text == "FREQ=WEEKLY;BYDAY=TU;WKST=SU;UNTIL=20270101")
        rule.remove("UNTIL")
        rule.remove("UNTIL")
        #expect(rule.text == "FREQ=WEEKLY;BYDAY=TU;WKST=SU")
    }

    /// Recurrence lines in upper case but for a TZID's value (RFC 5545 reads them whatever
    /// their case; Google keeps a client's as sent).
    @Test(arguments: [
        ("rrule:freq=weekly;byday=mo", "RRULE:FREQ=WEEKLY;BYDAY=MO"),
        ("RRULE:Freq=Weekly;ByDay=We;Until=20261210t000000z", "RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20261210T000000Z"),
        ("exdate;tzid=America/New_York:20261214t100000", "EXDATE;TZID=America/New_York:20261214T100000"),
        ("rdate;value=date:20261225", "RDATE;VALUE=DATE:20261225"),
        ("EXDATE;TZID=\"Odd:Zone\":20261214T100000", "EXDATE;TZID=\"Odd:Zone\":20261214T100000"),
        ("RRULE:FREQ=DAILY", "RRULE:FREQ=DAILY"),
        ("no colon", "no colon"),
    ])
    func writesALineInUpperCase(line: String, expected: String) {
        #expect(RRule.canonicalLine(line) == expected)
    }
}
