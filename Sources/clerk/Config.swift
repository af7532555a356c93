import ClerkAssistant
import Foundation

extension Config {
    /// Reads the file at `path`; a missing file is the defaults.
    static func load(_ path: String) throws(Failure) -> Config {
        guard let data = FileManager.default.contents(atPath: path) else { return Config() }
        guard let text = String(data: data, encoding: .utf8) else { throw Failure(message: "\(path): not UTF-8 text") }
        return try parse(text, file: path)
    }
}
