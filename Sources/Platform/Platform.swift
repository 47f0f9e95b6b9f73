// Every call into the C library lives in this module, so that the rest of the tool stays portable
// between macOS (Darwin) and Linux (Glibc) and never needs `#if` of its own.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The three standard streams, by descriptor.
public enum StandardStream: Int32, Sendable {
    case input = 0
    case output = 1
    case error = 2

    /// True when the stream is attached to a terminal rather than a pipe or a file.
    public var isTerminal: Bool { isatty(rawValue) == 1 }
}

public enum System {
    /// Opens /dev/null on each of the three standard streams that is closed, so that no file the
    /// process opens later (the store) takes its number and receives what is printed; returns the
    /// streams that were closed.
    public static func reserveStandardStreams() -> [StandardStream] {
        var closed: [StandardStream] = []
        for stream in [StandardStream.input, .output, .error] where fcntl(stream.rawValue, F_GETFD) == -1 && errno == EBADF {
            let descriptor = open("/dev/null", stream == .input ? O_RDONLY : O_WRONLY)
            if descriptor >= 0 && descriptor != stream.rawValue {
                _ = dup2(descriptor, stream.rawValue)
                _ = Glue.close(descriptor)
            }
            closed.append(stream)
        }
        return closed
    }

    /// A variable of the process environment, as it is now.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Sets a variable of the process environment, for the programs it starts from now on.
    public static func setEnvironment(_ name: String, _ value: String) {
        setenv(name, value, 1)
    }

    /// The processors online, at least 1.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The login name of the user running the process, from the password database, then `$USER`.
    public static func loginName() -> String? {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            let login = String(cString: name)
            if !login.isEmpty { return login }
        }
        return environment("USER") ?? environment("LOGNAME")
    }

    /// Ends the process with `code`, flushing buffered standard output first.
    public static func exit(_ code: Int32) -> Never {
        fflush(nil)
        #if canImport(Glibc)
        Glibc.exit(code)
        #elseif canImport(Darwin)
        Darwin.exit(code)
        #else
        Musl.exit(code)
        #endif
    }

    /// The process id, used to make temporary file names unique.
    public static var processID: Int32 { getpid() }

    /// The last C library error, as text.
    public static func errorDescription(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// The width `COLUMNS` gives, or nil when it is unset (`Terminal.columns()` asks the terminal).
    public static func terminalColumns() -> Int? {
        if let columns = environment("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        return nil
    }
}

extension System {
    /// How far the machine's local time is ahead of UTC at a moment, in seconds (negative west of
    /// Greenwich), from the time zone database and TZ, daylight saving included.
    public static func localOffsetSeconds(at secondsSince1970: Int64) -> Int {
        var time = time_t(secondsSince1970)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// Milliseconds since 1970-01-01 UTC.
    public static func currentMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Whether the current user may write to `path` (a file or a folder).
    public static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }
}

