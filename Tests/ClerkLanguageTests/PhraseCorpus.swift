import ClerkCore
import ClerkLanguage
import Foundation

/// One row of a `Fixtures/phrases/*.tsv` table (see the README there).
struct PhraseRow: CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var phrase: String
    var now: String
    var tz: String
    /// nil when no date must be found.
    var start: String?
    var end: String
    var grain: String
    var found: String
    var rrule: String
    /// The days a repeat leaves out (`YYYY-MM-DD`, comma-separated); empty for none.
    var except: String

    var description: String { "\(file):\(line) \"\(phrase)\"" }

    var reference: ReferenceTime {
        let zone = ClockText.timeZone(tz)!
        return ReferenceTime(instant: ClockText.instant(now, in: zone)!, timeZone: zone)
    }
}

/// The tables in `Fixtures/phrases`, found from this file's path.
enum PhraseCorpus {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/phrases")

    static func rows(_ name: String) -> [PhraseRow] {
        let url = folder.appendingPathComponent(name + ".tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            fatalError("cannot read \(url.path)")
        }
        var rows: [PhraseRow] = []
        var defaultNow = "", defaultZone = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where index > 0 {
            if line.hasPrefix("#!") {
                for setting in line.dropFirst(2).split(separator: " ") {
                    let pair = setting.split(separator: "=", maxSplits: 1).map(String.init)
                    if pair.count == 2, pair[0] == "now" { defaultNow = pair[1] }
                    if pair.count == 2, pair[0] == "tz" { defaultZone = pair[1] }
                }
                continue
            }
            if line.hasPrefix("#") || line.isEmpty { continue }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            precondition(f.count == 8 || f.count == 9, "\(name).tsv:\(index + 1): expected 8 or 9 columns, got \(f.count)")
            rows.append(PhraseRow(file: name, line: index + 1, phrase: f[0], now: f[1].isEmpty ? defaultNow : f[1],
                                  tz: f[2].isEmpty ? defaultZone : f[2], start: f[3] == "-" ? nil : f[3], end: f[4],
                                  grain: f[5], found: f[6], rrule: f[7], except: f.count > 8 ? f[8] : ""))
        }
        return rows
    }
}
