import ClerkCore
import ClerkLocal
import Foundation

/// How many of each thing `--generate` makes: `events=N,contacts=N,files=N,calendars=N`.
package struct GenerationPlan: Equatable {
    package var events = 0
    package var contacts = 0
    package var files = 0
    /// Calendars the events spread over (the primary one included).
    package var calendars = 5

    package struct Failure: Error {
        package var message: String
    }

    package init(_ text: String) throws(Failure) {
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let count = Int(parts[1]), count >= 0, count <= 10_000_000 else {
                throw Failure(message: "expected name=count, got '\(item)'")
            }
            switch parts[0] {
            case "events": events = count
            case "contacts": contacts = count
            case "files": files = count
            case "calendars": calendars = max(1, count)
            default: throw Failure(message: "expected events, contacts, files or calendars, got '\(parts[0])'")
            }
        }
    }
}

extension Emulator {
    /// Loads a folder into the account: each `.ics` into a calendar (`primary.ics` into the
    /// primary one, `Work.ics` into "Work"), each `.vcf` into the contacts, every other file
    /// into Drive as a text file. Loading the same folder again adds nothing twice.
    package func seed(from folder: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            switch (name as NSString).pathExtension.lowercased() {
            case "ics": try seedCalendar(path: path, name: (name as NSString).deletingPathExtension)
            case "vcf", "vcard": try seedContacts(path: path)
            default: try seedFile(path: path, name: name)
            }
        }
    }

    /// Fills the account with made-up data for benchmarks, the same every run.
    package func generate(_ plan: GenerationPlan) throws {
        var random = SeededRandom(seed: 2026)
        try generateEvents(plan.events, calendars: plan.calendars, random: &random)
        try generateContacts(plan.contacts, random: &random)
        try generateFiles(plan.files, random: &random)
    }
}

