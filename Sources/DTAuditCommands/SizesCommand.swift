import ArgumentParsing
import AuditStore
import DynamicType
import Output

struct SizesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sizes",
        abstract: "Show the twelve text sizes, their names and their point sizes.",
        discussion: "Any name in the table, and the other spellings snapshot tools write (a11y5, ax-5, accessibility-5, AccessibilityXXXL), is accepted wherever a size is asked for, in any case; output always uses the id."
    )

    @OptionGroup var output: JSONOption

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let console = Console(global)
        if output.json {
            console.json(.array(Size.allCases.map { size in
                .object([
                    ("id", .string(size.id)),
                    ("name", .string(size.designName)),
                    ("swiftUI", .string(size.swiftUIName)),
                    ("uiKit", .string(size.uiKitName)),
                    ("uiKitRawValue", .string(size.uiKitRawValue)),
                    ("simctl", .string(size.simctlName)),
                    ("accessibility", .bool(size.isAccessibility)),
                    ("points", .object(TextStyle.allCases.map { (JSON.key($0.rawValue), .int($0.pointSize(at: size))) })),
                ])
            }))
            return
        }
        var table = TextTable(header: ["ID", "NAME", "SWIFTUI", "UIKIT", "SIMCTL CONTENT_SIZE", "BODY", "OF LARGE", "LARGE TITLE"],
                              alignments: [.left, .left, .left, .left, .left, .right, .right, .right])
        for size in Size.allCases {
            let body = TextStyle.body
            let name = size == .default ? size.designName + " (default)" : size.designName
            table.add([console.style.bold(size.id), name, size.swiftUIName, size.uiKitName, size.simctlName,
                       "\(body.pointSize(at: size)) pt", "\(body.percentOfDefault(at: size))%",
                       "\(TextStyle.largeTitle.pointSize(at: size)) pt"])
        }
        console.table(table)
        console.line()
        console.line(console.style.dim("UIKit raw values are UICTContentSizeCategory + XS, S, M, L, XL, XXL, XXXL, AccessibilityM ... AccessibilityXXXL."))
        console.line(console.style.dim("Body reaches 200% of its default size at ax3; largeTitle never does (176% at ax5)."))
        console.line(console.style.dim("Groups: all, standard (xs-xxxl), accessibility (ax1-ax5); ranges like xxxl-ax3."))
    }
}
