import DTAuditCommands

DTAudit.main()
