// swift-tools-version:6.0
import PackageDescription
import Foundation

// One library target per concern; `dtaudit` itself is a thin entry point.
let package = Package(
    name: "dtaudit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "dtaudit", targets: ["dtaudit"]),
    ],
    targets: [
        // The system's SQLite (libsqlite3-dev on Debian, the SDK on macOS).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The system's zlib (zlib1g-dev on Debian, the SDK on macOS): PNG compression.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Every C call the tool makes, behind one portable face.
        .target(name: "Platform"),
        // A small SQLite wrapper: connection, statements, transactions, migrations.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // The domain: sizes, text styles, checklists, results, fixes, categories.
        .target(
            name: "DynamicType",
            dependencies: ["Output"],
            resources: [.embedInCode("Shipped/dynamic-type.md")]
        ),
        // Screenshot evidence: SHA-256, media kinds by magic bytes, sizes and screens in file names,
        // and the simulator capture script.
        .target(name: "Evidence", dependencies: ["DynamicType", "Imaging", "Output", "Platform"]),
        // PNG read and written (bounded decoding, zlib compression), crops and outlines.
        .target(name: "Imaging", dependencies: ["CZlib", "Platform"]),
        // A strict, bounded XML reader: no DTD, no entities beyond XML's five, limits on everything.
        .target(name: "StrictXML"),
        // Element hierarchies of a screen at one size (WebDriverAgent's page source, which the
        // harness writes too): types, names, frames, the window, scroll views, the primary action.
        .target(name: "Hierarchies", dependencies: ["Output", "StrictXML", "Platform"]),
        // Geometry judges a checklist item from a screen's hierarchies at each size: a verdict with
        // its reason, shared UI grouped once, and crops of the screenshots that show each failure.
        // Reading a label's text back from its pixels with tesseract (found on the PATH, run in
        // batches), and the rule that tells a truncated label from a whole one.
        .target(name: "TextReading", dependencies: ["Imaging", "Platform"]),
        .target(name: "Judges", dependencies: ["Hierarchies", "Imaging", "DynamicType", "Output", "TextReading"]),
        // Text and JSON primitives below the domain: the strict JSON reader the audit's records are
        // read with, the JSON writer, text layout, escapes for URIs, suggestions for typos.
        .target(name: "Output", dependencies: ["Platform"]),
        // Terminal styling: colours and emphasis, and when a command's output wants them (--color).
        .target(name: "TerminalStyle", dependencies: ["Platform"]),
        // Commands, options, help and usage errors in the shape of swift-argument-parser.
        .target(name: "ArgumentParsing", dependencies: ["Output", "Platform", "TerminalStyle"]),
        // Static scan of Swift and Interface Builder sources for Dynamic Type risks.
        .target(name: "Scan", dependencies: ["DynamicType", "Output", "Platform"]),
        // Safe rewrites of what the scan finds: text styles for fixed sizes, wrapping for single lines,
        // minimum heights; a unified diff of them, or the files rewritten all at once.
        .target(name: "ScanRewrites", dependencies: ["DynamicType", "Output", "Platform", "Scan", "StrictXML"]),
        // The audit store: discovery, schema, screens, recordings, fixes, progress.
        // The audit as a log of immutable records: their kinds, their canonical lines, reading them back, the fold.
        .target(name: "AuditLog", dependencies: ["DynamicType", "Evidence", "Output", "Platform"]),
        .target(name: "AuditStore", dependencies: ["AuditLog", "SQLite", "DynamicType", "Evidence", "Output", "Platform"]),
        // The JSON interchange file: writing, strict reading, and merging into a store as a union.
        .target(name: "Interchange", dependencies: ["AuditLog", "AuditStore", "DynamicType", "Evidence", "Output", "Platform"]),
        // Automated runs taken in: the shapes xcresulttool, Appium and pymobiledevice3 write, matched to
        // screens, sizes and checklist items; element hierarchies judged; imported as evidence (with
        // crops of each judged failure) and recordings marked with the run.
        .target(name: "AutomatedRuns", dependencies: ["AuditLog", "AuditStore", "DynamicType", "Evidence", "Hierarchies", "Imaging", "Judges", "Output", "Platform", "TextReading"]),
        // What a person does with the store, step by step, apart from reading keys and printing:
        // the guided walk of a screen.
        .target(name: "AuditWorkflows", dependencies: ["AuditLog", "AuditStore", "DynamicType", "Evidence"]),
        // Reports behind one protocol (Markdown with its SVG chart, JSON, CSV), verdicts, changes, the CI gate,
        // and what a recorded scan leaves on each screen (where the scanner and the store meet).
        .target(name: "Reports", dependencies: ["AuditLog", "Interchange", "AuditStore", "DynamicType", "Evidence", "Hierarchies", "Judges", "Output", "Platform", "Scan"]),
        // Problems filed into a team's tracker: one issue per problem of "What to fix first", never
        // twice (an identity kept in the shared log and as a marker in the issue), updated, closed
        // after a retest and reopened on a regression; GitHub's REST API through curl, Jira and
        // Linear as CSV files; a budget of writes and a clear stop at the tracker's rate limit.
        .target(name: "Trackers", dependencies: ["AuditLog", "AuditStore", "DynamicType", "Evidence", "Judges", "Output", "Platform", "Reports"]),
        // The example audit `dtaudit demo` creates: the store's story, the screenshots it draws, and
        // DemoApp/, the example app's Swift sources it writes beside the store (resources, never compiled).
        .target(
            name: "Demo",
            dependencies: ["AuditLog", "AuditStore", "AutomatedRuns", "DynamicType", "Evidence", "Imaging", "Platform", "Reports", "Scan"],
            resources: [.embedInCode("DemoApp")]
        ),
        // One type per command; the executable only calls `DTAudit.main()`.
        .target(
            name: "DTAuditCommands",
            dependencies: ["ArgumentParsing", "AuditLog", "AuditStore", "AuditWorkflows", "AutomatedRuns", "Demo", "DynamicType", "Evidence", "Interchange",
                           "Judges", "Output", "Platform", "Reports", "Scan", "ScanRewrites", "SQLite", "TerminalStyle", "Trackers"]
        ),
        .executableTarget(name: "dtaudit", dependencies: ["DTAuditCommands"]),

        .testTarget(name: "SQLiteTests", dependencies: ["CSQLite", "SQLite"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "DynamicTypeTests", dependencies: ["DynamicType"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing", "Output", "TerminalStyle", "TestSupport"]),
        .testTarget(name: "AuditStoreTests", dependencies: ["AuditLog", "AuditStore", "DynamicType", "Evidence", "Platform", "SQLite", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "EvidenceTests", dependencies: ["DynamicType", "Evidence", "Imaging"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging"], exclude: ["Fixtures"]),
        .testTarget(name: "StrictXMLTests", dependencies: ["StrictXML"]),
        .testTarget(name: "HierarchiesTests", dependencies: ["Hierarchies", "Imaging", "TestSupport", "hierarchy-probe"]),
        // Reads and judges hierarchy files as the import will: the memory-bound tests run it under
        // prlimit, and it times the judges on generated runs.
        .executableTarget(name: "hierarchy-probe", dependencies: ["DynamicType", "Hierarchies", "Imaging", "Judges"], path: "Tests/HierarchyProbe"),
        .testTarget(name: "JudgesTests", dependencies: ["Judges", "Hierarchies", "Imaging", "DynamicType", "TestSupport", "TextReading"], exclude: ["Fixtures"]),
        .testTarget(name: "TextReadingTests", dependencies: ["TextReading", "Imaging", "Platform", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "AutomatedRunsTests", dependencies: ["AuditLog", "AuditStore", "AutomatedRuns", "DynamicType", "Evidence", "Hierarchies", "TestSupport"], exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "AuditLogTests", dependencies: ["AuditLog", "DynamicType", "Evidence", "Output"]),
        .testTarget(name: "AuditWorkflowsTests", dependencies: ["AuditWorkflows", "AuditLog", "AuditStore", "DynamicType"]),
        .testTarget(name: "InterchangeTests", dependencies: ["Interchange", "AuditLog", "AuditStore", "DynamicType", "Evidence", "Platform", "SQLite", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "AuditLog", "AuditStore", "DynamicType", "Evidence", "Interchange", "Output", "Platform", "Scan", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TrackersTests", dependencies: ["Trackers", "AuditLog", "DynamicType"]),
        .testTarget(name: "ScanTests", dependencies: ["Scan", "DynamicType", "Output", "Platform", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ScanRewritesTests", dependencies: ["ScanRewrites", "Platform", "Scan", "DynamicType", "TestSupport"], exclude: ["Golden"]),
        // Package.swift itself: every target declares what it imports.
        .testTarget(name: "PackageTests"),
        // Runs the built `dtaudit` binary the way a user types it.
        .testTarget(name: "EndToEndTests", dependencies: ["dtaudit", "TestSupport"], exclude: ["Fixtures", "GitHubFake"]),
        // Starts programs for the tests without Foundation's Process.
        .target(name: "TestSupport", path: "Tests/Support"),
    ]
)

// A Linux release build (Scripts/build-release) takes the C++ runtime in from its static library, as
// it does the Swift runtime: the linker finds Scripts/link/libstdc++.so first, which says why and how.
if ProcessInfo.processInfo.environment["DTAUDIT_STATIC_CXX"] != nil, let tool = package.targets.first(where: { $0.name == "dtaudit" }) {
    tool.linkerSettings = [.unsafeFlags(["-L", Context.packageDirectory + "/Scripts/link"], .when(platforms: [.linux], configuration: .release))]
}

// Fuzz targets need `-sanitize=fuzzer`, which plain `swift build` and `swift test` don't pass, so they
// join the package only when asked: `DTAUDIT_FUZZ=1 Scripts/fuzz`.
if ProcessInfo.processInfo.environment["DTAUDIT_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "FuzzSizes", dependencies: ["DynamicType", "FuzzSupport"], path: "Fuzz/Sizes", exclude: ["corpus"]),
        .executableTarget(name: "FuzzChecklist", dependencies: ["DynamicType", "FuzzSupport"], path: "Fuzz/Checklist", exclude: ["corpus"]),
        .executableTarget(name: "FuzzImport", dependencies: ["AuditLog", "AuditStore", "Interchange", "FuzzSupport"], path: "Fuzz/Import", exclude: ["corpus"]),
        .executableTarget(name: "FuzzLexer", dependencies: ["Scan", "FuzzSupport"], path: "Fuzz/Lexer", exclude: ["corpus"]),
        .executableTarget(name: "FuzzEvidence", dependencies: ["DynamicType", "Evidence", "FuzzSupport", "Platform"], path: "Fuzz/Evidence", exclude: ["corpus"]),
        .executableTarget(name: "FuzzHierarchy", dependencies: ["DynamicType", "Hierarchies", "Judges", "FuzzSupport"], path: "Fuzz/Hierarchy", exclude: ["corpus"]),
        .executableTarget(name: "FuzzPNG", dependencies: ["Imaging", "FuzzSupport"], path: "Fuzz/PNG", exclude: ["corpus"]),
    ]
}
