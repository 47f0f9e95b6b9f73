import ArgumentParsing
import AuditLog
import AuditStore
import AutomatedRuns
import Demo
import Interchange
import Platform
import Reports
import Scan
import SQLite

/// One exit status per kind of outcome, so that a script can tell them apart (Docs/robustness.md,
/// "Exit status"); the numbers are BSD's sysexits, which other command-line tools use too.
enum ExitStatus: Int32, CaseIterable {
    /// The command's answer is "no": a gate not met, findings that count, an invalid checklist.
    case no = 1
    /// The command line is wrong: an unknown command, option, name, size or item; a bad value.
    case usage = 64
    /// A file or store given is malformed, damaged, or from a newer dtaudit.
    case badData = 65
    /// What the command reads is not there: no store, no such file.
    case noInput = 66
    /// A program the command needs cannot be run: git, in a git checkout (not on the PATH, or
    /// refusing another user's folder).
    case unavailable = 69
    /// What the command would write cannot be written: read-only, already there, in the way.
    case cannotWrite = 73
    /// Reading or writing failed midway: a full disk, an I/O error.
    case ioError = 74
    /// The store stayed locked by another program (another dtaudit): try again.
    case busy = 75

    /// What the status means, for the manual page.
    var meaning: String {
        switch self {
        case .no: "The answer is no: gate found the bar not met, scan found findings that count, checklist validate found the file invalid, export refused to drop records the shared file holds, or a conformance report (openacr, vpat) could not judge a criterion yet or open checks could still change its level."
        case .usage: "The command line is wrong: an unknown command, option, screen, size or item, a bad value, swapped arguments, a fix for checks that are not failing."
        case .badData: "A file or store given is malformed, damaged, or written by a newer dtaudit."
        case .noInput: "What the command reads is not there: no store, no such file."
        case .unavailable: "A program the command needs cannot be run: git, where sync works in a git checkout (not on the PATH, or refusing the folder)."
        case .cannotWrite: "What the command would write cannot be written: read-only, already there, in the way."
        case .ioError: "Reading or writing failed midway: a full disk, an I/O error."
        case .busy: "The store stayed locked by another program for too long; try again."
        }
    }
}

extension AuditBounds: ExitStatusProviding {
    /// An audit file or change that would make the audit larger than every command is made for.
    public var exitStatus: Int32 { ExitStatus.badData.rawValue }
}

extension FileProblem: ExitStatusProviding {
    var exitStatus: Int32 { kind.rawValue }
}

extension DemoError: ExitStatusProviding {
    /// A file in the way or a folder that cannot be written: the example is not written over anything.
    public var exitStatus: Int32 { ExitStatus.cannotWrite.rawValue }
}

extension StoreError: ExitStatusProviding {
    public var exitStatus: Int32 {
        let kind: ExitStatus = switch self {
        case .notFound, .missingDatabase, .noStoreAt: .noInput
        case .storeIsInside, .notAFolder: .usage
        case .notAStore, .damaged, .newerSchema, .folderInTheWay, .linkedStore, .trackedStore, .foreignSchema, .otherOwner, .badSetting: .badData
        case .alreadyExists, .readOnly, .cannotCreate: .cannotWrite
        case .busy: .busy
        case .diskFull, .database: .ioError
        }
        return kind.rawValue
    }
}

extension RecordingPlan.Problem: ExitStatusProviding {
    /// Sizes and items that plan no cell come from the command line.
    public var exitStatus: Int32 { ExitStatus.usage.rawValue }
}

extension FixPlan.Problem: ExitStatusProviding {
    /// A fix for checks that are not failing: the command line asks for what cannot be.
    public var exitStatus: Int32 { ExitStatus.usage.rawValue }
}

extension ExportProblem: ExitStatusProviding {
    public var exitStatus: Int32 {
        let status: ExitStatus = switch kind {
        case .usage: .usage
        case .badData: .badData
        case .cannotWrite: .cannotWrite
        case .ioError: .ioError
        }
        return status.rawValue
    }
}

extension GitUnavailable: ExitStatusProviding {
    public var exitStatus: Int32 { ExitStatus.unavailable.rawValue }
}

extension StoreDiscoveryError: ExitStatusProviding {
    /// No store to work on (only a shared audit to set one up from).
    public var exitStatus: Int32 { ExitStatus.noInput.rawValue }
}

extension ScreenLookupError: ExitStatusProviding {
    /// A screen named on the command line that the audit does not hold, like an unknown item.
    public var exitStatus: Int32 { ExitStatus.usage.rawValue }
}

extension InterchangeError: ExitStatusProviding {
    public var exitStatus: Int32 { ExitStatus.badData.rawValue }
}

extension SharedFileProblem: ExitStatusProviding {
    public var exitStatus: Int32 {
        let status: ExitStatus = switch kind {
        case .missing: .noInput
        case .unreadable: .ioError
        case .malformed: .badData
        case .unwritable: .cannotWrite
        case .wouldDropRecords: .no
        case .misnamed: .usage
        }
        return status.rawValue
    }
}

extension EvidenceError: ExitStatusProviding {
    public var exitStatus: Int32 {
        let kind: ExitStatus = switch self {
        case .notFound, .notAFile: .noInput
        case .unreadable, .changed: .ioError
        case .notAccepted, .tooLarge: .badData
        case .cannotStore: .cannotWrite
        }
        return kind.rawValue
    }
}

extension EvidenceImportError: ExitStatusProviding {
    public var exitStatus: Int32 {
        let kind: ExitStatus = switch self {
        case .noFolder, .notAFolder: .noInput
        case .mapLine, .unreadableMap: .badData
        }
        return kind.rawValue
    }
}

extension ScanError: ExitStatusProviding {
    /// Paths and rules come from the command line: naming one that does not exist is a usage error.
    public var exitStatus: Int32 {
        let kind: ExitStatus = switch self {
        case .pathNotFound, .unsupportedFile, .unknownRule: .usage
        case .notAFile: .noInput
        case .unreadable: .ioError
        }
        return kind.rawValue
    }
}

extension ScanSettingsError: ExitStatusProviding {
    /// The configuration is part of the command line, checked in: a bad key is a usage error (64).
    public var exitStatus: Int32 {
        let kind: ExitStatus = switch self {
        case .missing, .notAFile: .noInput
        case .unreadable: .ioError
        case .configuration: .usage
        case .baseline: .badData
        }
        return kind.rawValue
    }
}

extension ScanSessionError: ExitStatusProviding {
    /// A scan asked for something its flags and settings cannot give: a usage error.
    public var exitStatus: Int32 { ExitStatus.usage.rawValue }
}

extension ChangedLinesError: ExitStatusProviding {
    public var exitStatus: Int32 { ExitStatus.usage.rawValue }
}

extension SQLiteError: ExitStatusProviding {
    public var exitStatus: Int32 { ExitStatus.ioError.rawValue }
}

extension SystemError: ExitStatusProviding {
    public var exitStatus: Int32 { ExitStatus.ioError.rawValue }
}

extension RunReadError: ExitStatusProviding {
    public var exitStatus: Int32 {
        let status: ExitStatus = switch kind {
        case .badData: .badData
        case .missing: .noInput
        case .unreadable: .ioError
        }
        return status.rawValue
    }
}
