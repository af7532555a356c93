/// The UTC offsets of one zone as a TZif file of the tz database holds them (RFC 8536):
/// the transitions of its history, and for instants after the last one the POSIX TZ rule of
/// the file's footer ("CET-1CEST,M3.5.0,M10.5.0/3").
///
/// Read by clerk itself rather than asked of Foundation's `TimeZone`, whose ICU maps several
/// MiB of pages into a process that only wants an offset (BENCHMARKS.md, "Zones").
struct ZoneInfo: Sendable, Equatable {
    /// Instants (UTC seconds) at which the offset changes, ascending.
    let transitions: [Int]
    /// The offset (seconds east of UTC) in force from `transitions[i]` on.
    let offsets: [Int]
    /// The offset before the first transition (the file's time type 0).
    let initialOffset: Int
    /// The rule after the last transition, when the file has one.
    let rule: PosixRule?

    /// Seconds east of UTC at the instant `t` (UTC seconds).
    func offset(at t: Int) -> Int {
        guard let last = transitions.last else { return rule?.offset(at: t) ?? initialOffset }
        if t >= last, let rule { return rule.offset(at: t) }
        guard t >= transitions[0] else { return initialOffset }
        // The last transition at or before t.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if transitions[middle] <= t { low = middle } else { high = middle - 1 }
        }
        return offsets[low]
    }

    /// Reads a TZif file (versions 1–4): the 64-bit block of version 2 and later, else the
    /// 32-bit one. Nil for anything malformed or truncated — counts are bounded by the file's
    /// length before they are multiplied — and for files with leap seconds ("right/" zones),
    /// whose times are not POSIX seconds.
    static func parse(_ bytes: [UInt8]) -> ZoneInfo? {
        var reader = ByteReader(bytes: bytes)
        guard let first = reader.header() else { return nil }
        guard first.version != 0 else { return reader.block(first, timeSize: 4, footer: false) }
        guard reader.skip(first.blockLength(timeSize: 4)), let second = reader.header(), second.version != 0 else { return nil }
        return reader.block(second, timeSize: 8, footer: true)
    }
}

/// A TZif header: the version byte and the six counts.
private struct TZifHeader {
    var version: UInt8
    var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

    /// Bytes of the data block after this header; the counts are at most the file's length,
    /// so the sum cannot overflow.
    func blockLength(timeSize: Int) -> Int {
        timeCount * timeSize + timeCount + typeCount * 6 + characterCount
            + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
    }
}

/// Big-endian reads that fail instead of running off the end.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var remaining: Int { bytes.count - position }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        position += count
        return true
    }

    mutating func byte() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// A signed big-endian integer of `size` bytes (4 or 8).
    mutating func signed(_ size: Int) -> Int? {
        guard remaining >= size else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[position + i]) }
        position += size
        return size == 4 ? Int(Int32(truncatingIfNeeded: value)) : Int(Int64(bitPattern: value))
    }

    mutating func header() -> TZifHeader? {
        guard remaining >= 44, bytes[position..<position + 4].elementsEqual("TZif".utf8) else { return nil }
        let version = bytes[position + 4]
        guard version == 0 || (UInt8(ascii: "2")...UInt8(ascii: "4")).contains(version) else { return nil }
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = signed(4), count >= 0, count <= bytes.count else { return nil }
            counts.append(count)
        }
        return TZifHeader(version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                          timeCount: counts[3], typeCount: counts[4], characterCount: counts[5])
    }

    /// The data block after `header`, with the footer's rule when `footer` (version 2+).
    mutating func block(_ header: TZifHeader, timeSize: Int, footer: Bool) -> ZoneInfo? {
        let h = header
        guard h.typeCount >= 1, h.characterCount >= 1, h.leapCount == 0,
              h.isStandardCount == 0 || h.isStandardCount == h.typeCount,
              h.isUTCCount == 0 || h.isUTCCount == h.typeCount,
              h.blockLength(timeSize: timeSize) <= remaining
        else { return nil }
        var times: [Int] = []
        times.reserveCapacity(h.timeCount)
        for _ in 0..<h.timeCount {
            guard let t = signed(timeSize), times.last.map({ $0 < t }) ?? true else { return nil }
            times.append(t)
        }
        var typeIndexes: [Int] = []
        typeIndexes.reserveCapacity(h.timeCount)
        for _ in 0..<h.timeCount {
            guard let index = byte(), Int(index) < h.typeCount else { return nil }
            typeIndexes.append(Int(index))
        }
        var typeOffsets: [Int] = []
        for _ in 0..<h.typeCount {
            // RFC 8536 §3.2: utoff is in -89999...93599 (under 25 and 26 hours).
            guard let offset = signed(4), (-89_999...93_599).contains(offset),
                  let isDST = byte(), isDST <= 1, let abbreviation = byte(), Int(abbreviation) < h.characterCount
            else { return nil }
            typeOffsets.append(offset)
        }
        guard skip(h.characterCount + h.isStandardCount + h.isUTCCount) else { return nil }
        var rule: PosixRule?
        if footer {
            guard byte() == UInt8(ascii: "\n"), let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let text = bytes[position..<end]
            position = end + 1
            if !text.isEmpty {
                guard let parsed = PosixRule(Array(text)) else { return nil }
                rule = parsed
            }
        }
        return ZoneInfo(transitions: times, offsets: typeIndexes.map { typeOffsets[$0] },
                        initialOffset: typeOffsets[0], rule: rule)
    }
}

