@_spi(_Unicode) import Swift

/// Helpers for matching what people type against names clerk knows.
public enum Spelling {
    /// The candidate nearest to `word` by edit distance, when it is close enough to be a typo
    /// (at most one edit per three characters, at least one). Case and accents are ignored.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let key = fold(word)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(key, fold(candidate))
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let best, best.1 <= max(1, key.count / 3) else { return nil }
        return best.0
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps of neighbours
    /// (optimal string alignment), so "Wrok" is one edit from "Work".
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }

    /// `text` lower-cased with accents removed ("Pérez" → "perez", "ＡＮＡ" → "ana"), for
    /// comparing names: the canonical decomposition without its combining marks, and the
    /// full-width forms of ASCII as ASCII. The decomposition is the standard library's own
    /// (`_nfd`, the SPI swift-foundation uses), as Foundation's `folding` is not in
    /// FoundationEssentials.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased()._nfd {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark: continue
            default: break
            }
            switch scalar.value {
            case 0xFF01...0xFF5E:  // full-width "！" … "～" (capitals already lower-cased)
                folded.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            case 0x3000:  // the ideographic space
                folded.append(" ")
            default:
                folded.append(scalar)
            }
        }
        return String(folded)
    }
}
