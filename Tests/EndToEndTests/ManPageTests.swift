import ChildProcess
import Foundation
import Testing
import ClerkAssistant
@testable import clerk

/// clerk(1) and google-emulator(1): current with the options table, complete, and read by
/// man without a warning.
@Suite struct ManPageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func page(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func clerk1InTheTreeIsTheGeneratedPage() throws {
        // When this fails after a change to the options or ManPage.swift: make man.
        #expect(try Self.page("clerk.1") == ManPage.text)
        #expect(try ClerkBinary.run(["--man-page"]) == .init(stdout: ManPage.text, stderr: "", status: 0))
    }

    @Test func namesEveryCommandOptionConfigKeyVariableAndExitCode() {
        let text = ManPage.text
        for synopsis in ManPage.synopses {
            #expect(text.contains(Roff.synopsis(synopsis)), "\(synopsis)")
        }
        for option in CommandLineTable.visibleOptions {
            #expect(text.contains(".TP\n" + Roff.synopsis(option.synopsis) + "\n"), "\(option.name)")
        }
        #expect(!text.contains("man\\-page"))
        for command in CommandLineTable.commands {
            #expect(text.contains(".TP\n" + Roff.synopsis("clerk " + CommandLineTable.synopsis(command, command.forms[0])) + "\n"), "\(command.word)")
        }
        for key in Config.keys {
            #expect(text.contains(".TP\n" + Roff.synopsis(key) + "\n"), "\(key)")
        }
        for variable in ["CLERK_GOOGLE_CLIENT_ID", "CLERK_GOOGLE_CLIENT_SECRET", "BROWSER", "NO_COLOR", "PAGER", "TZ",
                         "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
            #expect(text.contains(".TP\n\\fI\(variable)\\fR\n"), "\(variable)")
        }
        for code in [0, 1, 2, 130] {
            #expect(text.contains(".TP\n\\fB\(code)\\fR\n"), "\(code)")
        }
    }

    @Test(arguments: ["clerk.1", "google-emulator.1"])
    func manReadsItWithoutAWarning(page: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let status = try Spawn.run("/usr/bin/man", ["--warnings", "-l", Self.root.appendingPathComponent(page).path],
                                   environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LANG": "C.UTF-8", "HOME": folder.path],
                                   stdout: folder.path + "/out", stderr: folder.path + "/err")
        #expect(status == 0)
        #expect(try String(contentsOfFile: folder.path + "/err", encoding: .utf8) == "")
        let shown = try String(contentsOfFile: folder.path + "/out", encoding: .utf8)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "SEE ALSO"] {
            #expect(shown.contains("\n" + section + "\n"), "\(page): \(section)")
        }
    }
}
