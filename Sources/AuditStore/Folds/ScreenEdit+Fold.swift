import AuditLog

extension ScreenEdit: StoreFoldable {
    func apply(to fold: LogApplier, line: Int, replacing: Bool) throws {
        fold.unsettled.screens.insert(screen)
        fold.unsettled.names = true
    }

    func withdraw(from fold: LogApplier) throws {
        fold.unsettled.screens.insert(screen)
    }
}
