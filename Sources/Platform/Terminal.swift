#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Room for one `struct termios`, with space to spare: the C library writes the whole C struct,
/// whatever size a Swift global or local of the imported type is given (the address sanitizer
/// registers such globals smaller than the C library writes).
private func termiosBuffer() -> UnsafeMutablePointer<termios> {
    let raw = UnsafeMutableRawPointer.allocate(byteCount: max(256, MemoryLayout<termios>.stride), alignment: 16)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: max(256, MemoryLayout<termios>.stride))
    return raw.bindMemory(to: termios.self, capacity: 1)
}

/// The terminal settings found before raw mode, read by the signal handlers to put them back.
/// Allocated and written on the main thread before the handlers are installed.
nonisolated(unsafe) private let savedAttributes = termiosBuffer()
/// The raw-mode settings, and the settings saved around a line typed in line mode.
nonisolated(unsafe) private let rawAttributes = termiosBuffer()
nonisolated(unsafe) private let lineAttributes = termiosBuffer()
nonisolated(unsafe) private var rawModeActive = false

/// Single-key input on a terminal: raw mode in, the original settings back out on every exit,
/// including Ctrl-C, SIGTERM and SIGHUP.
public enum Terminal {
    /// Switches standard input to raw mode: keys arrive one by one, unechoed, and Ctrl-C arrives as
    /// byte 3 instead of a signal. Returns false when standard input is not a terminal.
    public static func enterRawMode() -> Bool {
        guard isatty(0) == 1, tcgetattr(0, savedAttributes) == 0, tcgetattr(0, rawAttributes) == 0 else { return false }
        rawAttributes.pointee.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        rawAttributes.pointee.c_iflag &= ~tcflag_t(ICRNL | IXON)
        setControlCharacter(rawAttributes, index: Int(VMIN), value: 1)
        setControlCharacter(rawAttributes, index: Int(VTIME), value: 0)
        installSignalHandlers()
        guard tcsetattr(0, TCSAFLUSH, rawAttributes) == 0 else { return false }
        rawModeActive = true
        return true
    }

    /// The width of the terminal on standard output, or nil when it is not a terminal.
    public static func columns() -> Int? {
        var size = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Puts the terminal back as it was found.
    public static func restore() {
        guard rawModeActive else { return }
        _ = tcsetattr(0, TCSAFLUSH, savedAttributes)
        rawModeActive = false
    }

    /// Runs `body` with the terminal's original settings (line editing, echo, Ctrl-C), for typing
    /// a line of text, then returns to raw mode.
    public static func withLineMode<T>(_ body: () throws -> T) rethrows -> T {
        try withLineMode(interruptEndsLine: false, body)
    }

    /// As `withLineMode(_:)`; with `interruptEndsLine`, Ctrl-C ends the line as byte 3 (the
    /// terminal's extra end-of-line character) instead of sending SIGINT, so that the caller can
    /// keep what the line was for before stopping.
    public static func withLineMode<T>(interruptEndsLine: Bool, _ body: () throws -> T) rethrows -> T {
        guard rawModeActive else { return try body() }
        _ = tcgetattr(0, lineAttributes)
        let typing = termiosBuffer()
        defer { typing.deallocate() }
        typing.pointee = savedAttributes.pointee
        if interruptEndsLine {
            typing.pointee.c_lflag &= ~tcflag_t(ISIG)
            setControlCharacter(typing, index: Int(VEOL), value: 3)
        }
        _ = tcsetattr(0, TCSANOW, typing)
        defer { _ = tcsetattr(0, TCSANOW, lineAttributes) }
        return try body()
    }

    private static func setControlCharacter(_ attributes: UnsafeMutablePointer<termios>, index: Int, value: cc_t) {
        guard let offset = MemoryLayout<termios>.offset(of: \termios.c_cc) else { return }
        let count = MemoryLayout.size(ofValue: attributes.pointee.c_cc) / MemoryLayout<cc_t>.size
        guard index >= 0 && index < count else { return }
        (UnsafeMutableRawPointer(attributes) + offset).storeBytes(of: value, toByteOffset: index * MemoryLayout<cc_t>.stride, as: cc_t.self)
    }

    /// Lets SIGINT, SIGTERM and SIGHUP through even when the process that started this one had
    /// them blocked (some process launchers block every signal in their children), so that
    /// Ctrl-C, `kill` and a closed terminal always end a long-running command.
    public static func unblockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, number) }
        _ = sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// On SIGINT, SIGTERM and SIGHUP: restore the terminal, end the line, and exit with 128 + signal.
    /// Work already saved stays saved; a write in progress is rolled back by SQLite.
    private static func installSignalHandlers() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            _ = signal(number) { received in
                if rawModeActive { _ = tcsetattr(0, TCSANOW, savedAttributes) }
                var newline: UInt8 = 10
                _ = Glue.write(1, &newline, 1)
                _exit(128 + received)
            }
        }
    }
}

/// Reads standard input byte by byte or line by line through one buffer, so that single keys and
/// typed lines can be mixed without losing what was typed ahead.
public final class InputReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0

    public init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    /// The next byte, or nil at the end of input.
    public func readByte() -> UInt8? {
        if position == buffer.count && !fill() { return nil }
        defer { position += 1 }
        return buffer[position]
    }

    /// Drops the bytes already received but not read, such as the rest of an escape sequence.
    public func discardBuffered() {
        position = buffer.count
    }

    /// Whether the last line read ended with Ctrl-C (byte 3) rather than a line break.
    public private(set) var lineInterrupted = false

    /// The next line without its line break (`\n` or `\r\n`), or nil at the end of input. With
    /// `interruptible`, byte 3 (Ctrl-C) ends the line too, and `lineInterrupted` says so.
    public func readLine(interruptible: Bool = false) -> String? {
        var bytes: [UInt8] = []
        lineInterrupted = false
        while let byte = readByte() {
            if interruptible && byte == 3 {
                lineInterrupted = true
                return String(decoding: bytes, as: UTF8.self)
            }
            if byte == 10 {
                if bytes.last == 13 { bytes.removeLast() }
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Reads what is available. The end of input is not remembered: on a terminal, Ctrl-D ends
    /// one line of text, not the session.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer = Array(chunk[0..<count])
                position = 0
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }
}
