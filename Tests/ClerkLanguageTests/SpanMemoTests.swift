@testable import ClerkLanguage
import Testing

/// The existence checks' walks kept for the resolver (`SpanMemo`): an answer is given only for
/// the same expression and the same now, and the last `room` are kept.
@Suite struct SpanMemoTests {
    @Test func givesBackWhatWasWalkedForTheSameExpressionAndNowOnly() {
        let room = UnsafeMutableRawPointer.allocate(byteCount: SpanMemo.bytes, alignment: 8)
        defer { room.deallocate() }
        var memo = SpanMemo(room: room)
        defer { memo.empty() }
        let friday13 = TimeExpression.intersect(.dayOfMonth(13), .weekday(5))
        let series = Series(now: 1_000_000)
        let next = series.next(friday13, endingAfter: series.now)
        memo.remember(friday13, now: series.now, next: next)
        #expect(memo.next(of: friday13, now: series.now) == .some(next))
        #expect(memo.next(of: friday13, now: series.now + 1) == nil)
        #expect(memo.next(of: .intersect(.dayOfMonth(13), .weekday(1)), now: series.now) == nil)
        // A walk that found nothing is remembered as such.
        memo.remember(.monthDay(month: 2, day: 30), now: series.now, next: nil)
        #expect(memo.next(of: .monthDay(month: 2, day: 30), now: series.now) == .some(nil))
    }

    @Test func keepsTheLastWalks() {
        let room = UnsafeMutableRawPointer.allocate(byteCount: SpanMemo.bytes, alignment: 8)
        defer { room.deallocate() }
        var memo = SpanMemo(room: room)
        defer { memo.empty() }
        for day in 1...(SpanMemo.room + 2) { memo.remember(.dayOfMonth(day), now: 0, next: Span(day, day + 1)) }
        #expect(memo.next(of: .dayOfMonth(1), now: 0) == nil)
        #expect(memo.next(of: .dayOfMonth(2), now: 0) == nil)
        for day in 3...(SpanMemo.room + 2) { #expect(memo.next(of: .dayOfMonth(day), now: 0) == .some(Span(day, day + 1))) }
    }

    /// A series that remembers answers as one that does not, for expressions the check walks,
    /// refuses without a walk, and walks afresh.
    @Test func aSeriesWithTheMemoAnswersAsOneWithout() {
        let memo = UnsafeMutablePointer<SpanMemo>.allocate(capacity: 1)
        let room = UnsafeMutableRawPointer.allocate(byteCount: SpanMemo.bytes, alignment: 8)
        memo.initialize(to: SpanMemo(room: room))
        defer { memo.pointee.empty(); memo.deinitialize(count: 1); memo.deallocate(); room.deallocate() }
        let plain = Series(now: 1_796_025_600)
        let remembering = Series(now: plain.now, spans: memo)
        let expressions: [TimeExpression] = [.intersect(.dayOfMonth(13), .weekday(5)), .intersect(.month(2), .dayOfMonth(30)),
                                             .range(.weekday(1), .weekday(5), inclusive: true), .weekday(3)]
        for e in expressions {
            #expect(remembering.exists(e) == plain.exists(e))
            #expect(remembering.nextFromNow(e) == plain.next(e, endingAfter: plain.now))
        }
    }
}
