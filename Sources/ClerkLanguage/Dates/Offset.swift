internal import ClerkCore

/// An amount of time as people say it: "3 months" stays calendar months, "90 minutes" stays
/// seconds, so that "in 3 months" lands on the same day of a later month.
struct Offset: Hashable, Sendable {
    var months = 0
    var days = 0
    var seconds = 0
    /// The unit the person used ("2 weeks" → week); decides the grain of "in 2 weeks".
    var unit: Grain = .second

    static func of(_ amount: Double, _ unit: Grain) -> Offset {
        // The rules pass amounts below `DateRules.amountLimit`; held there anyway, so that no
        // product below can overflow whatever reaches here.
        let amount = amount.isFinite ? min(max(amount, -DateRules.amountLimit), DateRules.amountLimit) : 0
        let whole = Int(amount)
        let isWhole = Double(whole) == amount
        switch unit {
        case .year where isWhole: return Offset(months: 12 * whole, unit: unit)
        case .quarter where isWhole: return Offset(months: 3 * whole, unit: unit)
        case .month where isWhole: return Offset(months: whole, unit: unit)
        case .week where isWhole: return Offset(days: 7 * whole, unit: unit)
        case .day where isWhole: return Offset(days: whole, unit: unit)
        case .year: return Offset(days: Int(saturating: (amount * 365).rounded()), unit: .day)
        case .quarter: return Offset(days: Int(saturating: (amount * 91).rounded()), unit: .day)
        case .month: return Offset(days: Int(saturating: (amount * 30).rounded()), unit: .day)
        case .week: return Offset(seconds: Int(saturating: (amount * 7 * 86_400).rounded()), unit: .hour)
        case .day: return Offset(seconds: Int(saturating: (amount * 86_400).rounded()), unit: .hour)
        case .hour: return Offset(seconds: Int(saturating: (amount * 3600).rounded()), unit: amount == Double(whole) ? .hour : .minute)
        case .minute: return Offset(seconds: Int(saturating: (amount * 60).rounded()), unit: amount == Double(whole) ? .minute : .second)
        case .second: return Offset(seconds: Int(saturating: amount.rounded()), unit: .second)
        }
    }

    var negated: Offset { Offset(months: -months, days: -days, seconds: -seconds, unit: unit) }

    static func + (a: Offset, b: Offset) -> Offset {
        Offset(months: a.months + b.months, days: a.days + b.days, seconds: a.seconds + b.seconds, unit: min(a.unit, b.unit))
    }

    /// True when only seconds are involved, so the offset is exact on the instant line
    /// ("in 2 hours" across a DST change is 2 real hours).
    var isExact: Bool { months == 0 && days == 0 }

    /// `t` moved by this offset on the wall clock.
    func applied(to t: WallSeconds) -> WallSeconds {
        var r = t
        if months != 0 { r = Wall.addMonths(r, months) }
        return r + days * Wall.day + seconds
    }
}
