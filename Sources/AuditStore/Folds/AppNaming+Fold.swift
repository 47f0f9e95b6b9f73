import AuditLog

extension AppNaming: StoreFoldable {
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        fold.unsettled.app = true
    }

    func withdraw(from fold: LogApplier) throws {
        fold.unsettled.app = true
    }
}
