// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: explicit imports, explicit existentials; and type
/// metadata got through accessor calls instead of mangled names, which the runtime demangles
/// and checks conformances for on first use (1.6 M instructions of a one-shot agenda's start).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
    name: "clerk",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "clerk", targets: ["clerk"]),
    ],
    targets: [
        // C libraries from Debian, each with a shim for the variadic calls Swift cannot make.
        // Only sqlite3, which every store command needs, is linked; the others are C targets
        // whose functions open the library on first use (CLibraryLoader), so a command loads
        // only what it calls: libcurl's tree for Google, libical's ICU for repeating events.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "CLibraryLoader"),
        .target(name: "CCurl", dependencies: ["CLibraryLoader"]),
        .target(name: "CEditLine", dependencies: ["CLibraryLoader"]),
        .target(name: "CICal", dependencies: ["CLibraryLoader"]),
        .target(name: "CMicroHTTPD", dependencies: ["CLibraryLoader"]),
        .target(name: "CCrypto", dependencies: ["CLibraryLoader"]),
        .target(name: "CZlib", dependencies: ["CLibraryLoader"]),
        // The commit clerk was built from: a weak symbol `make` defines at link time (no library).
        .systemLibrary(name: "CBuildInfo"),
        // glibc's malloc tuning (<malloc.h>, which Swift's Glibc module leaves out; no library).
        .systemLibrary(name: "CMalloc"),

        .target(name: "ClerkCore", swiftSettings: strictSettings),
        .target(name: "ClerkLanguage", dependencies: ["ClerkCore"], swiftSettings: strictSettings),
        .target(name: "ClerkAssistant", dependencies: ["ClerkCore", "ClerkLanguage"], swiftSettings: strictSettings),
        .target(name: "ClerkLocal", dependencies: ["ClerkCore", "CSQLite", "CICal"], swiftSettings: strictSettings),
        // An HTTP/1.1 server on 127.0.0.1 (libmicrohttpd): the emulator's, and the OAuth redirect listener's.
        .target(name: "LoopbackHTTP", dependencies: ["CMicroHTTPD", "CZlib"], swiftSettings: strictSettings),
        // Google Calendar, Drive and People over libcurl, behind a local mirror of the account.
        .target(
            name: "ClerkGoogle",
            dependencies: ["ClerkCore", "ClerkLocal", "LoopbackHTTP", "CCurl", "CCrypto"],
            swiftSettings: strictSettings
        ),
        // Google's REST APIs on loopback, for the tests and for trying the Google mode offline.
        .target(
            name: "GoogleEmulator",
            dependencies: ["ClerkCore", "ClerkLanguage", "ClerkLocal", "LoopbackHTTP", "CCrypto"],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "google-emulator", dependencies: ["GoogleEmulator", "LoopbackHTTP", "ClerkCore"], swiftSettings: strictSettings),
        .executableTarget(
            name: "clerk",
            dependencies: ["ClerkCore", "ClerkLanguage", "ClerkAssistant", "ClerkLocal", "ClerkGoogle", "CEditLine", "CBuildInfo", "CMalloc"],
            swiftSettings: strictSettings
        ),
        // Speed figures for BENCHMARKS.md: `swift run -c release clerk-benchmarks`.
        .executableTarget(
            name: "clerk-benchmarks",
            dependencies: ["ClerkCore", "ClerkLocal"],
            path: "Benchmarks/StoreBenchmark",
            swiftSettings: strictSettings
        ),

        // Speed and memory of the date reader over a corpus; run in release (see BENCHMARKS.md).
        .executableTarget(
            name: "DateReaderBenchmark",
            dependencies: ["ClerkCore", "ClerkLanguage"],
            path: "Benchmarks/DateReaderBenchmark",
            swiftSettings: strictSettings
        ),
        // Speed of the router (routing alone and with the date reader); run in release (see BENCHMARKS.md).
        .executableTarget(
            name: "RouterBenchmark",
            dependencies: ["ClerkCore", "ClerkLanguage"],
            path: "Benchmarks/RouterBenchmark",
            swiftSettings: strictSettings
        ),

        // The Google backend against an emulated account; run in release (see BENCHMARKS.md).
        .executableTarget(
            name: "GoogleBenchmark",
            dependencies: ["ClerkCore", "ClerkGoogle", "ClerkLocal", "GoogleEmulator", "LoopbackHTTP"],
            path: "Benchmarks/GoogleBenchmark",
            swiftSettings: strictSettings
        ),

        // The fuzz targets of `make fuzz` (Fuzz/run builds them with libFuzzer and ASan); built as
        // usual, a replayer of inputs: `clerk-fuzz TARGET FILE…`.
        .executableTarget(
            name: "clerk-fuzz",
            dependencies: ["ClerkCore", "ClerkLanguage", "ClerkAssistant", "ClerkLocal", "ClerkGoogle", "GoogleEmulator", "LoopbackHTTP"],
            path: "Fuzz/ClerkFuzz",
            swiftSettings: strictSettings
        ),

        // `make killtest`: SIGKILLs the built clerk during writes and checks what survives.
        .executableTarget(name: "clerk-killtest", dependencies: ["ClerkCore", "ClerkLocal", "ChildProcess"], path: "Tests/KillLoop", swiftSettings: strictSettings),
        // posix_spawn and waitpid for the tests that run the built programs.
        .target(name: "ChildProcess", path: "Tests/ChildProcess", swiftSettings: strictSettings),

        // `make bench`: a Foundation hello-world built like clerk, the start-up baseline.
        .executableTarget(name: "hello-foundation", path: "Benchmarks/HelloFoundation", swiftSettings: strictSettings),
        // `make bench`: agenda, lookup and file listing at 1k, 10k and 100k items, local and on the emulator.
        .executableTarget(
            name: "ScaleBenchmark",
            dependencies: ["ClerkCore", "ClerkGoogle", "ClerkLocal", "GoogleEmulator", "LoopbackHTTP"],
            path: "Benchmarks/ScaleBenchmark",
            swiftSettings: strictSettings
        ),

        .testTarget(name: "ClerkCoreTests", dependencies: ["ClerkCore"], swiftSettings: strictSettings),
        .testTarget(name: "ClerkAssistantTests", dependencies: ["ClerkAssistant", "ClerkCore", "ClerkLanguage", "ClerkLocal"], swiftSettings: strictSettings),
        .testTarget(name: "ClerkLocalTests", dependencies: ["ClerkLocal", "ClerkCore", "CSQLite"], swiftSettings: strictSettings),
        .testTarget(name: "ClerkGoogleTests", dependencies: ["ClerkGoogle", "GoogleEmulator", "LoopbackHTTP", "ClerkCore", "ClerkLocal"], swiftSettings: strictSettings),
        .testTarget(name: "GoogleEmulatorTests", dependencies: ["GoogleEmulator", "LoopbackHTTP", "ClerkCore", "ClerkLocal", "CCurl"], swiftSettings: strictSettings),
        .testTarget(name: "ClerkLanguageTests", dependencies: ["ClerkLanguage", "ClerkCore"], swiftSettings: strictSettings),
        // Runs the built `clerk` binary; depending on it makes `swift test` build it first.
        .testTarget(name: "EndToEndTests", dependencies: ["clerk", "ClerkCore", "ClerkLocal", "ChildProcess"], swiftSettings: strictSettings),
    ]
)
