import ArgumentParsing
import AuditStore
import DynamicType
import Output
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What every command shares: where output goes and how it is styled, the store, who is acting.
struct Console {
    let out = BufferedOutput.standardOutput
    let style: Style
    let global: GlobalOptions

    init(_ global: GlobalOptions) {
        self.global = global
        style = Style.automatic(for: .output, disabled: global.noColor)
    }

    func line(_ text: String = "") {
        out.write(text)
        out.write("\n")
    }

    func json(_ value: JSON) {
        out.write(value.serialized(pretty: true))
        out.write("\n")
    }

    /// A user-provided name or note made safe for one terminal line.
    func safe(_ text: String) -> String {
        TextLayout.singleLine(text)
    }

    var workingDirectory: String {
        FileManager.default.currentDirectoryPath
    }

    /// Finds and opens the store for this command.
    func openStore(_ access: AuditStore.Access = .write) throws -> AuditStore {
        let location = try StoreLocation.find(explicit: global.store?.path, environment: System.environment("DTAUDIT_STORE"),
                                              workingDirectory: workingDirectory)
        return try AuditStore.open(location, access: access)
    }

    /// Who is recording: `--by`, else `DTAUDIT_USER`, else git's `user.name`, else the login name.
    func author(_ given: String?) throws -> String {
        if let given { return try InputRules.name(given, what: "--by") }
        if let user = System.environment("DTAUDIT_USER"), !user.isEmpty { return user }
        if let name = Subprocess.output(of: "git", ["config", "user.name"])?.trimmedLine, !name.isEmpty { return name }
        return System.loginName() ?? "unknown"
    }

    // MARK: Shared renderings

    func categoryLabel(_ category: Category) -> String {
        switch category {
        case .unsupported: style.red(category.rawValue)
        case .broken: style.yellow(category.rawValue)
        case .supported: style.green(category.rawValue)
        case .unaudited: style.dim(category.rawValue)
        }
    }

    func statusLabel(_ status: ResultStatus) -> String {
        switch status {
        case .pass: style.green("pass")
        case .fail: style.red("fail")
        case .na: style.dim("n/a")
        case .untested: style.dim("untested")
        }
    }

    /// `ax5: no-truncation, reachable · l: text-scales`, sizes in audit order.
    func cellList(_ cells: [(item: String, size: Size)]) -> String {
        var bySize: [Size: [String]] = [:]
        for cell in cells { bySize[cell.size, default: []].append(cell.item) }
        return Size.auditOrder.compactMap { size in
            bySize[size].map { "\(size.id): " + $0.joined(separator: ", ") }
        }.joined(separator: " · ")
    }
}

extension String {
    /// The first line, without surrounding white space.
    var trimmedLine: String {
        String((split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces)
    }
}

extension InputError: ExitStatusProviding {
    public var exitStatus: Int32 { 64 }
}
