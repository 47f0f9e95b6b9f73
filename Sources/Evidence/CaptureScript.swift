import DynamicType
import Output
import Platform

/// A POSIX shell script that takes a simulator's screenshots of some screens at some sizes, named
/// so that `dtaudit evidence import` attaches each to its screen and size.
///
/// Every name from the audit reaches the script only inside single quotes, never in a comment or a
/// format string, so no screen name can run a command; and only as the terminal shows it
/// (`TextLayout.singleLine`), so that no character in it can reorder or hide the script's text.
public struct CaptureScript: Sendable {
    public struct Screen: Sendable {
        /// The name shown to the person running the script.
        public var name: String
        /// The start of the screenshot file names, from `EvidenceNaming.slug`.
        public var fileStem: String

        public init(name: String, fileStem: String) {
            self.name = name
            self.fileStem = fileStem
        }
    }

    public var screens: [Screen]
    /// The sizes to shoot, in the order given.
    public var sizes: [Size]
    /// `booted`, a device name or a UDID, as `xcrun simctl` takes it.
    public var device: String
    /// Seconds to wait after changing the text size, for the app to lay out again.
    public var delay: Int
    /// Where screenshots go unless the script is given a folder.
    public var folder: String
    /// Whether to wait for Enter before each screen (while it is opened in the simulator).
    public var prompt: Bool
    /// Who made the script, for its first comment: `dtaudit 0.1.0`.
    public var generator: String

    public init(screens: [Screen], sizes: [Size], device: String = "booted", delay: Int = 2,
                folder: String = "dtaudit-screenshots", prompt: Bool = true, generator: String) {
        self.screens = screens
        self.sizes = sizes
        self.device = device
        self.delay = delay
        self.folder = folder
        self.prompt = prompt
        self.generator = generator
    }

    public func render() -> String {
        let count = screens.count * sizes.count
        var lines: [String] = [
            "#!/bin/sh",
            "# shellcheck disable=SC2016",
            "# (Screen names are quoted so that nothing in them expands; that is the point.)",
            "# Screenshots for a Dynamic Type audit, written by \(generator.filter { $0.isASCII && !$0.isNewline }).",
            "# Shoots \(counted(screens.count, "screen")) at \(counted(sizes.count, "text size")) on a simulator, largest size first.",
            "# Run it on a Mac with the app open in the simulator:   sh capture.sh [FOLDER]",
            "# The text size goes back to Large when the script ends, also after Ctrl-C.",
            "# Attach the screenshots afterwards:   dtaudit evidence import FOLDER",
            "set -u",
            "",
            "device=\(Executable.shellQuoted(device))",
            "folder=${1:-\(Executable.shellQuoted(folder))}",
            "delay=\(max(0, delay))",
            "",
            "restore_size() {",
            "    xcrun simctl ui \"$device\" content_size large >/dev/null 2>&1 || :",
            "}",
            "trap 'restore_size' EXIT",
            "trap 'restore_size; trap - EXIT; exit 129' HUP",
            "trap 'restore_size; trap - EXIT; exit 130' INT",
            "trap 'restore_size; trap - EXIT; exit 143' TERM",
            "",
            "fail() {",
            "    printf 'capture: %s\\n' \"$1\" >&2",
            "    exit 1",
            "}",
            "",
            "command -v xcrun >/dev/null 2>&1 || fail 'xcrun was not found; run this on a Mac with Xcode installed'",
            "mkdir -p -- \"$folder\" || fail \"cannot create the folder $folder\"",
            "",
            "# Asks for the screen to be opened; $1 is its name.",
            "open_screen() {",
            "    printf '\\nOpen %s in the simulator, then press Enter.\\n' \"$1\"",
        ]
        if prompt {
            lines += [
                "    if ! { read -r _ < /dev/tty; } 2>/dev/null; then",
                "        printf '(no terminal to wait on: shooting now)\\n'",
                "    fi",
            ]
        } else {
            lines.append("    :")
        }
        lines += [
            "}",
            "",
            "# Sets the text size and takes one screenshot; $1 is the file name's start, $2 the size id,",
            "# $3 the size as simctl names it.",
            "shoot() {",
            "    xcrun simctl ui \"$device\" content_size \"$3\" || fail \"could not set the text size to $3\"",
            "    sleep \"$delay\"",
            "    xcrun simctl io \"$device\" screenshot \"$folder/$1_$2.png\" >/dev/null 2>&1 || fail \"could not save $folder/$1_$2.png\"",
            "    printf '  %-5s %s\\n' \"$2\" \"$folder/$1_$2.png\"",
            "}",
        ]
        for screen in screens {
            lines.append("")
            lines.append("open_screen \(Executable.shellQuoted(TextLayout.singleLine(screen.name)))")
            for size in sizes {
                lines.append("shoot \(Executable.shellQuoted(screen.fileStem)) \(size.id) \(size.simctlName)")
            }
        }
        lines += [
            "",
            "printf '\\n%s screenshots are in %s. Attach them with: dtaudit evidence import %s\\n' \(count) \"$folder\" \"$folder\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
