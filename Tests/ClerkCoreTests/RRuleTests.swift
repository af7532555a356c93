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
}
