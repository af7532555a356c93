extension Int {
    /// `value` rounded toward zero, held at `Int.min` or `Int.max` when beyond them, and 0
    /// for NaN. For doubles that come from input or from arithmetic on it (an amount, a
    /// `retry-after`, a difference of dates), where `Int(_:)` would stop the program.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
