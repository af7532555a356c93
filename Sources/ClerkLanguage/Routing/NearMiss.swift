/// "Is this word a typo of that one?" without allocating: the same tolerance as
/// `Spelling.closest` (one edit per three letters, at least one; a swap of neighbours is one
/// edit), on ASCII bytes, for the short command words "did you mean" compares against.
struct NearMiss {
    let candidates: [(word: String, bytes: [UInt8], letters: UInt64)]

    init(_ words: [String]) {
        candidates = words.map { ($0, Array($0.utf8), NearMiss.letters(of: $0.utf8)) }
    }

    /// The bytes a word holds, as bits (byte value modulo 64): a cheap test of which bytes of
    /// a word its candidate lacks.
    static func letters(of bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 | 1 << UInt64($1 & 63) }
    }

    /// The candidate closest to `word` when it is close enough to be a typo.
    func closest(to word: String, limit: Int? = nil) -> String? {
        let bytes = Array(word.utf8)
        let limit = limit ?? max(1, bytes.count / 3)
        var best: (String, Int)?
        let letters = NearMiss.letters(of: bytes)
        // No pass of its own for the word itself: it is the only candidate at distance 0, the
        // least, found by the loop below (the pass compared all the candidates' bytes first).
        for candidate in candidates where abs(candidate.bytes.count - bytes.count) <= limit {
            // The distinct bytes either lacks, counted from the bits at once: no more than the
            // bytes counted below, so more of them than `limit` turns the candidate away as
            // those counts would, without a pass over the bytes (most candidates go here).
            guard (letters & ~candidate.letters).nonzeroBitCount <= limit,
                  (candidate.letters & ~letters).nonzeroBitCount <= limit else { continue }
            // Each byte of `word` that the candidate lacks costs an edit of its own: with more
            // of them than `limit`, the distance need not be computed.
            var lacking = 0
            for b in bytes where candidate.letters & (1 << UInt64(b & 63)) == 0 { lacking += 1 }
            guard lacking <= limit else { continue }
            // And each byte of the candidate that `word` lacks: the larger count is a bound
            // on the distance too, and turns away more candidates before the distance table.
            lacking = 0
            for b in candidate.bytes where letters & (1 << UInt64(b & 63)) == 0 { lacking += 1 }
            guard lacking <= limit else { continue }
            let d = NearMiss.distance(bytes, candidate.bytes, limit: limit)
            if d == 0 { return candidate.word }
            if d <= limit, best == nil || d < best!.1 { best = (candidate.word, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance, giving up (returning `limit + 1`) once every cell
    /// of a row exceeds `limit`.
    static func distance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        let n = a.count, m = b.count
        if n == 0 { return m }
        if m == 0 { return n }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { rows in
            var before = 0, previous = m + 1, current = 2 * (m + 1)
            for j in 0...m { rows[previous + j] = j }
            for i in 1...n {
                rows[current] = i
                var rowBest = i
                for j in 1...m {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var v = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, rows[before + j - 2] + 1) }
                    rows[current + j] = v
                    rowBest = min(rowBest, v)
                }
                if rowBest > limit { return limit + 1 }
                (before, previous, current) = (previous, current, before)
            }
            return rows[previous + m]
        }
    }
}