/// A POSIX TZ rule as TZif footers write it (RFC 8536 §3.3, with version 3's extensions):
/// `std offset [dst [offset] ,start[/time],end[/time]]`, offsets west of UTC ("CET-1" is an
/// hour east), dates as `Jn` (1–365, February 29 never counted), `n` (0–365) or `Mm.w.d`
/// (the d-th weekday, Sunday 0, of week w, 5 the last, of month m), times from −167 to 167
/// hours, 02:00 when left out.
struct PosixRule: Sendable, Equatable {
    /// Seconds east of UTC outside daylight-saving time.
    let standard: Int
    let daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        /// Seconds east of UTC during daylight-saving time.
        let offset: Int
        /// When it starts (on the standard clock) and ends (on the daylight clock).
        let start: Change
        let end: Change
    }

    struct Change: Sendable, Equatable {
        let day: Day
        /// Seconds after the day's midnight on the clock then in force.
        let time: Int
    }

    enum Day: Sendable, Equatable {
        case julianNoLeap(Int)
        case zeroBased(Int)
        case monthWeek(month: Int, week: Int, weekday: Int)
    }

    /// Seconds east of UTC at the instant `t`: the later of the changes at or before `t`
    /// among those of the year `t` falls in and the years either side (a change's time may
    /// move it up to a week into a neighbouring year).
    func offset(at t: Int) -> Int {
        guard let daylight else { return standard }
        // Held within ±100,000 years, far inside what the day arithmetic can count.
        let t = min(max(t, -3_155_760_000_000), 3_155_760_000_000)
        let year = CivilCalendar.date(dayNumber: CivilCalendar.floorDivide(t, CivilCalendar.secondsPerDay)).year
        var latest: (time: Int, isDaylight: Bool)?
        for y in (year - 1)...(year + 1) {
            let starts = daylight.start.wallSeconds(in: y) - standard
            let ends = daylight.end.wallSeconds(in: y) - daylight.offset
            // At the same instant a start wins over an end (daylight time all year round).
            for (time, isDaylight) in [(ends, false), (starts, true)] where time <= t {
                if let l = latest, time < l.time || (time == l.time && !isDaylight) { continue }
                latest = (time, isDaylight)
            }
        }
        return latest?.isDaylight == true ? daylight.offset : standard
    }

    /// Reads the rule; nil when it is not one.
    init?(_ text: [UInt8]) {
        var p = RuleParser(text: text)
        guard p.name(), let standardWest = p.offset(maxHours: 24) else { return nil }
        standard = -standardWest
        if p.atEnd {
            daylight = nil
            return
        }
        guard p.name() else { return nil }
        var daylightOffset = standard + 3600
        if !p.peek(",") {
            guard let west = p.offset(maxHours: 24) else { return nil }
            daylightOffset = -west
        }
        // A daylight name with no dates: POSIX leaves the dates to the implementation, and
        // zic always writes them, so such a footer is not one of the tz database's.
        guard p.take(","), let start = p.change(), p.take(","), let end = p.change(), p.atEnd else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }
}

extension PosixRule.Change {
    /// The change in `year` as seconds since 1970 on the clock in force before it.
    func wallSeconds(in year: Int) -> Int {
        let january1 = CivilCalendar.dayNumber(year: year, month: 1, day: 1)
        let dayNumber: Int
        switch day {
        case .julianNoLeap(let n):
            dayNumber = january1 + n - 1 + (CivilCalendar.isLeap(year) && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            dayNumber = january1 + n
        case .monthWeek(let month, let week, let weekday):
            let first = CivilCalendar.dayNumber(year: year, month: month, day: 1)
            let firstWeekday = CivilCalendar.isoWeekday(dayNumber: first) % 7 // Sunday 0
            var day = first + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
            while day >= first + CivilCalendar.daysIn(month: month, year: year) { day -= 7 }
            dayNumber = day
        }
        return dayNumber * CivilCalendar.secondsPerDay + time
    }
}

/// The pieces of a POSIX TZ rule, read left to right.
private struct RuleParser {
    let text: [UInt8]
    var i = 0

    var atEnd: Bool { i == text.count }

    func peek(_ c: Character) -> Bool { i < text.count && text[i] == c.asciiValue }

    mutating func take(_ c: Character) -> Bool {
        guard peek(c) else { return false }
        i += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or `<…>` of letters, digits, `+` and `-`.
    mutating func name() -> Bool {
        let start = i
        if take("<") {
            while i < text.count, isAlphanumeric(text[i]) || text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            guard i - start - 1 >= 3, take(">") else { return false }
            return true
        }
        while i < text.count, isLetter(text[i]) { i += 1 }
        return i - start >= 3
    }

    /// A number of up to three digits within `range`.
    mutating func number(_ range: ClosedRange<Int>) -> Int? {
        var value = 0, digits = 0
        while i < text.count, digits < 3, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[i]) {
            value = value * 10 + Int(text[i] - UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        return digits > 0 && range.contains(value) ? value : nil
    }

    /// `[+|-]hh[:mm[:ss]]` in seconds, hours at most `maxHours`.
    mutating func offset(maxHours: Int) -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(0...maxHours) else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(0...59) else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let s = number(0...59) else { return nil }
                seconds += s
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then `/time` (02:00 when left out).
    mutating func change() -> PosixRule.Change? {
        let day: PosixRule.Day
        if take("J") {
            guard let n = number(1...365) else { return nil }
            day = .julianNoLeap(n)
        } else if take("M") {
            guard let month = number(1...12), take("."), let week = number(1...5), take("."), let weekday = number(0...6) else { return nil }
            day = .monthWeek(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(0...365) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let t = offset(maxHours: 167) else { return nil }
            time = t
        }
        return PosixRule.Change(day: day, time: time)
    }

    private func isLetter(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    private func isAlphanumeric(_ c: UInt8) -> Bool {
        isLetter(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
    }
}
