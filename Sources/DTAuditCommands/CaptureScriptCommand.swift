import ArgumentParsing
import AuditStore
import DynamicType
import Evidence
import Output
import Platform

struct CaptureScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture-script",
        abstract: "Print a shell script that screenshots screens on a simulator at every planned size.",
        discussion: """
            The script is plain POSIX sh for a Mac with Xcode. For each screen it asks you to open \
            the screen in the simulator and press Enter, then sets the text size with 'xcrun simctl \
            ui <device> content_size', waits, and saves 'xcrun simctl io <device> screenshot' as \
            <screen>_<size>.png, largest size first. When it ends, and also after Ctrl-C, it sets the \
            size back to large. 'dtaudit evidence import' recognises the files it writes.

            Screens are looked up in the audit store when there is one (by name or unique prefix); \
            without a store the names are used as given and the sizes come from the shipped \
            checklist. Every name reaches the script inside single quotes, so no name can run a \
            command.
            """,
        examples: [
            ("dtaudit capture-script Checkout \"Sign in\" > capture.sh && sh capture.sh shots", ""),
            ("dtaudit capture-script Checkout --size ax5,l --device \"iPhone 16\" | sh", "Only the extremes, on a named simulator."),
        ]
    )

    @Argument(help: "The screens to shoot.", valueName: "screen", required: true, completion: .screens)
    var screens: [String]

    @Option(name: .names("size", short: "s"), help: "Sizes to shoot (default: every size the checklist plans); ids, ranges, all, standard, accessibility.", valueName: "sizes")
    var size: SizeSelection?

    @Option(help: "The simulator: booted, a device name or a UDID.", valueName: "name")
    var device = "booted"

    @Option(help: "Seconds to wait after each change of text size (0 to 60).", valueName: "seconds", range: 0...60)
    var delay = 2

    @Option(help: "The folder the script saves into unless it is given one when run.", valueName: "dir")
    var folder: PathArgument = "dtaudit-screenshots"

    @Flag(help: "Don't wait for Enter before each screen.")
    var noPrompt = false

    @OptionGroup var global: GlobalOptions

    mutating func validate() throws {
        _ = try Self.checked(device, what: "--device")
        _ = try Self.checked(folder.path, what: "--folder")
    }

    /// The screens a script or test file covers, each once, and the sizes the checklist plans: the
    /// store's (names resolved by prefix; every screen when none is named and `everyWhenNone`), or
    /// without a store the names as given and the shipped checklist's sizes.
    static func screensAndSizes(_ screens: [String], console: Console, everyWhenNone: Bool) throws -> (names: [String], planned: [Size]) {
        var names: [String]
        var planned: [Size]
        do {
            let store = try console.openStore(.read)
            names = try screens.isEmpty && everyWhenNone ? store.screens().map(\.name) : screens.map { try store.resolveScreen($0).name }
            planned = try store.checklist().plannedSizes
        } catch StoreError.notFound {
            names = try screens.map { try checked($0, what: "the screen name") }
            planned = try ShippedChecklists.defaultChecklist().plannedSizes
        }
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return (unique, planned)
    }

    static func checked(_ text: String, what: String) throws -> String {
        do {
            return try InputRules.name(text, what: what)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() throws {
        let console = Console(global)
        let (names, planned) = try Self.screensAndSizes(screens, console: console, everyWhenNone: false)

        var stems: [String: String] = [:]
        var entries: [CaptureScript.Screen] = []
        for (index, name) in names.enumerated() {
            var stem = EvidenceNaming.slug(name)
            if stem.isEmpty {
                stem = "screen-\(index + 1)"
                BufferedOutput.standardError.write("warning: '\(TextLayout.singleLine(name))' has no letters or digits; its screenshots are named \(stem)_<size>.png, so map '\(stem)' to it with 'dtaudit evidence import --screen-map'\n")
            }
            let key = EvidenceNaming.key(stem)
            if let other = stems[key] {
                throw CaptureScriptError.sameFileNames(other, name)
            }
            stems[key] = name
            entries.append(CaptureScript.Screen(name: name, fileStem: stem))
        }
        let chosen = Set(size?.sizes ?? planned)
        let order = Size.auditOrder.filter(chosen.contains)
        let script = CaptureScript(screens: entries, sizes: order, device: device, delay: delay, folder: folder.path,
                                   prompt: !noPrompt, generator: "dtaudit \(DTAudit.version) capture-script")
        console.out.write(script.render())
    }
}

enum CaptureScriptError: Error, CustomStringConvertible {
    case sameFileNames(String, String)

    var description: String {
        switch self {
        case .sameFileNames(let first, let second):
            "'\(TextLayout.singleLine(first))' and '\(TextLayout.singleLine(second))' differ only in case or punctuation, so their screenshots would get the same names; rename one of the screens"
        }
    }
}
